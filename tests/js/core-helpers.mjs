// The core as the page's modules receive it (web/js/core.js's loadCore), over the module built for
// Node: for the tests of state.js, presets.js and the other modules that take a `core`.
// (Not a test file: node --test picks only *.test.mjs and the like.)
import { loadModule } from '../../wasm/module.mjs';
import { describeCore } from '../../web/js/shared/core.js';

/** Loads the module and describes it as the page does: { M, defaults, limits, activations, arch }. */
export async function loadPageCore() {
  return describeCore(await loadModule());
}
