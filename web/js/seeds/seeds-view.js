// The results of the many-seeds study: dot plots of the test accuracies and of the paired
// differences with the core's 95% interval, the summary table, the sentence of what the data
// supports, the validation curves, the per-seed table, the exports and the list of past studies.
// seeds-tables.js draws its tables and verdict, seeds-export.js its downloads.
import { createDotPlot } from '../plots/dot-plot.js';
import { setTakeaway } from '../shared/takeaway.js';
import { createLinePlot } from '../plots/line-plot.js';
import { pairs, summarize, speedPairs } from './study.js';
import { studyTakeaway } from './caption.js';
import { createSeedsSpeed } from './seeds-speed.js';
import { downloadPng, pngButton, stampedName } from '../shared/export.js';
import { closest, finder } from '../shared/dom.js';
import { renderSeedTable, renderSummary, renderVerdict } from './seeds-tables.js';
import { downloadStudy } from './seeds-export.js';

/** @typedef {import('./study.js').Study} Study */
/** @typedef {ReturnType<typeof pairs>} Pairs */
/** @typedef {import('../shared/types').ActivationName[]} Acts  [a, b] */

/** The view's markup: the two dot plots, the tables, the verdict, the curves and the exports. */
const seedsViewHtml = () => `
    <div class="ev-plots">
      <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" id="seeds-acc-title" data-i18n="seeds.acc_title"></h3>${pngButton('acc')}</div>
        <div class="plot-wrap" data-plot="acc"></div></div>
      <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" id="seeds-diff-title"></h3>${pngButton('diff')}</div>
        <div class="plot-wrap" data-plot="diff"></div></div>
    </div>
    <p class="ev-caption" id="seeds-summary-caption" data-summary-caption></p>
    <div class="table-scroll" tabindex="0" role="region" aria-labelledby="seeds-summary-caption"><table class="results-table ev-summary" data-summary aria-labelledby="seeds-summary-caption">
      <thead><tr><th scope="col"><span class="visually-hidden" data-i18n="seeds.col_quantity"></span></th><th scope="col" class="num" data-i18n="seeds.col_mean"></th>
        <th scope="col" class="num" data-i18n="seeds.col_sd"></th><th scope="col" class="num" data-i18n="seeds.col_ci"></th></tr></thead>
      <tbody></tbody></table></div>
    <p class="ev-verdict" data-verdict></p>
    <div class="ev-speed" data-speed-box></div>
    <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" data-curves-title data-i18n="seeds.curves_title"></h3>${pngButton('curves')}</div>
      <div class="plot-wrap" data-plot="curves"></div><div class="lab-legend" data-legend></div></div>
    <div class="ev-export" role="group" data-i18n-attr="aria-label=export.download_label">
      <span class="ev-export-label" data-i18n="export.download"></span>
      <button type="button" class="btn small" data-export="seeds-csv" data-i18n="seeds.export_seeds_csv"></button>
      <button type="button" class="btn small" data-export="epochs-csv" data-i18n="seeds.export_epochs_csv"></button>
      <button type="button" class="btn small" data-export="json" data-i18n="seeds.export_json"></button>
    </div>
    <details class="ev-details"><summary data-i18n="seeds.table_summary"></summary>
      <div class="table-scroll" tabindex="0"><table class="results-table" data-seeds-table><thead></thead><tbody></tbody></table></div></details>`;

/**
 * @param {HTMLElement} root
 * @param {Pick<import('../shared/types').WidgetContext, 'core' | 'i18n'>} ctx
 */
