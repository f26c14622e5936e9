// The curves room's figures, declared once (web/js/README.md): the curves of ReLU and GELU, the
// worked values, the dip zoom and the tanh error. The entrances gather every room's manifest
// (embed/figures.js): the page and the embeds load each factory and size each iframe from here.

/** @type {readonly import('../shared/figure-manifest').FigureManifest[]} */
export const FIGURES = [
  {
    name: 'curves',
    module: 'curves/curves.js',
    captioned: true,
    heights: [790, 730, 760],
    pictures: ['curves'],
    namespaces: ['curves', 'common'],
  },
  {
    name: 'worked-values',
    module: 'curves/worked-values.js',
    captioned: true,
    heights: [370, 330, 330],
    pictures: [], // a table the build writes out whole
    namespaces: ['worked-values'],
  },
  {
    name: 'dip-zoom',
    module: 'curves/dip-zoom.js',
    captioned: true,
    heights: [580, 570, 560],
    pictures: ['dip-zoom'],
    namespaces: ['dip-zoom', 'common'],
  },
  {
    name: 'tanh-error',
    module: 'curves/tanh-error.js',
    captioned: true,
    heights: [540, 500, 500],
    pictures: ['tanh-error'],
    namespaces: ['tanh-error'],
  },
];
