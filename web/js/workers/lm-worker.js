// @ts-nocheck -- not annotated yet (tests/lint/tsconfig.json checks every worker)
// A module Web Worker that owns one LmExperiment (the core's character-level Transformer): the
// shipped pretrained model or a fresh one, kept between messages. Training runs in slices of at
// most SLICE_MS, with a yield between them, so 'pause' and 'stop' take effect within one slice.
// Protocol (lm-client.js is its only caller). Every request carries an id; its answer is one
// {id, type:'done', result} or {id, type:'error', message}, after any number of
// {id, type:'progress', ...} for 'run':
//   {cmd:'init', config?, pretrained?, overrides?} -> {config, vocabulary, activation, step,
//        trained}  (pretrained: the shipped GELU model, with the configuration it was trained
//        with, plus `overrides`; trained: its record of that training; vocabulary: the distinct
//        characters of the corpus, which the core's tokens are)
//   {cmd:'evaluate'}                     -> {step, train_loss, val_loss}
//   {cmd:'sample', prompt, n, temperature, seed} -> {text, ms}
//   {cmd:'histogram', layer, lo, hi, bins, eps} -> the FFN pre-activations of one block, binned,
//        with their moments and the share of them where GELU and ReLU differ by more than eps
//   {cmd:'activation', name}             -> {activation}  (every weight kept)
//   {cmd:'extend', steps, lr}            -> {step, until}  (fine-tuning: `steps` more at the
//        constant learning rate lr)
//   {cmd:'run', sample?}                 -> trains to the end of the schedule; progress
//        {step, until, evals:[{step, train_loss, val_loss}], sample, seconds} at most every
//        SLICE_MS (evals: the core's new history records, taken every eval_every steps; sample:
//        a text written after the latest of them, or null); result {reason: 'done'|'paused'|
//        'stopped'|'diverged', step, seconds, error}
// Signals, no answer of their own: {cmd:'pause'}, {cmd:'stop'} (end the current 'run').
import { loadCore, linspace, sample as evaluateFn } from '../core.js';
import { LM_FILES } from '../lm-config.js';
import { differInterval, fractionWithin, histogram, moments } from '../lm-stats.js';

const SLICE_MS = 60;
const core = loadCore();
const texts = new Map(); // file -> Promise<string>, fetched once per worker
let M,
  exp = null,
  runId = 0, // the id of the 'run' in progress, 0 when none
  signal = '', // 'pause' | 'stop', read between slices
  posted = 0, // history records already sent
  seconds = 0;

function text(path) {
  if (!texts.has(path)) {
    texts.set(
      path,
      fetch(new URL(`../../${path}`, import.meta.url)).then((r) => {
        if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
        return r.text();
      }),
    );
  }
  return texts.get(path);
}

const parse = (json) => JSON.parse(json);
const need = () => {
  if (!exp) throw new Error('no model yet: send init first');
  return exp;
};

function evaluate() {
  return parse(need().evaluateJson());
}

function info(corpus) {
  const config = parse(exp.configJson());
  const vocabulary = [...new Set(corpus)].join('');
  return { config, vocabulary, activation: exp.activation(), step: exp.stepCount() };
}

const commands = {
  async init({ config, pretrained, overrides }) {
    if (runId) throw new Error('training in progress: stop it first');
    const [corpus, weights, records] = await Promise.all([
      text(LM_FILES.corpus),
      pretrained ? text(LM_FILES.pretrained) : null,
      pretrained ? text(LM_FILES.trained) : null,
    ]);
    exp?.delete();
    exp = null;
    const trained = records ? parse(records)[LM_FILES.pretrainedKey] : null;
    const base = trained?.config ?? config ?? parse(M.lmDefaultConfigJson());
    const json = JSON.stringify({ ...base, ...overrides });
    const problem = M.lmValidateConfigJson(json);
    if (problem) throw new Error(problem);
    exp = new M.LmExperiment(json, corpus);
    if (exp.status() === 'invalid') throw new Error(exp.error() || 'invalid configuration');
    if (weights) {
      const err = exp.loadStateJson(weights);
      if (err) throw new Error(err);
    }
    seconds = 0;
    posted = 0;
    return { ...info(corpus), trained };
  },
  evaluate,
  sample({ prompt, n, temperature, seed }) {
    const t0 = performance.now();
    const out = need().sample(prompt, n, temperature, seed);
    return { text: out, ms: performance.now() - t0 };
  },
  histogram({ layer, lo, hi, bins, eps }) {
    const values = need().ffnPreactivations(layer).slice(); // a copy: the view dies on the next call
    // Where GELU and ReLU differ, on the core's own kernels.
    const xs = linspace(lo, hi, 2001);
    const region = differInterval(xs, evaluateFn(M, 'gelu', xs), evaluateFn(M, 'relu', xs), eps);
    return {
      layer,
      ...histogram(values, { lo, hi, bins }),
      moments: moments(values),
      region,
      inRegion: region ? fractionWithin(values, region[0], region[1]) : 0,
    };
  },
  activation({ name }) {
    const err = need().setActivation(name);
    if (err) throw new Error(err);
    return { activation: exp.activation() };
  },
  extend({ steps, lr }) {
    const until = need().stepCount() + steps;
    const err = exp.setSteps(until) || exp.setConstantLr(lr);
    if (err) throw new Error(err);
    return { step: exp.stepCount(), until };
  },
  run(msg) {
    need();
    if (runId) throw new Error('already training');
    runId = msg.id;
    signal = '';
    return new Promise((resolve) => slice(msg, resolve));
  },
};

/** One slice of training: steps until SLICE_MS has passed, then a progress message and a yield. */
function slice({ id, sample }, resolve) {
  if (runId !== id) return resolve({ reason: 'stopped', step: exp?.stepCount() ?? 0, seconds });
  const until = parse(exp.configJson()).steps;
  let more = true;
  const t0 = performance.now();
  while (more && !signal && performance.now() - t0 < SLICE_MS) more = exp.step(1);
  // The core evaluates on its own (before the first step, every eval_every steps, at the end).
  const evals = parse(exp.historyJson()).slice(posted);
  posted += evals.length;
  const written =
    sample && evals.length
      ? exp.sample(sample.prompt, sample.n, sample.temperature, sample.seed)
      : null;
  seconds += (performance.now() - t0) / 1000;
  postMessage({
    id,
    type: 'progress',
    step: exp.stepCount(),
    until,
    evals,
    sample: written,
    seconds,
  });
  const status = exp.status();
  if (status === 'diverged' || !more || signal) {
    runId = 0;
    const reason =
      status === 'diverged'
        ? 'diverged'
        : !more
          ? 'done'
          : signal === 'pause'
            ? 'paused'
            : 'stopped';
    signal = '';
    return resolve({ reason, step: exp.stepCount(), seconds, error: exp.error() });
  }
  setTimeout(() => slice({ id, sample }, resolve), 0);
}

onmessage = async ({ data: msg }) => {
  if (msg.cmd === 'pause' || msg.cmd === 'stop') {
    if (runId) signal = msg.cmd;
    return;
  }
  try {
    M ??= (await core).M;
    const run = commands[msg.cmd];
    if (!run) throw new Error(`unknown command ${msg.cmd}`);
    const result = await run(msg);
    postMessage({ id: msg.id, type: 'done', result });
  } catch (err) {
    postMessage({ id: msg.id, type: 'error', message: String(err?.message ?? err) });
  }
};
