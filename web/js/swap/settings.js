// The pretrained swap's settings: the MLP's it shows (shared/mlp-settings.js, declared once) under
// its w-prefixed keys, its own labels and defaults (from GELU to ReLU), and the fine-tuning epochs.
import { mlpRow } from '../shared/mlp-settings.js';

/** @satisfies {readonly import('../shared/types').SettingRow[]} */
export const ROWS = /** @type {const} */ ([
  mlpRow('w', 'a', { label: 'swap.field_from', initial: 'gelu' }),
  mlpRow('w', 'b', { label: 'swap.field_to', initial: 'relu' }),
  mlpRow('w', 'hidden'),
  mlpRow('w', 'epochs', { label: 'swap.field_epochs' }),
  mlpRow('w', 'lr'),
  mlpRow('w', 'seed'),
  // Fine-tuning epochs go on from the pretraining ones: each is checked as itself, and their sum
  // is what the core must also accept (state.js: an error that names both).
  {
    name: 'finetuneEpochs',
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
