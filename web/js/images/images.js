// The paper's test, live: ReLU, ELU and GELU networks (or the activations an embed names) in the
// paper's MNIST setup (784-128x8-10, Adam, batch 128, dropout on or off) trained on the image
// subset, one worker per activation (image-worker.js) going through the reader's seeds in turn.
// Shown: the median training loss per epoch over the seeds with the lowest and highest as faint
// lines (the paper's figure plots medians), the test accuracy as a median with its range, a
// gallery of test images with each network's guess, and a confusion matrix per network, both from
// the run with the median test accuracy. Settings: settings.js, checked by the core.
import { createWorkerClient, isAbort } from '../shared/worker-client.js';
import { explainError, isWorkerFailure } from '../shared/worker-error.js';
import { failed } from '../shared/figure-state.js';
import { createLinePlot } from '../plots/line-plot.js';
import { finder, must } from '../shared/dom.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';
import { createSettings, pageHash } from '../shared/state.js';
import {
  createFields,
  errorMessage,
  fieldSpecs,
  followSettings,
  settingsFields,
} from '../shared/fields.js';
import { ROWS } from './settings.js';
import { imagesCore } from '../shared/image-config.js';
import { confusion, median, medianCurve, medianRunIndex } from './image-stats.js';
import { createGallery } from './gallery.js';
import { createConfusionView } from './confusion-view.js';
import { subsetCopy } from './subset.js';

/** @typedef {import('./protocol').ImageEpoch} ImageEpoch */
/** @typedef {import('./protocol').ImageRunResult} ImageRunResult */
/** @typedef {{seed: number, history: ImageEpoch[], result: ImageRunResult | null}} Run */

