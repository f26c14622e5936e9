// The twin room's figure, declared once (web/js/README.md): the twin lab. The entrances gather
// every room's manifest (embed/figures.js).
import { ROWS } from './settings.js';

/** @type {readonly import('../shared/figure-manifest').FigureManifest[]} */
export const FIGURES = [
  {
    name: 'twin',
    module: 'twin/twin.js',
    rows: ROWS,
    captioned: true,
    heights: [3130, 1820, 1780],
    // the page in an iframe after a 30-epoch run, Portuguese the taller (1146/963/1042 px, en
    // 1038/937/1030) plus 3%: at most 1000 px in a 700 px column (issue 37)
    compactHeights: [1180, 1000, 1080],
    pictures: ['twin'],
    namespaces: ['twin', 'common', 'mlp', 'fields', 'export', 'signals', 'draw', 'maps'],
  },
];
