// The "Inside a Transformer" figure's settings, declared once: per setting its URL-hash key (l…),
// the element's attribute (embed/embed-attributes.js), the label of its field and how it is read
// and checked (state.js). Ranges and defaults are the core's Transformer limits and defaults
// (lmConfigLimitsJson; a field's hint is its limit), but for what the reader sees first.
import { LM_FILES } from '../shared/lm-config.js';

/** @typedef {import('../shared/types').SettingRow} SettingRow */
/** @typedef {import('../shared/types').LmCore} LmCore */
/** @typedef {import('../shared/types').LmBudget} LmBudget */

/** The figure's parts, in their order (transformer.js builds each from lm-<part>.js). */
export const PARTS = /** @type {const} */ (['block', 'sample', 'swap', 'parts', 'scratch']);

/** The shipped model's activation: what the swap swaps out. */
const FROM = LM_FILES.pretrainedKey;

/** A table's core, which for these rows is the Transformer's (lmCore). */
const lmOf = (/** @type {import('../shared/types').SettingsCore} */ core) =>
  /** @type {LmCore} */ (core);

/**
 * The first activation whose run of `steps` steps of `config` is over the budget, as the row's
 * error.
 * @param {Required<import('../shared/types').LmConfig>} config
 * @param {LmBudget} budget
 * @param {number} steps
 * @param {readonly string[]} acts
 */
function overBudget(config, budget, steps, acts) {
  for (const act of acts) {
    const why = budget({ ...config, act: /** @type {any} */ (act), steps });
    if (why) return why;
  }
  return null;
}

/** Which parts the whole figure shows (the embed's; the article fixes each figure's part). */
/** @satisfies {readonly SettingRow[]} */
export const PART_ROWS = /** @type {const} */ ([
  {
    name: 'parts',
    key: 'lparts',
    attr: 'parts',
    type: 'list',
    of: PARTS,
    min: 1,
    max: PARTS.length,
    initial: [...PARTS],
  },
]);

/** The sampler's prompt, temperature, length and seed (the swap's samples use them too). */
/** @satisfies {readonly SettingRow[]} */
export const SAMPLE_ROWS = /** @type {const} */ ([
  // A prompt longer than one call's output makes no sense: the same cap (the core keeps only
  // the last context-length characters anyway). Empty: the core starts from a newline.
  {
    name: 'prompt',
    key: 'lp',
    attr: 'prompt',
    label: 'lm.field_prompt',
    type: 'text',
    max: 'sample_chars',
    allowEmpty: true,
    initial: 'The hacker ',
  },
  {
    name: 'temperature',
    key: 'lt',
    attr: 'temperature',
    label: 'lm.field_temperature',
    type: 'number',
    limit: 'temperature',
    initial: 0.8,
  },
  {
    name: 'length',
    key: 'ln',
    attr: 'length',
    label: 'lm.field_length',
    type: 'number',
    limit: 'sample_chars',
    initial: 200,
  },
  {
    name: 'sampleSeed',
    key: 'ls',
    attr: 'sample-seed',
    label: 'lm.field_seed',
    type: 'number',
    limit: 'seed',
    initial: (core) => lmOf(core).defaults.seed,
  },
]);

/**
 * The swap: the activation swapped in and the fine-tuning steps. Fine-tuning goes on from the
 * shipped model's steps, in its own configuration (data/lm-pretrained.json): the budget counts
 * them all. Its samples are the sampler's settings (SAMPLE_ROWS), shown in the sampler's fields.
 */
/** @satisfies {readonly SettingRow[]} */
export const SWAP_ROWS = /** @type {const} */ ([
  {
    name: 'to',
    key: 'lto',
    attr: 'to',
    label: 'lm.field_to',
    type: 'choice',
    // Any plain activation can replace GELU; a gated one (SwiGLU, ...) has another shape (its w1
    // is twice as tall), and the model's own activation would swap nothing.
    of: (core) =>
      lmOf(core).activations.filter((a) => !lmOf(core).limits.gated_act.includes(a) && a !== FROM),
    options: 'common.act_',
    initial: 'relu',
  },
  {
    name: 'finetuneSteps',
    key: 'lk',
    attr: 'k',
    label: 'lm.field_k',
    type: 'number',
    limit: 'steps',
    initial: 200,
    check: (k, v, { budget }) => {
      const shipped = budget?.shipped(FROM);
      if (!budget || !shipped) return null; // not known yet: checked again once it is (and by the core)
      return overBudget(shipped.config, budget, shipped.steps + Number(k), [FROM, String(v.to)]);
    },
  },
  // Fine-tuning runs at a constant learning rate, the core's (checked against PyTorch).
  {
    name: 'finetuneLr',
    key: 'llr',
    label: 'lm.field_lr',
    type: 'number',
    limit: 'lr',
    initial: (core) => lmOf(core).limits.swap_defaults.lr,
  },
]);

/** From scratch: which activations (2 or 3, the figure's own chips), steps, seed and init. */
/** @satisfies {readonly SettingRow[]} */
export const SCRATCH_ROWS = /** @type {const} */ ([
  {
    name: 'activations',
    key: 'lacts',
    attr: 'activations',
    label: 'lm.field_acts',
    type: 'list',
    of: 'act',
    min: 2,
    max: 3,
    initial: (core) =>
      /** @type {const} */ (['relu', 'gelu', 'swiglu']).filter((a) =>
        lmOf(core).activations.includes(a),
      ),
  },
  {
    name: 'steps',
    key: 'lsteps',
    attr: 'steps',
    label: 'lm.field_steps',
    type: 'number',
    limit: 'steps',
    initial: (core) => lmOf(core).defaults.steps,
    check: (steps, v, { core, budget }) =>
      budget
        ? overBudget(
            lmOf(core).defaults,
            budget,
            Number(steps),
            /** @type {string[]} */ (v.activations),
          )
        : null,
  },
  {
    name: 'seed',
    key: 'lseed',
    attr: 'seed',
    label: 'lm.field_train_seed',
    type: 'number',
    limit: 'seed',
    initial: (core) => lmOf(core).defaults.seed,
  },
  {
    name: 'init',
    key: 'linit',
    attr: 'init',
    label: 'lm.field_init',
    type: 'choice',
    of: 'init',
    options: 'lm.init_',
    initial: (core) => lmOf(core).defaults.init,
  },
]);

/** Every row of the figure, in the order of its element's attributes. */
export const ROWS = [...PART_ROWS, ...SAMPLE_ROWS, ...SWAP_ROWS, ...SCRATCH_ROWS];
