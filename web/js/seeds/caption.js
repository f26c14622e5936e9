// The many-seeds study's caption sentence, from every quantity the study reports: the interval of
// the test-accuracy difference, the interval of the difference in epochs to 95 % training
// accuracy, and the runs that never reached 95 % (they did not train). A caption that read only
// the first could say "no significant difference" beside a speed interval that excludes zero.
// Pure (the strings and number formats come in through i18n) so that Node tests can check it.
import { readSummary } from '../shared/study-verdict.js';
import { summaryDigits } from '../shared/difference-digits.js';

/** @typedef {import('../shared/types').PairedSummary} PairedSummary */
/** @typedef {Pick<import('../shared/types').I18n, 't' | 'num' | 'interval'>} Words */

/**
 * The takeaway of a study of activations a against b (different ones).
 * acc: the core's paired summary of test accuracy (a − b); speed: that of epochs to 95 % (or null);
 * never: how many runs of a and of b never reached 95 % in epochs; runs: the seeds with both done.
 * @param {Words} i18n
 * @param {{a: string, b: string, acc: PairedSummary | null, speed: PairedSummary | null,
 *   never: {a: number, b: number}, runs: number, epochs: number}} study  a, b: display names
 * @returns {string | null}  null: nothing to conclude yet (fewer than two pairs, no spread)
 */
export function studyTakeaway(i18n, { a, b, acc, speed, never, runs, epochs }) {
  const r = readSummary(acc);
  if (!acc || r.kind === 'too_few' || r.kind === 'no_spread') return null;
  // (as the table beside it: the digits the interval supports, shared/difference-digits.js)
  const d = summaryDigits(acc, { scale: 100, fallback: 2 });
  /** @param {number | null} x */
  const pts = (x) => i18n.num(x === null ? x : x * 100, d);
  const parts = [
    i18n.t(r.kind === 'no_difference' ? 'seeds.takeaway_no_difference' : 'seeds.takeaway_higher', {
      n: acc.n,
      a,
      b,
      hi: r.kind === 'b_higher' ? b : a,
      mean: i18n.num((acc.mean_diff ?? NaN) * 100, d, { signDisplay: 'exceptZero' }),
      ci: i18n.interval(pts(acc.ci_low), pts(acc.ci_high)),
    }),
  ];
  const lo = speed?.ci_low ?? NaN,
    hi = speed?.ci_high ?? NaN;
  if (speed && speed.n >= 2 && Number.isFinite(lo) && Number.isFinite(hi)) {
    /** @param {number | null} x */
    const ep = (x) => i18n.num(x, summaryDigits(speed, { fallback: 1 }));
    const vars = { a, b, n: speed.n, ci: i18n.interval(ep(lo), ep(hi)) };
    if (lo > 0 || hi < 0)
      parts.push(
        i18n.t('seeds.takeaway_speed_faster', {
          ...vars,
          fast: hi < 0 ? a : b, // a − b < 0: a needed fewer epochs
          mean: ep(Math.abs(speed.mean_diff ?? NaN)),
        }),
      );
    else parts.push(i18n.t('seeds.takeaway_speed_same', vars));
  }
  if (never.a > 0 && never.b > 0)
    parts.push(
      i18n.t('seeds.takeaway_never_both', { a, b, na: never.a, nb: never.b, runs, epochs }),
    );
  else if (never.a > 0 || never.b > 0)
    parts.push(
      i18n.t('seeds.takeaway_never', {
        act: never.a > 0 ? a : b,
        count: never.a || never.b,
        runs,
        epochs,
      }),
    );
  return parts.join(' ');
}
