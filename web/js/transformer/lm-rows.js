// The settings tables (state.js rows) of the Transformer figures, with their ranges from the
// core's limits (lmConfigLimitsJson; a field's hint is its limit) and their defaults. Keys are the
// URL-hash keys; the embedded element maps its attributes onto them (activation-lab.js).

/** @typedef {import('../shared/types').LmCore} LmCore */
/** @typedef {import('../shared/types').SettingRow} SettingRow */
/** @typedef {ReturnType<typeof import('../shared/lm-budget.js').createLmBudget>} Budget */

/**
 * The first activation whose run of `steps` steps of `config` is over the budget, as the row's
 * error.
 * @param {Required<import('../shared/types').LmConfig>} config
 * @param {Budget} budget
 * @param {number} steps
 * @param {string[]} acts
 */
export function overBudget(config, budget, steps, acts) {
  for (const act of acts) {
    const why = budget({ ...config, act: /** @type {any} */ (act), steps });
    if (why) return why;
  }
  return null;
}

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
 * The swap: the activation swapped in and the fine-tuning steps. Fine-tuning goes on from the
 * shipped model's steps, in its own configuration (data/lm-pretrained.json): the budget counts
 * them all.
 * @param {LmCore} lm
 * @param {string[]} targets
 * @param {Budget} budget
 * @param {string} from  the shipped model's activation
 * @returns {SettingRow[]}
 */
export function swapRows(lm, targets, budget, from) {
  return [
    { key: 'lto', type: 'choice', of: targets, initial: 'relu' },
    {
      key: 'lk',
      type: 'number',
      limit: lm.limits.steps,
      initial: 200,
      check: (k, v) => {
        const shipped = budget.shipped(from);
        if (!shipped) return null; // not known yet: checked again once it is (and by the core)
        return overBudget(shipped.config, budget, shipped.steps + Number(k), [from, String(v.lto)]);
      },
    },
    // Fine-tuning runs at a constant learning rate: the one of the PyTorch measurement.
    { key: 'llr', type: 'number', limit: lm.limits.lr, initial: 1e-3 },
  ];
}

/**
 * From scratch: which activations (2 or 3), steps, seed and initialisation.
 * @param {LmCore} lm
 * @param {Budget} budget
 * @returns {SettingRow[]}
 */
export function scratchRows(lm, budget) {
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
      check: (steps, v) =>
        overBudget(lm.defaults, budget, Number(steps), /** @type {string[]} */ (v.lacts)),
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
