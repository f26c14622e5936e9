// The deep-network settings of the page against the real module: the "32x16" shorthand, the
// enum rows (data set, init, norm) checked by the core, the shared presets, and the study's
// epochs-to-95 % pairing (web/js/shared/state.js, shared/presets.js, seeds/study.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPageCore } from './core-helpers.mjs';
import { createSettings, enumValues } from '../../web/js/shared/state.js';
import { ROWS } from '../../web/js/twin/settings.js';
import { SETUPS, setupTexts } from '../../web/js/shared/presets.js';
import { speedPairs, summarizeSpeed } from '../../web/js/seeds/study.js';
import { reached95 } from '../../web/js/shared/runs.js';

const core = await loadPageCore();

test('"32x16" is sixteen layers of 32, and reads back the same way', () => {
  const s = createSettings(core, ROWS);
  s.readHash('#hidden=32x16&init=he&norm=layer&data=circles&factor=0.7');
  assert.deepEqual(s.errors, {});
  assert.deepEqual(s.config('a').hidden, Array(16).fill(32));
  assert.equal(s.config('a').init, 'he');
  assert.equal(s.config('a').norm, 'layer');
  assert.equal(s.config('a').dataset, 'circles');
  assert.equal(s.config('a').factor, 0.7);
  assert.match(s.toHash(''), /hidden=32x16/);
  // The core's grammar, as the CLI's --hidden: the multiplication sign is not its x.
  assert.equal(s.set('hidden', '8×3')?.kind, 'core');
  assert.equal(s.set('hidden', '8x3'), null);
  assert.deepEqual(s.values.hidden, [8, 8, 8]);
  assert.equal(s.set('hidden', '64, 32x2'), null);
  assert.deepEqual(s.values.hidden, [64, 32, 32]);
  assert.equal(s.set('hidden', '64,32'), null);
  assert.match(s.toHash(''), /hidden=64,32/);
});

test('the core refuses what it cannot run, with its own message, and the default stays', () => {
  const s = createSettings(core, ROWS);
  s.readHash('#hidden=32x99&init=xavier&data=squares');
  assert.deepEqual(Object.keys(s.errors).sort(), ['data', 'hidden', 'init']);
  for (const key of ['data', 'hidden', 'init']) assert.equal(s.errors[key].kind, 'core');
  assert.match(s.errors.init.detail, /^init must be one of/);
  assert.match(s.errors.data.detail, /^dataset must be one of/);
  assert.deepEqual(s.values.hidden, core.defaults.hidden);
  assert.equal(s.values.init, core.defaults.init);
  // Valid alone, not together: XOR's noise is a fraction of flipped labels.
  assert.equal(s.set('noise', '0.9'), null);
  s.set('data', 'xor');
  assert.equal(s.errors.noise?.kind, 'core');
  assert.match(s.errors.noise.detail, /noise/);
  assert.equal(s.values.noise, core.defaults.noise);
  assert.equal(M_valid(s), '');
});

const M_valid = (s) => core.M.validateConfigJson(JSON.stringify(s.config('a')));

test('the choices of the enum rows come from the core', () => {
  assert.deepEqual(enumValues(core, 'init'), ['default', 'he']);
  assert.deepEqual(enumValues(core, 'norm'), ['none', 'layer']);
  assert.ok(enumValues(core, 'dataset').includes('checkerboard'));
});

test('every shared preset is a valid setup that differs from the article only where it says', () => {
  const s = createSettings(core, ROWS);
  s.readHash('');
  for (const [name, setup] of Object.entries(SETUPS)) {
    const t = createSettings(core, ROWS);
    t.readHash('#n=500&hidden=8,8'); // a reader's changes: a preset puts them back
    for (const [key, text] of Object.entries(setupTexts(t, setup))) t.set(key, text);
    assert.deepEqual(t.errors, {}, name);
    assert.equal(M_valid(t), '', name);
    const changed = Object.keys(t.values).filter(
      (k) => JSON.stringify(t.values[k]) !== JSON.stringify(s.values[k]),
    );
    const fields = changed.map((k) => t.rows.find((r) => r.key === k).field).sort();
    assert.deepEqual(
      fields,
      Object.keys(setup)
        .filter((f) => String(setup[f]) !== String(s.config('a')[f]))
        .sort(),
      name,
    );
  }
});

test('epochs to 95 %: paired by seed, runs that never got there counted apart', () => {
  const run = (epochs) => ({
    history: epochs.map((r, i) => ({ epoch: i + 1, reached_95: r })),
    test: { acc: 0.9 },
  });
  const study = {
    acts: ['relu', 'gelu'],
    seeds: [0, 1, 2, 3],
    results: new Map([
      ['0/relu', run([null, 2, 2])],
      ['0/gelu', run([1, 1, 1])],
      ['1/relu', run([null, null, 3])],
      ['1/gelu', run([null, 2, 2])],
      ['2/relu', run([null, null, null])],
      ['2/gelu', run([1, 1, 1])],
      ['3/relu', run([null, null, 3])],
      ['3/gelu', run([null, null, 3])],
    ]),
  };
  assert.equal(reached95(study.results.get('0/relu')), 2);
  assert.equal(reached95(study.results.get('2/relu')), null);
  const { pairs, never } = speedPairs(study);
  assert.deepEqual(
    pairs.map((p) => [p.seed, p.diff]),
    [
      [0, 1],
      [1, 1],
      [3, 0],
    ],
  );
  assert.deepEqual(never, { a: 1, b: 0 });
  const sum = summarizeSpeed(core.M, study);
  assert.equal(sum.n, 3);
  assert.equal(sum.mean_a, 8 / 3);
  assert.equal(sum.mean_b, 2);
  assert.ok(Math.abs(sum.mean_diff - 2 / 3) < 1e-12);
});
