// The WASM core on the current thread (page or worker), loaded once through a memoised promise.
// On the page it answers light, quick questions (defaults, limits, validation, curve samples);
// training runs in workers (twin/train-worker.js), never here on the main thread.
import { nextTask } from './tasks.js';

// The smallest module that uses a SIMD128 instruction: valid only where WASM SIMD is supported.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15,
  253, 98, 11,
]);

/**
 * ?engine=scalar on the page URL runs the scalar build as a browser without WASM SIMD would (a test
 * and demo hook). A worker has its own URL: page/boot.js passes the choice on in the worker's name.
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

/** The two builds of the core: SIMD, and scalar for browsers without WASM SIMD. */
export const BUILDS = { simd: 'activation-lab', scalar: 'activation-lab-scalar' };

/**
 * The files of one build in wasm/. Emscripten writes `single`: the glue with the binary inside as
 * base64, which Node, the CLI and pages opened from disk load. The site also gets `glue` (the same
 * glue without it, 16 KB gzipped instead of 228) and `wasm`, the binary (web/ship/wasm-split.mjs):
 * a browser compiles it while it downloads and off the main thread, where decoding the base64
 * held a phone's main thread for about 200 ms.
 * @param {string} build  a value of BUILDS
 */
export const buildFiles = (build) => ({
  single: `${build}.mjs`,
  glue: `${build}.web.mjs`,
  wasm: `${build}.wasm`,
});

/** The build this browser can run (SIMD when it can, else the scalar build). */
const build = () => (simdSupported() ? BUILDS.simd : BUILDS.scalar);

/** URL of the single-file module of the build this browser can run. */
export function moduleUrl() {
  return new URL(`../../wasm/${buildFiles(build()).single}`, import.meta.url).href;
}

/** @typedef {import('./types').Core} Core */
/** @typedef {import('./types').ActivationLab} ActivationLab */
/** @typedef {import('./types').ActivationName} ActivationName */
/** @typedef {typeof import('../../../wasm/activation-lab').default} ModuleFactory */

/** @type {Promise<Core> | undefined} */
let corePromise;

/**
 * Resolves to { M, defaults, limits, activations, arch }: the module and what it says about
 * itself. Every default, range and activation name on the page comes from here.
 * @returns {Promise<Core>}
 */
export function loadCore() {
  corePromise ??= startModule().then(async (M) => {
    await nextTask(); // starting the module and asking it about itself: two tasks, not one long one
    return describeCore(M);
  });
  return corePromise;
}

/**
 * Over http(s), the glue and its .wasm (see buildFiles); elsewhere (Node, file://) the single file.
 * @returns {Promise<ActivationLab>}
 */
async function startModule() {
  const dir = new URL('../../wasm/', import.meta.url);
  const files = buildFiles(build());
  if (!/^https?:$/.test(dir.protocol)) {
    /** @type {{default: ModuleFactory}} */
    const mod = await import(new URL(files.single, dir).href);
    return mod.default();
  }
  /** @type {{default: ModuleFactory}} */
  const mod = await import(new URL(files.glue, dir).href);
  const wasm = new URL(files.wasm, dir).href;
  return new Promise((resolve, reject) => {
    mod
      .default({
        // Emscripten's hook: the glue hands over its imports and waits for the instance.
        instantiateWasm(imports, receive) {
          instantiate(wasm, imports).then((instance) => receive(instance), reject);
          return {};
        },
      })
      .then(resolve, reject);
  });
}

/**
 * Compiles the binary at url while it downloads (streaming), or from its bytes where the server
 * does not call it application/wasm, which streaming compilation requires.
 * @param {string} url
 * @param {WebAssembly.Imports} imports
 */
async function instantiate(url, imports) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  if (response.headers.get('Content-Type')?.startsWith('application/wasm'))
    return (await WebAssembly.instantiateStreaming(response, imports)).instance;
  return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
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
