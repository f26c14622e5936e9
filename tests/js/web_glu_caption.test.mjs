// The GLU figure's words (web/js/glu/glu-caption.js) say what the seeds show whichever way it
// goes: a variant whose whole interval is below ReLU's is "below", above is "above", and an
// interval that holds zero is "not distinguishable with N seeds", in both languages (the page's
// own strings and number formats, read from disk here); the reader's run also says the difference
// its seeds resolve and whether it re-ran the reference study's seeds bit for bit. The figure's
// table (glu-chart.js) sets each variant's share of ReLU's loss beside Shazeer's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as i18n from '../../web/js/shared/i18n.js';
import { gluGroups, gluReading, gluRunTakeaway } from '../../web/js/glu/glu-caption.js';
import { gluTableRows } from '../../web/js/glu/glu-chart.js';
import { reproduced, resolution, shazeerDelta } from '../../web/js/glu/glu-study.js';

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
const losses = [1.5, 1.5, 1.5];
const row = (act, d) => ({ act, losses, loss: 1.5, delta: d });

/** The gated variants win; GELU's interval holds zero. */
const gatesWin = {
  acts: ['relu', 'gelu', 'swiglu', 'geglu'],
  seeds: [0, 1, 2],
  steps: 1000,
  rows: [
    row('relu', null),
    row('gelu', delta(0.004, -0.01, 0.018)),
    row('swiglu', delta(-0.04, -0.06, -0.02)),
    row('geglu', delta(-0.03, -0.05, -0.011)),
  ],
};
/** The other way: the gated variants end above ReLU. */
const gatesLose = {
  ...gatesWin,
  rows: [
    row('relu', null),
    row('gelu', delta(-0.001, -0.01, 0.008)),
    row('swiglu', delta(0.06, 0.03, 0.09)),
    row('geglu', delta(0.05, 0.02, 0.08)),
  ],
};

test('the groups follow the intervals: below, above, holding zero', () => {
  const win = gluGroups(gatesWin.rows);
  assert.deepEqual(
    win.lower.map((x) => x.act),
    ['swiglu', 'geglu'], // lowest mean first
  );
  assert.deepEqual(
    win.same.map((x) => x.act),
    ['gelu'],
  );
  assert.deepEqual(win.higher, []);
  assert.deepEqual(
    gluGroups(gatesLose.rows).higher.map((x) => x.act),
    ['geglu', 'swiglu'],
  );
});

test('English: says what the seeds show, whichever way it goes', async () => {
  i18n.useLanguage('en');
  await i18n.need('glu');
  const win = /** @type {string} */ (gluReading(i18n, gatesWin, name));
  assert.equal(
    win,
    'After 1000 steps, over 3 seeds: below ReLU: SwiGLU (−0.040), GEGLU (−0.030); not distinguishable from ReLU with 3 seeds: GELU.',
  );
  const lose = /** @type {string} */ (gluReading(i18n, gatesLose, name));
  assert.match(
    lose,
    /over 3 seeds: above ReLU: GEGLU \(\+0\.050\), SwiGLU \(\+0\.060\); not distinguishable from ReLU with 3 seeds: GELU\./,
  );
  assert.doesNotMatch(lose, /below ReLU/);
});

test('Portuguese: the same readings, in its words and number format', async () => {
  i18n.useLanguage('pt');
  await i18n.need('glu');
  const win = /** @type {string} */ (gluReading(i18n, gatesWin, name));
  assert.match(
    win,
    /com 3 sementes: abaixo da ReLU: SwiGLU \(−0,040\), GEGLU \(−0,030\); indistinguíveis da ReLU com 3 sementes: GELU\./,
  );
  assert.match(
    /** @type {string} */ (gluReading(i18n, gatesLose, name)),
    /acima da ReLU: GEGLU \(\+0,050\), SwiGLU \(\+0,060\)/,
  );
  i18n.useLanguage('en');
});

test('no interval: one seed, no seed yet, a diverged run', async () => {
  i18n.useLanguage('en');
  await i18n.need('glu');
  const none = { ...gatesWin, rows: gatesWin.rows.map((r) => ({ ...r, delta: null })) };
  assert.equal(gluReading(i18n, none, name), null);
  const one = {
    ...gatesWin,
    rows: gatesWin.rows.map((r) => (r.delta ? { ...r, delta: delta(0.1, null, null, 1) } : r)),
  };
  assert.match(/** @type {string} */ (gluReading(i18n, one, name)), /One seed gives no interval/);
  const diverged = {
    ...gatesWin,
    rows: [...gatesWin.rows.slice(0, 3), row('geglu', delta(NaN, null, null))],
  };
  assert.match(
    /** @type {string} */ (gluReading(i18n, diverged, name)),
    /no interval \(.*\): GEGLU\./,
  );
});

