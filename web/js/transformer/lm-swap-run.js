// "Inside a Transformer", part 3: the swap's run. Worker A loads the shipped model, measures it,
// swaps the FFN activation and measures again; Fine-tune runs A with the new activation and B,
// the control, with the old one, the same K steps. lm-swap.js draws the state kept here.
import { createLmWorker } from './lm-client.js';
import { messageOf } from '../shared/worker-error.js';

/** @typedef {import('../shared/types').LmActivationName} LmActivationName */
/** @typedef {ReturnType<typeof createLmWorker>} LmWorker */
/** @typedef {import('./lm-swap-view.js').Stage} Stage */
/** @typedef {import('./lm-swap-view.js').Which} Which */
/** @typedef {import('./lm-swap-view.js').LmSwapRun} LmSwapRun */

const CURVE_POINTS = 20; // evaluations along a fine-tuning run

/**
 * @param {object} opts
 * @param {import('../shared/types').Settings<import('../shared/types').LmSwapValues>} opts.params
 * @param {(key: string) => void} opts.announce
 * @param {() => void} opts.sync shows the settings
 * @param {() => void} opts.render draws the state
 * @param {() => void} opts.repaint draws it soon (many progress messages)
 */
export function createLmSwapRun({ params, announce, sync, render, repaint }) {
  /** @type {Record<Which, LmWorker | null>} */
  const workers = { a: null, b: null };
  /** @type {LmSwapRun} */
  const run = {
    busy: '',
    error: '',
    progress: null,
    stages: {},
    zeros: {},
    samples: {},
    rates: {},
    curves: { a: [], b: [] },
  };
  /** @type {LmActivationName | null} */
  let from = null, // the pretrained model's activation, from the core
    vocabulary = 0; // characters of the corpus: ln of it is the loss of a uniform guess

  const samplesArgs = () => ({
    prompt: params.named.prompt,
    n: params.named.length,
    temperature: params.named.temperature,
    seed: params.named.sampleSeed,
  });
  /**
   * @param {LmWorker} worker
   * @param {Stage} stage
   */
  async function measure(worker, stage) {
    run.prompt = params.named.prompt;
    run.stages[stage] = await worker.call('evaluate');
    // What ReLU buys: the FFN's outputs that are exactly 0 (GELU's almost never are).
    run.zeros[stage] = await worker.call('zeros');
    const r = await worker.call('sample', { ...samplesArgs(), words: true });
    run.samples[stage] = r.text;
    run.rates[stage] = r.rate;
  }
  /**
   * Worker `which` holding the shipped pretrained model, evaluated `points` times over K steps.
   * @param {Which} which
   */
  async function fresh(which, points = 1) {
    const worker = (workers[which] ??= createLmWorker());
    const k = params.named.finetuneSteps;
    const overrides = { eval_every: Math.max(1, Math.round(k / points)) };
    const info = await worker.call('init', { pretrained: true, overrides });
    from = info.activation;
    vocabulary = info.vocabulary.length;
    return worker;
  }

  async function swap() {
    const to = params.named.to;
    run.stages = {};
    run.zeros = {};
    run.samples = {};
    run.rates = {};
    run.curves = { a: [], b: [] };
    const a = await fresh('a');
    await measure(a, 'before');
    await a.call('activation', { name: to });
    await measure(a, 'swapped');
    run.to = to;
    announce('lm.swap_announce_swapped');
  }

  async function tune() {
    const k = params.named.finetuneSteps;
    // Both from the pretrained weights, every time: A swapped again, B (the control) as shipped.
    const [a, b] = await Promise.all([fresh('a', CURVE_POINTS), fresh('b', CURVE_POINTS)]);
    const to = run.to;
    if (!to) throw new Error('swap first'); // (Fine-tune is disabled until a swap has been made)
    await a.call('activation', { name: to });
    for (const stage of /** @type {Stage[]} */ (['tuned', 'control'])) {
      delete run.stages[stage];
      delete run.zeros[stage];
    }
    run.curves = { a: [], b: [] }; // the core records step 0 (before fine-tuning) itself
    /** @type {Record<Which, number>} */
    const start = { a: 0, b: 0 };
    for (const [w, worker] of /** @type {[Which, LmWorker][]} */ (Object.entries({ a, b })))
      start[w] = (await worker.call('extend', { steps: k, lr: params.named.finetuneLr })).step;
    const done = { a: 0, b: 0 };
    /**
     * @param {Which} w
     * @param {LmWorker} worker
     */
    const go = (w, worker) =>
      worker.call('run', {}, (m) => {
        done[w] = m.step - start[w];
        for (const e of m.evals)
          run.curves[w].push({ step: e.step - start[w], val_loss: e.val_loss });
        run.progress = { done: done.a + done.b, of: 2 * k };
        repaint();
      });
    const [ra, rb] = await Promise.all([go('a', a), go('b', b)]);
    if (ra.reason === 'diverged' || rb.reason === 'diverged')
      throw new Error(ra.error || rb.error || 'diverged');
    if (ra.reason !== 'done' || rb.reason !== 'done') return announce('lm.swap_announce_stopped');
    await measure(a, 'tuned');
    await measure(b, 'control');
    run.k = k;
    announce('lm.swap_announce_tuned');
  }

  /**
   * @param {'swap' | 'tune'} name
   * @param {() => Promise<void>} job
   */
  async function act(name, job) {
    if (run.busy) return;
    // The samples use the sampler's prompt as it is now: the sampler writes it to the hash with
    // replaceState, which no other figure hears, so read it here.
    params.readHash();
    sync();
    run.busy = name;
    run.error = '';
    run.progress = null;
    render();
    try {
      await job();
    } catch (err) {
      run.error = messageOf(err);
      announce('lm.swap_announce_error');
    }
    run.busy = '';
    run.progress = null;
    render();
  }

  return {
    run,
    /** The pretrained model's activation, once a worker loaded it. */
    from: () => from,
    /** Characters of the corpus. */
    vocabulary: () => vocabulary,
    swap: () => act('swap', swap),
    tune: () => act('tune', tune),
    stop() {
      for (const w of Object.values(workers)) w?.signal('stop');
    },
    /** Removed from the page: both workers end, mid-run or not. */
    dispose() {
      for (const w of /** @type {Which[]} */ (['a', 'b']))
        (workers[w]?.terminate(), (workers[w] = null));
    },
  };
}