export function createSeedsView(root, { core, i18n }) {
  root.innerHTML = seedsViewHtml();
  const $ = finder(root);
  /** @type {import('../shared/types').TickFormat} */
  const fmt = (v, d) => i18n.num(v, d);
  const plots = {
    acc: createDotPlot($('[data-plot="acc"]')),
    diff: createDotPlot($('[data-plot="diff"]')),
    curves: createLinePlot($('[data-plot="curves"]'), {
      height: (w) => Math.max(170, Math.min(w * 0.4, 260)),
      fmt,
      yDomain: ([lo]) => [Math.min(Math.max(0, lo), 0.9), 1],
    }),
  };
  for (const [name, p] of Object.entries(plots))
    (p.canvas.setAttribute('role', 'img'), (p.canvas.dataset.plot = name));
  const speed = createSeedsSpeed($('[data-speed-box]'), { core, i18n });

  /** @type {Study | null} */
  let study = null,
    /** @type {import('../shared/types').PairedSummary | null} */
    summary = null;
  /** @param {string} act */
  const name = (act) => i18n.t(`common.act_${act}`);

  root.addEventListener('click', (e) => {
    const png = closest(e, '[data-png]');
    if (png) {
      const plot = /** @type {keyof typeof plots} */ (png.dataset.png);
      return downloadPng(plots[plot].canvas, stampedName(`seeds-${plot}`, 'png'));
    }
    const ex = closest(e, '[data-export]');
    if (!ex || !study) return;
    downloadStudy(ex.dataset.export ?? '', study, summary, speed.summary());
  });

  /**
   * @param {Pairs} p
   * @param {Acts} acts
   */
  function renderPlots(p, [a, b]) {
    plots.acc.update({
      fmt: (v, d) => i18n.pct(v, Math.max(0, d - 2)),
      pairs: true,
      reference: null,
      rows: [
        { label: name(a), color: a, values: p.map((x) => x.a) },
        { label: name(b), color: pairColor(b, 1, [a, b]), values: p.map((x) => x.b) },
      ],
    });
    plots.diff.update({
      fmt: (v, d) => i18n.num(v * 100, Math.max(0, d - 2)),
      reference: 0,
      pairs: false,
      rows: [differenceRow(`${name(a)} − ${name(b)}`, p, summary)],
    });
    $('#seeds-diff-title').textContent = i18n.t('seeds.diff_title', { a: name(a), b: name(b) });
    plots.acc.canvas.setAttribute(
      'aria-label',
      i18n.t('seeds.acc_label', { n: p.length, a: name(a), b: name(b) }),
    );
    plots.diff.canvas.setAttribute(
      'aria-label',
      i18n.t('seeds.diff_label', { n: p.length, a: name(a), b: name(b) }),
    );
  }

  /**
   * @param {Study} current
   * @param {Acts} acts
   */
  function renderCurves(current, [a, b]) {
    /** @type {import('../shared/types').Series[]} */
    const series = [];
    let epochs = 1;
    // The image runs have no validation set (image-study.js): their curves are training accuracy.
    const images = /** @type {{model?: string}} */ (current).model === 'images';
    const title = $('[data-curves-title]');
    title.dataset.i18n = images ? 'seeds.images_curves_title' : 'seeds.curves_title';
    title.textContent = i18n.t(title.dataset.i18n);
    for (const r of current.results.values()) {
      epochs = Math.max(epochs, r.history.length);
      // an activation against itself: each seed's one run, in that activation's colour
      const color = r.activation;
      series.push({
        xs: r.history.map((h) => h.epoch),
        ys: r.history.map((h) => (images ? h.train_acc : h.val_acc) ?? NaN),
        color,
        width: 1,
      });
    }
    plots.curves.update({ xDomain: [0, epochs], series, xLabel: i18n.t('seeds.axis_epoch') });
    plots.curves.canvas.setAttribute(
      'aria-label',
      i18n.t('seeds.curves_label', { runs: series.length }),
    );
    $('[data-legend]').innerHTML = pairLegend([a, b], name);
  }

  /**
   * The figure caption's first sentence, from every interval the study reports and the runs that
   * never reached 95 % (caption.js); before two seeds, what the study will tell.
   * @param {Study} current
   * @param {Acts} acts
   */
  function renderTakeaway(current, [a, b]) {
    const figure = root.closest('figure') ?? root;
    const text =
      a === b
        ? null
        : studyTakeaway(i18n, {
            a: name(a),
            b: name(b),
            acc: summary,
            speed: speed.summary(),
            never: speedPairs(current).never,
            runs: pairs(current).length,
            epochs: current.base.epochs,
          });
    setTakeaway(figure, text ?? i18n.t('seeds.takeaway_ready'));
  }

  const view = {
    /** Draws everything a (running or ended) study has so far. */
    render: redrawOnChange(i18n, (/** @type {Study | null} */ current) => {
      study = current;
      if (!study) return;
      const p = pairs(study);
      summary = summarize(core.M, study);
      renderPlots(p, study.acts);
      renderCurves(study, study.acts);
      renderSummary($, i18n, summary, p, study.acts);
      renderVerdict($, i18n, summary, study.acts);
      renderSeedTable($, i18n, p, study.acts);
      speed.render(study);
      renderTakeaway(study, study.acts);
      for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (
        root.querySelectorAll('button[data-export]')
      ))
        b.disabled = !p.length || study.state === 'running';
    }),
    summary: () => summary,
  };
  return view;
}

/**
 * The render(current, force) of a many-seeds view (this one and seeds-lm-view.js). Progress
 * messages arrive many times a second but change nothing a view draws: draw(current) runs only
 * when a run finished, the study ended or another took its place, or with force; a change of
 * language redraws with force (every text and number format changes).
 * @template {{startedAt: number, results: {size: number}, state: string}} S
 * @param {Pick<import('../shared/types').I18n, 'onChange'>} i18n
 * @param {(current: S | null) => void} draw
 * @returns {(current: S | null, force?: boolean) => void}
 */
export function redrawOnChange(i18n, draw) {
  /** @type {S | null} */
  let shown = null;
  let drawn = '';
  /** @type {(current: S | null, force?: boolean) => void} */
  const render = (current, force = false) => {
    const mark = current ? `${current.startedAt}/${current.results.size}/${current.state}` : '';
    if (!force && current === shown && mark === drawn) return;
    shown = current;
    drawn = mark;
    draw(current);
  };
  i18n.onChange(() => render(shown, true));
  return render;
}

/**
 * The colour of activation `act`, the i-th (0 or 1) of the pair `acts`. Two activations may be the
 * same: the second then takes the alternative colour.
 * @param {string} act
 * @param {number} i
 * @param {string[]} acts
 */
export const pairColor = (act, i, [a, b]) => (i && a === b ? 'side-alt' : act);

/**
 * The legend of the pair's curves: a swatch in each activation's colour (a run's curve is drawn
 * in its activation's colour) and its name, once.
 * @param {string[]} acts
 * @param {(act: string) => string} name
 */
export const pairLegend = (acts, name) =>
  [...new Set(acts)]
    .map(
      (act) =>
        `<span class="legend-item" data-chip="${act.replace(/_/g, '-')}"><i class="swatch"></i>${name(act)}</span>`,
    )
    .join('');

/**
 * The dot plot's row of paired differences, with the core's 95 % interval of their mean once
 * there is a summary. (Nulls, NaN in the core, are not drawn: the plot checks Number.isFinite.)
 * @param {string} label
 * @param {{diff: number}[]} paired
 * @param {import('../shared/types').PairedSummary | null} summary  the core's
 * @returns {import('../plots/dot-plot.js').DotRow}
 */
export const differenceRow = (label, paired, summary) => ({
  label,
  color: 'err',
  values: paired.map((x) => x.diff),
  interval: summary
    ? /** @type {import('../plots/dot-plot.js').Interval} */ ({
        mean: summary.mean_diff,
        lo: summary.ci_low,
        hi: summary.ci_high,
      })
    : null,
});
