// The many-seeds study's tables and its sentence of what the data supports (seeds-view.js draws
// the plots): the summary table, the verdict and the per-seed table.
import { readSummary } from '../shared/study-verdict.js';
import { reached95 } from '../shared/runs.js';
import { summaryDigits } from '../shared/difference-digits.js';

/** @typedef {import('../shared/types').I18n} I18n */
/** @typedef {ReturnType<typeof import('./study.js').pairs>} Pairs */
/** @typedef {import('../shared/types').ActivationName[]} Acts  [a, b] */
/** @typedef {import('../shared/types').PairedSummary | null} Summary */
/** @typedef {(selector: string) => HTMLElement} Finder */

/**
 * @param {I18n} i18n
 * @param {string} act
 */
const nameOf = (i18n, act) => i18n.t(`common.act_${act}`);
/**
 * Points: a difference of two accuracies, times 100.
 * @param {I18n} i18n
 * @param {number | null} x
 */
const pointsOf = (i18n, x, d = 2) => i18n.num(x === null ? x : x * 100, d);

/**
 * @param {Finder} $
 * @param {I18n} i18n
 * @param {Summary} summary
 * @param {Pairs} p
 * @param {Acts} acts
 */
export function renderSummary($, i18n, summary, p, [a, b]) {
  /** @param {string} act */
  const name = (act) => nameOf(i18n, act);
  /** @param {number | null} x */
  const pts = (x) => pointsOf(i18n, x);
  const body = $('[data-summary] tbody');
  $('[data-summary-caption]').textContent = i18n.t('seeds.summary_caption', { n: p.length });
  if (!summary) return (body.innerHTML = '');
  /** The difference's row: the digits its interval supports (shared/difference-digits.js). */
  const diff = (/** @type {number | null} */ x) =>
    pointsOf(i18n, x, summaryDigits(summary, { scale: 100, fallback: 2 }));
  /**
   * @param {number | null} lo
   * @param {number | null} hi
   */
  const ci = (lo, hi) => (Number.isFinite(lo) ? i18n.interval(diff(lo), diff(hi)) : '–');
  /** @param {number | null} v */
  const sd = (v) => (Number.isFinite(v) ? pts(v) : '–');
  body.innerHTML = `
    <tr data-row="a"><th scope="row">${name(a)}</th><td class="num">${i18n.pct(summary.mean_a, 2)}</td><td class="num">${sd(summary.sd_a)}</td><td class="num">–</td></tr>
    <tr data-row="b"><th scope="row">${name(b)}</th><td class="num">${i18n.pct(summary.mean_b, 2)}</td><td class="num">${sd(summary.sd_b)}</td><td class="num">–</td></tr>
    <tr data-row="diff"><th scope="row">${i18n.t('seeds.row_diff', { a: name(a), b: name(b) })}</th><td class="num" data-mean>${diff(summary.mean_diff)}</td>
      <td class="num">${Number.isFinite(summary.sd_diff) ? diff(summary.sd_diff) : '–'}</td><td class="num" data-ci>${ci(summary.ci_low, summary.ci_high)}</td></tr>`;
}

/**
 * @param {Finder} $
 * @param {I18n} i18n
 * @param {Summary} summary
 * @param {Acts} acts
 */
export function renderVerdict($, i18n, summary, [a, b]) {
  /** @param {string} act */
  const name = (act) => nameOf(i18n, act);
  const d = summaryDigits(summary, { scale: 100, fallback: 2 });
  /** @param {number | null} x */
  const pts = (x) => pointsOf(i18n, x, d);
  const el = $('[data-verdict]');
  // (its nulls, NaN in the core, come only with fewer than 2 pairs: readSummary's too_few)
  const r = readSummary(summary);
  el.dataset.kind = r.kind;
  if (r.kind === 'too_few' || !summary) return (el.innerHTML = i18n.t('seeds.verdict_too_few'));
  // Both sides the same activation: same seed, same start, same data, so the same run twice.
  if (a === b)
    return (
      (el.dataset.kind = 'same'),
      (el.innerHTML = i18n.t('seeds.verdict_same', { a: name(a) }))
    );
  const [hi, lo] = r.kind === 'b_higher' ? [b, a] : [a, b];
  const sign = r.kind === 'b_higher' ? -1 : 1;
  const vars = {
    n: summary.n,
    a: name(a),
    b: name(b),
    hi: name(hi),
    lo: name(lo),
    mean: pts(sign * (summary.mean_diff ?? NaN)),
    low: pts(summary.ci_low),
    high: pts(summary.ci_high),
    wide: pts(Math.max(Math.abs(summary.ci_low ?? NaN), Math.abs(summary.ci_high ?? NaN))),
    sd: pts(r.seedSpread),
  };
  el.innerHTML = verdictText(i18n, 'seeds.verdict_', r, vars);
}

/**
 * @param {Finder} $
 * @param {I18n} i18n
 * @param {Pairs} p
 * @param {Acts} acts
 */
export function renderSeedTable($, i18n, p, [a, b]) {
  /** @param {string} act */
  const name = (act) => nameOf(i18n, act);
  /** @param {number | null} x */
  const pts = (x) => pointsOf(i18n, x);
  // A diverged run is tested on its last finite weights; the table says so rather than hide it.
  /** @param {import('./study.js').Run} r */
  const epochKept = (r) =>
    r.status === 'diverged'
      ? i18n.t('seeds.diverged', { epoch: r.chosen_epoch })
      : String(r.chosen_epoch);
  const table = /** @type {HTMLTableElement} */ ($('[data-seeds-table]'));
  /** @type {HTMLTableSectionElement} */ (table.tHead).innerHTML =
    `<tr><th scope="col" data-i18n="seeds.col_seed">${i18n.t('seeds.col_seed')}</th>
    <th scope="col" class="num">${name(a)}</th><th scope="col" class="num">${name(b)}</th>
    <th scope="col" class="num">${i18n.t('seeds.col_diff_points')}</th><th scope="col" class="num">${i18n.t('seeds.col_epochs')}</th>
    <th scope="col" class="num">${i18n.t('seeds.col_to95')}</th></tr>`;
  table.tBodies[0].innerHTML = p
    .map(
      (x) => `<tr><th scope="row">${x.seed}</th><td class="num">${i18n.pct(x.a, 2)}</td>
    <td class="num">${i18n.pct(x.b, 2)}</td><td class="num">${pts(x.diff)}</td><td class="num">${epochKept(x.ra)} / ${epochKept(x.rb)}</td>
    <td class="num">${reached95(x.ra) ?? '–'} / ${reached95(x.rb) ?? '–'}</td></tr>`,
    )
    .join('');
}

/**
 * The sentence of what a study supports, `<prefix><kind>`, and the riders its reading calls for
 * (`<prefix>bounded`, `<prefix>negligible`, `<prefix>spread`).
 * @param {Pick<import('../shared/types').I18n, 't'>} i18n
 * @param {string} prefix
 * @param {{kind: string, bounded: boolean, negligible: boolean, spreadExceedsDiff: boolean}} reading
 * @param {import('../shared/types').I18nVars} vars
 */
export function verdictText(i18n, prefix, reading, vars) {
  let text = i18n.t(`${prefix}${reading.kind}`, vars);
  if (reading.bounded) text += ' ' + i18n.t(`${prefix}bounded`, vars);
  if (reading.negligible) text += ' ' + i18n.t(`${prefix}negligible`, vars);
  if (reading.spreadExceedsDiff) text += ' ' + i18n.t(`${prefix}spread`, vars);
  return text;
}
