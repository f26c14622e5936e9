// The cost panel's worker: times the core's activation kernels and one training epoch per
// activation, here, in the reader's browser, off the main thread (a busy page would distort
// the timings and freeze while they run). Each number is posted as soon as it is measured.
//   in:  {fns, n, reps, epochConfig, epochs}
//   out: {type:'kernel', fn, grad, scalar, rate}      elements per second, best of reps
//        {type:'epoch', fn, seconds}                   best of `epochs` timed epochs
//        {type:'done', arch}  |  {type:'error', message}
import { loadCore } from './core.js';

const core = loadCore();

function timeEpoch(M, config, epochs) {
  const exp = new M.Experiment(JSON.stringify({ ...config, epochs }));
  try {
    if (exp.status() === 'invalid') throw new Error(exp.error() || 'invalid config');
    let best = Infinity;
    for (let i = 0; i < epochs; i++) {
      const t0 = performance.now();
      exp.step();
      best = Math.min(best, (performance.now() - t0) / 1000);
    }
    return best;
  } finally {
    exp.delete();
  }
}

onmessage = async ({ data: { fns, n, reps, epochConfig, epochs } }) => {
  try {
    const { M } = await core;
    for (const grad of [false, true]) {
      for (const fn of fns) {
        for (const scalar of [false, true]) {
          postMessage({ type: 'kernel', fn, grad, scalar, rate: M.benchActivation(fn, grad, scalar, n, reps) });
        }
      }
    }
    for (const fn of fns) {
      postMessage({ type: 'epoch', fn, seconds: timeEpoch(M, { ...epochConfig, activation: fn }, epochs) });
    }
    postMessage({ type: 'done', arch: M.simdArch() });
  } catch (err) {
    postMessage({ type: 'error', message: String(err?.message ?? err) });
  }
};
