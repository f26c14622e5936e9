// What an embedded figure can be told: per widget, its element's attributes and the settings keys
// (URL-hash keys in the article) they feed. Shared by the custom elements (activation-lab.js), the
// iframe page (embed-page.js) and the article's "Embed this figure" dialog (embed-dialog.js).
// Every figure a room's manifest declares (<room>/manifest.js, gathered by figures.js) is
// embeddable: <activation-lab-NAME> exists, and its figure in the article gets the embed button.
//
// The embed hook: a widget factory (js/<room>/<name>.js) may return
//   embedSettings(): { [hashKey]: text }   — its current settings that differ from the defaults;
// without it, a widget that returns `settings` (a state.js table) is read through changedSettings.
// The dialog maps those keys to attributes with ATTRIBUTES[name] (keys it cannot map are dropped).
import { changedSettings } from '../shared/state.js';
import { FIGURES } from './figures.js';

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
 * Per widget: element attribute -> the widget's settings key, from the rows its manifest names
 * (none: no attributes). The hidden layers are `layers`, not `hidden`: that is HTML's global
 * attribute that hides an element.
 * @type {Record<string, Record<string, string>>}
 */
export const ATTRIBUTES = Object.fromEntries(
  FIGURES.map((figure) => [figure.name, attributesOfRows(figure.rows ?? [])]),
);

/** Attributes every element understands. */
export const COMMON_ATTRIBUTES = ['lang', 'theme', 'credit', 'compact'];

/**
 * The widgets whose strings (i18n/<lang>/<name>.json) have a `caption`: an embedded one shows it
 * while the core and the figure load (activation-lab.js).
 */
export const CAPTIONED = FIGURES.filter((figure) => figure.captioned).map((figure) => figure.name);

/**
 * iframe heights (px) that fit each figure after a finished run, in a column 360, 700 and 1000 px
 * wide (each manifest's `heights`): measured by tests/e2e/embed.test.mjs, plus 8% (the Portuguese
 * text runs longer). The dialog's iframe snippet takes the tallest; the resize message (README) is
 * better still.
 * @type {Record<string, number[]>}
 */
export const IFRAME_HEIGHTS = Object.fromEntries(
  FIGURES.map((figure) => [figure.name, [...figure.heights]]),
);

/**
 * The same for the compact form (the `compact` attribute; each manifest's `compactHeights`): the
 * figures with settings to fold away, after a finished run (the Transformer: idle plus the samples
 * a swap writes), measured by tests/e2e/embed-compact.test.mjs, plus 8%. Others take their
 * IFRAME_HEIGHTS.
 * @type {Record<string, number[]>}
 */
export const COMPACT_HEIGHTS = Object.fromEntries(
  FIGURES.flatMap((figure) =>
    figure.compactHeights ? [[figure.name, [...figure.compactHeights]]] : [],
  ),
);

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
