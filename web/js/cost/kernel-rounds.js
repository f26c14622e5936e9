// The cost panel's kernel timings, the part of its worker (bench-worker.js) that Node tests run
// with the module: every kernel once per round, the rounds one after another (ReLU, GELU, …, then
// ReLU again), so that a busy moment of the machine lands on all the kernels alike and shows up as
// spread between rounds (bench-stats.js) rather than as a difference between kernels.
//
// Each round's rate is what the core's benchActivation returns: it repeats the pass until one
// timing lasts long enough for a browser's coarse clock (0.1 ms without cross-origin isolation,
// while a ReLU pass over 64 K floats takes microseconds) and keeps the best of `reps` timings.
// Timing the call from here instead would time its own sizing loop and its slower timings too.

/** @typedef {import('../shared/types').ActivationLab} ActivationLab */
/** @typedef {import('../shared/types').ActivationName} ActivationName */
/** @typedef {{fn: ActivationName, grad: boolean, scalar: boolean}} Kernel */

/**
 * Every kernel the panel times: value, then derivative; per activation, SIMD then scalar.
 * @param {ActivationName[]} fns
 * @returns {Kernel[]}
 */
export const kernelsOf = (fns) =>
  [false, true].flatMap((grad) =>
    fns.flatMap((fn) => [false, true].map((scalar) => ({ fn, grad, scalar }))),
  );

/**
 * Times every kernel in `rounds` interleaved rounds; onRate gets each rate (elements per second,
 * as the core returns it) as soon as it is measured.
 * @param {ActivationLab} M
 * @param {ActivationName[]} fns
 * @param {{n: number, reps: number, rounds: number}} how
 * @param {(kernel: Kernel & {rate: number, round: number}) => void} onRate
 */
export function timeKernels(M, fns, { n, reps, rounds }, onRate) {
  const kernels = kernelsOf(fns);
  // One short call per kernel first: the engine compiles every path before any round counts.
  for (const { fn, grad, scalar } of kernels) M.benchActivation(fn, grad, scalar, n, 1);
  for (let round = 0; round < rounds; round++)
    for (const k of kernels)
      onRate({ ...k, rate: M.benchActivation(k.fn, k.grad, k.scalar, n, reps), round });
}
