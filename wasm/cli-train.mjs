// `activation-lab train`: flags -> config JSON (checked by the core) -> one run -> report.

/** @typedef {import('./activation-lab').Config} Config */
/** @typedef {import('./activation-lab').ActivationLab} ActivationLab */

/** The train flags, as node:util parseArgs options. */
export const trainFlags = /** @type {const} */ ({
  act: { type: 'string' },
  seed: { type: 'string' },
  epochs: { type: 'string' },
  hidden: { type: 'string' },
  batch: { type: 'string' },
  lr: { type: 'string' },
  n: { type: 'string' },
  noise: { type: 'string' },
  'data-seed': { type: 'string' },
  'test-fraction': { type: 'string' },
  'val-fraction': { type: 'string' },
  'weight-decay': { type: 'string' },
  'no-shuffle': { type: 'boolean' },
  init: { type: 'string' },
  save: { type: 'string' },
  data: { type: 'string' },
  factor: { type: 'string' },
  norm: { type: 'string' },
  diagnostics: { type: 'boolean' },
  // --data fashion-mnist only (cli-images.mjs)
  images: { type: 'string' },
  'n-train': { type: 'string' },
  'n-test': { type: 'string' },
  dropout: { type: 'string' },
});

// The flags of --data fashion-mnist -> its config keys (image_config.hpp); the rest of the
// 2-D flags do not apply to it.
/** @type {Record<string, string>} */
export const imageNumeric = {
  seed: 'seed',
  epochs: 'epochs',
  batch: 'batch',
  lr: 'lr',
  'n-train': 'n_train',
  'n-test': 'n_test',
  dropout: 'dropout',
};
export const IMAGE_ONLY = ['images', 'n-train', 'n-test', 'dropout'];
const IMAGE_OTHER = ['act', 'hidden', 'no-shuffle', 'init', 'save', 'data'];

/**
 * The config of an image run from the flags; a 2-D-only flag is an error.
 * @param {{[flag: string]: string | boolean | undefined}} flags
 * @param {(text: string, flag: string) => number} toNumber
 */
export function imageConfigFromFlags(flags, toNumber) {
  const known = [...Object.keys(imageNumeric), ...IMAGE_ONLY, ...IMAGE_OTHER];
  const other = Object.keys(flags).find((f) => flags[f] !== undefined && !known.includes(f));
  if (other) throw new RangeError(`--${other} does not apply to --data fashion-mnist`);
  /** @type {{[key: string]: unknown}} */
  const config = { dataset: 'fashion-mnist' };
  if (flags.act !== undefined) config.activation = flags.act;
  if (typeof flags.hidden === 'string') config.hidden = flags.hidden;
  if (flags['no-shuffle']) config.shuffle = false;
  if (typeof flags.init === 'string' && INIT_SCHEMES.includes(flags.init)) config.init = flags.init;
  for (const [flag, key] of Object.entries(imageNumeric)) {
    const text = flags[flag];
    if (typeof text === 'string') config[key] = toNumber(text, `--${flag}`);
  }
  for (const [key, value] of Object.entries(config))
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new RangeError(`${key} must be a finite number`);
  return config;
}

/** `--init default|he` names an initialisation; any other value is a state_dict file. */
export const INIT_SCHEMES = ['default', 'he'];

// flag -> config key, for the numeric flags; defaults and ranges live in the core.
/** @type {Record<string, keyof Config>} */
const numeric = {
  seed: 'seed',
  epochs: 'epochs',
  batch: 'batch',
  lr: 'lr',
  n: 'n',
  noise: 'noise',
  'data-seed': 'data_seed',
  'test-fraction': 'test_fraction',
  'val-fraction': 'val_fraction',
  'weight-decay': 'weight_decay',
  factor: 'factor',
};

/**
 * Only the keys the user set; the core fills in its defaults.
 * @param {{[flag: string]: string | boolean | undefined}} flags
 * @param {(text: string, flag: string, configKey: string) => number} toNumber
 */
