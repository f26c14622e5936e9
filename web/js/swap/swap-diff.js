// What the MLP swap changed, made visible: the share of the plotted area where the network's
// decision flipped (the boards shade those cells: plots/boundary.js setReference), the validation
// accuracy of each step as bars, and the caption's first sentence from those numbers.
import { createBarChart } from '../plots/bar-chart.js';
import { flippedShare } from '../shared/takeaway.js';

/** @typedef {import('../shared/types').SwapStage} SwapStage */
/** @typedef {{activation: string, acc: number, grid?: ArrayLike<number>, curve?: unknown[] | null}} StageResult */
/** @typedef {Partial<Record<SwapStage, StageResult | null>>} SwapRun */

/** @type {SwapStage[]} */
const STAGES = ['pretrained', 'swapped', 'finetuned'];

/**
 * The accuracy bars: pretrained, swapped, fine-tuned, each in its activation's colour.
 * @param {HTMLElement} parent
 * @param {import('../shared/types').I18n} i18n
 */
export function createSwapBars(parent, i18n) {
  const chart = createBarChart(parent);
  chart.canvas.setAttribute('role', 'img');
  /**
   * @param {SwapRun} run
   * @param {Record<SwapStage, string>} titles
   */
  function update(run, titles) {
    const groups = STAGES.map((stage) => {
      const m = run[stage];
      return {
        label: i18n.t(`swap.bar_${stage}`),
        bars: [
          {
            value: m ? m.acc : NaN,
            color: m?.activation ?? 'soft',
            text: m ? i18n.pct(m.acc, 1) : '',
          },
        ],
      };
    });
    chart.update({ groups, fmt: (v) => i18n.pct(v, 0) });
    chart.canvas.setAttribute(
      'aria-label',
      i18n.t('swap.bars_label', {
        list: STAGES.map((s) => `${titles[s]}: ${run[s] ? i18n.pct(run[s]?.acc, 1) : '–'}`).join(
          '; ',
        ),
      }),
    );
  }
  return { canvas: chart.canvas, update };
}

/**
 * The caption's first sentence: what the swap did to the decision and to the accuracy.
 * @param {import('../shared/types').I18n} i18n
 * @param {SwapRun} run
 * @param {(fn: string) => string} name
 */
export function swapTakeaway(i18n, run, name) {
  const p = run.pretrained,
    s = run.swapped,
    f = run.finetuned;
  if (!p || !s) return i18n.t('swap.takeaway_ready');
  const share = p.grid && s.grid ? flippedShare(p.grid, s.grid) : NaN;
  const vars = {
    from: name(p.activation),
    to: name(s.activation),
    share: i18n.pct(share, 1),
    before: i18n.pct(p.acc, 1),
    after: i18n.pct(s.acc, 1),
  };
  const swap = i18n.t('swap.takeaway_swapped', vars);
  if (!f) return swap;
  return `${swap} ${i18n.t('swap.takeaway_finetuned', { k: (f.curve?.length ?? 1) - 1, acc: i18n.pct(f.acc, 1) })}`;
}
