// The swap room's figure, declared once (web/js/README.md): the pretrained swap. The entrances
// gather every room's manifest (embed/figures.js).
import { ROWS } from './settings.js';

/** @type {readonly import('../shared/figure-manifest').FigureManifest[]} */
export const FIGURES = [
  {
    name: 'swap',
    module: 'swap/swap.js',
    rows: ROWS,
    captioned: true,
    heights: [3160, 2300, 1780],
    pictures: ['swap'],
    namespaces: ['swap', 'mlp', 'fields', 'export', 'common'],
  },
];