const GALLERY = 12;
const CLASSES = 10;

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createImages(root, { core, i18n, store = pageHash }) {
  await i18n.need('images', 'common', 'evidence', 'lm');
  const icore = imagesCore(core);
  const limits = /** @type {{paper_dropout: number}} */ (/** @type {unknown} */ (icore.limits));
  const settings = createSettings(icore, ROWS, store);
  settings.readHash();
  const values = /** @type {Record<string, any>} */ (settings.values);

  root.innerHTML = `<div class="ev-panel">
      <form class="ev-form images-form" novalidate data-i18n-attr="aria-label=images.form_label">
        <label class="images-dropout"><input type="checkbox" data-dropout> <span data-i18n="images.dropout"></span></label>
        <div class="images-fields" data-fields></div>
      </form>
      <div class="lab-toolbar">
        <button type="button" class="btn primary" data-act="train" data-i18n="images.train"></button>
        <button type="button" class="btn" data-act="cancel" data-i18n="images.cancel" disabled></button>
        <span class="progress-text" data-progress></span>
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" data-announce></div>
      <p class="ev-note images-error" data-error hidden></p>
      <div class="ev-plot"><h3 class="plot-title" data-i18n="images.loss_title"></h3>
        <div class="plot-wrap" data-plot></div>
        <div class="lab-legend" data-legend></div></div>
      <p class="ev-caption" id="images-table-caption" data-i18n="images.table_caption"></p>
      <div class="table-scroll" tabindex="0" role="region" aria-labelledby="images-table-caption">
        <table class="results-table images-table" aria-labelledby="images-table-caption">
          <thead><tr><th scope="col" data-i18n="images.col_act"></th><th scope="col" data-i18n="images.col_runs"></th>
            <th scope="col" data-i18n="images.col_loss"></th><th scope="col" data-i18n="images.col_acc"></th>
            <th scope="col" data-i18n="images.col_range"></th></tr></thead>
          <tbody data-rows></tbody></table></div>
      <section class="images-results" data-results hidden>
        <h3 class="plot-title" data-i18n="images.gallery_title"></h3>
        <p class="ev-caption" data-i18n="images.gallery_caption"></p>
        <div data-gallery></div>
        <h3 class="plot-title" data-i18n="images.confusion_title"></h3>
        <div data-confusion></div>
      </section>
    </div>
    ${captionHtml('images.caption')}`;
  const $ = finder(root);
  const dropout = /** @type {HTMLInputElement} */ ($('[data-dropout]'));
  const trainButton = /** @type {HTMLButtonElement} */ ($('[data-act="train"]'));
  const cancelButton = /** @type {HTMLButtonElement} */ ($('[data-act="cancel"]'));
  const fields = createFields($('[data-fields]'), fieldSpecs(settings, icore), {
    idPrefix: 'images',
    onChange: (key, text) => (settings.set(key, text), settings.writeHash(), sync(), render()),
  });
  const plot = createLinePlot($('[data-plot]'), {
    height: (w) => Math.max(220, Math.min(w * 0.5, 320)),
    xLabel: i18n.t('images.epoch_axis'),
    fmt: (v, d) => i18n.num(v, d),
  });
  plot.canvas.setAttribute('role', 'img');
  plot.canvas.dataset.i18nAttr = 'aria-label=images.plot_label';
  const gallery = createGallery($('[data-gallery]'), { i18n });
  const matrices = createConfusionView($('[data-confusion]'), { i18n });

  /** @type {Record<string, import('../shared/worker-client.js').WorkerClient>} */
  let clients = {};
  /** The activations, seeds and setup of the run shown (a run keeps what it started with). */
  let run = { acts: /** @type {string[]} */ ([]), seeds: 0, epochs: 0, dropout: 0 };
  /** @type {Record<string, Run[]>} */
  let runs = {};
  /** @type {AbortController | null} */
  let running = null;
  /** @type {'idle' | 'running' | 'done' | 'cancelled' | 'failed'} */
  let state = 'idle';

  const name = (/** @type {string} */ a) => i18n.t(`common.act_${a}`);
  const finished = (/** @type {string} */ a) => (runs[a] ?? []).filter((r) => r.result);
  const accs = (/** @type {string} */ a) =>
    finished(a).map((r) => r.history.at(-1)?.test_acc ?? NaN);
  /** The run that stands for a network: the median test accuracy's. */
  const standIn = (/** @type {string} */ a) => finished(a)[medianRunIndex(accs(a))];

  /** The table's rows and the legend, for the activations shown (the settings' before a run). */
  function layout() {
    const acts = run.acts.length ? run.acts : /** @type {string[]} */ (values.iacts);
    $('[data-legend]').innerHTML = acts
      .map(
        (a) => `<span class="legend-item"><i class="swatch" data-chip="${a}"></i>${name(a)}</span>`,
      )
      .join('');
    $('[data-rows]').innerHTML = acts
      .map(
        (a) =>
          `<tr data-act="${a}"><th scope="row">${name(a)}</th><td data-col="runs"></td><td data-col="loss"></td><td data-col="acc"></td><td data-col="range"></td></tr>`,
      )
      .join('');
    return acts;
  }

  function sync() {
    dropout.checked = Number(values.idrop) > 0;
    const { values: texts, errors, hints } = settingsFields(settings, icore, i18n);
    fields.sync(texts, errors, hints);
    // The rows without a field of the form (attributes, the URL): their refusals go here.
    const problems = settings.rows
      .filter((r) => !r.label && settings.errors[r.key])
      .map((r) => `${r.attr}: ${errorMessage(i18n, settings.errors[r.key], settings.text(r.key))}`);
    const error = $('[data-error]');
    if (state !== 'failed')
      ((error.hidden = !problems.length), (error.textContent = problems.join(' ')));
    if (state !== 'running') layout();
  }

  function render() {
    const acts = run.acts.length ? run.acts : layout();
    const epochs = run.epochs || Number(values.iepochs);
    const curves = Object.fromEntries(
      acts.map((a) => [
        a,
        medianCurve((runs[a] ?? []).map((r) => r.history.map((e) => e.train_loss))),
      ]),
    );
    const faint = (/** @type {string} */ a, /** @type {'min' | 'max'} */ k) => ({
      xs: curves[a].map((p) => p.epoch),
      ys: curves[a].map((p) => p[k]),
      color: a,
      width: 1,
      dash: [3, 3],
      hidden: (runs[a] ?? []).length < 2,
    });
    plot.update({
      xDomain: [1, Math.max(2, epochs)],
      series: acts.flatMap((a) => [
        faint(a, 'min'),
        faint(a, 'max'),
        {
          xs: curves[a].map((p) => p.epoch),
          ys: curves[a].map((p) => p.median),
          color: a,
          width: 2.25,
        },
      ]),
      marks: [],
    });
    /** @type {Record<string, {acc: number, lo: number, hi: number, n: number}>} */
    const summary = {};
    for (const a of acts) {
      const xs = accs(a);
      summary[a] = { acc: median(xs), lo: Math.min(...xs), hi: Math.max(...xs), n: xs.length };
      const row = $(`tr[data-act="${a}"]`);
      /** @param {string} col @param {string} text */
      const cell = (col, text) => (must(row, `[data-col="${col}"]`).textContent = text);
      const loss = median(finished(a).map((r) => r.history.at(-1)?.train_loss ?? NaN));
      cell(
        'runs',
        i18n.t('images.runs_of', {
          done: i18n.num(xs.length, 0),
          seeds: i18n.num(run.seeds || Number(values.iseeds), 0),
        }),
      );
      cell('loss', xs.length ? i18n.num(loss, 3) : '–');
      cell('acc', xs.length ? i18n.pct(summary[a].acc, 1) : '–');
      cell(
        'range',
        xs.length ? `${i18n.pct(summary[a].lo, 1)} – ${i18n.pct(summary[a].hi, 1)}` : '–',
      );
      row.dataset.acc = xs.length ? String(summary[a].acc) : '';
    }
    sentence(acts, summary);
    root.dataset.state = state;
    trainButton.disabled = state === 'running';
    cancelButton.disabled = state !== 'running';
    const seedNow = Math.max(0, ...acts.map((a) => (runs[a] ?? []).length));
    const epochNow = Math.min(...acts.map((a) => runs[a]?.at(-1)?.history.length ?? 0));
    $('[data-progress]').textContent =
      state === 'running'
        ? i18n.t('images.progress', {
            seed: i18n.num(seedNow, 0),
            seeds: i18n.num(run.seeds, 0),
            done: i18n.num(epochNow, 0),
            epochs: i18n.num(run.epochs, 0),
          })
        : state === 'cancelled'
          ? i18n.t('images.cancelled')
          : '';
  }

  /**
   * The caption's first sentence and the section's "your run gave" text, from the numbers.
   * @param {string[]} acts
   * @param {Record<string, {acc: number, lo: number, hi: number, n: number}>} summary
   */
  function sentence(acts, summary) {
    const done = state === 'done';
    const one = run.seeds === 1;
    const list = acts
      .map((a) =>
        i18n.t(one ? 'images.acc_item' : 'images.acc_range_item', {
          name: name(a),
          acc: i18n.pct(summary[a].acc, 1),
          lo: i18n.pct(summary[a].lo, 1),
          hi: i18n.pct(summary[a].hi, 1),
        }),
      )
      .join(', ');
    const setup = i18n.t(run.dropout > 0 ? 'images.with_dropout' : 'images.without_dropout', {
      p: i18n.num(run.dropout, 1),
    });
    const args = { epochs: i18n.num(run.epochs, 0), seeds: i18n.num(run.seeds, 0), setup, list };
    setTakeaway(
      root,
      done
        ? i18n.t(one ? 'images.takeaway_one' : 'images.takeaway', args)
        : i18n.t('images.takeaway_none'),
    );
    const own = document.querySelector('[data-images-own]');
    if (own && done) own.innerHTML = i18n.t(one ? 'images.own_one' : 'images.own', args);
  }

  /** The gallery and the confusion matrices, from each network's stand-in run. */
  function showResults() {
    const stand = run.acts.map((a) => ({ act: a, run: standIn(a) })).filter((s) => s.run?.result);
    const first = run.acts.map((a) => runs[a]?.[0]?.result?.gallery).find((g) => g?.indices.length);
    $('[data-results]').hidden = !stand.length || !first;
    if (!stand.length || !first) return (gallery.show(null), matrices.show([]));
    gallery.show({
      pixels: first.pixels,
      items: first.indices.map((i) => ({
        label: /** @type {ImageRunResult} */ (stand[0].run.result).predictions.labels[i],
        guesses: stand.map(({ act, run: r }) => {
          const p = /** @type {ImageRunResult} */ (r.result).predictions;
          return { act, guess: p.guesses[i], probability: p.probabilities[i] };
        }),
      })),
    });
    matrices.show(
      stand.map(({ act, run: r }) => {
        const p = /** @type {ImageRunResult} */ (r.result).predictions;
        return { act, seed: r.seed, matrix: confusion(p.labels, p.guesses, CLASSES) };
      }),
    );
  }

  /** @param {string} text */
  const announce = (text) => ($('[data-announce]').textContent = text);

  /**
   * One network's runs, a seed after another, in its own worker.
   * @param {string} a
   * @param {AbortSignal} signal
   */
  async function trainNetwork(a, signal) {
    const client = (clients[a] = createWorkerClient(new URL('./image-worker.js', import.meta.url)));
    const config = settings.config();
    for (let s = 0; s < run.seeds; s++) {
      /** @type {Run} */
      const r = { seed: Number(values.iseed) + s, history: [], result: null };
      runs[a].push(r);
      // The worker keeps the subset from its first run on.
      const subset = s === 0 ? await subsetCopy() : undefined;
      r.result = await client.call(
        'train',
        {
          config: { ...config, activation: a, seed: r.seed },
          gallery: a === run.acts[0] && s === 0 ? GALLERY : 0,
          subset,
        },
        {
          signal,
          transfer: subset ? [subset.buffer] : [],
          onProgress: (/** @type {import('./protocol').ImageProgress} */ m) => (
            r.history.push(m.epoch),
            render()
          ),
        },
      );
      render();
    }
  }

  async function train() {
    if (Object.keys(settings.errors).length || state === 'running') return;
    running = new AbortController();
    const { signal } = running;
    const acts = /** @type {string[]} */ (values.iacts);
    run = {
      acts,
      seeds: Number(values.iseeds),
      epochs: Number(values.iepochs),
      dropout: Number(values.idrop),
    };
    runs = Object.fromEntries(acts.map((a) => [a, []]));
    state = 'running';
    $('[data-error]').hidden = true;
    showResults();
    layout();
    render();
    announce(i18n.t('images.started', { seeds: i18n.num(run.seeds, 0) }));
    try {
      await Promise.all(acts.map((a) => trainNetwork(a, signal)));
      state = 'done';
      showResults();
      render();
      announce(String(root.querySelector('[data-takeaway]')?.textContent ?? ''));
    } catch (err) {
      if (isAbort(err)) {
        state = 'cancelled';
        announce(i18n.t('images.cancelled'));
      } else {
        state = 'failed';
        const error = $('[data-error]');
        error.hidden = false;
        const message = err instanceof Error ? err.message : String(err);
        error.textContent = explainError(i18n, message);
        announce(error.textContent);
        if (isWorkerFailure(message)) failed(root); // the element is failed (figure-state.js)
      }
      render();
    } finally {
      running = null;
      // Each worker holds a network and the subset: end them when the run is over.
      for (const c of Object.values(clients)) c.terminate();
      clients = {};
    }
  }

  trainButton.addEventListener('click', () => void train());
  cancelButton.addEventListener('click', () => running?.abort());
  dropout.addEventListener('change', () => {
    settings.set('idrop', dropout.checked ? String(limits.paper_dropout) : '0');
    settings.writeHash();
    sync();
    render();
  });

  await followSettings(root, i18n, settings, {
    sync: () => (sync(), gallery.relabel(), matrices.relabel()),
    render,
    busy: () => running,
  });
  return {
    settings,
    dispose() {
      running?.abort();
      for (const c of Object.values(clients)) c.terminate();
      gallery.destroy();
    },
  };
}
