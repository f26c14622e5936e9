// Numbers the article quotes that are found, not typed: each is searched for in samples of the
// core's own float32 kernels.
import { linspace, sample } from './core.js';

/**
 * The lowest point of fn on [a, b], from n samples: { x, y }.
 * @param {import('./types').ActivationLab} M
 * @param {import('./types').ActivationName} [fn]
 */
export function minimum(M, fn = 'gelu', a = -3, b = 0, n = 30001) {
  const xs = linspace(a, b, n);
  const ys = sample(M, fn, xs);
  let best = 0;
  for (let i = 1; i < n; i++) if (ys[i] < ys[best]) best = i;
  return { x: xs[best], y: ys[best] };
}

/**
 * |exact GELU − tanh GELU| on [a, b]: { xs, err, max, at }. The difference is an even function
 * (both forms satisfy f(x) − f(−x) = x), so its maximum sits at ±at; `at` is reported as |x|.
 * @param {import('./types').ActivationLab} M
 */
export function tanhError(M, a = -6, b = 6, n = 12001) {
  const xs = linspace(a, b, n);
  const exact = sample(M, 'gelu', xs);
  const approx = sample(M, 'gelu_tanh', xs);
  const err = new Float64Array(n);
  let best = 0;
  for (let i = 0; i < n; i++) {
    err[i] = Math.abs(exact[i] - approx[i]);
    if (err[i] > err[best]) best = i;
  }
  return { xs, err, max: err[best], at: Math.abs(xs[best]) };
}
