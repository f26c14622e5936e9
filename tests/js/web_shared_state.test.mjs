// web/js/shared/state.js against the real module: hash <-> settings, fallbacks, messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPageCore } from './core-helpers.mjs';
import { createSettings, hashStore } from '../../web/js/shared/state.js';
import { ROWS } from '../../web/js/twin/settings.js';
import { ROWS as SWAP_ROWS } from '../../web/js/swap/settings.js';
import { errorMessage } from '../../web/js/shared/fields.js';
import { TEXTS } from './grammar-texts.mjs';

const core = await loadPageCore();

test('defaults come from the module; side A starts as ReLU', () => {
  const s = createSettings(core, ROWS);
  s.readHash('');
  assert.equal(s.config('a').activation, 'relu');
  assert.equal(s.config('b').activation, core.defaults.activation);
  assert.deepEqual({ ...s.config('b') }, { ...core.defaults });
  assert.deepEqual(s.errors, {});
});

test('a hash round-trips and keeps keys it does not own', () => {
  const s = createSettings(core, ROWS);
  s.readHash('#a=silu&b=identity&n=500&hidden=16,8&lr=0.01&other=1');
  assert.deepEqual(s.errors, {});
  assert.equal(s.config('a').activation, 'silu');
  assert.deepEqual(s.config('a').hidden, [16, 8]);
  const hash = s.toHash('#other=1');
  assert.match(hash, /other=1/);
  assert.match(hash, /hidden=16,8/);
  const t = createSettings(core, ROWS);
  t.readHash(hash);
  assert.deepEqual(t.config('a'), s.config('a'));
  assert.deepEqual(t.config('b'), s.config('b'));
});

test('code reads a value by its row’s name; the short key is the address’s only', () => {
  const s = createSettings(core, SWAP_ROWS);
  s.readHash('#wa=silu&whidden=16,8&wk=3&hidden=99');
  assert.equal(s.named.a, 'silu');
  assert.deepEqual(s.named.hidden, [16, 8], 'the swap’s hidden is whidden, not the twin’s');
  assert.equal(s.named.finetuneEpochs, 3);
  assert.equal(s.keyOf('hidden'), 'whidden');
  s.set('wk', '5'); // live: a name reads the row's current value
  assert.equal(s.named.finetuneEpochs, 5);
  assert.deepEqual(Object.keys(s.named), [
    'a',
    'b',
    'hidden',
    'epochs',
    'lr',
    'seed',
    'finetuneEpochs',
  ]);
  for (const rows of [ROWS, SWAP_ROWS]) {
    const names = rows.map((r) => r.name ?? r.key);
    assert.equal(new Set(names).size, names.length, 'names are unique in a table');
  }
});

test('bad values are reported and fall back to the default', () => {
  const s = createSettings(core, ROWS);
  s.readHash('#n=abc&lr=5&hidden=64,x&b=swish&epochs=2.5&batch=0');
  assert.deepEqual(Object.keys(s.errors).sort(), ['b', 'batch', 'epochs', 'hidden', 'lr', 'n']);
  assert.equal(s.errors.n.kind, 'integer');
  assert.equal(s.errors.lr.kind, 'core');
  assert.match(s.errors.lr.detail, /^lr/);
  assert.equal(s.values.lr, core.defaults.lr);
  assert.equal(s.values.n, core.defaults.n);
  assert.equal(s.errors.b.kind, 'activation');
  assert.equal(s.errors.epochs.kind, 'integer');
  assert.equal(s.errors.hidden.kind, 'core');
  assert.match(s.errors.hidden.detail, /^hidden must be widths like "64,64"/);
  assert.equal(M_valid(s), '');
});

test('a pt-PT decimal comma is accepted for fractional settings', () => {
  const s = createSettings(core, ROWS);
  assert.equal(s.set('lr', '0,01'), null);
  assert.equal(s.values.lr, 0.01);
  assert.notEqual(s.set('n', '1,5'), null);
});

test('values valid alone but not together are reported on a field the core names', () => {
  const s = createSettings(core, ROWS);
  s.set('test', '0.6');
  const error = s.set('val', '0.5');
  const blamed = Object.keys(s.errors);
  assert.equal(blamed.length, 1, JSON.stringify(s.errors));
  assert.ok(error || s.errors.test);
  assert.equal(M_valid(s), '');
});

function M_valid(s) {
  return (
    core.M.validateConfigJson(JSON.stringify(s.config('a'))) +
    core.M.validateConfigJson(JSON.stringify(s.config('b')))
  );
}

test('numbers in the one grammar of the core (as the CLI); a bare #main is no setting', () => {
  const s = createSettings(core, ROWS);
  s.readHash('#n=0x10&epochs=1e1&batch=0b11&seed=%2B7&noise=0,3&hidden=8,0x8&lr=.5');
  assert.deepEqual(
    Object.keys(s.errors).sort(),
    ['batch', 'epochs', 'hidden', 'n'],
    JSON.stringify(s.errors),
  );
  assert.equal(s.values.seed, 7);
  assert.equal(s.values.noise, 0.3);
  assert.equal(s.values.lr, 0.5);
  assert.equal(s.toHash('#main').includes('main'), false);
  assert.match(s.toHash('#main&other=1'), /other=1/);
});

