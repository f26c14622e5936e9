// The settings tables (lm-params.js rows) of the Transformer figures, with their ranges from the
// core's limits (lmConfigLimitsJson) and their defaults. Keys are the URL-hash keys; the embedded
// element maps its attributes onto them (activation-lab.js).
import { rangeHint } from '../shared/fields.js';

/** @typedef {import('../shared/types').LmCore} LmCore */
/** @typedef {import('../shared/types').ParamRow} ParamRow */

/**
 * @param {LmCore} lm
 * @param {string} field
 */
const hintOf = (lm, field) => (/** @type {import('../shared/types').I18n} */ i18n) =>
  rangeHint(lm, i18n, field, 'number');

// What the reader sees first; the core's limits say what is allowed.
const SAMPLE_DEFAULTS = { prompt: 'The hacker ', temperature: 0.8, chars: 200 };

/**
 * The sampler's prompt, temperature, length and seed (shared by the swap's samples).
 * @param {LmCore} lm
 * @returns {ParamRow[]}
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
      hint: () => '',
    },
    {
      key: 'lt',
      type: 'number',
      limit: L.temperature,
      initial: SAMPLE_DEFAULTS.temperature,
      hint: hintOf(lm, 'temperature'),
    },
    {
      key: 'ln',
      type: 'number',
      limit: L.sample_chars,
      initial: SAMPLE_DEFAULTS.chars,
      hint: hintOf(lm, 'sample_chars'),
    },
    {
      key: 'ls',
      type: 'number',
      limit: L.seed,
      initial: lm.defaults.seed,
      hint: hintOf(lm, 'seed'),
    },
  ];
}

/**
 * The swap: the activation swapped in and the fine-tuning steps.
 * @param {LmCore} lm
 * @param {string[]} targets
 * @returns {ParamRow[]}
 */
export function swapRows(lm, targets) {
  return [
    { key: 'lto', type: 'choice', of: targets, initial: 'relu', hint: () => '' },
    { key: 'lk', type: 'number', limit: lm.limits.steps, initial: 200, hint: hintOf(lm, 'steps') },
    // Fine-tuning runs at a constant learning rate: the one of the PyTorch measurement.
    { key: 'llr', type: 'number', limit: lm.limits.lr, initial: 1e-3, hint: hintOf(lm, 'lr') },
  ];
}

/**
 * From scratch: which activations (2 or 3), steps, seed and initialisation.
 * @param {LmCore} lm
 * @returns {ParamRow[]}
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
      hint: () => '',
    },
    {
      key: 'lsteps',
      type: 'number',
      limit: L.steps,
      initial: lm.defaults.steps,
      hint: hintOf(lm, 'steps'),
    },
    {
      key: 'lseed',
      type: 'number',
      limit: L.seed,
      initial: lm.defaults.seed,
      hint: hintOf(lm, 'seed'),
    },
    { key: 'linit', type: 'choice', of: L.init, initial: lm.defaults.init, hint: () => '' },
  ];
}
