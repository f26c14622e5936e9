// The twin lab's settings: the MLP's (shared/mlp-settings.js, declared once, under the twin's
// unprefixed keys, with their labels), and the twin's own rows (an embed's points file, two
// view options). `side` rows pick one network's activation (their selects are the sides' own,
// twin-side.js); the rest are shared.
import { mlpRow } from '../shared/mlp-settings.js';

/** @satisfies {readonly import('../shared/types').SettingRow[]} */
export const ROWS = /** @type {const} */ ([
  mlpRow('', 'a', { initial: 'relu' }),
  mlpRow('', 'b'),
  mlpRow('', 'dataset'),
  mlpRow('', 'points'),
  // An embed's CSV of points on the page's own origin (read once: twin-views.js), not a link's.
  {
    name: 'pointsSrc',
    key: 'ptsrc',
    attr: 'points-src',
    type: 'text',
    max: 2000,
    allowEmpty: true,
    initial: '',
  },
  mlpRow('', 'factor'),
  mlpRow('', 'n'),
  mlpRow('', 'noise'),
  mlpRow('', 'dataSeed'),
  mlpRow('', 'hidden'),
  mlpRow('', 'init'),
  mlpRow('', 'norm'),
  mlpRow('', 'lr'),
  mlpRow('', 'batch'),
  mlpRow('', 'epochs'),
  mlpRow('', 'seed'),
  mlpRow('', 'testFraction'),
  mlpRow('', 'valFraction'),
  // A view option, not a setting of the run: the linear pieces, shown without resetting training.
  { key: 'pieces', attr: 'pieces', type: 'choice', of: ['off', 'on'], initial: 'off' },
  // A view option too: the panel of what each hidden unit computes over the plane (neuron-maps.js).
  { key: 'maps', attr: 'maps', type: 'choice', of: ['off', 'on'], initial: 'off' },
]);
