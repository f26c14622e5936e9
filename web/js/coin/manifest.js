// The coin room's figure, declared once (web/js/README.md): the coin toss behind GELU (masks
// m ~ Bernoulli(Φ(x)) whose mean closes in on GELU(x)). The entrances gather every room's
// manifest (embed/figures.js).

/** @type {readonly import('../shared/figure-manifest').FigureManifest[]} */
export const FIGURES = [
  {
    name: 'coin-toss',
    module: 'coin/coin-toss.js',
    captioned: true,
    heights: [1000, 960, 960],
    pictures: ['coin-toss'],
    namespaces: ['coin-toss', 'common'],
  },
];
