// The Transformer's "parts" figure reads the core's numbers (geluPartsJson) and says which side of
// GELU the model relies on whichever way they go: most of ReLU's cost from zeroing the negative
// side, most of it from the straight positive side, both, or ReLU costing nothing that shows; in
// both languages (the page's own strings and number formats, read from disk here). The swap's
// recovery: the share of its cost won back, and of the gap to the control closed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as i18n from '../../web/js/shared/i18n.js';
import {
  partsCase,
  partsNumbers,
  partsTakeaway,
} from '../../web/js/transformer/lm-parts-reading.js';
import { recovery } from '../../web/js/transformer/lm-swap-view.js';
import { blockHistogram } from '../../web/js/transformer/lm-stats.js';

globalThis.fetch = /** @type {typeof fetch} */ (
  async (url) => {
    const text = readFileSync(fileURLToPath(String(url)), 'utf8');
    return /** @type {Response} */ ({ ok: true, json: async () => JSON.parse(text) });
  }
);

/**
 * A geluPartsJson result with these changes against GELU's 1.66.
 * @param {Record<string, number>} deltas
 */
function partsOf(deltas) {
  const base = 1.66;
  return /** @type {import('../../web/js/transformer/protocol').LmGeluParts} */ ({
    dip: -0.7518,
    base: { name: 'gelu', val_loss: base },
    parts: Object.entries(deltas).map(([name, delta]) => ({
      name,
      val_loss: base + delta,
      delta,
    })),
    blocks: [],
  });
}
/** The negative side is ReLU's whole cost (the shipped model's case). */
const negative = partsOf({
  relu: 0.067,
  gelu_no_negative: 0.074,
  gelu_linear_positive: 0.003,
  gelu_tanh: 0,
  silu: 0.179,
});
/** The other way: the curved positive side is most of it. */
const positive = partsOf({
  relu: 0.08,
  gelu_no_negative: 0.01,
  gelu_linear_positive: 0.07,
  gelu_tanh: 0,
  silu: 0.02,
});
const both = partsOf({ relu: 0.08, gelu_no_negative: 0.04, gelu_linear_positive: 0.04 });
const free = partsOf({ relu: 0.002, gelu_no_negative: 0.001, gelu_linear_positive: 0.001 });
const name = (/** @type {string} */ a) => i18n.t(`common.act_${a}`);

test('the reading follows the share of ReLU cost that the negative side accounts for', () => {
  assert.ok(Math.abs(partsNumbers(negative).share - 0.074 / 0.067) < 1e-12);
  assert.equal(partsCase(partsNumbers(negative)), 'negative');
  assert.equal(partsCase(partsNumbers(positive)), 'positive');
  assert.equal(partsCase(partsNumbers(both)), 'both');
  assert.equal(partsCase(partsNumbers(free)), 'free');
  assert.ok(Number.isNaN(partsNumbers(free).share)); // no share of nothing
  assert.equal(partsCase(null), null);
});

test('English: the takeaway says which side, whichever way the numbers go', async () => {
  i18n.useLanguage('en');
  await i18n.need('lm', 'common');
  assert.equal(
    partsTakeaway(i18n, negative, name),
    "Zeroing GELU's negative side alone changes the validation loss by +0.074 nats per character, " +
      `${i18n.pct(0.074 / 0.067, 0)} of the +0.067 that ReLU costs, while straightening its positive ` +
      'side changes it by +0.003: what ReLU takes away from this model is the negative side.',
  );
  const pos = /** @type {string} */ (partsTakeaway(i18n, positive, name));
  assert.match(pos, /only 13\s?% of the \+0\.080 that ReLU costs/);
  assert.match(pos, /the curved positive side\.$/);
  assert.doesNotMatch(pos, /is the negative side/);
  assert.match(/** @type {string} */ (partsTakeaway(i18n, both, name)), /relies on both sides/);
  assert.match(
    /** @type {string} */ (partsTakeaway(i18n, free, name)),
    /by only \+0\.002 nats per character, so neither side of GELU carries much/,
  );
  assert.equal(partsTakeaway(i18n, null, name), null);
});

test('Portuguese: the same readings, in its words and number format', async () => {
  i18n.useLanguage('pt');
  await i18n.need('lm', 'common');
  const neg = /** @type {string} */ (partsTakeaway(i18n, negative, name));
  assert.match(neg, /em \+0,074 nats por carácter, 110\s?% dos \+0,067 que a ReLU custa/);
  assert.match(neg, /é o lado negativo\.$/);
  const pos = /** @type {string} */ (partsTakeaway(i18n, positive, name));
  assert.match(pos, /apenas 13\s?% dos \+0,080/);
  assert.match(pos, /sobretudo o lado positivo curvo\.$/);
  assert.match(/** @type {string} */ (partsTakeaway(i18n, both, name)), /nos dois lados/);
  assert.match(/** @type {string} */ (partsTakeaway(i18n, free, name)), /apenas \+0,002/);
  i18n.useLanguage('en');
});

test('a block histogram keeps every value: the end bars hold what lies beyond the range', () => {
  const h = blockHistogram({
    block: 0,
    count: 10,
    mean: 0,
    sd: 1,
    share_nonpositive: 0.5,
    share_below_dip: 0.2,
    share_zero_output: 0,
    histogram: { lo: -8, hi: 8, counts: [1, 2, 3, 1], underflow: 2, overflow: 1 },
  });
  assert.deepEqual(h, { lo: -8, hi: 8, n: 10, counts: [1, 2, 3, 1], under: 2, over: 1 });
});

test("the swap's recovery: its cost won back, and its gap to the control closed", () => {
  const r = recovery({ before: 1.66, swapped: 1.73, tuned: 1.67, control: 1.65 });
  assert.ok(Math.abs(r.won - 0.06 / 0.07) < 1e-9, `${r.won}`);
  assert.ok(Math.abs(r.closed - (1 - 0.02 / 0.07)) < 1e-9, `${r.closed}`);
  // a control that got worse: the swap closes more of its gap than it won back
  const worse = recovery({ before: 1.66, swapped: 1.73, tuned: 1.7, control: 1.69 });
  assert.ok(worse.closed > worse.won);
  // a swap that cost nothing that shows has nothing to win back
  assert.ok(
    Number.isNaN(recovery({ before: 1.66, swapped: 1.661, tuned: 1.66, control: 1.66 }).won),
  );
});
