// The MLP's settings, declared once: three figures train the same network (the twin lab, the
// many-seeds study, the pretrained swap), each in the same URL as the others, so each takes the
// rows it shows under its own key prefix ('' for the twin, 's' for the study, 'w' for the swap).
// Per setting: its name (what code reads: settings.named), its key without the prefix, the
// element's attribute (embed/embed-attributes.js), the label of its field and the Experiment
// config field it feeds (state.js; defaults and ranges from the core). A figure adds what is
// truly its own (a label, a default, a check) where it takes a row (mlpRow).

/** @typedef {import('./types').SettingRow} SettingRow */
/** @typedef {import('./types').MlpRowOwn} MlpRowOwn */

/** @satisfies {Record<string, SettingRow & {name: string}>} */
export const MLP_SETTINGS = /** @type {const} */ ({
  // The sides' activations (their selects are the figure's own: twin-side.js, the study's form).
  a: { name: 'a', key: 'a', attr: 'a', field: 'activation', type: 'activation', side: 'a' },
  b: { name: 'b', key: 'b', attr: 'b', field: 'activation', type: 'activation', side: 'b' },
  dataset: {
    name: 'dataset',
    key: 'data',
    attr: 'dataset',
    label: 'mlp.field_data',
    field: 'dataset',
    type: 'enum',
  },
  // The drawn set (data=custom): its link code (shared/points-code.js), in the config only then.
  points: {
    name: 'points',
    key: 'pts',
    attr: 'points',
    field: 'points',
    type: 'points',
    initial: [],
    when: { key: 'data', is: 'custom' },
  },
  factor: {
    name: 'factor',
    key: 'factor',
    attr: 'factor',
    label: 'mlp.field_factor',
    field: 'factor',
    type: 'number',
  },
  n: { name: 'n', key: 'n', attr: 'n', label: 'mlp.field_n', field: 'n', type: 'number' },
  noise: {
    name: 'noise',
    key: 'noise',
    attr: 'noise',
    label: 'mlp.field_noise',
    field: 'noise',
    type: 'number',
  },
  dataSeed: {
    name: 'dataSeed',
    key: 'dseed',
    attr: 'data-seed',
    label: 'mlp.field_dseed',
    field: 'data_seed',
    type: 'number',
  },
  // The attribute is `layers`, not `hidden` (HTML's global attribute that hides an element).
  hidden: {
    name: 'hidden',
    key: 'hidden',
    attr: 'layers',
    label: 'mlp.field_hidden',
    field: 'hidden',
    type: 'layers',
  },
  init: {
    name: 'init',
    key: 'init',
    attr: 'init',
    label: 'mlp.field_init',
    field: 'init',
    type: 'enum',
  },
  norm: {
    name: 'norm',
    key: 'norm',
    attr: 'norm',
    label: 'mlp.field_norm',
    field: 'norm',
    type: 'enum',
  },
  lr: {
    name: 'lr',
    key: 'lr',
    attr: 'lr',
    label: 'mlp.field_lr',
    field: 'lr',
    type: 'number',
  },
  batch: {
    name: 'batch',
    key: 'batch',
    attr: 'batch',
    label: 'mlp.field_batch',
    field: 'batch',
    type: 'number',
  },
  epochs: {
    name: 'epochs',
    key: 'epochs',
    attr: 'epochs',
    label: 'mlp.field_epochs',
    field: 'epochs',
    type: 'number',
  },
  seed: {
    name: 'seed',
    key: 'seed',
    attr: 'seed',
    label: 'mlp.field_seed',
    field: 'seed',
    type: 'number',
  },
  testFraction: {
    name: 'testFraction',
    key: 'test',
    attr: 'test-fraction',
    label: 'mlp.field_test',
    field: 'test_fraction',
    type: 'number',
  },
  valFraction: {
    name: 'valFraction',
    key: 'val',
    attr: 'val-fraction',
    label: 'mlp.field_val',
    field: 'val_fraction',
    type: 'number',
  },
});

/**
 * One of the MLP's settings as a figure takes it: its key behind the figure's prefix (and so the
 * key its `when` names), with what the figure adds or sets otherwise (`own`). A row `borrowed`
 * from the twin keeps the twin's key: the study reads the points drawn there.
 * @template {string} P
 * @template {keyof typeof MLP_SETTINGS} N
 * @template {MlpRowOwn} [O={}]
 * @param {P} prefix  the figure's: '' (twin), 's' (study), 'w' (swap)
 * @param {N} name
 * @param {O} [own]
 * @returns {import('./types').MlpRow<P, N, NoInfer<O>>}
 */
export function mlpRow(prefix, name, own) {
  const base = /** @type {SettingRow} */ (MLP_SETTINGS[name]);
  const key = own?.borrowed ? base.key : prefix + base.key;
  const when = base.when && { ...base.when, key: prefix + base.when.key };
  return /** @type {any} */ ({ ...base, key, ...(when && { when }), ...own });
}
