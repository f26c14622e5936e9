// One rounding rule for a difference (web/js/shared/difference-digits.js): the decimals of two
// significant digits of its interval's half-width, and the many-seeds study's caption and the
// summary table beside it print the same numbers (they once read −0.1 against −0.12).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as i18n from '../../web/js/shared/i18n.js';
import { digitsFor, summaryDigits } from '../../web/js/shared/difference-digits.js';
import { studyTakeaway } from '../../web/js/seeds/caption.js';
import { renderSummary } from '../../web/js/seeds/seeds-tables.js';

// i18n.js fetches its JSON next to itself; Node's fetch has no file: URLs, so read them directly.
globalThis.fetch = /** @type {typeof fetch} */ (
  async (url) => {
    const text = readFileSync(fileURLToPath(String(url)), 'utf8');
    return /** @type {Response} */ ({ ok: true, json: async () => JSON.parse(text) });
  }
);

test('decimals: two significant digits of the half-width', () => {
  assert.equal(digitsFor(0.034, 2), 3);
  assert.equal(digitsFor(0.34, 2), 2);
  assert.equal(digitsFor(3.4, 2), 1);
  assert.equal(digitsFor(34, 2), 0);
  assert.equal(digitsFor(340, 2), 0, 'never negative');
  assert.equal(digitsFor(-0.34, 2), 2, 'a width, whatever its sign');
  assert.equal(digitsFor(0.1, 2), 2);
  assert.equal(
    digitsFor(0.0996, 2),
    2,
    '0.0996 rounds to 0.10: two digits end at the second decimal',
  );
  assert.equal(digitsFor(0.0994, 2), 3);
  assert.equal(digitsFor(NaN, 4), 4, 'no interval (one seed): the fallback');
  assert.equal(digitsFor(0, 1), 1, 'an interval of no width: the fallback');
});

test('a summary: its half-width in the unit shown', () => {
  const s = { n: 5, mean_diff: -0.0012, ci_low: -0.0046, ci_high: 0.0022 };
  // half-width 0.0034, 0.34 points
  assert.equal(summaryDigits(/** @type {any} */ (s), { scale: 100, fallback: 2 }), 2);
  assert.equal(summaryDigits(/** @type {any} */ (s), { fallback: 2 }), 4);
  assert.equal(summaryDigits(null, { fallback: 3 }), 3);
  assert.equal(summaryDigits(/** @type {any} */ ({ ...s, ci_low: null }), { fallback: 3 }), 3);
});

/**
 * The summary table's difference row as renderSummary writes it, through a finder of stand-ins.
 * @param {import('../../web/js/shared/types').PairedSummary} summary
 */
function tableRow(summary) {
  /** @type {Record<string, {innerHTML: string, textContent: string}>} */
  const els = {};
  const $ = (/** @type {string} */ sel) => (els[sel] ??= { innerHTML: '', textContent: '' });
  renderSummary(/** @type {any} */ ($), /** @type {any} */ (i18n), summary, [], ['gelu', 'relu']);
  const row = els['[data-summary] tbody'].innerHTML.match(/<tr data-row="diff">[\s\S]*?<\/tr>/)[0];
  return {
    mean: row.match(/data-mean>([^<]*)</)[1],
    ci: row.match(/data-ci>([^<]*)</)[1],
  };
}

for (const [name, over] of [
  ['narrow (half-width 0.34 points)', { mean_diff: -0.0012, ci_low: -0.0046, ci_high: 0.0022 }],
  ['wide (3.4 points)', { mean_diff: -0.0123, ci_low: -0.0463, ci_high: 0.0217 }],
  [
    'very narrow, excluding zero (0.034)',
    { mean_diff: -0.00123, ci_low: -0.00157, ci_high: -0.00089 },
  ],
])
  for (const lang of /** @type {const} */ (['en', 'pt']))
    test(`caption and table quote the same difference and interval: ${name}, ${lang}`, async () => {
      i18n.useLanguage(lang);
      await i18n.need('seeds', 'common');
      const summary = /** @type {import('../../web/js/shared/types').PairedSummary} */ ({
        n: 8,
        mean_a: 0.95,
        sd_a: 0.01,
        mean_b: 0.96,
        sd_b: 0.01,
        sd_diff: 0.02,
        ...over,
      });
      const caption = studyTakeaway(i18n, {
        a: 'GELU',
        b: 'ReLU',
        acc: summary,
        speed: null,
        never: { a: 0, b: 0 },
        runs: 8,
        epochs: 40,
      });
      assert.ok(caption);
      const row = tableRow(summary);
      assert.ok(caption.includes(row.ci), `${caption} | table ${row.ci}`);
      assert.ok(caption.includes(row.mean), `${caption} | table ${row.mean}`);
      const decimals = (/** @type {string} */ x) => (x.split(/[.,]/)[1] ?? '').length;
      const half = ((summary.ci_high - summary.ci_low) / 2) * 100;
      assert.equal(decimals(row.mean), digitsFor(half, 2), row.mean);
    });
