// The cost panel's markup and its results (cost/cost.js runs the measurement): the ratio cards,
// the noise warning, the bar chart, the table and the caption's first sentence, all drawn from the
// rounds measured so far. What may be compared is cost-comparisons.js's: a ratio is stated, and a
// bar drawn in colour, only when the two timings' ranges are apart.
import { createBarChart } from '../plots/bar-chart.js';
import { labelPngButtons, pngButton } from '../shared/export.js';
import { setDisabled } from '../shared/focus.js';
import { explainError } from '../shared/worker-error.js';
import { finder } from '../shared/dom.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';
import { comparisons, isRanked, rankedGroups, rateOf, stat } from './cost-comparisons.js';

/** The panel's markup: toolbar, notes, ratio cards, chart, table, export buttons and caption. */
export const costHtml = () => `
    <div class="ev-panel">
      <div class="lab-toolbar">
        <button type="button" class="btn primary" data-act="measure" data-i18n="cost.measure"></button>
        <div class="progress" tabindex="-1"><progress max="1" value="0" data-i18n-attr="aria-label=cost.progress_label"></progress>
          <span class="progress-text" data-progress></span></div>
        <div class="visually-hidden" role="status" data-announce></div>
      </div>
      <p class="ev-note" data-build></p>
      <div class="cost-summary" data-ratios></div>
      <p class="ev-note" data-noisy hidden></p>
      <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" data-i18n="cost.chart_title"></h3>
        ${pngButton()}</div>
        <div class="plot-wrap" data-plot></div>
        <div class="lab-legend"><span class="legend-item"><i class="swatch" data-chip="soft"></i><span data-i18n="cost.legend_simd"></span></span>
          <span class="legend-item"><i class="swatch" data-chip="soft-faded"></i><span data-i18n="cost.legend_scalar"></span></span></div></div>
      <p class="ev-caption" id="cost-table-caption" data-i18n="cost.table_caption"></p>
      <div class="table-scroll" tabindex="0" role="region" aria-labelledby="cost-table-caption"><table class="results-table" data-table aria-labelledby="cost-table-caption">
        <thead></thead><tbody></tbody></table></div>
      <div class="ev-export" role="group" data-i18n-attr="aria-label=export.download_label">
        <span class="ev-export-label" data-i18n="export.download"></span>
        <button type="button" class="btn small" data-export="csv">CSV</button>
        <button type="button" class="btn small" data-export="json">JSON</button></div>
    </div>
    ${captionHtml('cost.caption')}`;

/**
 * The results view over root (filled with costHtml()).
 * @param {HTMLElement} root
 * @param {object} opts
 * @param {import('../shared/types').I18n} opts.i18n
 * @param {string[]} opts.fns the activations measured
 * @param {boolean} opts.simd whether this browser runs the SIMD build
 * @param {number} opts.rounds interleaved rounds per timing
 * @param {number} opts.total timings in one measurement
 * @param {import('./cost-comparisons.js').CostRun} opts.run the current state (cost.js updates it
 *   in place)
 */
