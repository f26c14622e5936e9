// The GLU figure's takeaway, computed from the run: which variants ended below ReLU's validation
// loss, which above, and which the reader's seeds cannot tell from it (a 95 % interval that holds
// zero), at the end and after 1/8 of the run. It says what the seeds show whichever way it goes.
// Pure (the strings and number formats come in through i18n) so that Node tests can check it.
import { readLossSummary } from '../shared/lm-study.js';
import { REFERENCE } from './glu-study.js';

/**
 * The page's i18n, or a picture's translator (web/ship/pictures/glu.mjs).
 * @typedef {object} Words
 * @property {(key: string, vars?: Record<string, string | number>) => string} t
 * @property {(x: number, digits?: number, opts?: Intl.NumberFormatOptions) => string} num
 */
/** @typedef {import('./glu-study.js').GluResult} GluResult */

const GROUPS = /** @type {const} */ (['lower', 'higher', 'same', 'unknown']);

/**
 * The variants of one reading in groups: below ReLU, above it, not distinguishable, no interval.
 * @param {GluResult['rows']} rows
 * @param {'early' | 'late'} when
 */
export function gluGroups(rows, when) {
  /** @type {Record<(typeof GROUPS)[number], {act: string, mean: number}[]>} */
  const out = { lower: [], higher: [], same: [], unknown: [] };
  for (const r of rows) {
    if (r.act === REFERENCE) continue;
    const s = r[when];
    const kind = readLossSummary(s).kind;
    const group =
      kind === 'a_lower'
        ? 'lower'
        : kind === 'b_lower'
          ? 'higher'
          : kind === 'no_difference'
            ? 'same'
            : 'unknown';
    out[group].push({ act: r.act, mean: s?.mean_diff ?? NaN });
  }
  out.lower.sort((a, b) => a.mean - b.mean);
  out.higher.sort((a, b) => a.mean - b.mean);
  return out;
}

/**
 * The takeaway sentence of a finished (or partly finished) run; null before any seed paired.
 * @param {Words} i18n
 * @param {GluResult} result
 * @param {(act: string) => string} name an activation's display name
 * @returns {string | null}
 */
export function gluTakeaway(i18n, result, name) {
  const n = Math.max(0, ...result.rows.map((r) => r.late?.n ?? 0));
  if (!n) return null;
  if (n < 2) return i18n.t('glu.takeaway_one_seed');
  /** @param {number} x */
  const signed = (x) => i18n.num(x, 3, { signDisplay: 'exceptZero' });
  /** @param {'early' | 'late'} when */
  const parts = (when) => {
    const g = gluGroups(result.rows, when);
    return GROUPS.filter((k) => g[k].length)
      .map((k) =>
        i18n.t(`glu.group_${k}`, {
          n,
          list: g[k]
            .map((x) =>
              k === 'lower' || k === 'higher' ? `${name(x.act)} (${signed(x.mean)})` : name(x.act),
            )
            .join(', '),
        }),
      )
      .join('; ');
  };
  return [
    i18n.t('glu.takeaway_late', { n, step: result.steps, parts: parts('late') }),
    i18n.t('glu.takeaway_early', { step: result.early_step, parts: parts('early') }),
  ].join(' ');
}
