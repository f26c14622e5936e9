// The live cost panel (NOTES.md 10–11): throughput of every activation kernel and its derivative,
// SIMD and scalar reference, and the time of one training epoch per activation, all measured in
// the reader's browser by the core in a worker (workers/bench-worker.js). It measures when it first
// scrolls into view (not during page load, which would skew it) or on demand.
import { simdSupported } from '../core.js';
import { createBarChart } from '../plots/bar-chart.js';
import {
  download,
  downloadPng,
  labelPngButtons,
  pngButton,
  stampedName,
  toCsv,
} from '../export.js';
import { setDisabled } from '../focus.js';
import { explainError, workerFailed } from '../worker-error.js';
import { closest, finder } from '../dom.js';

/** @typedef {import('../types').ActivationName} ActivationName */

const N = 1 << 16; // 256 KB of floats: stays in cache, so this times the arithmetic, not memory
const TARGET_MS = 40; // each kernel measurement lasts about this long (see workers/bench-worker.js)
const ROUNDS = 5; // timed epochs per activation, taken in turns (the best is kept)

/**
 * @param {HTMLElement} root
 * @param {import('../types').WidgetContext} ctx
 */
export default async function createCost(root, { core, i18n }) {
  await i18n.need('cost', 'evidence', 'common');
  const fns = core.activations.filter((a) => a !== 'identity');
  root.innerHTML = `
    <div class="ev-panel">
      <div class="lab-toolbar">
        <button type="button" class="btn primary" data-act="measure" data-i18n="cost.measure"></button>
        <div class="progress" tabindex="-1"><progress max="1" value="0" data-i18n-attr="aria-label=cost.progress_label"></progress>
          <span class="progress-text" data-progress></span></div>
        <div class="visually-hidden" role="status" data-announce></div>
      </div>
      <p class="ev-note" data-build></p>
      <div class="cost-summary" data-ratios></div>
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
    <figcaption data-i18n="cost.caption"></figcaption>`;
  const $ = finder(root);
  const chart = createBarChart($('[data-plot]'));
  chart.canvas.setAttribute('role', 'img');
  const simd = simdSupported();
  /** @type {Map<string, number>} */
  let kernels = new Map(), // key() -> elements/s
    /** @type {Map<string, number>} */
    epochs = new Map(), // activation -> seconds
    /** @type {'idle' | 'running' | 'done' | 'error'} */
    state = 'idle',
    /** @type {Worker | null} */
    worker = null,
    error = '';
  /**
   * @param {string} fn
   * @param {boolean} grad
   * @param {boolean} scalar
   */
  const key = (fn, grad, scalar) =>
    `${fn}/${grad ? 'grad' : 'value'}/${scalar ? 'scalar' : 'simd'}`;
  const total = fns.length * 5; // four kernels and one epoch per activation

  /**
   * @param {string} message
   * @param {import('../types').I18nVars} [vars]
   */
  const announce = (message, vars) => ($('[data-announce]').textContent = i18n.t(message, vars));

  function measure() {
    if (state === 'running') return;
    worker?.terminate();
    kernels = new Map();
    epochs = new Map();
    error = '';
    state = 'running';
    announce('cost.progress_running', { done: 0, total });
    const w = new Worker(new URL('../workers/bench-worker.js', import.meta.url), {
      type: 'module',
    });
    worker = w;
    w.onmessage = (/** @type {MessageEvent<import('../types').BenchMessage>} */ { data: m }) => {
      if (m.type === 'kernel') kernels.set(key(m.fn, m.grad, m.scalar), m.rate);
      else if (m.type === 'epoch') epochs.set(m.fn, m.seconds);
      else if (m.type === 'done' || m.type === 'error') {
        state = m.type;
        error = m.type === 'error' ? m.message : '';
        w.terminate();
        worker = null;
        // Screen readers hear the start and the end, not each of the timings in between.
        if (m.type === 'done') announce('cost.progress_done', { total });
        else announce('cost.failed', { message: error });
      }
      render();
    };
    w.onerror = (e) => (e.preventDefault(), (state = 'error'), (error = workerFailed(e)), render());
    /** @type {import('../types').BenchRequest} */
    const request = {
      fns,
      n: N,
      targetMs: TARGET_MS,
      epochConfig: core.defaults,
      rounds: ROUNDS,
    };
    w.postMessage(request);
    render();
  }

  /** @param {string} fn */
  const name = (fn) => i18n.t(`common.act_${fn}`);
  /** @param {number} rate */
  const mps = (rate) => i18n.num(rate / 1e6, rate < 1e8 ? 1 : 0);
  /** @param {number} x */
  const times = (x) => (Number.isFinite(x) ? `${i18n.num(x, x < 10 ? 1 : 0)}×` : '–');

  function renderRatios() {
    /** @param {string} fn */
    const rate = (fn, scalar = false) => kernels.get(key(fn, false, scalar)) ?? 0;
    /** @type {{id: string, value: number, text: string}[]} */
    const cards = [];
    for (const fn of fns.filter((f) => f !== 'relu')) {
      if (rate('relu') && rate(fn))
        cards.push({
          id: `${fn}_relu`,
          value: rate('relu') / rate(fn),
          text: i18n.t('cost.ratio_vs_relu', { fn: name(fn) }),
        });
    }
    if (rate('gelu') && rate('gelu', true))
      cards.push({
        id: 'simd_gelu',
        value: rate('gelu') / rate('gelu', true),
        text: i18n.t('cost.ratio_simd', { fn: name('gelu') }),
      });
    const gelu = epochs.get('gelu'),
      relu = epochs.get('relu');
    if (relu !== undefined && gelu !== undefined)
      cards.push({
        id: 'epoch_gelu_relu',
        value: gelu / relu,
        text: i18n.t('cost.ratio_epoch'),
      });
    $('[data-ratios]').innerHTML = cards
      .map(
        (c) =>
          `<div class="cost-ratio" data-ratio="${c.id}" data-value="${c.value}"><b>${times(c.value)}</b><span>${c.text}</span></div>`,
      )
      .join('');
  }

  function renderChart() {
    /** @type {import('../plots/bar-chart.js').BarGroup[]} */
    const groups = [];
    for (const grad of [false, true]) {
      for (const fn of fns) {
        const bars = [false, true].map((scalar) => {
          const v = kernels.get(key(fn, grad, scalar));
          return { value: v ?? NaN, color: fn, faded: scalar, text: v ? `${mps(v)} M/s` : '' };
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
    const relu = epochs.get('relu');
    $('[data-table] tbody').innerHTML = fns
      .map((fn) => {
        const cells = cols
          .map((c) => {
            const [pass, kind] = c.split('_'),
              v = kernels.get(key(fn, pass === 'grad', kind === 'scalar'));
            return `<td class="num" data-rate="${fn}/${c}" data-value="${v ?? ''}">${v ? mps(v) : '–'}</td>`;
          })
          .join('');
        const s = epochs.get(fn);
        const epoch =
          s === undefined
            ? '–'
            : `${i18n.num(s * 1000, 1)} ms${relu && fn !== 'relu' ? ` (${times(s / relu)})` : ''}`;
        return `<tr data-fn="${fn}"><th scope="row">${name(fn)}</th>${cells}<td class="num" data-epoch="${fn}" data-value="${s ?? ''}">${epoch}</td></tr>`;
      })
      .join('');
  }

  function render() {
    root.dataset.state = state;
    const done = kernels.size + epochs.size;
    /** @type {HTMLProgressElement} */ ($('progress')).value = done / total;
    // While it measures, the focus waits on the progress line (the button disables itself).
    setDisabled(
      /** @type {HTMLButtonElement} */ ($('[data-act="measure"]')),
      state === 'running',
      $('.progress'),
    );
    labelPngButtons(root, i18n);
    $('[data-progress]').textContent =
      state === 'error'
        ? i18n.t('cost.failed', { message: explainError(i18n, error) })
        : i18n.t(`cost.progress_${state}`, { done, total });
    $('[data-build]').innerHTML = i18n.t(simd ? 'cost.build_simd' : 'cost.build_scalar', {
      arch: core.arch,
    });
    renderRatios();
    renderChart();
    renderTable();
  }

  const rows = () =>
    [...kernels].map(([k, rate]) => {
      const [fn, pass, kernel] = k.split('/');
      return { fn, pass, kernel, elements_per_second: rate, epoch_seconds: epochs.get(fn) ?? null };
    });
  root.addEventListener('click', (e) => {
    const t = /** @type {HTMLButtonElement | null} */ (closest(e, 'button'));
    if (!t || t.disabled) return;
    if (t.dataset.act === 'measure') measure();
    else if ('png' in t.dataset) downloadPng(chart.canvas, stampedName('cost', 'png'));
    else if (t.dataset.export === 'csv')
      download(
        stampedName('cost', 'csv'),
        toCsv(rows(), ['fn', 'pass', 'kernel', 'elements_per_second', 'epoch_seconds']),
        'text/csv',
      );
    else if (t.dataset.export === 'json')
      download(
        stampedName('cost', 'json'),
        JSON.stringify(
          {
            arch: core.arch,
            simd,
            n: N,
            target_ms: TARGET_MS,
            rounds: ROUNDS,
            epoch_config: core.defaults,
            kernels: rows(),
            epochs: Object.fromEntries(epochs),
          },
          null,
          1,
        ),
        'application/json',
      );
  });
  // Measure once the panel is close to the screen: the reader sees it happen, page load is over.
  const seen = new IntersectionObserver(
    (entries) => {
      if (entries.some((en) => en.isIntersecting))
        (seen.disconnect(), state === 'idle' && measure());
    },
    { rootMargin: '200px' },
  );
  seen.observe(root);
  await i18n.apply(root);
  i18n.onChange(render);
  render();
  // The element left the page: its worker ends (a later measure() starts a new one).
  function dispose() {
    seen.disconnect();
    worker?.terminate();
    worker = null;
    if (state === 'running') state = 'idle';
  }
  return { measure, dispose };
}
