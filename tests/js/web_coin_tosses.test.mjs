// The coin toss's model (web/js/coin/tosses.js): the seeded stream replays, GELU's row is
// x·Φ(x) from the core, each toss keeps x or zeroes it, and the running means close in on GELU
// as the binomial spread says they should.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from '../../wasm/module.mjs';
import { INPUTS, coinStream, createTosses } from '../../web/js/coin/tosses.js';

const M = await loadModule();

test('the stream replays from its seed, stays in [0, 1) and differs between seeds', () => {
  const a = coinStream(42);
  const b = coinStream(42);
  const c = coinStream(43);
  const xs = Array.from({ length: 1000 }, () => a());
  assert.deepEqual(
    xs,
    Array.from({ length: 1000 }, () => b()),
  );
  assert.ok(xs.every((u) => u >= 0 && u < 1));
  assert.notDeepEqual(
    xs.slice(0, 10),
    Array.from({ length: 10 }, () => c()),
  );
  const mean = xs.reduce((s, u) => s + u, 0) / xs.length;
  assert.ok(Math.abs(mean - 0.5) < 0.05, `mean ${mean}`);
});

test('GELU is x·Φ(x) from the core; a toss keeps x or zeroes it', () => {
  const run = createTosses(M, INPUTS, 1);
  INPUTS.forEach((x, i) => assert.ok(Math.abs(run.gelu[i] - x * run.phi[i]) < 1e-6, `x = ${x}`));
  assert.ok(Number.isNaN(run.largestGap()), 'no gap before the first toss');
  run.toss(1);
  run.last.forEach((y, i) => assert.ok(y === 0 || y === INPUTS[i]));
});

test('the running means converge to GELU(x) within the binomial spread', () => {
  const n = 40000;
  const run = createTosses(M, INPUTS, 5);
  run.toss(n);
  assert.equal(run.count, n);
  const means = run.means();
  INPUTS.forEach((x, i) => {
    const p = run.phi[i];
    const sd = Math.abs(x) * Math.sqrt((p * (1 - p)) / n);
    assert.ok(Math.abs(means[i] - run.gelu[i]) <= 5 * sd + 1e-6, `x = ${x}: ${means[i]}`);
  });
  const few = createTosses(M, INPUTS, 5);
  few.toss(4);
  assert.ok(run.largestGap() < few.largestGap());
});
