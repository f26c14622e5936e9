// The Transformer CLI's models and files (`activation-lab lm …`, cli-lm.mjs): where the shipped
// texts and models live, reading them within the core's bounds, and finding the configuration a
// weight file loads with. Failures go through the CLI's io.fail (one line on stderr, exit 2).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** @typedef {import('./activation-lab').ActivationLab} ActivationLab */
/** @typedef {import('./activation-lab').LmExperiment} LmExperiment */
/**
 * What the CLI lends this module: its file access, number parsing and error exit.
 * @typedef {object} Io
 * @property {(path: string, flag: string, maxBytes: number) => string} readText
 * @property {(path: string, flag: string, maxBytes: number) => Uint8Array} readBytes
 * @property {(path: string, text: string | Uint8Array, flag: string) => void} writeText
 * @property {(text: string, what: string, kind?: 'integer' | 'real' | 'any') => number} toNumber
 * @property {(message: string) => never} fail
 */

// In a checkout the text lives in web/data/; the npm package ships it as the site has it, in dist/data/.
const sourceData = new URL('../web/data/', import.meta.url);
const dataDir = existsSync(sourceData) ? sourceData : new URL('../dist/data/', import.meta.url);
/** A shipped data file (the texts, the word list, the pretrained models and their manifest). */
export const dataPath = (/** @type {string} */ name) => fileURLToPath(new URL(name, dataDir));
// The page's refusal of a model whose forward pass is not finite (web/js/shared/; the package
// ships it as dist/js/shared/), so the CLI and the page refuse the same weights.
const jsSource = new URL('../web/js/shared/', import.meta.url);
const jsDir = existsSync(jsSource) ? jsSource : new URL('../dist/js/shared/', import.meta.url);
/** @type {typeof import('../web/js/shared/forward-check.js')} */
const { lmForwardFault } = await import(new URL('forward-check.js', jsDir).href);
/** The lexicon (the pretrained models learnt all of it; a run from scratch, its start). */
export const lexiconPath = dataPath('jargon.txt');
export const pretrainedPath = (/** @type {string} */ act) => dataPath(`lm-${act}.safetensors`);

/** The model's shape flags, which `lm study` shares with `lm train` (flag -> config key). */
export const MODEL_FLAGS = Object.freeze({
  d: 'd',
  layers: 'layers',
  heads: 'heads',
  ctx: 'ctx',
  ffn: 'ffn',
  batch: 'batch',
});

/**
 * A weight file's contents: safetensors bytes (what the project ships and writes), or the JSON
 * state_dict text of files from before it (a name ending in .json).
 * @typedef {string | Uint8Array} Weights
 */
const isJsonPath = (/** @type {string} */ path) => /\.json$/i.test(path);

/**
 * @param {number} x
 * @param {string} flag
 * @param {Io} io
 */
export function finite(x, flag, io) {
  if (!Number.isFinite(x)) io.fail(`${flag} must be a finite number`);
  return x;
}

/**
 * The grammar of a field from its row of the core's limits: digits only where it is whole.
 * @param {{integer?: boolean} | undefined} limit
 * @returns {'integer' | 'real'}
 */
export const kindOf = (limit) => (limit?.integer ? 'integer' : 'real');

/**
 * An experiment that must be valid, deleted by the caller.
 * @param {ActivationLab} M
 * @param {object} config
 * @param {string} text
 * @param {Io} io
 * @param {string} what
 */
export function experiment(M, config, text, io, what) {
  const e = new M.LmExperiment(JSON.stringify(config), text);
  if (e.error()) {
    const error = e.error();
    e.delete();
    io.fail(`${what}: ${error}`);
  }
  return e;
}

/**
 * Loads weights into e, and refuses a model whose forward pass is not finite (the caller deletes
 * e, also when this fails).
 * @param {LmExperiment} e
 * @param {Weights} weights
 * @param {string} flag
 * @param {Io} io
 */
export function loadWeights(e, weights, flag, io) {
  // Weights that load but overflow (3e38) would print only newlines or null losses: refused.
  const error = loadInto(e, weights) || lmForwardFault(e);
  if (error) io.fail(`${flag}: ${error}`);
}

/**
 * "" or why `weights` do not load into e.
 * @param {LmExperiment} e
 * @param {Weights} weights
 */
const loadInto = (e, weights) =>
  typeof weights === 'string' ? e.loadStateJson(weights) : e.loadStateSafetensors(weights);

/**
 * Writes e's weights as `path` says: JSON for a name ending in .json, safetensors otherwise.
 * @param {LmExperiment} e
 * @param {string} path
 * @param {string} flag
 * @param {Io} io
 */
export function saveWeights(e, path, flag, io) {
  io.writeText(path, isJsonPath(path) ? e.stateJson() : e.stateSafetensors(), flag);
}

/**
 * A text to learn, read no further than the core's max_text_bytes.
 * @param {ActivationLab} M
 * @param {Io} io
 * @param {string} path
 * @param {string} flag
 */
export const readCorpus = (M, io, path, flag) =>
  io.readText(path, flag, JSON.parse(M.lmConfigLimitsJson()).max_text_bytes);

