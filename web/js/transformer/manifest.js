// The transformer room's figure, declared once (web/js/README.md): "Inside a Transformer", whole
// in an embed (its parts picked by `parts`), and in the article as one figure per part, each
// fixing its part (data-parts="block"), with the part's caption and no-script picture. The entrances gather
// every room's manifest (embed/figures.js).
import { PARTS, ROWS } from './settings.js';

/** The strings every part reads. */
const NAMESPACES = ['lm', 'common', 'evidence'];

/** @type {readonly import('../shared/figure-manifest').FigureManifest[]} */
export const FIGURES = [
  {
    name: 'transformer',
    module: 'transformer/transformer.js',
    rows: ROWS,
    captioned: false, // each part has its own caption (lm.<part>_caption)
    // measured idle (4870/3800/3160 px, pt 5130/3870/3180) plus the samples a swap writes
    heights: [6400, 4700, 3900],
    // measured idle with the model loaded and its sample written (3807/3299/2681 px), plus what
    // `heights` allows for the samples a swap writes
    compactHeights: [5620, 4500, 3650],
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
