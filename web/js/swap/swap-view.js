// The pretrained swap's results as the reader sees them: the three boards' titles, accuracies and
// labels, the sentence that sums the run up, the bars and the takeaway (swap-diff.js), and the
// fine-tuning curve. A view only: swap.js holds the run and talks to the worker.
import { finder, must } from '../shared/dom.js';
import { setTakeaway } from '../shared/takeaway.js';
import { swapTakeaway } from './swap-diff.js';

/** @typedef {import('../shared/types').I18n} I18n */
/** @typedef {import('../shared/types').SwapValues} SwapValues */
/** @typedef {import('./protocol').SwapStage} SwapStage */
/** @typedef {import('./protocol').SwapStageMessage} SwapStageMessage */
/** @typedef {ReturnType<typeof import('./swap-diff.js').createSwapBars>} SwapBars */
/** @typedef {ReturnType<typeof import('../plots/line-plot.js').createLinePlot>} LinePlot */
/**
 * What the view draws of swap.js's run: each stage's result and the fine-tuning curve.
 * @typedef {{
 *   pretrained: SwapStageMessage | null,
 *   swapped: SwapStageMessage | null,
 *   finetuned: SwapStageMessage | null,
 *   curve: import('./protocol').FinetuneCurve | null,
 * }} SwapResults
 */

/** @type {SwapStage[]} */
export const STAGES = ['pretrained', 'swapped', 'finetuned'];

/**
 * Three significant digits, however small.
 * @param {I18n} i18n
 * @param {number} x
 */
const sig = (i18n, x) =>
  i18n.num(x, 0, {
    minimumFractionDigits: 0,
    maximumFractionDigits: 20,
    maximumSignificantDigits: 3,
  });

/**
 * The boards' titles, accuracies and labels, the sentence that sums the run up, the bars and the
 * takeaway.
 * @param {HTMLElement} root
 * @param {I18n} i18n
 * @param {SwapResults} run
 * @param {SwapValues} values
 * @param {SwapBars} bars
 */
function renderBoards(root, i18n, run, values, bars) {
  const $ = finder(root);
  /** @param {string} a */
  const name = (a) => i18n.t(`common.act_${a}`);
  /** @param {number} x */
  const pts = (x) => i18n.num(x * 100, 1, { signDisplay: 'exceptZero' });
  const p = run.pretrained,
    s = run.swapped,
    f = run.finetuned;
  const from = p?.activation ?? values.a,
    to = s?.activation ?? values.b;
  const titles = {
    pretrained: i18n.t(p?.imported ? 'swap.board_imported' : 'swap.board_pretrained', {
      fn: name(from),
    }),
    swapped: i18n.t('swap.board_swapped', { fn: name(to) }),
    finetuned: i18n.t('swap.board_finetuned', {
      k: f ? (f.curve?.length ?? 0) - 1 : values.finetuneEpochs,
    }),
  };
  for (const stage of STAGES) {
    const el = $(`[data-board="${stage}"]`),
      m = run[stage];
    must(el, 'h3').textContent = titles[stage];
    el.dataset.acc = m ? String(m.acc) : '';
    must(el, '.swap-acc').innerHTML = m
      ? i18n.t('swap.acc', { acc: i18n.pct(m.acc, 1) }) +
        (stage !== 'pretrained' && p
          ? ` <span class="${m.acc < p.acc - 0.01 ? 'swap-drop' : ''}">(${pts(m.acc - p.acc)} ${i18n.t('swap.points')})</span>`
          : '')
      : i18n.t('swap.acc_none');
    must(el, '.boundary-wrap').setAttribute(
      'aria-label',
      m
        ? i18n.t('swap.board_label', { title: titles[stage], acc: i18n.pct(m.acc, 1) })
        : titles[stage],
    );
  }
  const result = $('[data-result]');
  const parts = [];
  const maxDiff = s?.maxDiff ?? NaN; // (the swapped stage carries it)
  if (p && s) {
    parts.push(
      i18n.t('swap.result_swap', {
        from: name(p.activation),
        to: name(s.activation),
        before: i18n.pct(p.acc, 1),
        after: i18n.pct(s.acc, 1),
        delta: pts(s.acc - p.acc),
      }),
    );
    parts.push(
      i18n.t(maxDiff < 0.01 ? 'swap.result_maxdiff_small' : 'swap.result_maxdiff', {
        max: sig(i18n, maxDiff),
      }),
    );
  }
  if (p && s && f)
    parts.push(
      i18n.t('swap.result_finetuned', {
        k: (f.curve?.length ?? 0) - 1,
        to: name(s.activation),
        acc: i18n.pct(f.acc, 1),
        delta: pts(f.acc - p.acc),
      }),
    );
  if (p?.imported && !s)
    parts.push(i18n.t('swap.result_imported', { acc: i18n.pct(p.acc, 1), fn: name(p.activation) }));
  result.innerHTML = parts.join(' ');
  result.dataset.maxDiff = s ? String(s.maxDiff) : '';
  bars.update(run, titles);
  setTakeaway(root, swapTakeaway(i18n, run, name));
}

/**
 * The fine-tuning curve against the pretrained accuracy.
 * @param {I18n} i18n
 * @param {SwapResults} run
 * @param {SwapValues} values
 * @param {LinePlot} curve
 */
function renderCurve(i18n, run, values, curve) {
  const c = run.curve ?? [],
    p = run.pretrained;
  const k = Math.max(1, values.finetuneEpochs, c.length ? c[c.length - 1].epoch : 0);
  /** @type {import('../shared/types').Series[]} */
  const series = [];
  if (p)
    series.push({
      xs: [0, k],
      ys: [p.acc, p.acc],
      color: p.activation,
      dash: [5, 4],
      width: 1.5,
    });
  if (c.length)
    series.push({
      xs: c.map((r) => r.epoch),
      ys: c.map((r) => r.val_acc ?? NaN),
      color: run.swapped?.activation ?? values.b,
    });
  curve.update({ xDomain: [0, k], series, xLabel: i18n.t('swap.axis_epoch') });
  curve.canvas.setAttribute('aria-label', i18n.t('swap.curve_label', { points: c.length }));
}

/**
 * Everything the run shows, after each message of the worker.
 * @param {HTMLElement} root
 * @param {I18n} i18n
 * @param {SwapResults} run
 * @param {SwapValues} values
 * @param {{bars: SwapBars, curve: LinePlot}} plots
 */
export function renderResults(root, i18n, run, values, { bars, curve }) {
  renderBoards(root, i18n, run, values, bars);
  renderCurve(i18n, run, values, curve);
}
