// The glu room's figure, declared once (web/js/README.md): the FFN variants against ReLU over
// seeds. The entrances gather every room's manifest (embed/figures.js).
import { ROWS } from './settings.js';

/** @type {readonly import('../shared/figure-manifest').FigureManifest[]} */
export const FIGURES = [
  {
    name: 'glu',
    module: 'glu/glu.js',
    rows: ROWS, // variants, seeds, seed, steps
    captioned: true,
    // after a run of the default four variants (measured pt 1567/1211/1172 px, en 1502/1171/1152)
    heights: [1700, 1310, 1270],
    pictures: ['glu'],
    namespaces: ['glu', 'lm', 'common', 'fields', 'seeds'],
  },
];
