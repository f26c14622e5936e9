// The seeds room's figure, declared once (web/js/README.md): the many-seeds study. The entrances
// gather every room's manifest (embed/figures.js).
import { IMAGE_ROWS, LM_ROWS, ROWS } from './settings.js';

/** @type {readonly import('../shared/figure-manifest').FigureManifest[]} */
export const FIGURES = [
  {
    name: 'seeds',
    module: 'seeds/seeds.js',
    // The network's study, the Transformer's (model="transformer") and the paper's test on images
    // (model="images"): one element takes the attributes of all three.
    rows: [...ROWS, ...LM_ROWS, ...IMAGE_ROWS],
    captioned: true,
    heights: [3680, 2700, 2340], // the model choice, the Transformer presets and the list of studies
    compactHeights: [2100, 1810, 1550],
    pictures: ['seeds'],
    namespaces: ['seeds', 'mlp', 'fields', 'export', 'common', 'lm'],
  },
];