export function createCostResults(root, { i18n, fns, simd, rounds: ROUNDS, total, run }) {
  const $ = finder(root);
  const chart = createBarChart($('[data-plot]'));
  chart.canvas.setAttribute('role', 'img');
  /** @param {string} fn */
  const name = (fn) => i18n.t(`common.act_${fn}`);
  /** @param {number} rate */
  const mps = (rate) => i18n.num(rate / 1e6, rate < 1e8 ? 1 : 0);
  /** @param {number} x */
  const times = (x) => (Number.isFinite(x) ? `${i18n.num(x, x < 10 ? 1 : 0)}×` : '–');

  /** The panel's comparisons, each with its sentence. */
  const cards = () =>
    comparisons(run, fns, simd).map((c) => ({
      ...c,
      text:
        c.kind === 'cost'
          ? i18n.t('cost.ratio_vs_relu', { fn: name(c.fn) })
          : c.kind === 'simd'
            ? i18n.t('cost.ratio_simd', { fn: name(c.fn) })
            : i18n.t('cost.ratio_epoch'),
    }));

  function renderRatios() {
    const shown = cards();
    $('[data-ratios]').innerHTML = shown
      .map(
        (c) =>
          `<div class="cost-ratio" data-ratio="${c.id}" data-value="${c.ratio}" data-verdict="${c.verdict}"><b>${isRanked(c) ? times(c.ratio) : '?'}</b><span>${c.text}${isRanked(c) ? '' : ` — ${i18n.t('cost.too_noisy')}`}</span></div>`,
      )
      .join('');
    const noisy = /** @type {HTMLElement} */ ($('[data-noisy]'));
    noisy.hidden = !shown.some((c) => c.verdict === 'too_noisy');
    noisy.innerHTML = noisy.hidden ? '' : i18n.t('cost.noisy_warning', { rounds: ROUNDS });
  }

  /** The caption's first sentence: GELU's cost relative to ReLU's, when the rounds allow it. */
  function takeawayOf() {
    if (run.state !== 'done')
      return i18n.t(run.state === 'error' ? 'cost.takeaway_error' : 'cost.takeaway_wait');
    const byId = Object.fromEntries(comparisons(run, fns, simd).map((c) => [c.id, c]));
    const kernel = byId.gelu_relu,
      epoch = byId.epoch_gelu_relu;
    if (kernel?.verdict !== 'ranked') return i18n.t('cost.takeaway_noisy');
    const vars = { x: times(kernel.ratio), y: times(epoch?.ratio ?? NaN), n: ROUNDS };
    if (epoch?.verdict !== 'ranked') return i18n.t('cost.takeaway_kernel_only', vars);
    // "only" holds when the epoch's ratio is below the kernel's; otherwise say what was measured
    return i18n.t(
      epoch.ratio <= kernel.ratio ? 'cost.takeaway_ranked' : 'cost.takeaway_epoch_above',
      vars,
    );
  }

  function renderChart() {
    /** @type {import('../plots/bar-chart.js').BarGroup[]} */
    const groups = [];
    const ranked = rankedGroups(run, fns);
    for (const grad of [false, true]) {
      for (const fn of fns) {
        const muted = !ranked.has(`${fn}/${grad ? 'grad' : 'value'}`);
        const bars = [false, true].map((scalar) => {
          const v = rateOf(run, fn, grad, scalar).median;
          const ok = Number.isFinite(v);
          return { value: v, color: fn, faded: scalar, muted, text: ok ? `${mps(v)} M/s` : '' };
        });
        groups.push({ label: `${name(fn)} ${grad ? 'f′' : 'f'}`, bars });
      }
    }
    chart.update({ groups, fmt: (v) => i18n.num(v / 1e6, 0) });
    // (what the canvas draws grey, for tests and for anyone reading the markup)
    chart.canvas.dataset.ranked = [...ranked].sort().join(' ');
    chart.canvas.setAttribute('aria-label', i18n.t('cost.chart_label'));
  }

  function renderTable() {
    const cols = ['value_simd', 'value_scalar', 'grad_simd', 'grad_scalar'];
    $('[data-table] thead').innerHTML =
      `<tr><th scope="col">${i18n.t('cost.col_fn')}</th>${cols.map((c) => `<th scope="col" class="num">${i18n.t(`cost.col_${c}`)}</th>`).join('')}
      <th scope="col" class="num">${i18n.t('cost.col_epoch')}</th></tr>`;
    /**
     * " (low–high)": the interquartile range, once there are rounds enough for one.
     * @param {import('./bench-stats.js').Spread} r
     * @param {(x: number) => string} fmt
     */
    const range = (r, fmt) =>
      r.n >= 3 ? ` <small class="spread">(${fmt(r.low)}–${fmt(r.high)})</small>` : '';
    $('[data-table] tbody').innerHTML = fns
      .map((fn) => {
        const cells = cols
          .map((c) => {
            const [pass, kind] = c.split('_'),
              r = rateOf(run, fn, pass === 'grad', kind === 'scalar');
            const text = r.n ? `${mps(r.median)}${range(r, mps)}` : '–';
            return `<td class="num" data-rate="${fn}/${c}" data-value="${r.n ? r.median : ''}">${text}</td>`;
          })
          .join('');
        const s = stat(run.epochs.get(fn));
        /** @param {number} x */
        const ms = (x) => i18n.num(x * 1000, 1);
        const epoch = s.n ? `${ms(s.median)}${range(s, ms)} ms` : '–';
        return `<tr data-fn="${fn}"><th scope="row">${name(fn)}</th>${cells}<td class="num" data-epoch="${fn}" data-value="${s.n ? s.median : ''}">${epoch}</td></tr>`;
      })
      .join('');
  }

  function render() {
    root.dataset.state = run.state;
    const count = (/** @type {Map<string, number[]>} */ m) =>
      [...m.values()].reduce((n, xs) => n + xs.length, 0);
    const done = count(run.kernels) + count(run.epochs);
    /** @type {HTMLProgressElement} */ ($('progress')).value = done / total;
    // While it measures, the focus waits on the progress line (the button disables itself).
    setDisabled(
      /** @type {HTMLButtonElement} */ ($('[data-act="measure"]')),
      run.state === 'running',
      $('.progress'),
    );
    labelPngButtons(root, i18n);
    $('[data-progress]').textContent =
      run.state === 'error'
        ? i18n.t('cost.failed', { message: explainError(i18n, run.error) })
        : i18n.t(`cost.progress_${run.state}`, { done, total });
    $('[data-build]').innerHTML = i18n.t(simd ? 'cost.build_simd' : 'cost.build_scalar');
    setTakeaway(root, takeawayOf());
    renderRatios();
    renderChart();
    renderTable();
  }
  return { chart, render, takeawayOf };
}
