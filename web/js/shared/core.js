// The WASM core on the current thread (page or worker), loaded once through a memoised promise.
// On the page it answers light, quick questions (defaults, limits, validation, curve samples);
// training runs in workers (twin/train-worker.js), never here on the main thread.

// The smallest module that uses a SIMD128 instruction: valid only where WASM SIMD is supported.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15,
  253, 98, 11,
]);

/**
 * ?engine=scalar on the page URL runs the scalar build as a browser without WASM SIMD would (a test
 * and demo hook). A worker has its own URL: js/boot.js passes the choice on in the worker's name.
 */
function forcedScalar() {
  // (a worker's name; Node, which runs the workers in tests, has none)
  const workerName = () => (typeof self === 'undefined' ? '' : self.name);
  const query = typeof document === 'undefined' ? workerName() : location.search;
  return new URLSearchParams(query).get('engine') === 'scalar';
}

/** Whether this page runs the SIMD build: the browser validates SIMD code and nothing forces scalar. */
export function simdSupported() {
  if (forcedScalar()) return false;
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/** URL of the module build this browser can run (SIMD when it can, else the scalar build). */
export function moduleUrl() {
  const file = simdSupported() ? 'activation-lab.mjs' : 'activation-lab-scalar.mjs';
  return new URL(`../../wasm/${file}`, import.meta.url).href;
}

/** @typedef {import('./types').Core} Core */
/** @typedef {import('./types').ActivationLab} ActivationLab */
/** @typedef {import('./types').ActivationName} ActivationName */

/** @type {Promise<Core> | undefined} */
let corePromise;

/**
 * Resolves to { M, defaults, limits, activations, arch }: the module and what it says about
 * itself. Every default, range and activation name on the page comes from here.
 * @returns {Promise<Core>}
 */
export function loadCore() {
  corePromise ??= import(moduleUrl())
    .then((/** @type {{default: typeof import('../../../wasm/activation-lab').default}} */ mod) =>
      mod.default(),
    )
    .then(describeCore);
  return corePromise;
}

/**
 * The module and what it says about itself: { M, defaults, limits, activations, arch } (also how
 * the Node tests of the page's modules see the core).
 * @param {ActivationLab} M
 * @returns {Core}
 */
export function describeCore(M) {
  return {
    M,
    defaults: JSON.parse(M.defaultConfigJson()),
    limits: JSON.parse(M.configLimitsJson()),
    activations: JSON.parse(M.activationNames()),
    arch: M.simdArch(),
  };
}

/**
 * Samples fn (or its derivative) at xs with the core's SIMD kernel; returns a fresh Float32Array.
 * @param {ActivationLab} M
 * @param {ActivationName} fn
 * @param {ArrayLike<number>} xs
 */
export function sample(M, fn, xs, grad = false) {
  return M.evaluate(fn, grad, false, xs instanceof Float32Array ? xs : Float32Array.from(xs));
}

/**
 * n evenly spaced float32 points from a to b inclusive.
 * @param {number} a
 * @param {number} b
 * @param {number} n
 */
export function linspace(a, b, n) {
  const xs = new Float32Array(n);
  for (let i = 0; i < n; i++) xs[i] = a + ((b - a) * i) / (n - 1);
  return xs;
}
