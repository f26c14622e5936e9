// The paper's test, live: ReLU, ELU and GELU networks (or the activations an embed names) in the
// paper's MNIST setup (784-128x8-10, Adam, batch 128, dropout on or off) trained on the image
// subset, one worker per activation (image-worker.js) going through the reader's seeds in turn.
// Shown: the median training loss per epoch over the seeds with the lowest and highest as faint
// lines (the paper's figure plots medians), the test accuracy as a median with its range, a
// gallery of test images with each network's guess, and a confusion matrix per network, both from
// the run with the median test accuracy. Settings: settings.js, checked by the core.
// images-view.js holds its markup, curves and table, images-results.js its sentence and results.
import { createWorkerClient, isAbort } from '../shared/worker-client.js';
import { explainError, isWorkerFailure } from '../shared/worker-error.js';
import { failed } from '../shared/figure-state.js';
import { finder } from '../shared/dom.js';
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
import { subsetCopy } from '../shared/page-data.js';
import { createImagesView, imagesHtml } from './images-view.js';

/** @typedef {import('./protocol').ImageEpoch} ImageEpoch */
/** @typedef {import('./protocol').ImageRunResult} ImageRunResult */
/** @typedef {{seed: number, history: ImageEpoch[], result: ImageRunResult | null}} Run */
/**
 * The run shown (a run keeps the activations, seeds and setup it started with), every network's
 * runs so far, and the figure's state.
 * @typedef {{
 *   run: {acts: string[], seeds: number, epochs: number, dropout: number},
 *   runs: Record<string, Run[]>,
 *   state: 'idle' | 'running' | 'done' | 'cancelled' | 'failed',
 * }} ImagesModel
 */

const GALLERY = 12;

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createImages(root, { core, i18n, store = pageHash }) {
  await i18n.need('images', 'common', 'fields', 'lm');
  const icore = imagesCore(core);
  const limits = /** @type {{paper_dropout: number}} */ (/** @type {unknown} */ (icore.limits));
  const settings = createSettings(icore, ROWS, store);
  settings.readHash();
  const values = /** @type {Record<string, any>} */ (settings.named);

  root.innerHTML = imagesHtml();
  const $ = finder(root);
  const dropout = /** @type {HTMLInputElement} */ ($('[data-dropout]'));
  /** @type {ImagesModel} */
  const m = { run: { acts: [], seeds: 0, epochs: 0, dropout: 0 }, runs: {}, state: 'idle' };
  const fields = createFields($('[data-fields]'), fieldSpecs(settings, icore), {
    idPrefix: 'images',
    onChange: (key, text) => (settings.set(key, text), settings.writeHash(), sync(), render()),
  });
  const view = createImagesView(root, { i18n, values, m });
  const { trainButton, cancelButton, layout, render, showResults } = view;

  /** @type {Record<string, import('../shared/worker-client.js').WorkerClient>} */
  let clients = {};
  /** @type {AbortController | null} */
  let running = null;

  function sync() {
    dropout.checked = Number(values.dropout) > 0;
    const { values: texts, errors, hints } = settingsFields(settings, icore, i18n);
    fields.sync(texts, errors, hints);
    // The rows without a field of the form (attributes, the URL): their refusals go here.
    const problems = settings.rows
      .filter((r) => !r.label && settings.errors[r.key])
      .map((r) => `${r.attr}: ${errorMessage(i18n, settings.errors[r.key], settings.text(r.key))}`);
    const error = $('[data-error]');
    if (m.state !== 'failed')
      ((error.hidden = !problems.length), (error.textContent = problems.join(' ')));
    if (m.state !== 'running') layout();
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
    for (let s = 0; s < m.run.seeds; s++) {
      /** @type {Run} */
      const r = { seed: Number(values.seed) + s, history: [], result: null };
      m.runs[a].push(r);
      // The worker keeps the subset from its first run on.
      const subset = s === 0 ? await subsetCopy() : undefined;
      r.result = await client.call(
        'train',
        {
          config: { ...config, activation: a, seed: r.seed },
          gallery: a === m.run.acts[0] && s === 0 ? GALLERY : 0,
          subset,
        },
        {
          signal,
          transfer: subset ? [subset.buffer] : [],
          onProgress: (/** @type {import('./protocol').ImageProgress} */ msg) => (
            r.history.push(msg.epoch),
            render()
          ),
        },
      );
      render();
    }
  }

  async function train() {
    if (Object.keys(settings.errors).length || m.state === 'running') return;
    running = new AbortController();
    const { signal } = running;
    const acts = /** @type {string[]} */ (values.activations);
    m.run = {
      acts,
      seeds: Number(values.seeds),
      epochs: Number(values.epochs),
      dropout: Number(values.dropout),
    };
    m.runs = Object.fromEntries(acts.map((a) => [a, []]));
    m.state = 'running';
    $('[data-error]').hidden = true;
    showResults();
    layout();
    render();
    announce(i18n.t('images.started', { seeds: i18n.num(m.run.seeds, 0) }));
    try {
      await Promise.all(acts.map((a) => trainNetwork(a, signal)));
      m.state = 'done';
      showResults();
      render();
      announce(String(root.querySelector('[data-takeaway]')?.textContent ?? ''));
    } catch (err) {
      if (isAbort(err)) {
        m.state = 'cancelled';
        announce(i18n.t('images.cancelled'));
      } else {
        m.state = 'failed';
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
    settings.set(settings.keyOf('dropout'), dropout.checked ? String(limits.paper_dropout) : '0');
    settings.writeHash();
    sync();
    render();
  });

  await followSettings(root, i18n, settings, {
    sync: () => (sync(), view.relabel()),
    render,
    busy: () => running,
  });
  return {
    settings,
    dispose() {
      running?.abort();
      for (const c of Object.values(clients)) c.terminate();
      view.destroy();
    },
  };
}
