// The cost panel's epoch timing (web/js/cost/epoch-timing.js), on a fake clock and fake networks:
// each sample runs enough epochs to last the target (one epoch of a few ms is the size of the
// machine's noise), reports seconds per epoch, and the order of the activations rotates by round.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_EPOCHS_PER_SAMPLE, timeEpochs } from '../../web/js/cost/epoch-timing.js';

/** Fake networks whose epochs cost `ms[fn]` on a shared fake clock; one slow first epoch each. */
function fakes(ms) {
  let clock = 0;
  const built = [];
  const build = (fn, epochs) => {
    let stepped = 0;
    const run = {
      fn,
      epochs,
      deleted: false,
      step() {
        assert.ok(++stepped <= epochs, `${fn}: stepped past its ${epochs} epochs`);
        clock += stepped === 1 ? 50 * ms[fn] : ms[fn];
      },
      status: () => 'ready',
      error: () => '',
      delete() {
        run.deleted = true;
      },
    };
    built.push(run);
    return run;
  };
  return { build, built, now: () => clock };
}

test('each sample lasts about the target and reports seconds per epoch, untouched by the first epoch', () => {
  const { build, built, now } = fakes({ relu: 2, gelu: 2.4 });
  const samples = [];
  timeEpochs(build, ['relu', 'gelu'], { rounds: 5, targetMs: 100, now }, (s) => samples.push(s));
  assert.equal(samples.length, 10);
  for (const s of samples) {
    assert.equal(s.epochs, 42, 'ceil(100 ms / 2.4 ms), the slower warm epoch'); // 41.7 -> 42
    assert.ok(
      Math.abs(s.seconds - (s.fn === 'gelu' ? 0.0024 : 0.002)) < 1e-12,
      `${s.fn} ${s.seconds}`,
    );
  }
  assert.ok(built.every((r) => r.deleted));
});

test('the order rotates every round, so no activation always runs first', () => {
  const { build, now } = fakes({ relu: 1, gelu: 1, elu: 1 });
  const firsts = [];
  timeEpochs(build, ['relu', 'gelu', 'elu'], { rounds: 3, targetMs: 10, now }, (s) => {
    if (firsts.length === s.round) firsts.push(s.fn);
  });
  assert.deepEqual(firsts, ['relu', 'gelu', 'elu']);
});

test('slow epochs run one per sample; fast ones at most the cap, within the networks built', () => {
  let { build, now } = fakes({ relu: 500 });
  const slow = [];
  timeEpochs(build, ['relu'], { rounds: 2, targetMs: 100, now }, (s) => slow.push(s.epochs));
  assert.deepEqual(slow, [1, 1]);
  ({ build, now } = fakes({ relu: 0.001 }));
  const fast = [];
  timeEpochs(build, ['relu'], { rounds: 2, targetMs: 100, now }, (s) => fast.push(s.epochs));
  assert.deepEqual(fast, [MAX_EPOCHS_PER_SAMPLE, MAX_EPOCHS_PER_SAMPLE]);
});
