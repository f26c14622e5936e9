// What the GLU figure draws from a result (glu-study.js's, or `lm study --json`'s): the dot
// plot's rows (per variant, Δ vs ReLU per seed with the mean and its 95 % interval, after 1/8 of
// the run and at its end) and the table beside Shazeer's numbers. Shared by the live figure and
// the build's no-script picture (web/ship/pictures/glu.mjs), so both say the same.
import { REFERENCE, SHAZEER, shazeerDelta } from './glu-study.js';

/** @typedef {import('./glu-study.js').GluResult} GluResult */
/** @typedef {import('../shared/types').PairedSummary} PairedSummary */
/**
 * @typedef {object} Words
 * @property {(key: string, vars?: Record<string, string | number>) => string} t
 * @property {(x: number, digits?: number, opts?: Intl.NumberFormatOptions) => string} num
 */

/**
 * The per-seed Δ of one reading, matched by seed (runs carry it on the page; the CLI's are in
 * the order of its seeds).
 * @param {GluResult} result
 * @param {GluResult['rows'][number]} row
 * @param {'early' | 'late'} when
 */
function seedDeltas(result, row, when) {
  const ref = result.rows.find((r) => r.act === REFERENCE);
  /** @param {any} run @param {number} i */
  const seedOf = (run, i) => run.seed ?? result.seeds[i];
  const base = new Map((ref?.runs ?? []).map((run, i) => [seedOf(run, i), run[when]]));
  return row.runs.map((run, i) => run[when] - (base.get(seedOf(run, i)) ?? NaN));
}

/** @param {PairedSummary | null} s */
const intervalOf = (s) =>
  s && s.mean_diff !== null
    ? { mean: s.mean_diff, lo: s.ci_low ?? NaN, hi: s.ci_high ?? NaN }
    : null;

/**
 * The dot plot's rows: per variant its early reading, then its late one.
 * @param {GluResult} result
 * @param {Words} w
 */
export function gluDotRows(result, { t }) {
  return result.rows
    .filter((r) => r.act !== REFERENCE)
    .flatMap((r) => {
      const act = t(`common.act_${r.act}`);
      return /** @type {const} */ (['early', 'late']).map((when) => ({
        label:
          when === 'early'
            ? t('glu.row_early', { act, step: result.early_step })
            : t('glu.row_late', { act }),
        values: seedDeltas(result, r, when),
        color: r.act,
        interval: intervalOf(r[when]),
      }));
    });
}

/**
 * A Δ as text: mean and 95 % interval ("−0.031 [−0.052, −0.010]"; in pt "[−0,052; −0,010]", as
 * i18n.interval writes it), the mean alone with one seed.
 * @param {PairedSummary | null} s
 * @param {Words & {interval: (lo: string, hi: string) => string}} w
 */
export function deltaText(s, { num, interval }) {
  if (!s || s.mean_diff === null) return '–';
  const f = (/** @type {number} */ x) => num(x, 3, { signDisplay: 'exceptZero' });
  const ci =
    s.n >= 2 && s.ci_low !== null && s.ci_high !== null
      ? ` ${interval(f(s.ci_low), f(s.ci_high))}`
      : '';
  return `${f(s.mean_diff)}${ci}`;
}

/**
 * The table's rows: activation name, this run's Δ early and late, Shazeer's loss and Δ early and
 * late (his, for the variants in his table).
 * @param {GluResult} result
 * @param {Words & {interval: (lo: string, hi: string) => string}} w
 */
export function gluTableRows(result, w) {
  const { t, num } = w;
  /** @param {string} act @param {'early' | 'late'} when */
  const his = (act, when) => {
    const d = shazeerDelta(act);
    if (!d) return t('glu.not_his');
    const loss = num(SHAZEER[act][when], 3);
    return act === REFERENCE ? loss : `${loss} (${num(d[when], 3, { signDisplay: 'exceptZero' })})`;
  };
  return result.rows.map((r) => ({
    act: r.act,
    name: t(`common.act_${r.act}`),
    early: r.act === REFERENCE ? t('glu.reference') : deltaText(r.early, w),
    late: r.act === REFERENCE ? t('glu.reference') : deltaText(r.late, w),
    hisEarly: his(r.act, 'early'),
    hisLate: his(r.act, 'late'),
  }));
}
