// The images room's figure, declared once (web/js/README.md): the paper's test on Fashion-MNIST.
// The entrances gather every room's manifest (embed/figures.js).
import { ROWS } from './settings.js';

/** @type {readonly import('../shared/figure-manifest').FigureManifest[]} */
export const FIGURES = [
  {
    name: 'images',
    module: 'images/images.js',
    rows: ROWS,
    captioned: true,
    // after a run: the gallery and the confusion matrix (measured 2773/2167/1907 px, pt 2922/2200/2028)
    heights: [3160, 2380, 2190],
    pictures: ['images'],
    namespaces: ['images', 'common', 'fields', 'lm'],
  },
];