/** A reader's run of the reference's first two seeds (ReLU and SwiGLU). */
const reference = {
  acts: ['relu', 'swiglu'],
  seeds: [0, 1, 2, 3],
  steps: 1000,
  model: {},
  rows: [
    { act: 'relu', losses: [2.1, 2.2, 2.15, 2.12], loss: 2.1425, delta: null },
    {
      act: 'swiglu',
      losses: [2.08, 2.17, 2.13, 2.1],
      loss: 2.12,
      delta: delta(-0.02, -0.03, -0.01, 4),
    },
  ],
};
const run = (swiglu) => ({
  acts: ['relu', 'swiglu'],
  seeds: [0, 1],
  steps: 1000,
  rows: [
    { act: 'relu', losses: [2.1, 2.2], loss: 2.15, delta: null },
    { act: 'swiglu', losses: swiglu, loss: 2.125, delta: delta(-0.025, -0.31, 0.26, 2) },
  ],
});

test("the reader's run: what its seeds resolve, and whether it re-ran the reference's seeds", async () => {
  i18n.useLanguage('en');
  await i18n.need('glu');
  assert.ok(Math.abs(Number(resolution(run([2.08, 2.17]))) - 0.285) < 1e-12); // (0.26 + 0.31) / 2
  assert.deepEqual(reproduced(run([2.08, 2.17]), reference), { compared: 4, same: 4 });
  assert.deepEqual(reproduced(run([2.08, 2.171]), reference), { compared: 4, same: 3 });
  // Another length, or seeds the reference has not run, compare nothing.
  assert.deepEqual(reproduced({ ...run([2.08, 2.17]), steps: 500 }, reference), {
    compared: 0,
    same: 0,
  });
  assert.deepEqual(reproduced({ ...run([2.08, 2.17]), seeds: [7, 8] }, reference), {
    compared: 0,
    same: 0,
  });
  const same = /** @type {string} */ (gluRunTakeaway(i18n, run([2.08, 2.17]), reference, name));
  assert.match(same, /smaller than about ±0\.29 nats per character cannot be told from zero\./);
  assert.match(same, /Its 4 runs gave exactly the reference study's losses/);
  const differs = /** @type {string} */ (gluRunTakeaway(i18n, run([2.08, 2.171]), reference, name));
  assert.match(differs, /3 of its 4 runs gave exactly/);
  assert.doesNotMatch(
    /** @type {string} */ (gluRunTakeaway(i18n, run([2.08, 2.17]), null, name)),
    /reference/,
  );
});

test("the table: each loss, its Δ and its share of ReLU's, beside Shazeer's", async () => {
  i18n.useLanguage('en');
  await i18n.need('glu', 'common');
  const rows = gluTableRows(reference, { t: i18n.t, num: i18n.num, interval: i18n.interval });
  assert.deepEqual(rows[0], {
    act: 'relu',
    name: 'ReLU',
    loss: '2.143',
    delta: 'reference',
    pct: 'reference',
    hisLoss: '1.677',
    hisPct: 'reference',
  });
  assert.equal(rows[1].loss, '2.120');
  assert.equal(rows[1].delta, '−0.020 [−0.030, −0.010]');
  assert.equal(rows[1].pct, `−${((100 * 0.02) / 2.1425).toFixed(2)} %`);
  assert.equal(rows[1].hisLoss, '1.636');
  assert.equal(rows[1].hisPct, `−${((100 * 0.041) / 1.677).toFixed(2)} %`);
});

test("Shazeer's loss, Δ vs ReLU and share from his Table 1", () => {
  assert.deepEqual(shazeerDelta('swiglu'), {
    loss: 1.636,
    delta: -0.041,
    pct: (-0.041 * 100) / 1.677,
  });
  assert.equal(shazeerDelta('gelu')?.delta, 0.002);
  assert.deepEqual(shazeerDelta('relu'), { loss: 1.677, delta: 0, pct: 0 });
  assert.equal(shazeerDelta('relu2'), null);
});

test("the prose's sentence after the figure reads the committed reference study", async () => {
  const { READINGS, gluReference } = await import('../../web/ship/numbers/readings.mjs');
  i18n.useLanguage('en');
  await i18n.need('glu', 'common');
  const text = READINGS['glu.reference']({ t: i18n.t, num: i18n.num, interval: i18n.interval });
  const ref = gluReference();
  assert.match(
    text,
    new RegExp(
      `^In the reference study, after ${ref.steps} steps, over ${ref.seeds.length} seeds: `,
    ),
  );
  // Each variant sits in the group its committed interval puts it in.
  for (const r of ref.rows.slice(1)) {
    const label = i18n.t(`common.act_${r.act}`);
    const group =
      r.delta.ci_high < 0
        ? 'below ReLU'
        : r.delta.ci_low > 0
          ? 'above ReLU'
          : 'not distinguishable';
    const part = text.split(/; /).find((p) => p.includes(`${label} (`) || p.includes(` ${label}`));
    assert.ok(part?.includes(group), `${r.act}: ${part}`);
  }
});