test('the work budget is checked with the n that is set, not the default n (issue 28)', () => {
  const s = createSettings(core, ROWS);
  // The CLI's verdict on the same settings is the reference: the core with the full config.
  const full = { ...core.defaults, hidden: Array(16).fill(512), n: 480 };
  assert.equal(core.M.validateConfigJson(JSON.stringify(full)), '');
  assert.notEqual(core.M.validateConfigJson(JSON.stringify({ ...full, n: core.defaults.n })), '');
  s.readHash('#hidden=512x16&n=480');
  assert.deepEqual(s.errors, {});
  assert.deepEqual(s.values.hidden, Array(16).fill(512));
  assert.equal(s.values.n, 480);
  // Set from the fields, in the order a reader types them: fewer points first, then the layers.
  const t = createSettings(core, ROWS);
  t.set('n', '480');
  assert.equal(t.set('hidden', '512x16'), null);
  // Over the budget whatever the order: still refused.
  const u = createSettings(core, ROWS);
  u.readHash(`#hidden=512x16&n=${core.defaults.n}`);
  assert.equal(u.errors.hidden?.kind, 'core');
});

test('fine-tuning epochs are checked with the pretraining epochs they go on from (issue 28)', () => {
  // The swap panel's two rows (swap/settings.js): wk epochs more after wepochs.
  const max = core.limits.epochs.max;
  const s = createSettings(
    core,
    SWAP_ROWS,
    hashStore(
      () => '',
      () => {},
    ),
  );
  s.readHash(`#wepochs=5&wk=${max - 4}`);
  assert.equal(s.errors.wk?.kind, 'sum', 'over the limit by one epoch');
  assert.equal(s.errors.wk?.need, max + 1);
  assert.equal(s.errors.wk?.max, max);
  assert.deepEqual(s.errors.wk?.parts, [
    { label: 'swap.field_epochs', value: 5 },
    { label: 'swap.field_k', value: max - 4 },
  ]);
  assert.equal(s.values.wk, 20);
  s.readHash(`#wepochs=5&wk=${max - 5}`);
  assert.deepEqual(s.errors, {});
  assert.equal(s.values.wk, max - 5);
  // Raising the pretraining epochs afterwards blames the fine-tuning epochs that no longer fit.
  s.set('wepochs', '6');
  assert.equal(s.values.wepochs, 6);
  assert.equal(s.errors.wk?.kind, 'sum');
  assert.equal(s.values.wk, 20);
  assert.equal(s.set('wk', String(max - 6)), null);
  // Fine-tuning epochs left at their default: the pretraining epochs that overflow them are blamed.
  s.readHash(`#wepochs=${max}`);
  assert.equal(s.errors.wepochs?.kind, 'sum');
  assert.equal(s.errors.wepochs?.raw, String(max));
  assert.notEqual(s.values.wepochs, max);
});

test('each epochs field checks its own value and its error quotes it (issue 63)', () => {
  const max = core.limits.epochs.max;
  const i18n = {
    /** @param {string} key @param {Record<string, string>} [vars] */
    t: (key, vars) => (vars ? `${key} ${JSON.stringify(vars)}` : key),
    num: (/** @type {number} */ v) => String(v),
  };
  for (const [key, typed] of [
    ['wk', '-1'],
    ['wk', '0'],
    ['wk', '-5'],
    ['wk', String(max + 1)],
    ['wepochs', '0'],
    ['wepochs', String(max + 1)],
  ]) {
    const s = createSettings(core, SWAP_ROWS, hashStore(''));
    s.readHash(`#${key}=${typed}`);
    const error = s.errors[key];
    assert.equal(error?.kind, 'core', `${key}=${typed} refused alone`);
    assert.equal(error?.raw, typed);
    const numbers = (error?.detail ?? '').match(/-?\d+/g) ?? [];
    assert.ok(numbers.includes(typed), `${key}=${typed}: ${error?.detail}`);
    assert.deepEqual(
      numbers.filter((n) => ![typed, '1', String(max)].includes(n)),
      [],
      `no number the reader did not type: ${error?.detail}`,
    );
    assert.equal(s.values[key], s.defaults[key]);
  }
  // The sum's message names both fields and their values.
  const s = createSettings(core, SWAP_ROWS, hashStore(''));
  s.readHash(`#wepochs=100&wk=${max - 50}`);
  const text = errorMessage(i18n, s.errors.wk, '20');
  assert.match(text, /^fields\.err_sum /);
  const vars = JSON.parse(text.slice(text.indexOf(' ') + 1));
  assert.deepEqual(
    [vars.first, vars.a, vars.second, vars.b, vars.need, vars.max, vars.raw],
    [
      'swap.field_epochs',
      '100',
      'swap.field_k',
      String(max - 50),
      String(max + 50),
      String(max),
      String(max - 50),
    ],
  );
});

// Issue 27: one grammar. The page's field, the URL hash and an element's attributes all reach
// the same engine; for every text of the shared table it accepts and refuses a layer list as the
// core's parseLayers does, which cli-grammar.test.mjs holds equal to the CLI's --hidden.
test('layer lists: the page accepts and refuses what the CLI does, with the core message', () => {
  for (const text of TEXTS) {
    const want = JSON.parse(core.M.parseLayers(text));
    const s = createSettings(core, ROWS, hashStore(''));
    const error = s.set('hidden', text);
    const shown = JSON.stringify(text);
    if (want.ok) {
      assert.equal(error, null, shown);
      assert.deepEqual(s.values.hidden, want.layers, shown);
    } else {
      assert.equal(error?.kind, 'core', shown);
      assert.equal(error?.detail, want.message, shown);
    }
    const fromHash = createSettings(core, ROWS);
    fromHash.readHash(`#hidden=${encodeURIComponent(text)}`);
    assert.equal(fromHash.errors.hidden === undefined, want.ok, `hash ${shown}`);
  }
});
