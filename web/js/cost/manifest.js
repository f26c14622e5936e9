// The cost room's figure, declared once (web/js/README.md): the activation kernels' throughput
// and an epoch's time, measured in the reader's browser. The entrances gather every room's
// manifest (embed/figures.js).

/** @type {readonly import('../shared/figure-manifest').FigureManifest[]} */
export const FIGURES = [
  {
    name: 'cost',
    module: 'cost/cost.js',
    captioned: true,
    heights: [2530, 1740, 1630],
    pictures: ['cost'],
    namespaces: ['cost', 'export', 'common'],
  },
];
