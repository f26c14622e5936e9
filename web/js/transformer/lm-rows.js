// The settings tables (state.js rows) of the Transformer figures, with their ranges from the
// core's limits (lmConfigLimitsJson; a field's hint is its limit) and their defaults. Keys are the
// URL-hash keys; the embedded element maps its attributes onto them (activation-lab.js).

/** @typedef {import('../shared/types').LmCore} LmCore */
/** @typedef {import('../shared/types').SettingRow} SettingRow */

// What the reader sees first; the core's limits say what is allowed.
const SAMPLE_DEFAULTS = { prompt: 'The hacker ', temperature: 0.8, chars: 200 };

/**
 * The sampler's prompt, temperature, length and seed (shared by the swap's samples).
 * @param {LmCore} lm
 * @returns {SettingRow[]}
 */
export function sampleRows(lm) {
  const L = lm.limits;
  return [
    // A prompt longer than one call's output makes no sense: the same cap (the core keeps only
    // the last context-length characters anyway).
    {
      key: 'lp',
      type: 'text',
      max: L.sample_chars.max,
      allowEmpty: true, // the core then starts from a newline
      initial: SAMPLE_DEFAULTS.prompt,
    },
    {
      key: 'lt',
      type: 'number',
      limit: L.temperature,
      initial: SAMPLE_DEFAULTS.temperature,
    },
    {
      key: 'ln',
      type: 'number',
      limit: L.sample_chars,
      initial: SAMPLE_DEFAULTS.chars,
    },
    {
      key: 'ls',
      type: 'number',
      limit: L.seed,
      initial: lm.defaults.seed,
    },
  ];
}

/**
 * The swap: the activation swapped in and the fine-tuning steps.
 * @param {LmCore} lm
 * @param {string[]} targets
 * @returns {SettingRow[]}
 */
export function swapRows(lm, targets) {
  return [
    { key: 'lto', type: 'choice', of: targets, initial: 'relu' },
    { key: 'lk', type: 'number', limit: lm.limits.steps, initial: 200 },
    // Fine-tuning runs at a constant learning rate: the one of the PyTorch measurement.
    { key: 'llr', type: 'number', limit: lm.limits.lr, initial: 1e-3 },
  ];
}

/**
 * From scratch: which activations (2 or 3), steps, seed and initialisation.
 * @param {LmCore} lm
 * @returns {SettingRow[]}
 */
export function scratchRows(lm) {
  const L = lm.limits;
  return [
    {
      key: 'lacts',
      type: 'list',
      of: lm.activations,
      min: 2,
      max: 3,
      initial: /** @type {import('../shared/types').LmActivationName[]} */ ([
        'relu',
        'gelu',
        'swiglu',
      ]).filter((a) => lm.activations.includes(a)),
    },
    {
      key: 'lsteps',
      type: 'number',
      limit: L.steps,
      initial: lm.defaults.steps,
    },
    {
      key: 'lseed',
      type: 'number',
      limit: L.seed,
      initial: lm.defaults.seed,
    },
    { key: 'linit', type: 'choice', of: L.init, initial: lm.defaults.init },
  ];
}
