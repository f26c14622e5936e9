// The cost panel's worker: times the core's activation kernels and one training epoch per
// activation, here, in the reader's browser, off the main thread (a busy page would distort
// the timings and freeze while they run). Each number is posted as soon as it is measured.
//   in:  {fns, n, targetMs, epochConfig, rounds}
//   out: {type:'kernel', fn, grad, scalar, rate, round}  elements per second, one round
//        {type:'epoch', fn, seconds, round}               one timed epoch
//        {type:'done', arch}  |  {type:'error', message}
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

/** @typedef {import('../shared/types').ActivationLab} ActivationLab */
/** @typedef {import('../shared/types').ActivationName} ActivationName */

const core = loadCore();
const MAX_REPS = 1000; // the core's bound for benchActivation

/** @param {import('../shared/types').BenchMessage} msg */
const post = (msg) => postMessage(msg);

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
 * @param {ActivationLab} M
 * @param {ActivationName[]} fns
 * @param {import('../shared/types').Config} config
 * @param {number} rounds
 */
function epochTimes(M, fns, config, rounds) {
  // Every network is built and trained one untimed epoch first (compilation tiers and caches
  // settle), then the activations take turns, so a slow moment of the machine hits all alike;
  // every timed epoch is posted (the panel takes their median and spread).
  const runs = fns.map(
    (fn) => new M.Experiment(JSON.stringify({ ...config, activation: fn, epochs: rounds + 1 })),
  );
  try {
    for (const r of runs)
      if (r.status() === 'invalid') throw new Error(r.error() || 'invalid config');
    for (const r of runs) r.step();
    for (let round = 0; round < rounds; round++) {
      runs.forEach((r, i) => {
        const t0 = performance.now();
        r.step();
        post({ type: 'epoch', fn: fns[i], seconds: (performance.now() - t0) / 1000, round });
      });
    }
  } finally {
    for (const r of runs) r.delete();
  }
}

onmessage = async (
  /** @type {MessageEvent<import('../shared/types').BenchRequest>} */ {
    data: { fns, n, targetMs, epochConfig, rounds },
  },
) => {
  try {
    const { M } = await core;
    for (const fn of fns) M.benchActivation(fn, false, false, n, 2); // warm-up: compile every path
    const kernels = [false, true].flatMap((grad) =>
      fns.flatMap((fn) => [false, true].map((scalar) => ({ fn, grad, scalar, reps: 0 }))),
    );
    for (const k of kernels) k.reps = sizeReps(M, k.fn, k.grad, k.scalar, n, targetMs);
    for (let round = 0; round < rounds; round++) {
      for (const { fn, grad, scalar, reps } of kernels) {
        const ms = time(M, fn, grad, scalar, n, reps);
        post({ type: 'kernel', fn, grad, scalar, rate: (n * (reps + 1)) / (ms / 1000), round });
      }
    }
    epochTimes(M, fns, epochConfig, rounds);
    post({ type: 'done', arch: M.simdArch() });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
