// What an embedded figure can be told: per widget, its element's attributes and the settings keys
// (URL-hash keys in the article) they feed. Shared by the custom elements (activation-lab.js), the
// iframe page (embed-page.js) and the article's "Embed this figure" dialog (embed-dialog.js).
// A widget is embeddable once it has a line here: <activation-lab-NAME> then exists, and its figure
// in the article gets the embed button.
//
// The embed hook: a widget factory (js/<room>/<name>.js) may return
//   embedSettings(): { [hashKey]: text }   — its current settings that differ from the defaults;
// without it, a widget that returns `settings` (a state.js table) is read through changedSettings.
// The dialog maps those keys to attributes with ATTRIBUTES[name] (keys it cannot map are dropped).
import { changedSettings } from '../shared/state.js';
import { ROWS as IMAGES_ROWS } from '../images/settings.js';
import {
  IMAGE_ROWS as SEEDS_IMAGE_ROWS,
  LM_ROWS as SEEDS_LM_ROWS,
  ROWS as SEEDS_ROWS,
} from '../seeds/settings.js';
import { ROWS as SWAP_ROWS } from '../swap/settings.js';
import { ROWS as TWIN_ROWS } from '../twin/settings.js';
import { ROWS as TRANSFORMER_ROWS } from '../transformer/settings.js';
import { ROWS as GLU_ROWS } from '../glu/settings.js';

/**
 * attribute -> settings key, for the rows of a room's settings.js that have an attribute.
 * @param {readonly import('../shared/types').SettingRow[]} rows
 */
function attributesOfRows(rows) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const row of rows) if (row.attr) out[row.attr] = row.key;
  return out;
}

/**
 * Per widget: element attribute -> the widget's settings key. The hidden layers are `layers`, not
 * `hidden`: that is HTML's global attribute that hides an element.
 * @type {Record<string, Record<string, string>>}
 */
export const ATTRIBUTES = {
  curves: {},
  'worked-values': {},
  'depth-spread': {},
  'dip-zoom': {},
  'tanh-error': {},
  'coin-toss': {},
  // The paper's test on images (images/images.js): its rows' attributes.
  images: attributesOfRows(IMAGES_ROWS),
  cost: {},
  twin: attributesOfRows(TWIN_ROWS),
  // The network's study, the Transformer's (model="transformer") and the paper's test on images
  // (model="images"): their rows' attributes.
  seeds: attributesOfRows([...SEEDS_ROWS, ...SEEDS_LM_ROWS, ...SEEDS_IMAGE_ROWS]),
  swap: attributesOfRows(SWAP_ROWS),
  // The whole "Inside a Transformer" figure (transformer/transformer.js: its four parts, or `parts`).
  transformer: attributesOfRows(TRANSFORMER_ROWS),
  // The FFN variants against ReLU over seeds (glu/glu.js): variants, seeds, seed, steps.
  glu: attributesOfRows(GLU_ROWS),
};

/** Attributes every element understands. */
export const COMMON_ATTRIBUTES = ['lang', 'theme', 'credit', 'compact'];

/**
 * The widgets whose strings (i18n/<lang>/<name>.json) have a `caption`: an embedded one shows it
 * while the core and the figure load (activation-lab.js).
 */
export const CAPTIONED = [
  'curves',
  'worked-values',
  'depth-spread',
  'dip-zoom',
  'tanh-error',
  'coin-toss',
  'images',
  'cost',
  'twin',
  'seeds',
  'swap',
  'glu',
];

/**
 * iframe heights (px) that fit each figure after a finished run, in a column 360, 700 and 1000 px
 * wide: measured by tests/e2e/embed.test.mjs, plus 8% (the Portuguese text runs longer). The
 * dialog's iframe snippet takes the tallest; the resize message (README) is better still.
 * @type {Record<string, number[]>}
 */
export const IFRAME_HEIGHTS = {
  curves: [790, 730, 760],
  'worked-values': [370, 330, 330],
  'depth-spread': [540, 600, 780],
  'dip-zoom': [580, 570, 560],
  'tanh-error': [540, 500, 500],
  'coin-toss': [1000, 960, 960],
  // after a run: the gallery and the confusion matrix (measured 2773/2167/1907 px, pt 2922/2200/2028)
  images: [3160, 2380, 2190],
  cost: [2530, 1740, 1630],
  twin: [3130, 1820, 1780],
  seeds: [3680, 2700, 2340], // the model choice, the Transformer presets and the list of studies
  swap: [3160, 2300, 1780],
  // measured idle (4870/3800/3160 px, pt 5130/3870/3180) plus the samples a swap writes
  transformer: [6400, 4700, 3900],
  // after a run of the default four variants (measured pt 1567/1211/1172 px, en 1502/1171/1152)
  glu: [1700, 1310, 1270],
};

/**
 * The same for the compact form (the `compact` attribute): the figures with settings to fold away,
 * after a finished run (the Transformer: idle plus the samples a swap writes), measured by
 * tests/e2e/embed-compact.test.mjs, plus 8%. Others take their IFRAME_HEIGHTS.
 * @type {Record<string, number[]>}
 */
export const COMPACT_HEIGHTS = {
  // the page in an iframe after a 30-epoch run, Portuguese the taller (1146/963/1042 px, en
  // 1038/937/1030) plus 3%: at most 1000 px in a 700 px column (issue 37)
  twin: [1180, 1000, 1080],
  seeds: [2100, 1810, 1550],
  // measured idle with the model loaded and its sample written (3807/3299/2681 px), plus what
  // IFRAME_HEIGHTS allows for the samples a swap writes
  transformer: [5620, 4500, 3650],
};

/**
 * The height a compact iframe snippet gets when the column's width is unknown: the tallest.
 * @param {string} name
 */
export const compactHeight = (name) =>
  Math.max(...(COMPACT_HEIGHTS[name] ?? IFRAME_HEIGHTS[name] ?? [900]));

/**
 * The height an iframe snippet gets when the column's width is unknown: the tallest.
 * @param {string} name
 */
export const iframeHeight = (name) => Math.max(...(IFRAME_HEIGHTS[name] ?? [900]));

/**
 * A mounted widget's current settings as its element's attributes: { attribute: text }.
 * @param {string} name
 * @param {import('../shared/types').Widget | null | undefined} widget
 */
export function attributesOf(name, widget) {
  const keys =
    widget?.embedSettings?.() ?? (widget?.settings ? changedSettings(widget.settings) : {});
  /** @type {Record<string, string>} */
  const attrs = {};
  for (const [attr, key] of Object.entries(ATTRIBUTES[name] ?? {})) {
    if (key in keys) attrs[attr] = keys[key];
  }
  return attrs;
}
