// The cost panel's worker: times the core's activation kernels and one training epoch per
// activation, here, in the reader's browser, off the main thread (a busy page would distort
// the timings and freeze while they run). Each number is posted as soon as it is measured.
// It answers one request (shared/worker-serve.js; cost.js is its caller):
//   {cmd:'measure', fns, n, reps, epochConfig, rounds} -> {arch}, after progress messages
//   {message} whose message is one of
//        {type:'kernel', fn, grad, scalar, rate, round}  elements per second, one round
//        {type:'epoch', fn, seconds, round}               seconds per epoch, one round
// The kernels' rounds are kernel-rounds.js's (the rate the core returns), the epochs'
// epoch-timing.js's.
import { loadCore } from '../shared/core.js';
import { serve } from '../shared/worker-serve.js';
import { timeEpochs } from './epoch-timing.js';
import { timeKernels } from './kernel-rounds.js';

/** @typedef {import('../shared/types').ActivationName} ActivationName */

const core = loadCore();
const EPOCH_TARGET_MS = 100; // each epoch sample lasts about this long (epoch-timing.js)

/** @typedef {(fields: {message: import('./protocol').BenchMessage}) => void} Progress */

/**
 * @param {import('./protocol').BenchRequest} request
 * @param {Progress} progress
 */
async function measure({ fns, n, reps, epochConfig, rounds }, progress) {
  const { M } = await core;
  timeKernels(M, fns, { n, reps, rounds }, ({ fn, grad, scalar, rate, round }) =>
    progress({ message: { type: 'kernel', fn, grad, scalar, rate, round } }),
  );
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
