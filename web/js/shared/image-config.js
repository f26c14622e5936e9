// The core as the settings engine (state.js) asks it for an image run, as lm-config.js's lmCore
// for the Transformer: the image config's defaults and limits (imageConfigLimitsJson) and its
// validation (validateImageConfigJson). The images figure and the many-seeds study's images
// model both read their settings through it.

/**
 * The core as the settings engine asks it for an image run (as lmCore for the Transformer): the
 * image config's defaults and limits, and its validation.
 * @param {{M: import('./types').ActivationLab, activations: readonly string[]}} core
 * @returns {import('./types').SettingsCore}
 */
export function imagesCore(core) {
  const { M } = core;
  const limits = JSON.parse(M.imageConfigLimitsJson());
  return /** @type {any} */ ({
    M: {
      validateConfigJson: (/** @type {string} */ json) => M.validateImageConfigJson(json),
      parseNumber: (/** @type {string} */ text, /** @type {any} */ kind) =>
        M.parseNumber(text, kind),
      parseLayers: (/** @type {string} */ text) => M.parseLayers(text),
      showInput: (/** @type {string} */ text) => M.showInput(text),
    },
    defaults: limits.defaults,
    limits,
    activations: core.activations,
  });
}