export function configFromFlags(flags, toNumber) {
  /** @type {{[key: string]: unknown}} */
  const config = {};
  if (flags.act !== undefined) config.activation = flags.act;
  if (flags.data !== undefined) config.dataset = flags.data;
  if (flags.norm !== undefined) config.norm = flags.norm;
  if (typeof flags.init === 'string' && INIT_SCHEMES.includes(flags.init)) config.init = flags.init;
  if (flags.diagnostics) config.diagnostics = true;
  for (const [flag, key] of Object.entries(numeric)) {
    const text = flags[flag];
    if (typeof text === 'string') config[key] = toNumber(text, `--${flag}`, key);
  }
  // "64,64" or "32x16": the core reads the text (and says what is wrong with it).
  if (typeof flags.hidden === 'string') config.hidden = flags.hidden;
  if (flags['no-shuffle']) config.shuffle = false;
  // JSON has no NaN or infinity: say so here rather than send null to the core.
  for (const [key, value] of Object.entries(config)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'number' && !Number.isFinite(v))) {
      throw new RangeError(`${key} must be a finite number`);
    }
  }
  return /** @type {Config} */ (config); // the keys of `numeric`, act, hidden and shuffle
}

/**
 * Trains to the end; returns {report, state} or {error}.
 * @param {ActivationLab} M
 * @param {Config} config
 * @param {string} [initJson] a PyTorch state_dict to start from
 * @returns {{report: object, state: string} | {error: string}}
 */
export function runTraining(M, config, initJson) {
  const experiment = new M.Experiment(JSON.stringify(config));
  try {
    if (initJson !== undefined) {
      const error = experiment.loadStateJson(initJson);
      if (error) return { error: `--init: ${error}` };
    }
    const epochs = [];
    if (config.diagnostics) epochs.push(initRecord(experiment));
    // Seconds of training only: the per-epoch test evaluation is not timed.
    return trainToEnd(experiment, epochs, 0, () => epochRecord(experiment));
  } finally {
    experiment.delete();
  }
}

/**
 * Steps to the end, timing the training only, then the report and the final state: the same
 * for the 2-D runs and the image runs (cli-images.mjs).
 * @param {{step(): boolean, evaluateJson(w: 'train' | 'test'): string, configJson(): string,
 *   status(): string, stateJson(): string}} experiment
 * @param {object[]} epochs records so far (e.g. epoch 0)
 * @param {number} seconds
 * @param {() => object} record the record of the epoch just trained
 */
export function trainToEnd(experiment, epochs, seconds, record) {
  for (;;) {
    const t0 = performance.now();
    const trained = experiment.step();
    seconds += (performance.now() - t0) / 1000;
    if (!trained) break;
    epochs.push(record());
  }
  const train = JSON.parse(experiment.evaluateJson('train'));
  const test = JSON.parse(experiment.evaluateJson('test'));
  const report = {
    config: JSON.parse(experiment.configJson()),
    epochs,
    final: { train_acc: train.acc, test_acc: test.acc, status: experiment.status() },
    seconds: Number(seconds.toFixed(4)),
  };
  return { report, state: experiment.stateJson() };
}

/** @param {import('./activation-lab').Experiment} experiment */
function epochRecord(experiment) {
  const last = JSON.parse(experiment.lastEpochJson());
  const test = JSON.parse(experiment.evaluateJson('test'));
  /** @type {Record<string, unknown>} */
  const record = {
    epoch: last.epoch,
    train_loss: last.train_loss,
    test_loss: test.loss,
    train_acc: last.train_acc,
    test_acc: test.acc,
  };
  if (last.val_loss !== null)
    Object.assign(record, { val_loss: last.val_loss, val_acc: last.val_acc });
  record.reached_95 = last.reached_95;
  if (last.layers) record.layers = last.layers;
  return record;
}

/**
 * With --diagnostics, the state before training: epoch 0, the initial (or loaded) weights.
 * @param {import('./activation-lab').Experiment} experiment
 */
function initRecord(experiment) {
  const train = JSON.parse(experiment.evaluateJson('train'));
  const test = JSON.parse(experiment.evaluateJson('test'));
  /** @type {Record<string, unknown>} */
  const record = {
    epoch: 0,
    train_loss: train.loss,
    test_loss: test.loss,
    train_acc: train.acc,
    test_acc: test.acc,
  };
  const val = JSON.parse(experiment.evaluateJson('val'));
  if (val.loss !== null) Object.assign(record, { val_loss: val.loss, val_acc: val.acc });
  record.layers = JSON.parse(experiment.diagnosticsJson());
  return record;
}
