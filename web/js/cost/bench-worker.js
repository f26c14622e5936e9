// The cost panel's worker: times the core's activation kernels and one training epoch per
// activation, here, in the reader's browser, off the main thread (a busy page would distort
// the timings and freeze while they run). Each number is posted as soon as it is measured.
// It answers one request (shared/worker-serve.js; cost.js is its caller):
//   {cmd:'measure', fns, n, targetMs, epochConfig, rounds} -> {arch}, after progress messages
//   {message} whose message is one of
//        {type:'kernel', fn, grad, scalar, rate, round}  elements per second, one round
//        {type:'epoch', fn, seconds, round}               seconds per epoch, one round
//
// Every kernel is timed once per round, the rounds one after another (ReLU, GELU, …, then ReLU
// again), so that a busy moment of the machine lands on all the kernels alike and shows up as
// spread between rounds rather than as a difference between kernels (bench-stats.js).
//
// Why the kernels are timed from here rather than trusting one pass: browsers coarsen the clock
// (to 0.1 ms without cross-origin isolation), and a ReLU pass over 64 K floats takes ~0.02 ms.
// So each measurement is one benchActivation call that repeats the pass enough times to last
// about targetMs, timed as a whole; the rate is elements × passes / time.
import { loadCore } from '../shared/core.js';
import { serve } from '../shared/worker-serve.js';
import { timeEpochs } from './epoch-timing.js';

/** @typedef {import('../shared/types').ActivationLab} ActivationLab */
/** @typedef {import('../shared/types').ActivationName} ActivationName */

const core = loadCore();
const MAX_REPS = 1000; // the core's bound for benchActivation
const EPOCH_TARGET_MS = 100; // each epoch sample lasts about this long (epoch-timing.js)

/** @typedef {(fields: {message: import('./protocol').BenchMessage}) => void} Progress */

/**
 * How many passes make one measurement last about targetMs.
 * @param {ActivationLab} M
 * @param {ActivationName} fn
 * @param {boolean} grad
 * @param {boolean} scalar
 * @param {number} n
 * @param {number} targetMs
 */
function sizeReps(M, fn, grad, scalar, n, targetMs) {
  // A short probe sizes the real runs; benchActivation makes reps timed passes plus a warm-up.
  const probe = Math.max(time(M, fn, grad, scalar, n, 4), 0.1) / 5;
  return Math.min(MAX_REPS, Math.max(4, Math.ceil(targetMs / probe)));
}

/**
 * Milliseconds of one benchActivation call of `reps` passes.
 * @param {ActivationLab} M
 * @param {ActivationName} fn
 * @param {boolean} grad
 * @param {boolean} scalar
 * @param {number} n
 * @param {number} reps
 */
function time(M, fn, grad, scalar, n, reps) {
  const t0 = performance.now();
  M.benchActivation(fn, grad, scalar, n, reps);
  return performance.now() - t0;
}

/**
 * @param {import('./protocol').BenchRequest} request
 * @param {Progress} progress
 */
async function measure({ fns, n, targetMs, epochConfig, rounds }, progress) {
  const { M } = await core;
  for (const fn of fns) M.benchActivation(fn, false, false, n, 2); // warm-up: compile every path
  const kernels = [false, true].flatMap((grad) =>
    fns.flatMap((fn) => [false, true].map((scalar) => ({ fn, grad, scalar, reps: 0 }))),
  );
  for (const k of kernels) k.reps = sizeReps(M, k.fn, k.grad, k.scalar, n, targetMs);
  for (let round = 0; round < rounds; round++) {
    for (const { fn, grad, scalar, reps } of kernels) {
      const ms = time(M, fn, grad, scalar, n, reps);
      const rate = (n * (reps + 1)) / (ms / 1000);
      progress({ message: { type: 'kernel', fn, grad, scalar, rate, round } });
    }
  }
  timeEpochs(
    (fn, epochs) => new M.Experiment(JSON.stringify({ ...epochConfig, activation: fn, epochs })),
    fns,
    { rounds, targetMs: EPOCH_TARGET_MS },
    ({ fn, seconds, round }) =>
      progress({
        message: { type: 'epoch', fn: /** @type {ActivationName} */ (fn), seconds, round },
      }),
  );
  return { arch: M.simdArch() };
}

serve({ measure });
