// Every figure of the article, from the rooms' manifests (<room>/manifest.js: each declares its
// figures once). <figure data-widget="name"> on the page and the custom element of the same name
// are built by the default export of the module a manifest names (web/js/<room>/<name>.js). Here,
// at the entrances' level (page/, embed/, activation-lab.js, web/ship): shared/ is a floor and
// never imports a room. The tables of embed-attributes.js and of the no-script pictures
// (web/ship/pictures/index.mjs) are derived from this list.
import { FIGURES as CURVES } from '../curves/manifest.js';
import { FIGURES as COIN } from '../coin/manifest.js';
import { FIGURES as IMAGES } from '../images/manifest.js';
import { FIGURES as COST } from '../cost/manifest.js';
import { FIGURES as DEPTH } from '../depth/manifest.js';
import { FIGURES as TWIN } from '../twin/manifest.js';
import { FIGURES as SEEDS } from '../seeds/manifest.js';
import { FIGURES as SWAP } from '../swap/manifest.js';
import { FIGURES as TRANSFORMER } from '../transformer/manifest.js';
import { FIGURES as GLU } from '../glu/manifest.js';

/** @typedef {import('../shared/figure-manifest').FigureManifest} FigureManifest */

/**
 * Room (folder of web/js/) -> the figures its manifest declares.
 * @type {Readonly<Record<string, readonly FigureManifest[]>>}
 */
export const MANIFESTS = Object.freeze({
  curves: CURVES,
  coin: COIN,
  images: IMAGES,
  cost: COST,
  depth: DEPTH,
  twin: TWIN,
  seeds: SEEDS,
  swap: SWAP,
  transformer: TRANSFORMER,
  glu: GLU,
});

/** Every figure, room by room. */
export const FIGURES = Object.values(MANIFESTS).flat();

/**
 * Widget name -> its factory's module, relative to web/js/.
 * @type {Readonly<Record<string, string>>}
 */
export const FIGURE_MODULES = Object.freeze(
  Object.fromEntries(FIGURES.map((figure) => [figure.name, figure.module])),
);

/**
 * The module path of figure `name` relative to web/js/, or an error for a name no room holds.
 * @param {string} name
 */
export function figureModule(name) {
  const path = Object.hasOwn(FIGURE_MODULES, name) ? FIGURE_MODULES[name] : undefined;
  if (!path) throw new Error(`bad widget name ${name}`);
  return path;
}
