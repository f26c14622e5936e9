// The paper's test's markup and its curves, table and progress line (images.js runs the networks,
// images-results.js writes the sentence and shows the gallery and confusion matrices).
import { createLinePlot } from '../plots/line-plot.js';
import { finder, must } from '../shared/dom.js';
import { captionHtml } from '../shared/takeaway.js';
import { median, medianCurve } from './image-stats.js';
import { createGallery } from './gallery.js';
import { createConfusionView } from './confusion-view.js';
import { accs, finished, imagesTakeaway, showImageResults } from './images-results.js';

/** @typedef {import('./images.js').ImagesModel} ImagesModel */

/** The figure's markup: the form, the toolbar, the curves, the table, the results and caption. */
export const imagesHtml = () => `<div class="ev-panel">
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

/**
 * @param {HTMLElement} root (filled with imagesHtml())
 * @param {object} opts
 * @param {import('../shared/types').I18n} opts.i18n
 * @param {Record<string, any>} opts.values the settings' values
 * @param {ImagesModel} opts.m the run's state (images.js updates it in place)
 */
export function createImagesView(root, { i18n, values, m }) {
  const $ = finder(root);
  const trainButton = /** @type {HTMLButtonElement} */ ($('[data-act="train"]'));
  const cancelButton = /** @type {HTMLButtonElement} */ ($('[data-act="cancel"]'));
  const plot = createLinePlot($('[data-plot]'), {
    height: (w) => Math.max(220, Math.min(w * 0.5, 320)),
    xLabel: i18n.t('images.epoch_axis'),
    fmt: (v, d) => i18n.num(v, d),
  });
  plot.canvas.setAttribute('role', 'img');
  plot.canvas.dataset.i18nAttr = 'aria-label=images.plot_label';
  const gallery = createGallery($('[data-gallery]'), { i18n });
  const matrices = createConfusionView($('[data-confusion]'), { i18n });
  const name = (/** @type {string} */ a) => i18n.t(`common.act_${a}`);

  /** The table's rows and the legend, for the activations shown (the settings' before a run). */
  function layout() {
    const acts = m.run.acts.length ? m.run.acts : /** @type {string[]} */ (values.activations);
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

  function render() {
    const acts = m.run.acts.length ? m.run.acts : layout();
    const epochs = m.run.epochs || Number(values.epochs);
    const curves = Object.fromEntries(
      acts.map((a) => [
        a,
        medianCurve((m.runs[a] ?? []).map((r) => r.history.map((e) => e.train_loss))),
      ]),
    );
    const faint = (/** @type {string} */ a, /** @type {'min' | 'max'} */ k) => ({
      xs: curves[a].map((p) => p.epoch),
      ys: curves[a].map((p) => p[k]),
      color: a,
      width: 1,
      dash: [3, 3],
      hidden: (m.runs[a] ?? []).length < 2,
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
      const xs = accs(m, a);
      summary[a] = { acc: median(xs), lo: Math.min(...xs), hi: Math.max(...xs), n: xs.length };
      const row = $(`tr[data-act="${a}"]`);
      /** @param {string} col @param {string} text */
      const cell = (col, text) => (must(row, `[data-col="${col}"]`).textContent = text);
      const loss = median(finished(m, a).map((r) => r.history.at(-1)?.train_loss ?? NaN));
      cell(
        'runs',
        i18n.t('images.runs_of', {
          done: i18n.num(xs.length, 0),
          seeds: i18n.num(m.run.seeds || Number(values.seeds), 0),
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
    imagesTakeaway(root, i18n, m, acts, summary);
    root.dataset.state = m.state;
    trainButton.disabled = m.state === 'running';
    cancelButton.disabled = m.state !== 'running';
    const seedNow = Math.max(0, ...acts.map((a) => (m.runs[a] ?? []).length));
    const epochNow = Math.min(...acts.map((a) => m.runs[a]?.at(-1)?.history.length ?? 0));
    $('[data-progress]').textContent =
      m.state === 'running'
        ? i18n.t('images.progress', {
            seed: i18n.num(seedNow, 0),
            seeds: i18n.num(m.run.seeds, 0),
            done: i18n.num(epochNow, 0),
            epochs: i18n.num(m.run.epochs, 0),
          })
        : m.state === 'cancelled'
          ? i18n.t('images.cancelled')
          : '';
  }

  return {
    trainButton,
    cancelButton,
    layout,
    render,
    showResults: () => showImageResults($, m, gallery, matrices),
    relabel: () => (gallery.relabel(), matrices.relabel()),
    destroy: () => gallery.destroy(),
  };
}
