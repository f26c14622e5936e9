// The twin lab's settings, declared once: per setting its URL-hash key, the element's attribute
// (embed/embed-attributes.js), the label of its field, and the Experiment config field it feeds
// (state.js; defaults and ranges from the core). `side` rows pick one network's activation (their
// selects are the sides' own, twin-side.js); the rest are shared. The hidden layers' attribute is `layers`, not `hidden` (HTML's global attribute
// that hides an element).

/** @satisfies {readonly import('../shared/types').SettingRow[]} */
export const ROWS = /** @type {const} */ ([
  { key: 'a', attr: 'a', field: 'activation', type: 'activation', side: 'a', initial: 'relu' },
  { key: 'b', attr: 'b', field: 'activation', type: 'activation', side: 'b' },
  { key: 'data', attr: 'dataset', label: 'lab.field_data', field: 'dataset', type: 'enum' },
  // The drawn set (data=custom): its link code (shared/points-code.js), in the config only then.
  {
    key: 'pts',
    attr: 'points',
    field: 'points',
    type: 'points',
    initial: [],
    when: { key: 'data', is: 'custom' },
  },
  // An embed's CSV of points on the page's own origin (read once: twin-views.js), not a link's.
  { key: 'ptsrc', attr: 'points-src', type: 'text', max: 2000, allowEmpty: true, initial: '' },
  { key: 'factor', attr: 'factor', label: 'lab.field_factor', field: 'factor', type: 'number' },
  { key: 'n', attr: 'n', label: 'twin.field_n', field: 'n', type: 'number' },
  { key: 'noise', attr: 'noise', label: 'twin.field_noise', field: 'noise', type: 'number' },
  {
    key: 'dseed',
    attr: 'data-seed',
    label: 'twin.field_dseed',
    field: 'data_seed',
    type: 'number',
  },
  { key: 'hidden', attr: 'layers', label: 'twin.field_hidden', field: 'hidden', type: 'layers' },
  { key: 'init', attr: 'init', label: 'lab.field_init', field: 'init', type: 'enum' },
  { key: 'norm', attr: 'norm', label: 'lab.field_norm', field: 'norm', type: 'enum' },
  { key: 'lr', attr: 'lr', label: 'twin.field_lr', field: 'lr', type: 'number' },
  { key: 'batch', attr: 'batch', label: 'twin.field_batch', field: 'batch', type: 'number' },
  { key: 'epochs', attr: 'epochs', label: 'twin.field_epochs', field: 'epochs', type: 'number' },
  { key: 'seed', attr: 'seed', label: 'twin.field_seed', field: 'seed', type: 'number' },
  {
    key: 'test',
    attr: 'test-fraction',
    label: 'twin.field_test',
    field: 'test_fraction',
    type: 'number',
  },
  {
    key: 'val',
    attr: 'val-fraction',
    label: 'twin.field_val',
    field: 'val_fraction',
    type: 'number',
  },
  // A view option, not a setting of the run: the linear pieces, shown without resetting training.
  { key: 'pieces', attr: 'pieces', type: 'choice', of: ['off', 'on'], initial: 'off' },
  // A view option too: the panel of what each hidden unit computes over the plane (neuron-maps.js).
  { key: 'maps', attr: 'maps', type: 'choice', of: ['off', 'on'], initial: 'off' },
]);
