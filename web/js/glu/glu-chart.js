// What the GLU figure draws from a result (the reference study, the reader's run, or `lm study
// --json`'s): the dot plot's rows (per variant, Δ final validation loss vs ReLU per seed, with the
// mean and its 95 % interval) and the table: each variant's mean loss, its Δ and that Δ as a share
// of ReLU's loss, beside Shazeer's loss and share. Shared by the live figure and the build's
// no-script picture (web/ship/pictures/glu.mjs), so both say the same.
import { summaryDigits } from '../shared/difference-digits.js';
import { REFERENCE, shazeerDelta } from './glu-study.js';

/** @typedef {import('./glu-study.js').GluResult} GluResult */
/** @typedef {import('../shared/types').PairedSummary} PairedSummary */
/**
 * @typedef {object} Words
 * @property {(key: string, vars?: Record<string, string | number>) => string} t
 * @property {(x: number, digits?: number, opts?: Intl.NumberFormatOptions) => string} num
 */

/**
 * The per-seed Δ of a variant, over the seeds where it and ReLU both finished.
 * @param {GluResult} result
 * @param {GluResult['rows'][number]} row
 */
function seedDeltas(result, row) {
  const ref = result.rows.find((r) => r.act === REFERENCE);
  return row.losses.flatMap((loss, i) => {
    const base = ref?.losses[i] ?? null;
    return loss === null || base === null ? [] : [loss - base];
  });
}

/** @param {PairedSummary | null} s */
const intervalOf = (s) =>
  s && s.mean_diff !== null
    ? { mean: s.mean_diff, lo: s.ci_low ?? NaN, hi: s.ci_high ?? NaN }
    : null;

/**
 * The dot plot's rows: one per variant.
 * @param {GluResult} result
 * @param {Words} w
 */
export function gluDotRows(result, { t }) {
  return result.rows
    .filter((r) => r.act !== REFERENCE)
    .map((r) => ({
      label: t(`common.act_${r.act}`),
      values: seedDeltas(result, r),
      color: r.act,
      interval: intervalOf(r.delta),
    }));
}

/** @param {Words['num']} num @param {number} x @param {number} digits */
const signed = (num, x, digits) => num(x, digits, { signDisplay: 'exceptZero' });

/**
 * A Δ as text: mean and 95 % interval ("−0.031 [−0.052, −0.010]"; in pt "[−0,052; −0,010]", as
 * i18n.interval writes it) to the digits the interval supports (shared/difference-digits.js), the
 * mean alone with one seed.
 * @param {PairedSummary | null} s
 * @param {Words & {interval: (lo: string, hi: string) => string}} w
 */
export function deltaText(s, { num, interval }) {
  if (!s || s.mean_diff === null) return '–';
  const d = summaryDigits(s, { fallback: 3 });
  const ci =
    s.n >= 2 && s.ci_low !== null && s.ci_high !== null
      ? ` ${interval(signed(num, s.ci_low, d), signed(num, s.ci_high, d))}`
      : '';
  return `${signed(num, s.mean_diff, d)}${ci}`;
}

/**
 * The table's rows: activation name, mean loss, Δ vs ReLU with its interval, Δ as % of ReLU's
 * loss; Shazeer's loss and his Δ as % of his ReLU's (for the variants in his table).
 * @param {GluResult} result
 * @param {Words & {interval: (lo: string, hi: string) => string}} w
 */
export function gluTableRows(result, w) {
  const { t, num } = w;
  const ref = result.rows.find((r) => r.act === REFERENCE);
  const pct = (/** @type {number} */ x) => `${signed(num, x, 2)} %`;
  return result.rows.map((r) => {
    const his = shazeerDelta(r.act);
    const mean = r.delta?.mean_diff ?? null;
    const reference = r.act === REFERENCE;
    return {
      act: r.act,
      name: t(`common.act_${r.act}`),
      loss: r.loss === null ? '–' : num(r.loss, 3),
      delta: reference ? t('glu.reference') : deltaText(r.delta, w),
      pct: reference
        ? t('glu.reference')
        : mean === null || !ref?.loss
          ? '–'
          : pct((100 * mean) / ref.loss),
      hisLoss: his ? num(his.loss, 3) : t('glu.not_his'),
      hisPct: !his ? '–' : reference ? t('glu.reference') : pct(his.pct),
    };
  });
}
