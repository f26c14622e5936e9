// The transformer room's figure, declared once (web/js/README.md): "Inside a Transformer", whole
// in an embed (its parts picked by `parts`), and in the article as one figure per part, each
// fixing its part (data-parts="block"), with the part's caption and no-script picture. The
// entrances gather every room's manifest (embed/figures.js).
import { PARTS, ROWS } from './settings.js';

/** The strings every part reads. */
const NAMESPACES = ['lm', 'common', 'fields', 'export'];

/** @type {readonly import('../shared/figure-manifest').FigureManifest[]} */
export const FIGURES = [
  {
    name: 'transformer',
    module: 'transformer/transformer.js',
    rows: ROWS,
    captioned: false, // each part has its own caption (lm.<part>_caption)
    // measured with the model loaded and its sample written (6272/4500/3892 px), plus the
    // samples a swap writes
    heights: [7800, 5400, 4650],
    // measured the same way, compact (4497/3589/2975 px), plus what a swap's samples add
    compactHeights: [6310, 4790, 3950],
    pictures: [],
    namespaces: NAMESPACES,
    // transformer.js builds part p from lm-<p>.js; its picture is "transformer.<p>" (prerender's
    // name for a figure that fixes its part).
    parts: PARTS.map((part) => ({
      name: part,
      module: `transformer/lm-${part}.js`,
      pictures: [`transformer.${part}`],
      caption: `lm.${part}_caption`,
      namespaces: NAMESPACES,
    })),
  },
];
