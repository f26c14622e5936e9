// The module as JavaScript sees it: the .d.ts matches what Embind exposes, defaults and limits
// come from C++, bad input is refused with messages, and a thousand runs leak nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { loadModule } from '../../wasm/module.mjs';

const M = await loadModule();
const dts = readFileSync(new URL('../../wasm/activation-lab.d.ts', import.meta.url), 'utf8');

/** Method names declared in one interface of the .d.ts. */
function declaredMethods(interfaceName) {
  const body = new RegExp(`export interface ${interfaceName} \\{([\\s\\S]*?)\\n\\}`).exec(dts)[1];
  return [...body.matchAll(/^\s+(\w+)\(/gm)].map((m) => m[1]);
}

test('every function and method of activation-lab.d.ts exists in the module', () => {
  const functions = declaredMethods('ActivationLab');
  assert.ok(functions.length >= 10);
  for (const name of functions) assert.equal(typeof M[name], 'function', `M.${name}`);
  assert.equal(typeof M.Experiment, 'function');
  const e = new M.Experiment('{}');
  try {
    for (const name of declaredMethods('Experiment'))
      assert.equal(typeof e[name], 'function', `Experiment.${name}`);
  } finally {
    e.delete();
  }
});

test('the Config keys of the .d.ts are exactly the core defaults', () => {
  const body = /export interface Config \{([\s\S]*?)\n\}/.exec(dts)[1];
  const keys = [...body.matchAll(/^\s+(\w+)\?:/gm)].map((m) => m[1]);
  // Every key of the defaults, and `points`, which only dataset custom has (and then writes).
  assert.deepEqual(keys, [...Object.keys(JSON.parse(M.defaultConfigJson())), 'points']);
  const points = Array.from({ length: 10 }, (_, i) => [i / 10, 0, i % 2]);
  const custom = new M.Experiment(JSON.stringify({ dataset: 'custom', points }));
  try {
    assert.deepEqual(keys, Object.keys(JSON.parse(custom.configJson())));
  } finally {
    custom.delete();
  }
  const names = /export type ActivationName = ([^;]+);/
    .exec(dts)[1]
    .match(/'(\w+)'/g)
    .map((s) => s.slice(1, -1));
  assert.deepEqual(names, JSON.parse(M.activationNames()));
});

test('defaults are the article setup, and the limits agree with validation', () => {
  const d = JSON.parse(M.defaultConfigJson());
  assert.deepEqual(d.hidden, [64, 64]);
  assert.equal(d.n, 2000);
  const limits = JSON.parse(M.configLimitsJson());
  for (const [key, r] of Object.entries(limits)) {
    // (points: a count of points and their coordinates, custom-points.test.mjs)
    if (typeof r !== 'object' || !('max' in r) || key === 'points') continue;
    assert.equal(M.validateConfigJson(JSON.stringify({ [key]: r.max })), '', `${key} = max`);
    const above = r.integer ? r.max + 1 : r.max * 1.01 + 1e-9;
    assert.match(M.validateConfigJson(JSON.stringify({ [key]: above })), new RegExp(`^${key}\\b`));
    const below = r.min_open ? r.min : r.integer ? r.min - 1 : r.min - 1e-6;
    assert.match(M.validateConfigJson(JSON.stringify({ [key]: below })), new RegExp(`^${key}\\b`));
  }
  assert.match(M.validateConfigJson('{"hidden":[64,0]}'), /hidden\[1\]/);
  assert.match(M.validateConfigJson('{"bogus":1}'), /unknown config key "bogus"/);
  assert.match(M.validateConfigJson('{"lr":'), /JSON/);
});

test('bad arguments raise JS errors, never abort the module', () => {
  assert.throws(() => M.evaluate('tanh', false, false, new Float32Array(2)), RangeError);
  assert.throws(() => M.evaluate('gelu', false, false, 'abc'), TypeError);
  assert.throws(() => M.benchActivation('gelu', false, false, 1e12, 1), RangeError);
  const e = new M.Experiment('{"n":-1}');
  try {
    assert.equal(e.status(), 'invalid');
    assert.match(e.error(), /^n must be/);
    assert.equal(e.step(), false);
    assert.throws(() => e.evaluateJson('everything'), RangeError);
    assert.throws(() => e.grid(0, 10, 0, 1, 0, 1), RangeError);
  } finally {
    e.delete();
  }
  // The module still works afterwards.
  assert.equal(M.evaluate('relu', false, false, [-1, 2])[1], 2);
});

test('paired statistics come from the core', () => {
  const s = JSON.parse(M.pairedSummaryJson('[0.9, 0.8, 0.7]', '[0.8, 0.8, 0.6]'));
  assert.equal(s.n, 3);
  assert.ok(Math.abs(s.mean_diff - 0.2 / 3) < 1e-12);
  // sd of (0.1, 0, 0.1) = 0.057735...; t(0.975, 2) = 4.302653; half-width = t·sd/√3
  const half = (4.302652729911275 * 0.05773502691896258) / Math.sqrt(3);
  assert.ok(Math.abs(s.ci_low - (0.2 / 3 - half)) < 1e-9, `${s.ci_low}`);
  assert.throws(() => M.pairedSummaryJson('[1,2]', '[1]'), RangeError);
});

test('a thousand experiments in one module leave the heap as it was', () => {
  const config = JSON.stringify({ n: 60, hidden: [8], epochs: 1, batch: 16 });
  const run = () => {
    const e = new M.Experiment(config);
    e.step();
    e.grid(8, 8, -2, 3, -2, 2);
    e.data('train');
    e.evaluateJson('test');
    e.stateJson();
    e.delete();
  };
  for (let i = 0; i < 20; i++) run(); // warm-up: allocator pools, lazily built tables
  const before = M.heapBytesInUse();
  for (let i = 0; i < 1000; i++) run();
  assert.equal(M.heapBytesInUse(), before);
});
