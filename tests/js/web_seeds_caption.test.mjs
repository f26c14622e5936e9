// The many-seeds study's caption reads every quantity the study reports (web/js/seeds/caption.js):
// an interval that excludes zero, of test accuracy or of epochs to 95 %, is never summed up as
// "no difference", and runs that never reached 95 % are counted, in both languages, through the
// page's own strings and number formats (web/js/shared/i18n.js, its files read from disk here).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as i18n from '../../web/js/shared/i18n.js';
import { studyTakeaway } from '../../web/js/seeds/caption.js';

// i18n.js fetches its JSON next to itself; Node's fetch has no file: URLs, so read them directly.
globalThis.fetch = /** @type {typeof fetch} */ (
  async (url) => {
    const text = readFileSync(fileURLToPath(String(url)), 'utf8');
    return /** @type {Response} */ ({ ok: true, json: async () => JSON.parse(text) });
  }
);

/** A study's summary: the deep He setup's (issue 36) unless overridden. */
const summary = (over) => ({
  n: 10,
  mean_a: 0.97,
  sd_a: 0.01,
  mean_b: 0.97,
  sd_b: 0.01,
  mean_diff: 0.001,
  sd_diff: 0.004,
  ci_low: -0.0025,
  ci_high: 0.0045,
  ...over,
});
const deepHe = {
  a: 'GELU',
  b: 'ReLU',
  acc: summary(),
  // GELU 3.4 epochs sooner, [−4.7, −2.1] for GELU − ReLU
  speed: summary({
    mean_a: 6,
    mean_b: 9.4,
    mean_diff: -3.4,
    sd_diff: 1.8,
    ci_low: -4.7,
    ci_high: -2.1,
  }),
  never: { a: 2, b: 0 },
  runs: 10,
  epochs: 40,
};

/** @param {'en' | 'pt'} lang */
async function caption(lang, study) {
  i18n.useLanguage(lang);
  await i18n.need('seeds');
  return studyTakeaway(i18n, study);
}

test('a speed interval that excludes zero is quoted, not hidden behind "no difference"', async () => {
  const en = await caption('en', deepHe);
  assert.ok(en);
  assert.match(en, /no significant difference in test accuracy/);
  assert.match(en, /GELU reached 95 % training accuracy sooner: 3\.4 epochs earlier/);
  assert.ok(en.includes('[−4.7, −2.1]'), en);
  assert.match(en, /excludes zero/);
  assert.doesNotMatch(
    en,
    /show no significant difference:/,
    'the "no difference" names its quantity',
  );
  const pt = await caption('pt', deepHe);
  assert.ok(pt);
  assert.match(pt, /não mostram diferença significativa na exatidão de teste/);
  assert.match(pt, /A GELU chegou mais cedo a 95 %/);
  assert.ok(pt.includes('[−4,7; −2,1]'), pt);
});

test('runs that never reached 95 % are flagged, with the plural their count takes', async () => {
  assert.match(
    (await caption('en', deepHe)) ?? '',
    /2 of 10 GELU runs never reached 95 % training accuracy in 40 epochs/,
  );
  assert.match(
    (await caption('pt', deepHe)) ?? '',
    /2 de 10 execuções da GELU nunca chegaram a 95 %/,
  );
  const one = { ...deepHe, never: { a: 0, b: 1 } };
  assert.match((await caption('pt', one)) ?? '', /1 de 10 execuções da ReLU nunca chegou a 95 %/);
  assert.doesNotMatch((await caption('en', one)) ?? '', /GELU runs never/);
  const both = (await caption('en', { ...deepHe, never: { a: 10, b: 6 } })) ?? '';
  assert.match(both, /10 of 10 GELU runs and 6 of 10 ReLU runs never reached 95 %/);
  assert.equal(both.match(/never reached/g)?.length, 1, 'one sentence for both');
  const none = await caption('en', { ...deepHe, never: { a: 0, b: 0 } });
  assert.doesNotMatch(none ?? '', /never reached/);
});

test('an accuracy interval that excludes zero names the higher activation in both languages', async () => {
  const higher = { ...deepHe, acc: summary({ mean_diff: -0.02, ci_low: -0.03, ci_high: -0.01 }) };
  for (const lang of /** @type {const} */ (['en', 'pt'])) {
    const said = (await caption(lang, higher)) ?? '';
    assert.doesNotMatch(said, /no significant difference|não mostram diferença/, lang);
    assert.match(said, lang === 'en' ? /ReLU scored a higher test accuracy/ : /a ReLU teve maior/);
    // half-width 1.0 point: one decimal (shared/difference-digits.js)
    assert.ok(said.includes(lang === 'en' ? '[−3.0, −1.0]' : '[−3,0; −1,0]'), said);
  }
});

test('a speed interval containing zero says so; too few pairs say nothing yet', async () => {
  const same = { ...deepHe, speed: summary({ mean_diff: 0.2, ci_low: -0.5, ci_high: 0.9 }) };
  const said = (await caption('en', same)) ?? '';
  assert.match(
    said,
    // half-width 0.70 epochs: two decimals (shared/difference-digits.js)
    /In epochs to 95 % training accuracy, the 95 % interval of GELU − ReLU over 10 seeds, \[−0\.50, 0\.90\], contains zero/,
  );
  assert.doesNotMatch(said, /sooner/);
  assert.equal(
    await caption('en', { ...deepHe, acc: summary({ n: 1, ci_low: null, ci_high: null }) }),
    null,
  );
  assert.doesNotMatch(
    (await caption('en', { ...deepHe, speed: null, never: { a: 0, b: 0 } })) ?? '',
    /epochs/,
  );
});

test('one plural helper in both languages: "1 toss", "2 tosses", "1 época", "1,5 épocas"', async () => {
  i18n.useLanguage('en');
  await i18n.need('coin-toss', 'swap');
  assert.match(i18n.t('coin-toss.summary', { n: 1, gap: 0 }), /^After 1 toss the/);
  assert.match(i18n.t('coin-toss.summary', { n: 2, gap: 0 }), /^After 2 tosses the/);
  assert.match(i18n.t('swap.step_finetune', { k: 1 }), /1 epoch$/);
  i18n.useLanguage('pt');
  await i18n.need('coin-toss', 'swap');
  assert.match(i18n.t('coin-toss.summary', { n: 1, gap: 0 }), /^Após 1 lançamento,/);
  assert.match(i18n.t('swap.step_finetune', { k: 1 }), /1 época$/);
  assert.match(i18n.t('swap.step_finetune', { k: '1,5' }), /1,5 épocas$/);
  assert.match(i18n.t('swap.step_finetune', { k: 20 }), /20 épocas$/);
});
