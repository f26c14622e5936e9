// The Transformer swap's results as the reader sees them: the sentence and the takeaway (with the
// share of the swap's cost fine-tuning won back, beside the control's own change), the table of
// losses and of the FFN's outputs that are exactly 0, the samples with their word rates and the
// fine-tuning curves. A view only:
// lm-swap.js holds the run and drives the two workers.
import { showSample } from './lm-client.js';
import { finder, must } from '../shared/dom.js';
import { LOSS_LEVEL, fineTuneCase, setTakeaway } from '../shared/takeaway.js';

/** @typedef {import('../shared/types').I18n} I18n */
/** @typedef {import('../shared/types').LmActivationName} LmActivationName */
/** @typedef {import('../shared/types').LmEval} LmEval */
/** @typedef {import('../shared/types').LmSwapValues} LmSwapValues */
/** @typedef {ReturnType<typeof import('../plots/line-plot.js').createLinePlot>} LinePlot */
/** @typedef {'before' | 'swapped' | 'tuned' | 'control'} Stage */
/** @typedef {'a' | 'b'} Which  a: the swapped model; b: the control, GELU kept */
/** @typedef {{step: number, val_loss: number}[]} Curve */
/**
 * A swap and its fine-tuning, as lm-swap.js runs them.
 * @typedef {{
 *   busy: '' | 'swap' | 'tune',
 *   error: string,
 *   progress: {done: number, of: number} | null,
 *   stages: Partial<Record<Stage, LmEval>>,
 *   zeros: Partial<Record<Stage, import('./protocol').LmZeros>>,
 *   samples: Partial<Record<Stage, string>>,
 *   rates: Partial<Record<Stage, import('./protocol').WordRate | null>>,
 *   curves: Record<Which, Curve>,
 *   to?: LmActivationName,
 *   k?: number,
 *   prompt?: string,
 * }} LmSwapRun
 */
/** @typedef {ReturnType<typeof swapVars>} SwapVars */

/** @type {Stage[]} */
export const STAGES = ['before', 'swapped', 'tuned', 'control'];

/**
 * The numbers the swap's sentences name, as text.
 * @param {I18n} i18n
 * @param {LmSwapRun} run
 * @param {LmSwapValues} values
 * @param {string | null} from  the pretrained model's activation, once the core said it
 */
export function swapVars(i18n, run, values, from) {
  /** @param {string} a */
  const nameOf = (a) => i18n.t(`common.act_${a}`);
  const s = run.stages;
  return {
    from: nameOf(from ?? 'gelu'),
    to: nameOf(run.to ?? values.to),
    k: run.k ?? values.finetuneSteps,
    before: loss(i18n, s.before?.val_loss),
    after: loss(i18n, s.swapped?.val_loss),
    jump: signed(i18n, (s.swapped?.val_loss ?? NaN) - (s.before?.val_loss ?? NaN)),
    tuned: loss(i18n, s.tuned?.val_loss),
    control: loss(i18n, s.control?.val_loss),
    gap: signed(i18n, (s.tuned?.val_loss ?? NaN) - (s.control?.val_loss ?? NaN)),
    tuned_change: signed(i18n, (s.tuned?.val_loss ?? NaN) - (s.swapped?.val_loss ?? NaN)),
    control_change: signed(i18n, (s.control?.val_loss ?? NaN) - (s.before?.val_loss ?? NaN)),
    ...recoveryVars(i18n, run),
    message: run.error,
  };
}

/**
 * What fine-tuning won back of the swap's cost (the swapped model's own change over what the swap
 * cost), and of its gap to the control (the gap after fine-tuning over the gap at the start, when
 * the control was the pretrained model); NaN when the swap cost nothing that shows.
 * @param {{before?: number, swapped?: number, tuned?: number, control?: number}} losses
 */
export function recovery({ before, swapped, tuned, control }) {
  const cost = (swapped ?? NaN) - (before ?? NaN);
  if (!(cost > LOSS_LEVEL)) return { won: NaN, closed: NaN };
  return {
    won: ((swapped ?? NaN) - (tuned ?? NaN)) / cost,
    closed: 1 - ((tuned ?? NaN) - (control ?? NaN)) / cost,
  };
}

/**
 * The recovery's and the zero outputs' numbers as text.
 * @param {I18n} i18n
 * @param {LmSwapRun} run
 */
function recoveryVars(i18n, run) {
  const s = run.stages;
  const r = recovery({
    before: s.before?.val_loss,
    swapped: s.swapped?.val_loss,
    tuned: s.tuned?.val_loss,
    control: s.control?.val_loss,
  });
  return {
    won: i18n.pct(r.won, 0),
    closed: i18n.pct(r.closed, 0),
    zeros_swapped: i18n.pct(run.zeros.swapped?.overall ?? NaN, 0),
    zeros_tuned: i18n.pct(run.zeros.tuned?.overall ?? NaN, 0),
  };
}

/**
 * @param {I18n} i18n
 * @param {number | undefined} x
 */
const loss = (i18n, x) => i18n.num(x, 3);
/**
 * @param {I18n} i18n
 * @param {number} x
 */
const signed = (i18n, x) => i18n.num(x, 3, { signDisplay: 'exceptZero' });

/**
 * Everything the run shows: the sentences, the takeaway, the table, the samples, the curves.
 * @param {HTMLElement} root
 * @param {I18n} i18n
 * @param {LmSwapRun} run
 * @param {{values: LmSwapValues, vars: SwapVars, vocabulary: number, curve: LinePlot}} view
 */
