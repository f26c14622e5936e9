// "Inside a Transformer", part 3: the pretrained swap on the real model. Worker A loads the shipped
// GELU model, measures it, swaps the FFN activation keeping every weight and measures again; then A
// fine-tunes K steps with the new activation while worker B, the control, fine-tunes the same K
// steps (same batches) with GELU kept. Every loss and sample comes from the core, live.
import {
  createFields,
  fieldSpecs,
  followSettings,
  presetButtons,
  setPresetsDisabled,
  showSettings,
} from '../shared/fields.js';
import { createSettings, pageHash } from '../shared/state.js';
import { lmCore } from '../shared/lm-config.js';
import { createLmWorker, throttled } from './lm-client.js';
import { renderResults, STAGES, swapVars } from './lm-swap-view.js';
import { createLinePlot } from '../plots/line-plot.js';
import { downloadPng, pngButton, stampedName } from '../shared/export.js';
import { SAMPLE_ROWS, SWAP_ROWS } from './settings.js';
import { createLmBudget } from '../shared/lm-budget.js';
import { closest, finder } from '../shared/dom.js';
import { explainError, messageOf } from '../shared/worker-error.js';
import { captionHtml } from '../shared/takeaway.js';

/** @typedef {import('../shared/types').LmActivationName} LmActivationName */
/** @typedef {ReturnType<typeof createLmWorker>} LmWorker */
/** @typedef {import('./lm-swap-view.js').Stage} Stage */
/** @typedef {import('./lm-swap-view.js').Which} Which */
/** @typedef {import('./lm-swap-view.js').LmSwapRun} LmSwapRun */