/**
 * The from-scratch text: the start of the lexicon, as long as the core says (lmScratchChars, the
 * page's too).
 * @param {ActivationLab} M
 * @param {Io} io
 */
export const readScratch = (M, io) =>
  readCorpus(M, io, lexiconPath, 'corpus').slice(0, M.lmScratchChars());

/**
 * A weight file, read no further than the core's max_state_bytes: text for a name ending in
 * .json, bytes (safetensors) otherwise.
 * @param {ActivationLab} M
 * @param {Io} io
 * @param {string} path
 * @param {string} flag
 * @returns {Weights}
 */
export function readWeights(M, io, path, flag) {
  const max = JSON.parse(M.lmConfigLimitsJson()).max_state_bytes;
  return isJsonPath(path) ? io.readText(path, flag, max) : io.readBytes(path, flag, max);
}

/**
 * @param {ActivationLab} M
 * @returns {import('./activation-lab').LmActivationName[]}
 */
export function names(M) {
  return JSON.parse(M.lmConfigLimitsJson()).act;
}

/**
 * A model's FFN activation (the core's act: GELU's swap-only parts are not among them, so no run
 * from scratch, study or sample takes one); `also` lists more names a message offers.
 * @param {ActivationLab} M
 * @param {string} value
 * @param {string} flag
 * @param {Io} io
 * @param {string[]} [also]
 */
export function activationFlag(M, value, flag, io, also = []) {
  const name = names(M).find((n) => n === value);
  if (!name)
    return io.fail(
      `${flag}: unknown activation ${M.quoteInput(value)} (expected ${[...names(M), ...also].join(', ')})`,
    );
  return name;
}

/**
 * The shipped pretrained model of `act`, or a failure that names the ones that are shipped.
 * @param {ActivationLab} M
 * @param {import('./activation-lab').LmActivationName} act
 * @param {string} what
 * @param {Io} io
 */
export function shippedWeights(M, act, what, io) {
  const path = pretrainedPath(act);
  if (existsSync(path)) return path;
  const shipped = names(M).filter((a) => existsSync(pretrainedPath(a)));
  return io.fail(
    `${what}: no pretrained model for ${act} (there are: ${shipped.join(', ') || 'none'}; ` +
      'train one with lm train --save FILE and pass --weights FILE)',
  );
}

/**
 * The configurations and texts a weight file of `act` may have been trained with, in the order they
 * are tried: the configuration a safetensors file records (its __metadata__) on each text below,
 * then the pretrained one that web/data/lm-pretrained.json records (the shipped models), then the
 * core's defaults on the from-scratch text (what an old JSON file of `lm train --save` holds).
 * text: a data file, or null for the from-scratch text.
 * @param {ActivationLab} M
 * @param {import('./activation-lab').LmActivationName} act
 * @param {Weights} weights
 * @returns {{config: {[key: string]: unknown}, text: string | null}[]}
 */
export function candidates(M, act, weights) {
  const out = [];
  const manifest = dataPath('lm-pretrained.json');
  const entry = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8'))[act] : null;
  const texts = [...(entry ? [dataPath(entry.text)] : []), null];
  if (typeof weights !== 'string') {
    const recorded = JSON.parse(M.lmSafetensorsConfigJson(weights)).config;
    if (recorded) for (const text of texts) out.push({ config: { ...recorded, act }, text });
  }
  if (entry) out.push({ config: { ...entry.config, act }, text: texts[0] });
  out.push({ config: { ...JSON.parse(M.lmDefaultConfigJson()), act }, text: null });
  return out;
}

/**
 * Whether a load's error says only that the text tried is not the file's: the token embedding's
 * rows are the text's vocabulary, so its shape alone differs (the core's message, lm_safetensors.cpp
 * and lm_state.cpp).
 * @param {string} error
 */
const isOtherText = (error) =>
  /tensor "tok\.weight" has shape|"tok\.weight" must have shape/.test(error);

/**
 * The configuration and text that `weights` load with (see candidates), or a failure that gives
 * the file's own fault: the first candidate's error that is not only another text's vocabulary
 * (the file's recorded configuration comes first, so a bad shape, a non-finite value or an unknown
 * tensor of the file is reported as such, not as a mismatch with the last fallback's defaults).
 * @param {ActivationLab} M
 * @param {Io} io
 * @param {import('./activation-lab').LmActivationName} act
 * @param {Weights} weights
 * @param {string} what
 * @returns {{config: {[key: string]: unknown}, text: string}}
 */
export function modelOf(M, io, act, weights, what) {
  /** @type {string[]} */
  const errors = [];
  for (const c of candidates(M, act, weights)) {
    const text = c.text === null ? readScratch(M, io) : readCorpus(M, io, c.text, 'corpus');
    const e = experiment(M, c.config, text, io, what);
    try {
      const error = loadInto(e, weights);
      if (!error) return { config: c.config, text };
      errors.push(error);
    } finally {
      e.delete();
    }
  }
  return io.fail(`--weights: ${errors.find((e) => !isOtherText(e)) ?? errors[0]}`);
}
