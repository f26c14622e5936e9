// The cost panel's kernel rounds (web/js/cost/kernel-rounds.js) run with the module, as its worker
// runs them: each round's rate is the one the core's benchActivation returns, and the panel's
// comparisons (cost-comparisons.js) over those rates rank the kernels as the core's rates do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from '../../wasm/module.mjs';
import { kernelsOf, timeKernels } from '../../web/js/cost/kernel-rounds.js';
import {
  comparisons,
  kernelKey,
  rankedGroups,
  rateOf,
} from '../../web/js/cost/cost-comparisons.js';

const M = await loadModule();
const N = 1 << 16; // as the panel (web/js/cost/cost.js)

/** The panel's state after timeKernels, built as cost.js builds it from the worker's messages. */
function measured(fns, rounds, reps, module = M) {
  /** @type {import('../../web/js/cost/cost-comparisons.js').CostRun} */
  const run = { kernels: new Map(), epochs: new Map(), state: 'running', error: '' };
  timeKernels(module, fns, { n: N, reps, rounds }, ({ fn, grad, scalar, rate }) => {
    const k = kernelKey(fn, grad, scalar);
    run.kernels.set(k, [...(run.kernels.get(k) ?? []), rate]);
  });
  run.state = 'done';
  return run;
}

test('every round of every kernel reports the rate the core returned, nothing else', () => {
  const returned = [];
  const spy = {
    benchActivation: (...args) => {
      const rate = M.benchActivation(...args);
      returned.push({ args, rate });
      return rate;
    },
  };
  const reported = [];
  timeKernels(spy, ['relu', 'gelu'], { n: N, reps: 2, rounds: 3 }, (r) => reported.push(r));
  assert.equal(reported.length, kernelsOf(['relu', 'gelu']).length * 3);
  const timed = returned.filter((r) => r.args[4] === 2); // the warm-up calls ask for one timing
  assert.deepEqual(
    reported.map((r) => r.rate),
    timed.map((r) => r.rate),
  );
  for (const [i, r] of reported.entries())
    assert.deepEqual(
      timed[i].args,
      [r.fn, r.grad, r.scalar, N, 2],
      'the kernel reported is the one timed',
    );
});

test("the panel's ranking of ReLU against GELU agrees with the core's own rates", () => {
  const run = measured(['relu', 'gelu'], 5, 3);
  const card = comparisons(run, ['relu', 'gelu'], true).find((c) => c.id === 'gelu_relu');
  // The core's rates, asked directly (best of a few calls: a shared machine only errs slow).
  const best = (fn) => Math.max(...[0, 1, 2].map(() => M.benchActivation(fn, false, false, N, 3)));
  const coreRatio = best('relu') / best('gelu');
  assert.ok(coreRatio > 1.5, `the core times ReLU faster than GELU (${coreRatio})`);
  assert.equal(card?.verdict, 'ranked', 'the panel ranks them');
  assert.equal(card.ratio, rateOf(run, 'relu').median / rateOf(run, 'gelu').median);
  // Same side, and the same size within a busy machine's reach (the old panel said 1.3 for 21).
  assert.ok(card.ratio > 1, `panel ratio ${card.ratio}`);
  const off = Math.max(card.ratio / coreRatio, coreRatio / card.ratio);
  assert.ok(off < 2, `panel ${card.ratio.toFixed(1)}× vs core ${coreRatio.toFixed(1)}×`);
  assert.ok(rankedGroups(run, ['relu', 'gelu']).has('gelu/value'), 'its bars are drawn in colour');
});

test('rates whose rounds overlap are not ranked, and their bars are drawn grey', () => {
  // A module whose every kernel runs at the same noisy rate: nothing can be ranked.
  let i = 0;
  const noisy = { benchActivation: () => [100, 140, 80, 120, 90][i++ % 5] * 1e6 };
  const run = measured(['relu', 'gelu'], 5, 1, noisy);
  const card = comparisons(run, ['relu', 'gelu'], true).find((c) => c.id === 'gelu_relu');
  assert.equal(card?.verdict, 'too_noisy');
  assert.equal(rankedGroups(run, ['relu', 'gelu']).size, 0);
});
