// The images figure's settings, declared once: per setting its URL-hash key, the element's
// attribute (embed/embed-attributes.js), the label of its field, and how it is read and checked
// (shared/state.js). Rows with a `field` feed the core's ImageExperiment config: their defaults and
// ranges are the core's (imageConfigLimitsJson) and the core checks every value
// (validateImageConfigJson), through shared/image-config.js imagesCore. Keys start with i.

/** @typedef {import('../shared/types').SettingRow} SettingRow */

/** @type {SettingRow[]} in the order of the form (the rows with a label) */
export const ROWS = [
  {
    name: 'epochs',
    key: 'iepochs',
    attr: 'epochs',
    label: 'images.epochs',
    field: 'epochs',
    type: 'number',
  },
  {
    name: 'seeds',
    key: 'iseeds',
    attr: 'seeds',
    label: 'images.seeds',
    type: 'number',
    limit: 'seeds',
    initial: (c) =>
      /** @type {{seeds_default: number}} */ (/** @type {any} */ (c.limits)).seeds_default,
  },
  {
    name: 'seed',
    key: 'iseed',
    attr: 'seed',
    label: 'images.first_seed',
    field: 'seed',
    type: 'number',
  },
  // The dropout checkbox (the paper's p or none); the attribute and the URL take any p in [0, 1).
  {
    name: 'dropout',
    key: 'idrop',
    attr: 'dropout',
    field: 'dropout',
    type: 'number',
    initial: (c) =>
      /** @type {{paper_dropout: number}} */ (/** @type {any} */ (c.limits)).paper_dropout,
  },
  {
    name: 'activations',
    key: 'iacts',
    attr: 'activations',
    type: 'list',
    of: 'activations',
    min: 1,
    max: 3, // one worker each, side by side
    initial: ['relu', 'elu', 'gelu'],
  },
  { name: 'nTrain', key: 'intrain', attr: 'n-train', field: 'n_train', type: 'number' },
  { name: 'nTest', key: 'intest', attr: 'n-test', field: 'n_test', type: 'number' },
];
