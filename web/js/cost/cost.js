// The live cost panel (the article's #cost section, figure #cost-panel): throughput of every
// activation kernel and its derivative, SIMD and scalar reference, and the time of one training
// epoch per activation, all measured in the reader's browser by the core in a worker
// (cost/bench-worker.js). It measures when it first scrolls into view (not during page load, which
// would skew it) or on demand. Every timing is taken in interleaved rounds and shown as its median
// and interquartile range; two timings are compared only when their ranges are apart
// (bench-stats.js), so a busy machine reads as "too noisy".
import { simdSupported } from '../shared/core.js';
import { createBarChart } from '../plots/bar-chart.js';
import {
  download,
  downloadPng,
  labelPngButtons,
  pngButton,
  stampedName,
  toCsv,
} from '../shared/export.js';
import { setDisabled } from '../shared/focus.js';
import { createWorkerClient, isAbort } from '../shared/worker-client.js';
import { explainError, messageOf } from '../shared/worker-error.js';
import { closest, finder } from '../shared/dom.js';
import { compare, spread } from './bench-stats.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';

/** @typedef {import('../shared/types').ActivationName} ActivationName */

const N = 1 << 16; // 256 KB of floats: stays in cache, so this times the arithmetic, not memory
const TARGET_MS = 20; // each kernel measurement lasts about this long (see cost/bench-worker.js)
const ROUNDS = 5; // interleaved rounds: every kernel and every epoch is timed this many times

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
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
  const $ = finder(root);
  const chart = createBarChart($('[data-plot]'));
  chart.canvas.setAttribute('role', 'img');
  const simd = simdSupported();
  /** @type {Map<string, number[]>} */
  let kernels = new Map(), // key() -> elements/s, one per round
    /** @type {Map<string, number[]>} */
    epochs = new Map(), // activation -> seconds, one per round
    /** @type {'idle' | 'running' | 'done' | 'error'} */
    state = 'idle',
    error = '';
  const client = createWorkerClient(new URL('./bench-worker.js', import.meta.url));
  /**
   * @param {string} fn
   * @param {boolean} grad
   * @param {boolean} scalar
   */
  const key = (fn, grad, scalar) =>
    `${fn}/${grad ? 'grad' : 'value'}/${scalar ? 'scalar' : 'simd'}`;
  const total = fns.length * 5 * ROUNDS; // four kernels and one epoch per activation and round
  /**
   * @param {Map<string, number[]>} map
   * @param {string} k
   * @param {number} x
   */
  const record = (map, k, x) => map.set(k, [...(map.get(k) ?? []), x]);
  /** @param {number[] | undefined} xs */
  const stat = (xs) => spread(xs ?? []);
  /** Elements per second of a kernel: the median and interquartile range of its rounds. */
  const rateOf = (/** @type {string} */ fn, grad = false, scalar = false) =>
    stat(kernels.get(key(fn, grad, scalar)));

  /**
   * @param {string} message
   * @param {import('../shared/types').I18nVars} [vars]
   */
  const announce = (message, vars) => ($('[data-announce]').textContent = i18n.t(message, vars));

  function measure() {
    if (state === 'running') return;
    client.terminate();
    kernels = new Map();
    epochs = new Map();
    error = '';
    state = 'running';
    announce('cost.progress_running', { done: 0, total });
    /** @type {import('./protocol').BenchRequest} */
    const request = {
      fns,
      n: N,
      targetMs: TARGET_MS,
      epochConfig: core.defaults,
      rounds: ROUNDS,
    };
    /** @param {{message: import('./protocol').BenchMessage}} progress */
    const onProgress = ({ message: m }) => {
      if (m.type === 'kernel') record(kernels, key(m.fn, m.grad, m.scalar), m.rate);
      else record(epochs, m.fn, m.seconds);
      render();
    };
    client.call('measure', request, { onProgress }).then(
      () => {
        state = 'done';
        client.terminate(); // (its memory back: a later measure() starts a new one)
        // Screen readers hear the start and the end, not each of the timings in between.
        $('[data-announce]').textContent =
          `${i18n.t('cost.progress_done', { total })} ${takeawayOf().replace(/<[^>]*>/g, '')}`;
        render();
      },
      (err) => {
        if (isAbort(err)) return; // the element left the page (dispose says so)
        state = 'error';
        error = messageOf(err);
        announce('cost.failed', { message: explainError(i18n, error) });
        render();
      },
    );
    render();
  }

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
    const done = state === 'done';
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
      stat(epochs.get('gelu')),
      stat(epochs.get('relu')),
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
    if (state !== 'done')
      return i18n.t(state === 'error' ? 'cost.takeaway_error' : 'cost.takeaway_wait');
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
        const s = stat(epochs.get(fn));
        /** @param {number} x */
        const ms = (x) => i18n.num(x * 1000, 1);
        const epoch = s.n ? `${ms(s.median)}${range(s, ms)} ms` : '–';
        return `<tr data-fn="${fn}"><th scope="row">${name(fn)}</th>${cells}<td class="num" data-epoch="${fn}" data-value="${s.n ? s.median : ''}">${epoch}</td></tr>`;
      })
      .join('');
  }

  function render() {
    root.dataset.state = state;
    const count = (/** @type {Map<string, number[]>} */ m) =>
      [...m.values()].reduce((n, xs) => n + xs.length, 0);
    const done = count(kernels) + count(epochs);
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
    $('[data-build]').innerHTML = i18n.t(simd ? 'cost.build_simd' : 'cost.build_scalar');
    setTakeaway(root, takeawayOf());
    renderRatios();
    renderChart();
    renderTable();
  }

  const rows = () =>
    [...kernels].map(([k, rates]) => {
      const [fn, pass, kernel] = k.split('/');
      const r = spread(rates),
        e = stat(epochs.get(fn));
      return {
        fn,
        pass,
        kernel,
        elements_per_second: r.median,
        elements_per_second_q1: r.low,
        elements_per_second_q3: r.high,
        epoch_seconds: e.n ? e.median : null,
      };
    });
  root.addEventListener('click', (e) => {
    const t = /** @type {HTMLButtonElement | null} */ (closest(e, 'button'));
    if (!t || t.disabled) return;
    if (t.dataset.act === 'measure') measure();
    else if ('png' in t.dataset) downloadPng(chart.canvas, stampedName('cost', 'png'));
    else if (t.dataset.export === 'csv')
      download(
        stampedName('cost', 'csv'),
        toCsv(rows(), [
          'fn',
          'pass',
          'kernel',
          'elements_per_second',
          'elements_per_second_q1',
          'elements_per_second_q3',
          'epoch_seconds',
        ]),
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
            rounds_per_kernel: Object.fromEntries(kernels),
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
    client.terminate();
    if (state === 'running') state = 'idle';
  }
  return { measure, dispose };
}
