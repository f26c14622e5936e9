// The Transformer's configuration as the page sees it, all of it asked of the core: where its data
// files live, the shape of a model (for the drawing) and an adapter that lets state.js validate
// the Transformer's settings with the core's Transformer limits, as it does the MLP's.

/**
 * The data files, relative to dist/ (written by `npm run pretrain`): the lexicon (the from-scratch
 * corpus is its start, scratchText), the
 * shipped pretrained GELU weights (float32 safetensors: src/lm/lm_safetensors.hpp), what each shipped model was trained with
 * ({gelu: {config, text, steps, train_loss, val_loss, seconds}, ...}; text: the file in data/ it
 * learnt, the whole lexicon), the same record of the from-scratch reference runs and the word
 * list the word rate counts with (shared/word-rate.js).
 */
export const LM_FILES = {
  corpus: 'data/jargon.txt',
  pretrained: 'data/lm-gelu.safetensors',
  trained: 'data/lm-pretrained.json',
  scratch: 'data/lm-scratch.json',
  words: 'data/words.txt',
  pretrainedKey: 'gelu',
};

/**
 * The from-scratch corpus: the first 399,856 characters of the lexicon (data/jargon.txt, printable
 * ASCII, so as many bytes), whole paragraphs, the ~400 kB a reader trains on in a minute. One file
 * ships; tests/js/lm-corpus.test.mjs checks this prefix is the corpus.txt it replaced. The number
 * is the core's (src/lm/corpus.hpp scratch_chars, M.lmScratchChars(), what the CLI reads): a copy
 * here because the page cuts the text where no core is at hand (page-data.js, a worker's first
 * fetch), held equal to the core's by that test.
 */
export const SCRATCH_CHARS = 399856;
/** @param {string} lexicon data/jargon.txt's text */
export const scratchText = (lexicon) => lexicon.slice(0, SCRATCH_CHARS);

/**
 * { d, ffn, heads, layers, ctx, act } of a configuration (the core's JSON field names).
 * @param {Required<import('./types').LmConfig>} config
 */
export function modelShape(config) {
  return {
    d: config.d,
    ffn: config.ffn,
    heads: config.heads,
    layers: config.layers,
    ctx: config.ctx,
    act: config.act,
  };
}

/**
 * The core as state.js expects it (defaults, limits, activations, M.validateConfigJson), but for
 * the Transformer: createSettings(lmCore(core), ROWS, store) validates LM settings with the core.
 * @param {{M: import('./types').ActivationLab}} core
 * @returns {import('./types').LmCore}
 */
export function lmCore(core) {
  const { M } = core;
  const defaults = JSON.parse(M.lmDefaultConfigJson());
  /** @type {import('./types').LmLimits} */
  const limits = JSON.parse(M.lmConfigLimitsJson());
  return {
    M: {
      validateConfigJson: (json) => M.lmValidateConfigJson(json),
      parseNumber: (text, kind) => M.parseNumber(text, kind),
      parseLayers: (text) => M.parseLayers(text),
      showInput: (text) => M.showInput(text),
    },
    defaults,
    limits,
    activations: limits.act,
  };
}
