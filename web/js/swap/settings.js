// The pretrained swap's settings, declared once: per setting its URL-hash key (w…), the element's
// attribute (embed/embed-attributes.js), the label of its field and the Experiment config field it
// feeds (state.js; defaults and ranges from the core).

/** @satisfies {readonly import('../shared/types').SettingRow[]} */
export const ROWS = /** @type {const} */ ([
  {
    key: 'wa',
    attr: 'a',
    label: 'swap.field_from',
    field: 'activation',
    type: 'activation',
    side: 'a',
    initial: 'gelu',
  },
  {
    key: 'wb',
    attr: 'b',
    label: 'swap.field_to',
    field: 'activation',
    type: 'activation',
    side: 'b',
    initial: 'relu',
  },
  {
    key: 'whidden',
    attr: 'layers',
    label: 'evidence.field_hidden',
    field: 'hidden',
    type: 'layers',
  },
  { key: 'wepochs', attr: 'epochs', label: 'swap.field_epochs', field: 'epochs', type: 'number' },
  { key: 'wlr', attr: 'lr', label: 'evidence.field_lr', field: 'lr', type: 'number' },
  { key: 'wseed', attr: 'seed', label: 'evidence.field_seed', field: 'seed', type: 'number' },
  // Fine-tuning epochs go on from the pretraining ones: each is checked as itself, and their sum
  // is what the core must also accept (state.js: an error that names both).
  {
    key: 'wk',
    attr: 'finetune-epochs',
    label: 'swap.field_k',
    field: 'epochs',
    type: 'number',
    initial: 20,
    extra: true,
    addsTo: 'wepochs',
  },
]);
