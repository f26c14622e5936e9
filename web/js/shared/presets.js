// Setups that the twin lab and the many-seeds study both offer as presets (the article's
// sections on depth and on the shape of the boundary link to them). Each changes one or two
// config fields of the article's setup and leaves every other field at the core's default, so a
// reader compares setups the way the study compares activations. Values are the text a control
// would hold; the settings table (state.js) parses and validates them like typed input.

/** @type {Record<string, Record<string, string>>} */
export const SETUPS = {
  deep_he: { hidden: '32x16', init: 'he' },
  deep_default: { hidden: '32x16', init: 'default' },
  deep_ln: { hidden: '32x16', norm: 'layer' },
  circles: { dataset: 'circles', noise: '0.15' },
  xor: { dataset: 'xor', noise: '0.05' },
  checkerboard: { dataset: 'checkerboard', noise: '0.05' },
};

/**
 * The text of every shared (non-side) row of a settings table for a setup: the default, or the
 * setup's value for that row's config field. extra: more { field: text } on top.
 * @param {import('./types').Settings} settings
 * @param {Record<string, string>} setup
 * @param {Record<string, string>} [extra]
 */
export function setupTexts(settings, setup, extra = {}) {
  /** @type {Record<string, string>} */
  const fields = { ...setup, ...extra };
  /** @type {Record<string, string>} */
  const out = {};
  for (const row of settings.rows) {
    if (row.side || !row.field) continue; // a setup is a config; the widget's own rows stay
    out[row.key] =
      row.field && row.field in fields
        ? fields[row.field]
        : settings.format(row, settings.defaults[row.key]);
  }
  return out;
}
