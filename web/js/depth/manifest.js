// The depth room's figure, declared once (web/js/README.md): the spread of the activation's input
// through the layers at initialisation. The entrances gather every room's manifest
// (embed/figures.js).

/** @type {readonly import('../shared/figure-manifest').FigureManifest[]} */
export const FIGURES = [
  {
    name: 'depth-spread',
    module: 'depth/depth-spread.js',
    captioned: true,
    heights: [540, 600, 780],
    pictures: [], // the build writes it out whole, from the core's numbers
    namespaces: ['depth-spread', 'common'],
  },
];
