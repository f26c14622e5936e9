// The core as the page's modules receive it (web/js/shared/core.js's loadCore), over the module built for
// Node: for the tests of state.js, presets.js and the other modules that take a `core`.
// (Not a test file: node --test picks only *.test.mjs and the like.)
import { loadModule } from '../../wasm/module.mjs';
import { describeCore } from '../../web/js/shared/core.js';

/** Loads the module and describes it as the page does: { M, defaults, limits, activations, arch }. */
export async function loadPageCore() {
  return describeCore(await loadModule());
}

/**
 * Runs `body` on a fresh Experiment of `config` and frees it (Embind objects are not collected).
 * @template T
 * @param {import('../../wasm/activation-lab').ActivationLab} M
 * @param {object} config
 * @param {(e: import('../../wasm/activation-lab').Experiment) => T} body
 * @returns {T}
 */
export function withExperiment(M, config, body) {
  const e = new M.Experiment(JSON.stringify(config));
  try {
    return body(e);
  } finally {
    e.delete();
  }
}
