// A module Web Worker that owns one LmExperiment (the core's character-level Transformer): the
// shipped pretrained model or a fresh one, kept between messages. Training runs in slices of at
// most SLICE_MS, with a yield between them, so 'pause' and 'stop' take effect within one slice.
// Protocol (lm-client.js is its only caller, through shared/worker-client.js; this side answers
// through shared/worker-serve.js), the requests and their results (progress only for 'run'):
//   {cmd:'init', config?, pretrained?, overrides?} -> {config, vocabulary, activation, step,
//        trained}  (pretrained: the shipped GELU model, with the configuration it was trained
//        with, plus `overrides`; trained: its record of that training; vocabulary: the distinct
//        characters of the corpus, which the core's tokens are)
//   {cmd:'evaluate'}                     -> {step, train_loss, val_loss}
//   {cmd:'sample', prompt, n, temperature, seed, words?} -> {text, ms, rate}  (rate, with words:
//        {words, known, rate} of the text, shared/word-rate.js with data/words.txt; else null)
//   {cmd:'histogram', layer, lo, hi, bins, eps} -> the FFN pre-activations of one block, binned,
//        with their moments and the share of them where GELU and ReLU differ by more than eps
//   {cmd:'parts'}                        -> the core's geluPartsJson (which part of GELU the
//        model uses: the validation loss with each stand-in for its FFN function, and the FFN
//        function's inputs per block), with ms, the time the core took; forward passes only
//   {cmd:'zeros'}                        -> {overall, blocks}: the share of the FFN function's
//        outputs that are exactly 0 on the validation windows (ffnStatsJson), overall and per block
//   {cmd:'activation', name}             -> {activation}  (every weight kept)
//   {cmd:'extend', steps, lr}            -> {step, until}  (fine-tuning: `steps` more at the
//        constant learning rate lr)
//   {cmd:'run', sample?}                 -> trains to the end of the schedule; progress
//        {step, until, evals:[{step, train_loss, val_loss}], sample, seconds} at most every
//        SLICE_MS (evals: the core's new history records, taken every eval_every steps; sample:
//        a text written after the latest of them, or null); result {reason: 'done'|'paused'|
//        'stopped'|'diverged', step, seconds, error}
// Signals, no answer of their own: {cmd:'pause'}, {cmd:'stop'} (end the current 'run').
import { loadCore } from '../shared/core.js';
import { LM_FILES, scratchText } from '../shared/lm-config.js';
import { fetchBytes, fetchData } from '../shared/worker-error.js';
import { lmForwardFault } from '../shared/forward-check.js';
import { serve } from '../shared/worker-serve.js';
import { inputHistogram } from './lm-plot-states.js';
import { parseWordList, wordRate } from '../shared/word-rate.js';

/** @typedef {import('./protocol').LmCalls} LmCalls */
/** @typedef {import('./protocol').LmRunResult} LmRunResult */
/** @typedef {LmCalls['run']['args'] & {id: number}} RunRequest  (id: the run's own number) */
/** @typedef {(fields: Record<string, unknown>) => void} Progress */

const SLICE_MS = 60;
const core = loadCore();
/** @type {Map<string, Promise<string>>} */
const texts = new Map(); // file -> Promise<string>, fetched once per worker
/** @type {Promise<Uint8Array> | null} */
let weightBytes = null; // the pretrained model's safetensors, fetched once per worker
/** @type {import('../shared/types').ActivationLab} */
let M,
  /** @type {import('../shared/types').LmExperiment | null} */
  exp = null,
  runId = 0, // the number of the 'run' in progress, 0 when none
  runs = 0, // runs started so far
  signal = '', // 'pause' | 'stop', read between slices
  posted = 0, // history records already sent
  seconds = 0;

/** @param {string} path */
function text(path) {
  let promise = texts.get(path);
  if (!promise) {
    promise = fetchData(path, new URL('../../', import.meta.url));
    texts.set(path, promise);
  }
  return promise;
}

/** @param {string} json */
const parse = (json) => JSON.parse(json);
/** @type {Promise<Set<string>> | null} */
let wordList = null;
const dictionary = () => (wordList ??= text(LM_FILES.words).then(parseWordList));
const need = () => {
  if (!exp) throw new Error('no model yet: send init first');
  return exp;
};

/** @returns {import('../shared/types').LmEval} */
function evaluate() {
  return parse(need().evaluateJson());
}

/** @param {string} corpus */
function info(corpus) {
  const e = need();
  const config = parse(e.configJson());
  const vocabulary = [...new Set(corpus)].join('');
  return { config, vocabulary, activation: e.activation(), step: e.stepCount() };
}

/**
 * Each command answers its request (types.d.ts LmCalls).
 * @type {{[K in keyof LmCalls]: (msg: LmCalls[K]['args'], progress: Progress) =>
 *   LmCalls[K]['result'] | Promise<LmCalls[K]['result']>}}
 */
