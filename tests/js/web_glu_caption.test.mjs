// The GLU figure's takeaway (web/js/glu/glu-caption.js) says what the run's seeds show whichever
// way it goes: a variant whose whole interval is below ReLU's is "below", above is "above", and
// an interval that holds zero is "not distinguishable with N seeds", at the end and after 1/8 of
// the run, in both languages (the page's own strings and number formats, read from disk here).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as i18n from '../../web/js/shared/i18n.js';
import { gluGroups, gluTakeaway } from '../../web/js/glu/glu-caption.js';
import { shazeerDelta } from '../../web/js/glu/glu-study.js';

globalThis.fetch = /** @type {typeof fetch} */ (
  async (url) => {
    const text = readFileSync(fileURLToPath(String(url)), 'utf8');
    return /** @type {Response} */ ({ ok: true, json: async () => JSON.parse(text) });
  }
);

/** A paired summary of variant − ReLU over n seeds with this mean and interval. */
const delta = (mean, lo, hi, n = 3) => ({
  n,
  mean_a: 1.5 + mean,
  sd_a: 0.02,
  mean_b: 1.5,
  sd_b: 0.02,
  mean_diff: mean,
  sd_diff: lo === null ? null : 0.01,
  ci_low: lo,
  ci_high: hi,
});
const NAMES = { gelu: 'GELU', swiglu: 'SwiGLU', geglu: 'GEGLU', reglu: 'ReGLU' };
const name = (/** @type {string} */ a) => NAMES[/** @type {keyof NAMES} */ (a)] ?? a;
const runs = [{ early: 2, late: 1.5 }];

/** The gated variants win at the end; early, every interval holds zero. */
const gatesWin = {
  seeds: [0, 1, 2],
  steps: 400,
  early_step: 50,
  rows: [
    { act: 'relu', runs, early: null, late: null },
    { act: 'gelu', runs, early: delta(0.01, -0.02, 0.04), late: delta(0.004, -0.01, 0.018) },
    { act: 'swiglu', runs, early: delta(-0.01, -0.05, 0.03), late: delta(-0.04, -0.06, -0.02) },
    { act: 'geglu', runs, early: delta(0.0, -0.03, 0.03), late: delta(-0.03, -0.05, -0.011) },
  ],
};
/** The other way: the gated variants end above ReLU; early, SwiGLU was below. */
const gatesLose = {
  ...gatesWin,
  rows: [
    { act: 'relu', runs, early: null, late: null },
    { act: 'gelu', runs, early: delta(0.02, 0.01, 0.03), late: delta(-0.001, -0.01, 0.008) },
    { act: 'swiglu', runs, early: delta(-0.05, -0.07, -0.03), late: delta(0.06, 0.03, 0.09) },
    { act: 'geglu', runs, early: delta(0.01, -0.02, 0.04), late: delta(0.05, 0.02, 0.08) },
  ],
};

test('the groups follow the intervals: below, above, holding zero', () => {
  const late = gluGroups(gatesWin.rows, 'late');
  assert.deepEqual(
    late.lower.map((x) => x.act),
    ['swiglu', 'geglu'], // lowest mean first
  );
  assert.deepEqual(
    late.same.map((x) => x.act),
    ['gelu'],
  );
  assert.deepEqual(late.higher, []);
  const early = gluGroups(gatesLose.rows, 'early');
  assert.deepEqual(
    early.lower.map((x) => x.act),
    ['swiglu'],
  );
  assert.deepEqual(
    early.higher.map((x) => x.act),
    ['gelu'],
  );
  assert.deepEqual(
    gluGroups(gatesLose.rows, 'late').higher.map((x) => x.act),
    ['geglu', 'swiglu'],
  );
});

test('English: says what the seeds show, whichever way it goes', async () => {
  i18n.useLanguage('en');
  await i18n.need('glu');
  const win = /** @type {string} */ (gluTakeaway(i18n, gatesWin, name));
  assert.match(
    win,
    /At the end \(step 400\), over 3 seeds: below ReLU: SwiGLU \(−0\.040\), GEGLU \(−0\.030\)/,
  );
  assert.match(win, /not distinguishable from ReLU with 3 seeds: GELU\./);
  assert.match(
    win,
    /After 1\/8 of the run \(step 50\): not distinguishable from ReLU with 3 seeds: GELU, SwiGLU, GEGLU\./,
  );
  assert.doesNotMatch(win, /above ReLU/);
  const lose = /** @type {string} */ (gluTakeaway(i18n, gatesLose, name));
  assert.match(
    lose,
    /At the end \(step 400\), over 3 seeds: above ReLU: GEGLU \(\+0\.050\), SwiGLU \(\+0\.060\); not distinguishable from ReLU with 3 seeds: GELU\./,
  );
  assert.match(
    lose,
    /step 50\): below ReLU: SwiGLU \(−0\.050\); above ReLU: GELU \(\+0\.020\); not distinguishable/,
  );
});

test('Portuguese: the same readings, in its words and number format', async () => {
  i18n.useLanguage('pt');
  await i18n.need('glu');
  const win = /** @type {string} */ (gluTakeaway(i18n, gatesWin, name));
  assert.match(
    win,
    /No fim \(passo 400\), com 3 sementes: abaixo da ReLU: SwiGLU \(−0,040\), GEGLU \(−0,030\); indistinguíveis da ReLU com 3 sementes: GELU\./,
  );
  const lose = /** @type {string} */ (gluTakeaway(i18n, gatesLose, name));
  assert.match(lose, /acima da ReLU: GEGLU \(\+0,050\), SwiGLU \(\+0,060\)/);
  assert.match(lose, /Após 1\/8 do treino \(passo 50\): abaixo da ReLU: SwiGLU \(−0,050\)/);
  i18n.useLanguage('en');
});

test('no interval: one seed, no seed yet, a diverged run', async () => {
  i18n.useLanguage('en');
  await i18n.need('glu');
  const none = { ...gatesWin, rows: gatesWin.rows.map((r) => ({ ...r, early: null, late: null })) };
  assert.equal(gluTakeaway(i18n, none, name), null);
  const one = {
    ...gatesWin,
    rows: gatesWin.rows.map((r) =>
      r.late ? { ...r, early: delta(0.1, null, null, 1), late: delta(0.1, null, null, 1) } : r,
    ),
  };
  assert.match(/** @type {string} */ (gluTakeaway(i18n, one, name)), /One seed gives no interval/);
  const diverged = {
    ...gatesWin,
    rows: [
      ...gatesWin.rows.slice(0, 3),
      { act: 'geglu', runs, early: delta(NaN, null, null), late: delta(NaN, null, null) },
    ],
  };
  assert.match(
    /** @type {string} */ (gluTakeaway(i18n, diverged, name)),
    /no interval \(.*\): GEGLU\./,
  );
});

test("Shazeer's Δ vs ReLU from his Table 1", () => {
  assert.deepEqual(shazeerDelta('swiglu'), { early: -0.053, late: -0.041 });
  assert.deepEqual(shazeerDelta('gelu'), { early: -0.014, late: 0.002 });
  assert.deepEqual(shazeerDelta('relu'), { early: 0, late: 0 });
  assert.equal(shazeerDelta('relu2'), null);
});
