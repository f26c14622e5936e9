// Where each figure's factory lives: <figure data-widget="name"> on the page and the custom
// element of the same name are built by the default export of web/js/<room>/<name>.js. One folder
// ("room") holds a figure's parts, its worker and its protocol; a room may hold several small
// figures (curves/). Paths are relative to web/js/.
/** @type {Readonly<Record<string, string>>} */
export const FIGURE_MODULES = Object.freeze({
  curves: 'curves/curves.js',
  'worked-values': 'curves/worked-values.js',
  'dip-zoom': 'curves/dip-zoom.js',
  'tanh-error': 'curves/tanh-error.js',
  'coin-toss': 'coin/coin-toss.js',
  images: 'images/images.js',
  cost: 'cost/cost.js',
  'depth-spread': 'depth/depth-spread.js',
  swap: 'swap/swap.js',
  twin: 'twin/twin.js',
  seeds: 'seeds/seeds.js',
  transformer: 'transformer/transformer.js',
  glu: 'glu/glu.js',
});

/**
 * The module path of figure `name` relative to web/js/, or an error for a name no room holds.
 * @param {string} name
 */
export function figureModule(name) {
  const path = Object.hasOwn(FIGURE_MODULES, name) ? FIGURE_MODULES[name] : undefined;
  if (!path) throw new Error(`bad widget name ${name}`);
  return path;
}
