// The many-seeds study's settings, declared once: per setting its URL-hash key, the element's
// attribute (embed/embed-attributes.js), the label of its field, and how it is read and checked
// (state.js). The network's rows are the MLP's (shared/mlp-settings.js, declared once: they feed
// the Experiment config, defaults and ranges from the core), with the study's defaults and check;
// the Transformer's take their ranges and defaults from the core's Transformer limits
// (lmConfigLimitsJson: study_seeds, study_steps, study_defaults). Keys start with s (sl for the
// Transformer) so that a study lives in the same URL as the twin lab.

import { mlpRow } from '../shared/mlp-settings.js';

/** @typedef {import('../shared/types').SettingRow} SettingRow */

/** The page's own bound on the network study's seeds (each seed is two runs in the pool). */
const MAX_SEEDS = 100;

/**
 * Every choice of the study is made on validation data, so it needs a validation set.
 * @type {NonNullable<SettingRow['check']>}
 */
const needsValidation = (v) => (v === 0 ? { kind: 'needs_val' } : null);

/** @satisfies {readonly SettingRow[]} the network's study, in the order of its form */
export const ROWS = /** @type {const} */ ([
  mlpRow('s', 'a', { label: 'seeds.field_a', initial: 'relu' }),
  mlpRow('s', 'b', { label: 'seeds.field_b', initial: 'gelu' }),
  {
    key: 'seeds',
    attr: 'seeds',
    label: 'seeds.field_seeds',
    type: 'number',
    limit: { min: 1, max: MAX_SEEDS, integer: true, min_open: false },
    initial: 10,
  },
  mlpRow('s', 'seed', { label: 'seeds.field_first_seed' }),
  mlpRow('s', 'dataset'),
  // The data set drawn in the twin lab (its `pts`, read at Run: seeds.js), for a study on it.
  mlpRow('s', 'points', { borrowed: true }),
  mlpRow('s', 'factor'),
  mlpRow('s', 'n'),
  mlpRow('s', 'noise'),
  mlpRow('s', 'hidden'),
  mlpRow('s', 'init'),
  mlpRow('s', 'norm'),
  mlpRow('s', 'batch'),
  mlpRow('s', 'lr'),
  mlpRow('s', 'epochs'),
  mlpRow('s', 'valFraction', {
    initial: 0.2,
    check: needsValidation,
  }),
  {
    name: 'choose',
    key: 'schoose',
    attr: 'choose',
    label: 'seeds.field_choose',
    type: 'choice',
    of: ['last', 'best'],
    options: 'seeds.choose_',
    initial: 'last',
  },
]);

export const MODELS = ['mlp', 'transformer', 'images'];

/** The page's own bound on the images study's seeds (each seed is two runs of the paper's test). */
const MAX_IMAGE_SEEDS = 20;

/**
 * @type {SettingRow[]} the images study (the paper's test, seeds/seeds-images.js), checked with
 * imagesCore(core) (shared/image-config.js): its fields' defaults and ranges are the core's.
 */
export const IMAGE_ROWS = [
  {
    name: 'a',
    key: 'sia',
    attr: 'images-a',
    label: 'seeds.field_a',
    type: 'choice',
    of: 'activations',
    options: 'common.act_',
    initial: 'relu',
  },
  {
    name: 'b',
    key: 'sib',
    attr: 'images-b',
    label: 'seeds.field_b',
    type: 'choice',
    of: 'activations',
    options: 'common.act_',
    initial: 'gelu',
  },
  {
    name: 'seeds',
    key: 'siseeds',
    attr: 'images-seeds',
    label: 'seeds.field_seeds',
    type: 'number',
    limit: { min: 1, max: MAX_IMAGE_SEEDS, integer: true, min_open: false },
    initial: 5, // the paper's count, as the article's PyTorch check used
  },
  {
    name: 'seed',
    key: 'siseed',
    attr: 'images-seed',
    label: 'seeds.field_first_seed',
    field: 'seed',
    type: 'number',
  },
  {
    name: 'epochs',
    key: 'siepochs',
    attr: 'images-epochs',
    label: 'mlp.field_epochs',
    field: 'epochs',
    type: 'number',
  },
  {
    name: 'dropout',
    key: 'sidrop',
    attr: 'images-dropout',
    label: 'seeds.field_dropout',
    field: 'dropout',
    type: 'number',
    initial: (c) =>
      /** @type {{paper_dropout: number}} */ (/** @type {any} */ (c.limits)).paper_dropout,
  },
  { name: 'nTrain', key: 'sintrain', attr: 'images-n-train', field: 'n_train', type: 'number' },
  { name: 'nTest', key: 'sintest', attr: 'images-n-test', field: 'n_test', type: 'number' },
];

/** @satisfies {readonly SettingRow[]} the model choice and the Transformer's study (lmCore(core)) */
export const LM_ROWS = /** @type {const} */ ([
  {
    name: 'model',
    key: 'smodel',
    attr: 'model',
    label: 'seeds.field_model',
    type: 'choice',
    of: MODELS,
    options: 'seeds.model_',
    initial: 'mlp',
  },
  {
    name: 'a',
    key: 'sla',
    attr: 'lm-a',
    label: 'seeds.field_a',
    type: 'choice',
    of: 'act',
    options: 'common.act_',
    initial: 'gelu',
  },
  {
    name: 'b',
    key: 'slb',
    attr: 'lm-b',
    label: 'seeds.field_b',
    type: 'choice',
    of: 'act',
    options: 'common.act_',
    initial: 'relu',
  },
  {
    name: 'seeds',
    key: 'slseeds',
    attr: 'lm-seeds',
    label: 'seeds.field_seeds',
    type: 'number',
    limit: 'study_seeds',
    initial: (lm) =>
      /** @type {{seeds: number}} */ (/** @type {any} */ (lm.limits).study_defaults).seeds,
  },
  {
    name: 'seed',
    key: 'slseed',
    attr: 'lm-seed',
    label: 'seeds.field_first_seed',
    type: 'number',
    limit: 'seed',
    initial: (lm) => lm.defaults.seed,
  },
  {
    name: 'steps',
    key: 'slsteps',
    attr: 'lm-steps',
    label: 'seeds.field_steps',
    type: 'number',
    limit: 'study_steps',
    initial: (lm) =>
      /** @type {{steps: number}} */ (/** @type {any} */ (lm.limits).study_defaults).steps,
  },
  {
    name: 'init',
    key: 'slinit',
    attr: 'lm-init',
    label: 'lm.field_init',
    type: 'choice',
    of: 'init',
    options: 'lm.init_',
    initial: (lm) => /** @type {any} */ (lm.defaults).init,
  },
]);
