// The cost panel's markup and its results (cost/cost.js runs the measurement): the ratio cards,
// the noise warning, the bar chart, the table and the caption's first sentence, all drawn from the
// rounds measured so far. Two timings are compared only when their ranges are apart
// (bench-stats.js).
import { createBarChart } from '../plots/bar-chart.js';
import { labelPngButtons, pngButton } from '../shared/export.js';
import { setDisabled } from '../shared/focus.js';
import { explainError } from '../shared/worker-error.js';
import { finder } from '../shared/dom.js';
import { compare, spread } from './bench-stats.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';

/**
 * The panel's state, shared with cost.js: rounds per kernel and per epoch.
 * @typedef {object} CostRun
 * @property {Map<string, number[]>} kernels kernelKey() -> elements/s, one per round
 * @property {Map<string, number[]>} epochs activation -> seconds, one per round
 * @property {'idle' | 'running' | 'done' | 'error'} state
 * @property {string} error
 */

/**
 * @param {string} fn
 * @param {boolean} grad
 * @param {boolean} scalar
 */
export const kernelKey = (fn, grad, scalar) =>
  `${fn}/${grad ? 'grad' : 'value'}/${scalar ? 'scalar' : 'simd'}`;

/** @param {number[] | undefined} xs */
export const stat = (xs) => spread(xs ?? []);

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
      <div class="ev-export" role="group" data-i18n-attr="aria-label=evidence.export_label">
        <span class="ev-export-label" data-i18n="evidence.export"></span>
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
 * @param {CostRun} opts.run the current state (cost.js updates it in place)
 */
export function createCostResults(root, { i18n, fns, simd, rounds: ROUNDS, total, run }) {
  const $ = finder(root);
  const chart = createBarChart($('[data-plot]'));
  chart.canvas.setAttribute('role', 'img');
  /** Elements per second of a kernel: the median and interquartile range of its rounds. */
  const rateOf = (/** @type {string} */ fn, grad = false, scalar = false) =>
    stat(run.kernels.get(kernelKey(fn, grad, scalar)));

  /** @param {string} fn */
  const name = (fn) => i18n.t(`common.act_${fn}`);
  /** @param {number} rate */
  const mps = (rate) => i18n.num(rate / 1e6, rate < 1e8 ? 1 : 0);
  /** @param {number} x */
  const times = (x) => (Number.isFinite(x) ? `${i18n.num(x, x < 10 ? 1 : 0)}×` : '–');

  /**
   * The comparisons the panel states, each only once both sides have their rounds: a cost is
   * ReLU's rate over the other's, a speed-up SIMD's rate over scalar's (never below 1 as a fact).
   */
  function comparisons() {
    const done = run.state === 'done';
    /** @type {{id: string, text: string, verdict: string, ratio: number}[]} */
    const out = [];
    /**
     * @param {string} id
     * @param {string} text
     * @param {import('./bench-stats.js').Spread} a
     * @param {import('./bench-stats.js').Spread} b
     * @param {number} [expectAbove]
     */
    const add = (id, text, a, b, expectAbove) => {
      if (!a.n || !b.n) return;
      const c = compare(a, b, { expectAbove });
      // Mid-measurement a pair with too few rounds yet is shown as it stands, not judged.
      out.push({
        id,
        text,
        ratio: c.ratio,
        verdict: !done && c.verdict === 'too_few' ? 'partial' : c.verdict,
      });
    };
    for (const fn of fns.filter((f) => f !== 'relu'))
      add(`${fn}_relu`, i18n.t('cost.ratio_vs_relu', { fn: name(fn) }), rateOf('relu'), rateOf(fn));
    add(
      'simd_gelu',
      i18n.t('cost.ratio_simd', { fn: name('gelu') }),
      rateOf('gelu'),
      rateOf('gelu', false, true),
      simd ? 1 : undefined,
    );
    add(
      'epoch_gelu_relu',
      i18n.t('cost.ratio_epoch'),
      stat(run.epochs.get('gelu')),
      stat(run.epochs.get('relu')),
    );
    return out;
  }

  function renderRatios() {
    const cards = comparisons();
    const ranked = (/** @type {{verdict: string}} */ c) =>
      c.verdict === 'ranked' || c.verdict === 'partial';
    $('[data-ratios]').innerHTML = cards
      .map(
        (c) =>
          `<div class="cost-ratio" data-ratio="${c.id}" data-value="${c.ratio}" data-verdict="${c.verdict}"><b>${ranked(c) ? times(c.ratio) : '?'}</b><span>${c.text}${ranked(c) ? '' : ` — ${i18n.t('cost.too_noisy')}`}</span></div>`,
      )
      .join('');
    const noisy = /** @type {HTMLElement} */ ($('[data-noisy]'));
    noisy.hidden = !cards.some((c) => c.verdict === 'too_noisy');
    noisy.innerHTML = noisy.hidden ? '' : i18n.t('cost.noisy_warning', { rounds: ROUNDS });
  }

  /** The caption's first sentence: GELU's cost relative to ReLU's, when the rounds allow it. */
  function takeawayOf() {
    if (run.state !== 'done')
      return i18n.t(run.state === 'error' ? 'cost.takeaway_error' : 'cost.takeaway_wait');
    const byId = Object.fromEntries(comparisons().map((c) => [c.id, c]));
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
    for (const grad of [false, true]) {
      for (const fn of fns) {
        const bars = [false, true].map((scalar) => {
          const v = rateOf(fn, grad, scalar).median;
          const ok = Number.isFinite(v);
          return { value: v, color: fn, faded: scalar, text: ok ? `${mps(v)} M/s` : '' };
        });
        groups.push({ label: `${name(fn)} ${grad ? 'f′' : 'f'}`, bars });
      }
    }
    chart.update({ groups, fmt: (v) => i18n.num(v / 1e6, 0) });
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
              r = rateOf(fn, pass === 'grad', kind === 'scalar');
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