/** @type {Record<string, LmActivationName>} */
const PRESETS = { relu: 'relu', gelu_tanh: 'gelu_tanh', silu: 'silu' };
const CURVE_POINTS = 20; // evaluations along a fine-tuning run

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createLmSwap(root, { core, i18n, store = pageHash }) {
  await i18n.need('lm', 'common', 'evidence');
  const lm = lmCore(core);
  // Once the corpus is known, the steps are checked against the compute budget: read them again.
  const budget = createLmBudget(core.M, lm.limits, () => {
    if (run.busy) return;
    params.readHash();
    sync();
    render();
  });
  const params =
    /** @type {import('../shared/types').Settings<import('../shared/types').LmSwapValues>} */ (
      createSettings(lm, [...SWAP_ROWS, ...SAMPLE_ROWS], store, { budget })
    );
  params.readHash();
  root.innerHTML = `
    <div class="ev-panel">
      ${presetButtons(
        'lm',
        Object.keys(PRESETS).map((p) => `swap_${p}`),
      )}
      <form class="ev-form" novalidate data-i18n-attr="aria-label=lm.swap_form_label"></form>
      <div class="swap-steps">
        <button type="button" class="btn primary" data-act="swap"></button><span class="arrow" aria-hidden="true">→</span>
        <button type="button" class="btn" data-act="tune"></button>
        <button type="button" class="btn" data-act="stop" data-i18n="lm.stop"></button>
        <div class="progress"><progress max="1" value="0" data-i18n-attr="aria-label=lm.swap_progress_label"></progress>
          <span class="progress-text" data-progress></span></div>
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" data-announce></div>
      <p class="ev-verdict" data-result></p>
      <div class="table-scroll"><table class="results-table">
        <caption class="visually-hidden" data-i18n="lm.swap_table_caption"></caption>
        <thead><tr><th scope="col" data-i18n="lm.col_model"></th><th scope="col" class="num" data-i18n="lm.col_val"></th>
          <th scope="col" class="num" data-i18n="lm.col_delta"></th></tr></thead>
        <tbody>${STAGES.map((s) => `<tr data-row="${s}"><th scope="row"></th><td class="num" data-col="val"></td><td class="num" data-col="delta"></td></tr>`).join('')}</tbody>
      </table></div>
      <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" data-i18n="lm.swap_curve_title"></h3>${pngButton('curve')}</div>
        <div class="plot-wrap" data-plot="curve"></div><div class="lab-legend" data-legend></div></div>
      <div class="lm-samples">${STAGES.map((s) => `<div data-sample="${s}"><h4></h4><p class="lm-meta" data-rate></p><p class="lm-text"></p></div>`).join('')}</div>
    </div>
    ${captionHtml('lm.swap_caption')}`;
  const $ = finder(root);
  // Its own rows' fields: the samples' prompt and length are the sampler's.
  const fields = createFields($('.ev-form'), fieldSpecs(params, lm, SWAP_ROWS), {
    idPrefix: 'lm-swap',
    onChange: change,
  });
  const curve = createLinePlot($('[data-plot="curve"]'), {
    height: (w) => Math.max(170, Math.min(w * 0.4, 260)),
    fmt: (v, d) => i18n.num(v, d),
  });
  curve.canvas.setAttribute('role', 'img');

  /** @type {Record<Which, LmWorker | null>} */
  const workers = { a: null, b: null };
  /** @type {LmSwapRun} */
  const run = {
    busy: '',
    error: '',
    progress: null,
    stages: {},
    samples: {},
    rates: {},
    curves: { a: [], b: [] },
  };
  /** @type {LmActivationName | null} */
  let from = null, // the pretrained model's activation, from the core
    vocabulary = 0; // characters of the corpus: ln of it is the loss of a uniform guess

  /**
   * @param {string} key
   * @param {string} text
   */
  function change(key, text) {
    params.readHash(); // the sampler's prompt may have changed since: keep it in the hash
    params.set(key, text);
    // Another target makes the last swap's numbers stale: swap again before fine-tuning.
    if (key === 'lto' && params.values.lto !== run.to)
      Object.assign(run, {
        stages: {},
        samples: {},
        rates: {},
        curves: { a: [], b: [] },
        to: undefined,
      });
    params.writeHash();
    sync();
    render();
  }
  function sync() {
    showSettings(fields, params, lm, i18n);
  }

  const samplesArgs = () => ({
    prompt: params.values.lp,
    n: params.values.ln,
    temperature: params.values.lt,
    seed: params.values.ls,
  });
  /**
   * @param {LmWorker} worker
   * @param {Stage} stage
   */
  async function measure(worker, stage) {
    run.prompt = params.values.lp;
    run.stages[stage] = await worker.call('evaluate');
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
    const k = params.values.lk;
    const overrides = { eval_every: Math.max(1, Math.round(k / points)) };
    const info = await worker.call('init', { pretrained: true, overrides });
    from = info.activation;
    vocabulary = info.vocabulary.length;
    return worker;
  }

  async function swap() {
    const to = params.values.lto;
    run.stages = {};
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
    const k = params.values.lk;
    // Both from the pretrained weights, every time: A swapped again, B (the control) as shipped.
    const [a, b] = await Promise.all([fresh('a', CURVE_POINTS), fresh('b', CURVE_POINTS)]);
    const to = run.to;
    if (!to) throw new Error('swap first'); // (Fine-tune is disabled until a swap has been made)
    await a.call('activation', { name: to });
    delete run.stages.tuned;
    delete run.stages.control;
    run.curves = { a: [], b: [] }; // the core records step 0 (before fine-tuning) itself
    /** @type {Record<Which, number>} */
    const start = { a: 0, b: 0 };
    for (const [w, worker] of /** @type {[Which, LmWorker][]} */ (Object.entries({ a, b })))
      start[w] = (await worker.call('extend', { steps: k, lr: params.values.llr })).step;
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

  /** @param {string} key */
  function announce(key) {
    $('[data-announce]').textContent = i18n.t(key, vars());
  }
  const vars = () => swapVars(i18n, run, params.values, from);
  const repaint = throttled(() => render());
  function render() {
    const busy = Boolean(run.busy),
      s = run.stages,
      v = vars();
    /** @param {string} a */
    const nameOf = (a) => i18n.t(`common.act_${a}`);
    root.dataset.busy = run.busy;
    $('[data-act="swap"]').textContent = i18n.t('lm.swap_step_swap', {
      from: v.from,
      to: nameOf(params.values.lto),
    });
    $('[data-act="tune"]').textContent = i18n.t('lm.swap_step_tune', { k: params.values.lk });
    /** @param {string} name */
    const button = (name) => /** @type {HTMLButtonElement} */ ($(`[data-act="${name}"]`));
    button('swap').disabled = busy;
    button('tune').disabled = busy || !s.swapped;
    button('stop').disabled = run.busy !== 'tune';
    setPresetsDisabled(root, busy);
    fields.setDisabled(busy);
    const p = run.progress,
      bar = /** @type {HTMLProgressElement} */ ($('progress'));
    bar.value = p ? p.done / p.of : 0;
    $('[data-progress]').textContent = run.error
      ? i18n.t('lm.error', { message: explainError(i18n, run.error) })
      : run.busy === 'tune'
        ? i18n.t('lm.swap_busy_tune', { done: p ? Math.round(p.done / 2) : 0, k: params.values.lk })
        : run.busy
          ? i18n.t('lm.swap_busy_swap')
          : i18n.t(
              s.control
                ? 'lm.swap_status_tuned'
                : s.swapped
                  ? 'lm.swap_status_swapped'
                  : 'lm.swap_status_idle',
            );
    renderResults(root, i18n, run, { values: params.values, vars: v, vocabulary, curve });
  }

  root.addEventListener('click', (e) => {
    const b = /** @type {HTMLButtonElement | null} */ (closest(e, 'button'));
    if (!b || b.disabled) return;
    if (b.dataset.preset) change('lto', PRESETS[b.dataset.preset.replace(/^swap_/, '')]);
    else if (b.dataset.act === 'swap') act('swap', swap);
    else if (b.dataset.act === 'tune') act('tune', tune);
    else if (b.dataset.act === 'stop') for (const w of Object.values(workers)) w?.signal('stop');
    else if (b.dataset.png === 'curve')
      downloadPng(curve.canvas, stampedName('transformer-swap', 'png'));
  });
  await followSettings(root, i18n, params, { sync, render, busy: () => run.busy });
  /** Removed from the page: both workers end, mid-run or not. */
  function dispose() {
    for (const w of /** @type {Which[]} */ (['a', 'b']))
      (workers[w]?.terminate(), (workers[w] = null));
  }
  return { params, dispose };
}
