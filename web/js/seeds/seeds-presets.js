// The many-seeds study's presets: each changes one thing of the article's setup (every other
// field back to it), so that the reader compares setups the way the study compares activations;
// the deep and data-set setups are shared with the twin lab (presets.js), the Transformer's come
// from seeds-lm.js.
import { SETUPS, setupTexts } from '../shared/presets.js';
import { LM_PRESETS } from './seeds-lm.js';

/** @typedef {import('../shared/types').Core} Core */

/** @typedef {(core: Core, v: {n: number}) => string} PresetValue  a row's text for a preset */
/** @type {Record<string, Record<string, PresetValue> | null>} the rows' texts, by name */
const PRESETS = {
  article: {},
  fullbatch: { batch: (core, v) => String(Math.min(core.limits.batch?.max ?? v.n, v.n)) },
  small: { hidden: () => '16,16' },
  noisy: { noise: () => '0.4' },
};
for (const name of Object.keys(SETUPS)) PRESETS[name] = null; // filled by setupTexts
// The Transformer's presets (seeds-lm.js) come after the MLP's; each also picks the model.
export const PRESET_NAMES = [...Object.keys(PRESETS), ...Object.keys(LM_PRESETS)];

/**
 * Sets the preset's values (a Transformer's preset also picks that model); the caller shows them.
 * @param {string} name
 * @param {object} opts
 * @param {Core} opts.core
 * @param {import('../shared/types').Settings<import('../shared/types').SeedsValues>} opts.settings
 * @param {ReturnType<typeof import('./seeds-lm.js').createLmStudyForm>} opts.lmForm
 */
export function applySeedsPreset(name, { core, settings, lmForm }) {
  if (name in LM_PRESETS) return lmForm.applyPreset(name);
  lmForm.setModel('mlp');
  const values = setupTexts(settings, SETUPS[name] ?? {});
  const current = { n: Number(settings.defaults[settings.keyOf('n')]) };
  for (const [row, f] of Object.entries(PRESETS[name] ?? {}))
    values[settings.keyOf(row)] = f(core, current);
  for (const [key, text] of Object.entries(values)) settings.set(key, text);
  settings.writeHash();
}
