// The results of the Transformer's many-seeds study: the same dot plots as the MLP study (the
// final validation losses, paired by seed, and their differences with the core's 95 % interval),
// the summary table, the sentence of what the data supports (lower loss is better), the
// validation-loss curves of every run, the per-seed table and the exports.
import { summaryDigits } from '../shared/difference-digits.js';
import { createDotPlot } from '../plots/dot-plot.js';
import { createLinePlot } from '../plots/line-plot.js';
import {
  EVAL_COLUMNS,
  lmEvalRows,
  lmPairs,
  lmSeedRows,
  lmStudyJson,
  readLossSummary,
  summarizeLm,
} from '../shared/lm-study.js';
import { download, downloadPng, pngButton, stampedName, toCsv } from '../shared/export.js';
import { differenceRow, pairColor, pairLegend, redrawOnChange } from './seeds-view.js';
import { verdictText } from './seeds-tables.js';

/** @typedef {import('../shared/lm-study.js').LmStudy} LmStudy */
/** @typedef {import('../shared/lm-study.js').PairedSummary} PairedSummary */

/**
 * @param {HTMLElement} root
 * @param {{core: import('../shared/types').Core, i18n: any}} ctx
 */
export function createSeedsLmView(root, { core, i18n }) {
  root.innerHTML = `
    <div class="ev-plots">
      <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" data-i18n="seeds.lm_loss_title"></h3>${pngButton('loss')}</div>
        <div class="plot-wrap" data-lm-plot="loss"></div></div>
      <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" data-title="diff"></h3>${pngButton('diff')}</div>
        <div class="plot-wrap" data-lm-plot="diff"></div></div>
    </div>
    <p class="ev-caption" id="seeds-lm-caption" data-lm-caption></p>
    <div class="table-scroll" tabindex="0" role="region" aria-labelledby="seeds-lm-caption"><table class="results-table ev-summary" data-lm-summary aria-labelledby="seeds-lm-caption">
      <thead><tr><th scope="col"><span class="visually-hidden" data-i18n="seeds.col_quantity"></span></th><th scope="col" class="num" data-i18n="seeds.col_mean"></th>
        <th scope="col" class="num" data-i18n="seeds.lm_col_sd"></th><th scope="col" class="num" data-i18n="seeds.lm_col_ci"></th></tr></thead>
      <tbody></tbody></table></div>
    <p class="ev-verdict" data-lm-verdict></p>
    <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" data-i18n="seeds.lm_curves_title"></h3>${pngButton('curves')}</div>
      <div class="plot-wrap" data-lm-plot="curves"></div><div class="lab-legend" data-lm-legend></div></div>
    <div class="ev-export" role="group" data-i18n-attr="aria-label=export.download_label">
      <span class="ev-export-label" data-i18n="export.download"></span>
      <button type="button" class="btn small" data-lm-export="seeds-csv" data-i18n="seeds.export_seeds_csv"></button>
      <button type="button" class="btn small" data-lm-export="evals-csv" data-i18n="seeds.lm_export_evals_csv"></button>
      <button type="button" class="btn small" data-lm-export="json" data-i18n="seeds.export_json"></button>
    </div>
    <details class="ev-details"><summary data-i18n="seeds.table_summary"></summary>
      <div class="table-scroll" tabindex="0"><table class="results-table" data-lm-seeds-table><thead></thead><tbody></tbody></table></div></details>`;
  const $ = (/** @type {string} */ s) => /** @type {HTMLElement} */ (root.querySelector(s));
  const fmt = (/** @type {number} */ v, /** @type {number} */ d) => i18n.num(v, d);
  const plots = {
    loss: createDotPlot($('[data-lm-plot="loss"]')),
    diff: createDotPlot($('[data-lm-plot="diff"]')),
    curves: createLinePlot($('[data-lm-plot="curves"]'), {
      height: (/** @type {number} */ w) => Math.max(170, Math.min(w * 0.4, 260)),
      fmt,
    }),
  };
  for (const [name, p] of Object.entries(plots))
    (p.canvas.setAttribute('role', 'img'), (p.canvas.dataset.lmPlot = name));

  /** @type {LmStudy | null} */
  let study = null;
  /** @type {PairedSummary | null} */
  let summary = null;
  const name = (/** @type {string} */ act) => i18n.t(`common.act_${act}`);
  // (a null, NaN in the core, comes with fewer than 2 seeds)
  const loss = (/** @type {number | null} */ x, d = 3) =>
    x !== null && Number.isFinite(x) ? i18n.num(x, d) : '–';

  root.addEventListener('click', (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    const png = /** @type {HTMLElement | null} */ (target.closest('[data-png]'));
    if (png) {
      const which = /** @type {keyof typeof plots} */ (png.dataset.png);
      return downloadPng(plots[which].canvas, stampedName(`transformer-seeds-${which}`, 'png'));
    }
    const ex = /** @type {HTMLElement | null} */ (target.closest('[data-lm-export]'));
    if (!ex || !study) return;
    const kind = ex.dataset.lmExport;
    if (kind === 'json')
      return download(
        stampedName('transformer-seeds', 'json'),
        JSON.stringify(lmStudyJson(study, summary), null, 1),
        'application/json',
      );
    const rows = kind === 'seeds-csv' ? lmSeedRows(study) : lmEvalRows(study);
    const columns = kind === 'seeds-csv' ? Object.keys(rows[0] ?? { seed: 0 }) : EVAL_COLUMNS;
    download(
      stampedName(kind === 'seeds-csv' ? 'transformer-seeds' : 'transformer-evals', 'csv'),
      toCsv(rows, columns),
      'text/csv;charset=utf-8',
    );
  });

  /** @param {ReturnType<typeof lmPairs>} p @param {string[]} acts */
  function renderPlots(p, acts) {
    const [a, b] = acts;
    plots.loss.update({
      fmt,
      pairs: true,
      reference: null,
      rows: [
        { label: name(a), color: a, values: p.map((x) => x.a) },
        { label: name(b), color: pairColor(b, 1, acts), values: p.map((x) => x.b) },
      ],
    });
    plots.diff.update({
      fmt,
      reference: 0,
      pairs: false,
      rows: [differenceRow(`${name(a)} − ${name(b)}`, p, summary)],
    });
    const vars = { n: p.length, a: name(a), b: name(b) };
    $('[data-title="diff"]').textContent = i18n.t('seeds.lm_diff_title', vars);
    plots.loss.canvas.setAttribute('aria-label', i18n.t('seeds.lm_loss_label', vars));
    plots.diff.canvas.setAttribute('aria-label', i18n.t('seeds.lm_diff_label', vars));
  }

  /** @param {LmStudy} s */
  function renderCurves(s) {
    const series = [...s.results.values()].map((r) => ({
      xs: r.evals.map((e) => e.step),
      ys: r.evals.map((e) => e.val_loss),
      color: r.activation, // an activation against itself: one run per seed, in its colour
      width: 1,
    }));
    plots.curves.update({
      xDomain: [0, Math.max(1, s.base.steps)],
      series,
      xLabel: i18n.t('lm.axis_step'),
      yLabel: i18n.t('lm.axis_loss'),
    });
    plots.curves.canvas.setAttribute(
      'aria-label',
      i18n.t('seeds.lm_curves_label', { runs: series.length }),
    );
    $('[data-lm-legend]').innerHTML = pairLegend(s.acts, name);
  }

  /** @param {ReturnType<typeof lmPairs>} p @param {string[]} acts */
  function renderSummary(p, [a, b]) {
    const body = $('[data-lm-summary] tbody');
    $('[data-lm-caption]').textContent = i18n.t('seeds.lm_summary_caption', { n: p.length });
    if (!summary) return (body.innerHTML = '');
    const s = summary;
    const d = summaryDigits(s, { fallback: 4 }); // the difference's (shared/difference-digits.js)
    const ci = Number.isFinite(s.ci_low)
      ? i18n.interval(loss(s.ci_low, d), loss(s.ci_high, d))
      : '–';
    body.innerHTML = `
      <tr data-row="a"><th scope="row">${name(a)}</th><td class="num">${loss(s.mean_a, 4)}</td><td class="num">${loss(s.sd_a, 4)}</td><td class="num">–</td></tr>
      <tr data-row="b"><th scope="row">${name(b)}</th><td class="num">${loss(s.mean_b, 4)}</td><td class="num">${loss(s.sd_b, 4)}</td><td class="num">–</td></tr>
      <tr data-row="diff"><th scope="row">${i18n.t('seeds.lm_row_diff', { a: name(a), b: name(b) })}</th><td class="num" data-mean>${loss(s.mean_diff, d)}</td>
        <td class="num">${loss(s.sd_diff, d)}</td><td class="num" data-ci>${ci}</td></tr>`;
  }

  /** @param {string[]} acts */
  function renderVerdict([a, b]) {
    const el = $('[data-lm-verdict]');
    const r = readLossSummary(summary);
    el.dataset.kind = r.kind;
    if (r.kind === 'too_few') return (el.innerHTML = i18n.t('seeds.verdict_too_few'));
    if (a === b)
      return (
        (el.dataset.kind = 'same'),
        (el.innerHTML = i18n.t('seeds.verdict_same', { a: name(a) }))
      );
    const s = /** @type {PairedSummary} */ (summary);
    const d = summaryDigits(s, { fallback: 4 });
    const [lo, hi] = r.kind === 'b_lower' ? [b, a] : [a, b];
    const vars = {
      n: s.n,
      a: name(a),
      b: name(b),
      lo: name(lo),
      hi: name(hi),
      mean: loss(Math.abs(s.mean_diff ?? NaN), d),
      low: loss(s.ci_low, d),
      high: loss(s.ci_high, d),
      wide: loss(Math.max(Math.abs(s.ci_low ?? NaN), Math.abs(s.ci_high ?? NaN)), d),
      sd: loss(r.seedSpread, d),
    };
    el.innerHTML = verdictText(i18n, 'seeds.lm_verdict_', r, vars);
  }

  /** @param {ReturnType<typeof lmPairs>} p @param {string[]} acts */
  function renderTable(p, [a, b]) {
    const table = /** @type {HTMLTableElement} */ (root.querySelector('[data-lm-seeds-table]'));
    /** @type {HTMLTableSectionElement} */ (table.tHead).innerHTML =
      `<tr><th scope="col">${i18n.t('seeds.col_seed')}</th>
      <th scope="col" class="num">${name(a)}</th><th scope="col" class="num">${name(b)}</th>
      <th scope="col" class="num">${i18n.t('seeds.lm_col_diff')}</th><th scope="col" class="num">${i18n.t('seeds.lm_col_seconds')}</th></tr>`;
    table.tBodies[0].innerHTML = p
      .map(
        (
          x,
        ) => `<tr data-seed="${x.seed}"><th scope="row">${x.seed}</th><td class="num" data-val="a">${loss(x.a, 4)}</td>
      <td class="num" data-val="b">${loss(x.b, 4)}</td><td class="num" data-val="diff">${loss(x.diff, 4)}</td>
      <td class="num">${i18n.num(x.ra.seconds, 1)} / ${i18n.num(x.rb.seconds, 1)}</td></tr>`,
      )
      .join('');
  }

  const view = {
    /** Draws everything a (running or ended) study has so far. */
    render: redrawOnChange(i18n, (/** @type {LmStudy | null} */ current) => {
      study = current;
      if (!study) return;
      const p = lmPairs(study);
      summary = summarizeLm(core.M, study);
      renderPlots(p, study.acts);
      renderCurves(study);
      renderSummary(p, study.acts);
      renderVerdict(study.acts);
      renderTable(p, study.acts);
      for (const b of root.querySelectorAll('[data-lm-export]'))
        /** @type {HTMLButtonElement} */ (b).disabled = !p.length || study.state === 'running';
    }),
    summary: () => summary,
  };
  return view;
}
