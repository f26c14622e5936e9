// The GLU figure's takeaway, computed from a result: which variants ended below ReLU's validation
// loss, which above, and which the seeds cannot tell from it (a 95 % interval that holds zero);
// for the reader's own run, also the smallest difference its seeds resolve and whether its runs
// reproduce the reference study's. It says what the seeds show whichever way it goes. Pure (the
// strings and number formats come in through i18n) so that Node tests and the build can call it.
import { readLossSummary } from '../shared/lm-study.js';
import { digitsFor, summaryDigits } from '../shared/difference-digits.js';
import { REFERENCE, reproduced, resolution } from './glu-study.js';

/**
 * The page's i18n, or the build's translator (web/ship/).
 * @typedef {object} Words
 * @property {(key: string, vars?: Record<string, string | number>) => string} t
 * @property {(x: number, digits?: number, opts?: Intl.NumberFormatOptions) => string} num
 */
/** @typedef {import('./glu-study.js').GluResult} GluResult */

const GROUPS = /** @type {const} */ (['lower', 'higher', 'same', 'unknown']);

/**
 * The variants in groups: below ReLU, above it, not distinguishable, no interval.
 * @param {GluResult['rows']} rows
 */
export function gluGroups(rows) {
  /** @type {Record<(typeof GROUPS)[number], {act: string, mean: number, digits: number}[]>} */
  const out = { lower: [], higher: [], same: [], unknown: [] };
  for (const r of rows) {
    if (r.act === REFERENCE) continue;
    const kind = readLossSummary(r.delta).kind;
    const group =
      kind === 'a_lower'
        ? 'lower'
        : kind === 'b_lower'
          ? 'higher'
          : kind === 'no_difference'
            ? 'same'
            : 'unknown';
    out[group].push({
      act: r.act,
      mean: r.delta?.mean_diff ?? NaN,
      digits: summaryDigits(r.delta, { fallback: 3 }),
    });
  }
  out.lower.sort((a, b) => a.mean - b.mean);
  out.higher.sort((a, b) => a.mean - b.mean);
  return out;
}

/**
 * What a result shows, in one sentence; null before any seed paired. `key`: the sentence's string
 * (glu.takeaway_reference for the reference study).
 * @param {Words} i18n
 * @param {GluResult} result
 * @param {(act: string) => string} name an activation's display name
 * @returns {string | null}
 */
export function gluReading(i18n, result, name, key = 'glu.takeaway') {
  const n = Math.max(0, ...result.rows.map((r) => r.delta?.n ?? 0));
  if (!n) return null;
  if (n < 2) return i18n.t('glu.takeaway_one_seed');
  const signed = (/** @type {number} */ x, /** @type {number} */ d) =>
    i18n.num(x, d, { signDisplay: 'exceptZero' });
  const g = gluGroups(result.rows);
  const parts = GROUPS.filter((k) => g[k].length)
    .map((k) =>
      i18n.t(`glu.group_${k}`, {
        n,
        list: g[k]
          .map((x) =>
            k === 'lower' || k === 'higher'
              ? `${name(x.act)} (${signed(x.mean, x.digits)})`
              : name(x.act),
          )
          .join(', '),
      }),
    )
    .join('; ');
  return i18n.t(key, { n, steps: result.steps, parts });
}

/**
 * The takeaway of the reader's run: its reading, the difference its seeds resolve, and how much
 * of the reference study it re-ran bit for bit. null before any seed paired.
 * @param {Words} i18n
 * @param {GluResult} run
 * @param {GluResult | null} reference
 * @param {(act: string) => string} name
 */
export function gluRunTakeaway(i18n, run, reference, name) {
  const reading = gluReading(i18n, run, name);
  if (reading === null) return null;
  const half = resolution(run);
  const same = reference ? reproduced(run, reference) : { compared: 0, same: 0 };
  return [
    reading,
    half === null ? '' : i18n.t('glu.resolves', { half: i18n.num(half, digitsFor(half, 3)) }),
    !same.compared
      ? ''
      : same.same === same.compared
        ? i18n.t('glu.reproduced', { runs: same.compared })
        : i18n.t('glu.not_reproduced', { same: same.same, runs: same.compared }),
  ]
    .filter(Boolean)
    .join(' ');
}
