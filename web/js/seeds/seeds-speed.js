// The study's second measure, beside test accuracy: how many epochs each run needed to reach 95 %
// training accuracy (the core's reached_95), paired by seed, with the core's mean difference and
// 95 % interval. In deep setups two activations often end at the same accuracy and differ in how
// fast they get there. Runs that never reached 95 % are counted and named, not hidden.
import { speedPairs, summarizeSpeed } from './study.js';
import { finder } from '../shared/dom.js';
import { summaryDigits } from '../shared/difference-digits.js';

/**
 * @param {HTMLElement} root
 * @param {Pick<import('../shared/types').WidgetContext, 'core' | 'i18n'>} ctx
 */
export function createSeedsSpeed(root, { core, i18n }) {
  root.innerHTML = `
    <h3 class="plot-title" id="seeds-speed-title" data-i18n="seeds.speed_title"></h3>
    <div class="table-scroll" tabindex="0" role="region" aria-labelledby="seeds-speed-title"><table class="results-table ev-summary" data-speed aria-labelledby="seeds-speed-title">
      <thead><tr><th scope="col"><span class="visually-hidden" data-i18n="seeds.col_quantity"></span></th><th scope="col" class="num" data-i18n="seeds.speed_col_mean"></th>
        <th scope="col" class="num" data-i18n="seeds.speed_col_sd"></th><th scope="col" class="num" data-i18n="seeds.speed_col_ci"></th></tr></thead>
      <tbody></tbody></table></div>
    <p class="ev-verdict" data-speed-verdict></p>`;
  const $ = finder(root);
  /** @type {import('../shared/types').PairedSummary | null} */
  let summary = null;

  /**
   * Draws the speed summary of a study (running or ended); returns the core's summary or null.
   * @param {import('./study.js').Study} study
   */
  function render(study) {
    const [a, b] = study.acts;
    /** @param {string} act */
    const name = (act) => i18n.t(`common.act_${act}`);
    const { pairs, never } = speedPairs(study);
    summary = summarizeSpeed(core.M, study);
    /** @param {number | null | undefined} v */
    const ep = (v) => (Number.isFinite(v) ? i18n.num(v, 1) : '–');
    // the difference: the digits its interval supports (shared/difference-digits.js)
    const d = summaryDigits(summary, { fallback: 1 });
    /** @param {number | null | undefined} v */
    const diff = (v) => (Number.isFinite(v) ? i18n.num(v, d) : '–');
    /**
     * @param {number | null} lo
     * @param {number | null} hi
     */
    const ci = (lo, hi) => (Number.isFinite(lo) ? i18n.interval(diff(lo), diff(hi)) : '–');
    // No pairs, no table: the note below says why.
    $('.table-scroll').hidden = !summary;
    $('tbody').innerHTML = summary
      ? `<tr data-row="a"><th scope="row">${name(a)}</th><td class="num">${ep(summary.mean_a)}</td><td class="num">${ep(summary.sd_a)}</td><td class="num">–</td></tr>
      <tr data-row="b"><th scope="row">${name(b)}</th><td class="num">${ep(summary.mean_b)}</td><td class="num">${ep(summary.sd_b)}</td><td class="num">–</td></tr>
      <tr data-row="diff"><th scope="row">${i18n.t('seeds.speed_row_diff', { a: name(a), b: name(b) })}</th><td class="num">${diff(summary.mean_diff)}</td>
        <td class="num">${diff(summary.sd_diff)}</td><td class="num" data-ci>${ci(summary.ci_low, summary.ci_high)}</td></tr>`
      : '';
    const parts = [];
    const vars = {
      a: name(a),
      b: name(b),
      n: pairs.length,
      low: diff(summary?.ci_low),
      high: diff(summary?.ci_high),
      epochs: study.base.epochs,
    };
    const lo = summary?.ci_low ?? NaN, // null (NaN in the core) for fewer than 2 pairs
      hi = summary?.ci_high ?? NaN;
    if (!summary || !(summary.n >= 2) || !Number.isFinite(lo))
      parts.push(i18n.t('seeds.speed_too_few', vars));
    else if (hi < 0 || lo > 0) {
      const aFaster = hi < 0; // a − b < 0: a needed fewer epochs
      parts.push(
        i18n.t('seeds.speed_faster', {
          ...vars,
          fast: name(aFaster ? a : b),
          slow: name(aFaster ? b : a),
          mean: diff(Math.abs(summary.mean_diff ?? NaN)),
        }),
      );
    } else parts.push(i18n.t('seeds.speed_no_difference', vars));
    // (an activation against itself: each seed's one run serves both sides, counted once)
    if (never.a || never.b)
      parts.push(
        i18n.t(a === b ? 'seeds.speed_never_same' : 'seeds.speed_never', {
          ...vars,
          na: never.a,
          nb: never.b,
        }),
      );
    $('[data-speed-verdict]').innerHTML = parts.join(' ');
    return summary;
  }

  return { render, summary: () => summary };
}
