// The paper's test, live: ReLU, ELU and GELU networks in the paper's MNIST setup (784-128x8-10,
// Adam, batch 128, dropout on or off) trained on the image subset, one worker per activation
// (image-worker.js), with each network's training loss per epoch and its test accuracy. The
// settings (dropout, epochs, seed, and for embeds and tests the subset's sizes) are checked by
// the core (validateImageConfigJson). One seed per run: the paper's median over seeds is not here.
import { createWorkerClient, isAbort } from '../shared/worker-client.js';
import { explainError } from '../shared/worker-error.js';
import { createLinePlot } from '../plots/line-plot.js';
import { finder, must } from '../shared/dom.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';
import { pageHash } from '../shared/state.js';

/** @typedef {{epoch: number, train_loss: number, test_loss: number, train_acc: number, test_acc: number}} ImageEpoch */

/** @type {import('../shared/types').ActivationName[]} */
const ACTIVATIONS = ['relu', 'elu', 'gelu'];
/** The paper's setup; the core checks every value. */
const PAPER = { dropout: 0.5, epochs: 20, seed: 0 };
/** Hash key (also the element's attribute, embed-attributes.js) -> config field. */
const KEYS = {
  idrop: 'dropout',
  iepochs: 'epochs',
  iseed: 'seed',
  intrain: 'n_train',
  intest: 'n_test',
};

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createImages(root, { core, i18n, store = pageHash }) {
  await i18n.need('images', 'common');
  const { M } = core;
  const acts = ACTIVATIONS.filter((a) => core.activations.includes(a));
  /** @type {Record<string, number>} */
  const settings = { ...PAPER };
  /** @type {Record<string, string>} */
  const rejected = {};
  for (const [key, field] of Object.entries(KEYS)) {
    const text = store.get(key);
    if (text !== null && text !== undefined) setField(field, text);
  }

  /**
   * @param {string} field
   * @param {string} text
   */
  function setField(field, text) {
    const v = M.parseNumber(text.trim(), 'any');
    const message =
      v === null
        ? i18n.t('images.not_number', { text: M.quoteInput(text) })
        : M.validateImageConfigJson(JSON.stringify({ ...settings, [field]: v }));
    if (message) rejected[field] = message;
    else ((settings[field] = /** @type {number} */ (v)), delete rejected[field]);
    return !message;
  }

  root.innerHTML = `<div class="ev-panel">
      <div class="ev-form images-form">
        <label class="images-dropout"><input type="checkbox" data-field="dropout"> <span data-i18n="images.dropout"></span></label>
        <div class="field"><label for="images-epochs" data-i18n="images.epochs"></label>
          <input id="images-epochs" data-field="epochs" type="text" inputmode="numeric" autocomplete="off" aria-describedby="images-epochs-err">
          <span class="field-error" id="images-epochs-err" aria-live="polite"></span></div>
        <div class="field"><label for="images-seed" data-i18n="images.seed"></label>
          <input id="images-seed" data-field="seed" type="text" inputmode="numeric" autocomplete="off" aria-describedby="images-seed-err">
          <span class="field-error" id="images-seed-err" aria-live="polite"></span></div>
      </div>
      <div class="lab-toolbar">
        <button type="button" class="btn primary" data-act="train" data-i18n="images.train"></button>
        <button type="button" class="btn" data-act="cancel" data-i18n="images.cancel" disabled></button>
        <span class="progress-text" data-progress></span>
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" data-announce></div>
      <p class="ev-note images-error" data-error hidden></p>
      <div class="ev-plot"><h3 class="plot-title" data-i18n="images.loss_title"></h3>
        <div class="plot-wrap" data-plot></div>
        <div class="lab-legend">${acts.map((a) => `<span class="legend-item"><i class="swatch" data-chip="${a}"></i><span data-i18n="common.act_${a}"></span></span>`).join('')}</div></div>
      <p class="ev-caption" id="images-table-caption" data-i18n="images.table_caption"></p>
      <div class="table-scroll" tabindex="0" role="region" aria-labelledby="images-table-caption">
        <table class="results-table images-table" aria-labelledby="images-table-caption">
          <thead><tr><th scope="col" data-i18n="images.col_act"></th><th scope="col" data-i18n="images.col_epoch"></th>
            <th scope="col" data-i18n="images.col_loss"></th><th scope="col" data-i18n="images.col_acc"></th></tr></thead>
          <tbody>${acts.map((a) => `<tr data-act="${a}"><th scope="row" data-i18n="common.act_${a}"></th><td data-col="epoch"></td><td data-col="loss"></td><td data-col="acc"></td></tr>`).join('')}</tbody></table></div>
    </div>
    ${captionHtml('images.caption')}`;
  const $ = finder(root);
  const input = (/** @type {string} */ f) =>
    /** @type {HTMLInputElement} */ ($(`[data-field="${f}"]`));
  const trainButton = /** @type {HTMLButtonElement} */ ($('[data-act="train"]'));
  const cancelButton = /** @type {HTMLButtonElement} */ ($('[data-act="cancel"]'));
  const plot = createLinePlot($('[data-plot]'), {
    height: (w) => Math.max(220, Math.min(w * 0.5, 320)),
    xLabel: i18n.t('images.epoch_axis'),
    fmt: (v, d) => i18n.num(v, d),
  });
  plot.canvas.setAttribute('role', 'img');
  plot.canvas.dataset.i18nAttr = 'aria-label=images.plot_label';

  const clients = Object.fromEntries(
    acts.map((a) => [a, createWorkerClient(new URL('./image-worker.js', import.meta.url))]),
  );
  /** @type {Record<string, ImageEpoch[]>} */
  let history = Object.fromEntries(acts.map((a) => [a, []]));
  /** @type {AbortController | null} */
  let running = null;
  /** @type {'idle' | 'running' | 'done' | 'cancelled' | 'failed'} */
  let state = 'idle';

  const last = (/** @type {string} */ a) => history[a].at(-1);
  const name = (/** @type {string} */ a) => i18n.t(`common.act_${a}`);

  function showSettings() {
    input('dropout').checked = settings.dropout > 0;
    for (const f of ['epochs', 'seed']) {
      const el = input(f);
      if (!rejected[f]) el.value = String(settings[f]);
      el.setAttribute('aria-invalid', String(Boolean(rejected[f])));
      $(`#images-${f}-err`).textContent = rejected[f] ?? '';
    }
  }

  function render() {
    plot.update({
      xDomain: [1, Math.max(2, settings.epochs)],
      series: acts.map((a) => ({
        xs: history[a].map((e) => e.epoch),
        ys: history[a].map((e) => e.train_loss),
        color: a,
        width: 2.25,
      })),
      marks: [],
    });
    for (const a of acts) {
      const e = last(a);
      const row = $(`tr[data-act="${a}"]`);
      /** @param {string} col @param {string} text */
      const cell = (col, text) => (must(row, `[data-col="${col}"]`).textContent = text);
      cell('epoch', e ? i18n.num(e.epoch, 0) : '–');
      cell('loss', e ? i18n.num(e.train_loss, 3) : '–');
      cell('acc', e ? i18n.pct(e.test_acc, 1) : '–');
      row.dataset.acc = e ? String(e.test_acc) : '';
    }
    const done = acts.every((a) => last(a)?.epoch === settings.epochs) && state === 'done';
    const list = acts
      .map((a) =>
        i18n.t('images.acc_item', { name: name(a), acc: i18n.pct(last(a)?.test_acc ?? NaN, 1) }),
      )
      .join(', ');
    const setup = i18n.t(settings.dropout > 0 ? 'images.with_dropout' : 'images.without_dropout', {
      p: i18n.num(settings.dropout, 1),
    });
    const sentence = done
      ? i18n.t('images.takeaway', { epochs: i18n.num(settings.epochs, 0), setup, list })
      : i18n.t('images.takeaway_none');
    setTakeaway(root, sentence);
    const own = document.querySelector('[data-images-own]');
    if (own && done)
      own.innerHTML = i18n.t('images.own', { epochs: i18n.num(settings.epochs, 0), setup, list });
    root.dataset.state = state;
    trainButton.disabled = state === 'running';
    cancelButton.disabled = state !== 'running';
    const epochsDone = Math.min(...acts.map((a) => last(a)?.epoch ?? 0));
    $('[data-progress]').textContent =
      state === 'running'
        ? i18n.t('images.progress', {
            done: i18n.num(epochsDone, 0),
            epochs: i18n.num(settings.epochs, 0),
          })
        : state === 'cancelled'
          ? i18n.t('images.cancelled')
          : '';
  }

  /** @param {string} text */
  const announce = (text) => ($('[data-announce]').textContent = text);

  async function train() {
    if (Object.keys(rejected).length) return;
    running = new AbortController();
    const { signal } = running;
    history = Object.fromEntries(acts.map((a) => [a, []]));
    state = 'running';
    const error = $('[data-error]');
    error.hidden = true;
    render();
    announce(i18n.t('images.started'));
    try {
      await Promise.all(
        acts.map((a) =>
          clients[a].call(
            'train',
            { config: { ...settings, activation: a } },
            {
              signal,
              onProgress: (/** @type {{epoch: ImageEpoch}} */ m) => {
                history[a].push(m.epoch);
                render();
              },
            },
          ),
        ),
      );
      state = 'done';
      render();
      announce(String(root.querySelector('[data-takeaway]')?.textContent ?? ''));
    } catch (err) {
      for (const c of Object.values(clients)) c.terminate();
      if (isAbort(err)) {
        state = 'cancelled';
        announce(i18n.t('images.cancelled'));
      } else {
        state = 'failed';
        error.hidden = false;
        error.textContent = explainError(i18n, err instanceof Error ? err.message : String(err));
        announce(error.textContent);
      }
      render();
    } finally {
      running = null;
      // Each worker holds a network and the subset: end them when the run is over.
      for (const c of Object.values(clients)) c.terminate();
    }
  }

  trainButton.addEventListener('click', () => void train());
  cancelButton.addEventListener('click', () => running?.abort());
  input('dropout').addEventListener('change', () => {
    setField('dropout', input('dropout').checked ? String(PAPER.dropout) : '0');
    writeHash();
  });
  for (const f of ['epochs', 'seed']) {
    const el = input(f);
    el.addEventListener('change', () => {
      setField(f, el.value);
      showSettings();
      writeHash();
      render();
    });
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') (e.preventDefault(), el.blur(), el.focus());
    });
  }

  /** The settings that differ from the paper's setup, as hash keys. */
  const embedSettings = () =>
    Object.fromEntries(
      Object.entries(KEYS)
        .filter(
          ([, f]) =>
            f in settings && settings[f] !== /** @type {Record<string, number>} */ (PAPER)[f],
        )
        .map(([k, f]) => [k, String(settings[f])]),
    );

  /** Every setting to the store (the URL hash, or the element's values), as state.js writes. */
  function writeHash() {
    for (const [k, f] of Object.entries(KEYS)) if (f in settings) store.set(k, String(settings[f]));
  }

  await i18n.apply(root);
  i18n.onChange(() => (showSettings(), render()));
  showSettings();
  render();
  return {
    embedSettings,
    dispose() {
      running?.abort();
      for (const c of Object.values(clients)) c.terminate();
    },
  };
}