export function renderResults(root, i18n, run, { values, vars: v, vocabulary, curve }) {
  const $ = finder(root);
  const s = run.stages;
  const parts = [];
  if (s.swapped) parts.push(i18n.t('lm.swap_result_swap', v));
  if (s.control) parts.push(i18n.t('lm.swap_result_tuned', v));
  if (run.zeros.swapped && run.zeros.tuned) parts.push(i18n.t('lm.swap_result_zeros', v));
  else if (run.zeros.swapped) parts.push(i18n.t('lm.swap_result_zeros_swapped', v));
  $('[data-result]').innerHTML = parts.join(' ');
  setTakeaway(root, takeawayOf(i18n, run, v, vocabulary));
  const titles = {
    before: i18n.t('lm.swap_row_before', v),
    swapped: i18n.t('lm.swap_row_swapped', v),
    tuned: i18n.t('lm.swap_row_tuned', v),
    control: i18n.t('lm.swap_row_control', v),
  };
  for (const stage of STAGES) {
    const row = $(`tr[data-row="${stage}"]`),
      m = s[stage];
    must(row, 'th').textContent = titles[stage];
    must(row, '[data-col="val"]').textContent = m ? loss(i18n, m.val_loss) : '–';
    must(row, '[data-col="delta"]').textContent =
      m && stage !== 'before' && s.before ? signed(i18n, m.val_loss - s.before.val_loss) : '–';
    row.dataset.val = m ? String(m.val_loss) : '';
    const zeros = run.zeros[stage];
    must(row, '[data-col="zeros"]').textContent = zeros ? i18n.pct(zeros.overall, 1) : '–';
    row.dataset.zeros = zeros ? String(zeros.overall) : '';
    const box = $(`[data-sample="${stage}"]`);
    must(box, 'h4').textContent = titles[stage];
    showSample(must(box, '.lm-text'), run.prompt, run.samples[stage]);
    const rate = run.rates[stage];
    must(box, '[data-rate]').textContent =
      m && rate && rate.rate !== null
        ? i18n.t('lm.swap_sample_rate', {
            loss: loss(i18n, m.val_loss),
            rate: i18n.num(100 * rate.rate, 0),
            words: i18n.num(rate.words, 0),
          })
        : '';
    box.dataset.wordRate = rate?.rate == null ? '' : String(rate.rate);
  }
  renderCurve(root, i18n, run, values, v, curve);
}

/**
 * The caption's first sentence: the loss before and after the swap, then fine-tuned against
 * the control, beside the uniform guess (lower is better).
 * @param {I18n} i18n
 * @param {LmSwapRun} run
 * @param {SwapVars} v
 * @param {number} vocabulary  characters of the corpus: ln of it is the loss of a uniform guess
 */
function takeawayOf(i18n, run, v, vocabulary) {
  const s = run.stages;
  if (!s.swapped) return i18n.t('lm.swap_takeaway_ready');
  const u = { ...v, u: i18n.num(vocabulary ? Math.log(vocabulary) : NaN, 2) };
  const swapped = i18n.t('lm.swap_takeaway_swapped', u);
  // what the figure shows of fine-tuning: both models' changes, never "caught up" unless it did
  const reading = fineTuneCase({
    before: s.before?.val_loss,
    tuned: s.tuned?.val_loss,
    control: s.control?.val_loss,
  });
  if (!reading) return swapped;
  const won = Number.isFinite(
    recovery({
      before: s.before?.val_loss,
      swapped: s.swapped?.val_loss,
      tuned: s.tuned?.val_loss,
      control: s.control?.val_loss,
    }).won,
  )
    ? ` ${i18n.t('lm.swap_takeaway_recovered', u)}`
    : '';
  return `${swapped} ${i18n.t('lm.swap_takeaway_tuned', u)}${won} ${i18n.t(`lm.swap_takeaway_${reading}`, u)}`;
}

/**
 * The fine-tuning curves of the swapped model and the control, from the loss before the swap.
 * @param {HTMLElement} root
 * @param {I18n} i18n
 * @param {LmSwapRun} run
 * @param {LmSwapValues} values
 * @param {SwapVars} v
 * @param {LinePlot} curve
 */
function renderCurve(root, i18n, run, values, v, curve) {
  const k = Math.max(1, values.finetuneSteps);
  /** @type {import('../shared/types').Series[]} */
  const series = [];
  if (run.stages.before)
    series.push({
      xs: [0, k],
      ys: [run.stages.before.val_loss, run.stages.before.val_loss],
      color: 'gelu',
      dash: [2, 4],
      width: 1,
    });
  /**
   * @param {Curve} c
   * @param {string} color
   * @param {number[]} [dash]
   */
  const line = (c, color, dash) => ({
    xs: c.map((r) => r.step),
    ys: c.map((r) => r.val_loss),
    color,
    dash,
  });
  if (run.curves.b.length) series.push(line(run.curves.b, 'gelu', [5, 4]));
  if (run.curves.a.length) series.push(line(run.curves.a, run.to ?? values.to));
  curve.update({
    xDomain: [0, k],
    series,
    xLabel: i18n.t('lm.axis_finetune_step'),
    yLabel: i18n.t('lm.axis_val_loss'),
  });
  curve.canvas.setAttribute('aria-label', i18n.t('lm.swap_curve_label', v));
  const chip = (run.to ?? values.to).replace(/_/g, '-');
  must(root, '[data-legend]').innerHTML = [
    `<span class="legend-item"><i class="line solid" data-chip="${chip}"></i>${i18n.t('lm.swap_legend_swapped', v)}</span>`,
    `<span class="legend-item"><i class="line dashed" data-chip="gelu"></i>${i18n.t('lm.swap_legend_control', v)}</span>`,
  ].join('');
}