const commands = {
  async init({ config, pretrained, overrides }) {
    if (runId) throw new Error('training in progress: stop it first');
    // The pretrained model learnt its own text (its record names it); a fresh one, the corpus.
    const trained = pretrained ? parse(await text(LM_FILES.trained))[LM_FILES.pretrainedKey] : null;
    const [corpus, weights] = await Promise.all([
      trained ? text(`data/${trained.text}`) : text(LM_FILES.corpus).then(scratchText),
      pretrained
        ? (weightBytes ??= fetchBytes(LM_FILES.pretrained, new URL('../../', import.meta.url)))
        : null,
    ]);
    exp?.delete();
    exp = null;
    const base = trained?.config ?? config ?? parse(M.lmDefaultConfigJson());
    const json = JSON.stringify({ ...base, ...overrides });
    const problem = M.lmValidateConfigJson(json);
    if (problem) throw new Error(problem);
    const e = new M.LmExperiment(json, corpus);
    exp = e;
    if (e.status() === 'invalid') throw new Error(e.error() || 'invalid configuration');
    if (weights) {
      // (and a model whose forward pass overflows is refused, as the CLI refuses it)
      const err = e.loadStateSafetensors(weights) || lmForwardFault(e);
      if (err) throw new Error(`${LM_FILES.pretrained}: ${err}`);
    }
    seconds = 0;
    posted = 0;
    return { ...info(corpus), trained };
  },
  evaluate,
  async sample({ prompt, n, temperature, seed, words }) {
    const t0 = performance.now();
    const out = need().sample(prompt, n, temperature, seed);
    const ms = performance.now() - t0;
    // words: also how many of its words the dictionary has (fetched on the first such request).
    const rate = words ? wordRate(prompt, out, await dictionary()) : null;
    return { text: out, ms, rate };
  },
  histogram({ layer, ...range }) {
    const values = need().ffnPreactivations(layer).slice(); // a copy: the view dies on the next call
    return inputHistogram(M, layer, values, range);
  },
  parts() {
    const t0 = performance.now();
    /** @type {import('./protocol').LmCalls['parts']['result'] | {error: string}} */
    const parts = parse(need().geluPartsJson());
    if ('error' in parts) throw new Error(parts.error);
    return { ...parts, ms: performance.now() - t0 };
  },
  zeros() {
    /** @type {import('./protocol').LmFfnStats | {error: string}} */
    const stats = parse(need().ffnStatsJson());
    if ('error' in stats) throw new Error(stats.error);
    return {
      overall: stats.share_zero_output,
      blocks: stats.blocks.map((b) => b.share_zero_output),
    };
  },
  activation({ name }) {
    const e = need();
    const err = e.setActivation(name);
    if (err) throw new Error(err);
    return { activation: e.activation() };
  },
  extend({ steps, lr }) {
    const e = need();
    const until = e.stepCount() + steps;
    const err = e.setSteps(until) || e.setConstantLr(lr);
    if (err) throw new Error(err);
    return { step: e.stepCount(), until };
  },
  run(msg, progress) {
    need();
    if (runId) throw new Error('already training');
    runId = ++runs;
    signal = '';
    return new Promise((resolve) => slice({ ...msg, id: runId }, progress, resolve));
  },
};

/**
 * One slice of training: steps until SLICE_MS has passed, then a progress message and a yield.
 * @param {RunRequest} msg
 * @param {Progress} progress
 * @param {(result: LmRunResult) => void} resolve
 */
function slice({ id, sample }, progress, resolve) {
  if (runId !== id) return resolve({ reason: 'stopped', step: exp?.stepCount() ?? 0, seconds });
  const model = need(); // (a run holds the model: init refuses to replace it meanwhile)
  const until = parse(model.configJson()).steps;
  let more = true;
  const t0 = performance.now();
  while (more && !signal && performance.now() - t0 < SLICE_MS) more = model.step(1);
  // The core evaluates on its own (before the first step, every eval_every steps, at the end).
  const evals = parse(model.historyJson()).slice(posted);
  posted += evals.length;
  const written =
    sample && evals.length
      ? model.sample(sample.prompt, sample.n, sample.temperature, sample.seed)
      : null;
  seconds += (performance.now() - t0) / 1000;
  progress({ step: model.stepCount(), until, evals, sample: written, seconds });
  const status = model.status();
  if (status === 'diverged' || !more || signal) {
    runId = 0;
    /** @type {LmRunResult['reason']} */
    const reason =
      status === 'diverged'
        ? 'diverged'
        : !more
          ? 'done'
          : signal === 'pause'
            ? 'paused'
            : 'stopped';
    signal = '';
    return resolve({ reason, step: model.stepCount(), seconds, error: model.error() });
  }
  setTimeout(() => slice({ id, sample }, progress, resolve), 0);
}

/**
 * Every command waits for the core first (tsc cannot pair a command with its own request type
 * through the union: one cast).
 * @type {Record<string, (args: any, progress: Progress) => Promise<unknown>>}
 */
const loaded = Object.fromEntries(
  Object.entries(commands).map(([cmd, run]) => [
    cmd,
    async (/** @type {any} */ args, /** @type {Progress} */ progress) => {
      M ??= (await core).M;
      return /** @type {(a: any, p: Progress) => unknown} */ (run)(args, progress);
    },
  ]),
);
const interrupt = (/** @type {'pause' | 'stop'} */ how) => () => {
  if (runId) signal = how;
};
serve(loaded, { pause: interrupt('pause'), stop: interrupt('stop') });
