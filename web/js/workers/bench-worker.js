// The cost panel's worker: times the core's activation kernels and one training epoch per
// activation, here, in the reader's browser, off the main thread (a busy page would distort
// the timings and freeze while they run). Each number is posted as soon as it is measured.
//   in:  {fns, n, targetMs, epochConfig, rounds}
//   out: {type:'kernel', fn, grad, scalar, rate}      elements per second
//        {type:'epoch', fn, seconds}                   best of `rounds` epochs
//        {type:'done', arch}  |  {type:'error', message}
//
// Why the kernels are timed from here rather than trusting one pass: browsers coarsen the clock
// (to 0.1 ms without cross-origin isolation), and a ReLU pass over 64 K floats takes ~0.02 ms.
// So each measurement is one benchActivation call that repeats the pass enough times to last
// about targetMs, timed as a whole; the rate is elements × passes / time.
import { loadCore } from '../core.js';

/** @typedef {import('../types').ActivationLab} ActivationLab */
/** @typedef {import('../types').ActivationName} ActivationName */

const core = loadCore();
const MAX_REPS = 1000; // the core's bound for benchActivation

/** @param {import('../types').BenchMessage} msg */
const post = (msg) => postMessage(msg);

/**
 * @param {ActivationLab} M
 * @param {ActivationName} fn
 * @param {boolean} grad
 * @param {boolean} scalar
 * @param {number} n
 * @param {number} targetMs
 */
function rate(M, fn, grad, scalar, n, targetMs) {
  /** @param {number} reps */
  const time = (reps) => {
    const t0 = performance.now();
    M.benchActivation(fn, grad, scalar, n, reps);
    return performance.now() - t0;
  };
  // A short probe sizes the real run; benchActivation makes reps timed passes plus a warm-up.
  const probe = Math.max(time(4), 0.1) / 5;
  const reps = Math.min(MAX_REPS, Math.max(4, Math.ceil(targetMs / probe)));
  return (n * (reps + 1)) / (time(reps) / 1000);
}

/**
 * @param {ActivationLab} M
 * @param {ActivationName[]} fns
 * @param {import('../types').Config} config
 * @param {number} rounds
 */
function epochTimes(M, fns, config, rounds) {
  // Every network is built and trained one untimed epoch first (compilation tiers and caches
  // settle), then the activations take turns, so a slow moment of the machine hits all alike.
  const runs = fns.map(
    (fn) => new M.Experiment(JSON.stringify({ ...config, activation: fn, epochs: rounds + 1 })),
  );
  try {
    for (const r of runs)
      if (r.status() === 'invalid') throw new Error(r.error() || 'invalid config');
    for (const r of runs) r.step();
    const best = fns.map(() => Infinity);
    for (let k = 0; k < rounds; k++) {
      runs.forEach((r, i) => {
        const t0 = performance.now();
        r.step();
        best[i] = Math.min(best[i], (performance.now() - t0) / 1000);
      });
    }
    return best;
  } finally {
    for (const r of runs) r.delete();
  }
}

onmessage = async (
  /** @type {MessageEvent<import('../types').BenchRequest>} */ {
    data: { fns, n, targetMs, epochConfig, rounds },
  },
) => {
  try {
    const { M } = await core;
    for (const fn of fns) M.benchActivation(fn, false, false, n, 2); // warm-up: compile every path
    for (const grad of [false, true]) {
      for (const fn of fns) {
        for (const scalar of [false, true]) {
          post({
            type: 'kernel',
            fn,
            grad,
            scalar,
            rate: rate(M, fn, grad, scalar, n, targetMs),
          });
        }
      }
    }
    epochTimes(M, fns, epochConfig, rounds).forEach((seconds, i) =>
      post({ type: 'epoch', fn: fns[i], seconds }),
    );
    post({ type: 'done', arch: M.simdArch() });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
