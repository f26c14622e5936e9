// Sentences that once said more than their figures show (issue 61), held to what the page
// computes, in both languages: each test names the sentence, what it must no longer claim, and,
// where it states a direction, the committed run (web/data/runs/) that must still hold it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readRun } from '../../web/ship/numbers/study-runs.mjs';

const LANGS = /** @type {const} */ (['en', 'pt']);
const load = (/** @type {string} */ lang, /** @type {string} */ ns) =>
  JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}/${ns}.json`, import.meta.url), 'utf8'));
/** A committed summary (ReLU − GELU) of all the run's seeds: accuracy or epochs to 95 %. */
function summary(/** @type {string} */ name, /** @type {'acc' | 'speed'} */ of = 'acc') {
  const run = readRun(name);
  assert.deepEqual(run.acts, ['relu', 'gelu'], name);
  const s = (of === 'speed' ? run.speed : run.summaries)?.[String(run.study.seeds)];
  assert.ok(s, `${name}: no ${of} summary`);
  return s;
}
const contains0 = (/** @type {{ci_low: number, ci_high: number}} */ s) =>
  s.ci_low <= 0 && s.ci_high >= 0;

test('depth heading: no "inputs near one"; it names the speed the study measures', () => {
  for (const lang of LANGS) {
    const { title } = load(lang, 'depth-scale');
    assert.doesNotMatch(title, /near one|rondam a unidade/, lang);
    assert.match(title, lang === 'en' ? /faster/ : /mais depressa/, lang);
  }
  // under He's init GELU gets to 95 % sooner (ReLU − GELU > 0), at tied accuracy
  assert.ok(summary('study.deep_he', 'speed').ci_low > 0, 'study.deep_he: GELU no longer faster');
  assert.ok(contains0(summary('study.deep_he')), 'study.deep_he: accuracies no longer tie');
});

test('two hidden layers: a tie in accuracy only, ReLU faster to 95 %', () => {
  for (const lang of LANGS) {
    const { p1 } = load(lang, 'depth-scale');
    assert.match(p1, lang === 'en' ? /tie in accuracy only/ : /empatam só na exatidão/, lang);
    for (const q of ['ci', 'speed_gap', 'speed_ci'])
      assert.ok(p1.includes(`data-run="study.article.${q}"`), `${lang}: study.article.${q}`);
    assert.match(
      p1,
      lang === 'en' ? /ReLU reaches 95 %.*sooner/ : /a ReLU chega a 95 %.*mais cedo/,
    );
  }
  assert.ok(contains0(summary('study.article')), 'study.article: accuracies no longer tie');
  assert.ok(summary('study.article', 'speed').ci_high < 0, 'study.article: ReLU no longer faster');
});

test('the paper tested vision, language and speech, not images only', () => {
  for (const lang of LANGS) {
    const { p2, d1 } = load(lang, 'deterministic');
    assert.doesNotMatch(p2, /evidence was on images|testou-a em imagens/, lang);
    assert.match(p2, lang === 'en' ? /vision, language and speech/ : /visão, linguagem e fala/);
    // the PyTorch check: five seeds, four for GELU and ELU with dropout
    assert.match(
      d1,
      lang === 'en'
        ? /five seeds, four for GELU and ELU/
        : /cinco sementes, quatro para a GELU e a ELU/,
    );
    for (const q of ['a', 'b', 'below', 'seeds'])
      assert.ok(p2.includes(`data-run="study.images.${q}"`), `${lang}: study.images.${q}`);
    assert.match(p2, lang === 'en' ? /ReLU behind/ : /a ReLU atrás/, lang);
  }
  assert.ok(summary('study.images').ci_high < 0, 'study.images: ReLU no longer behind');
});

test("the checkerboard's gap is read as speed at a fixed budget, with the computed alternatives", () => {
  for (const lang of LANGS) {
    const { p1, d1 } = load(lang, 'relu-wins');
    assert.match(
      p1,
      lang === 'en'
        ? /speed at a fixed budget, not shape/
        : /rapidez com um orçamento fixo, não forma/,
    );
    assert.ok(p1.includes('data-run="study.checkerboard_long.ci"'), lang);
    assert.ok(d1.includes('data-run="study.checkerboard_noval.ci"'), lang);
  }
  assert.ok(summary('study.checkerboard').ci_low > 0, 'study.checkerboard: ReLU no longer ahead');
  assert.ok(contains0(summary('study.checkerboard_long')), 'twice the epochs no longer tie');
  assert.ok(summary('study.checkerboard_noval').ci_low > 0, 'without the hold-out ReLU not ahead');
});

test('the depth spreads of one draw are said to be one draw, the rule given over draws', () => {
  for (const lang of LANGS) {
    const { p3, d1 } = load(lang, 'depth-scale');
    const { caption } = load(lang, 'depth-spread');
    const oneDraw = lang === 'en' ? /draw/ : /sorteio/;
    assert.match(p3, oneDraw, `${lang}: depth-scale.p3`);
    assert.match(caption, oneDraw, `${lang}: depth-spread.caption`);
    for (const q of ['count', 'relu.median', 'gelu.median', 'gelu.min', 'gelu.max', 'gelu_below'])
      assert.ok(d1.includes(`data-run="depth.draws.${q}"`), `${lang}: depth.draws.${q}`);
  }
});

test('the twin experiment: the source article gave no widths or batch size', () => {
  for (const lang of LANGS) {
    const { p1 } = load(lang, 'experiment');
    assert.doesNotMatch(p1, /in full|por inteiro/, lang);
    assert.match(p1, lang === 'en' ? /does not say how wide/ : /não diz a largura/, lang);
  }
});

test("LayerNorm: the FFN's input is at unit scale, GELU's is shifted by the first linear layer", () => {
  for (const lang of LANGS) {
    const { p2 } = load(lang, 'inside');
    assert.doesNotMatch(
      p2,
      /unit scale is what the LayerNorm buys|escala unitária é o que a LayerNorm garante/,
    );
    assert.match(p2, /W_1\\,\\mathrm\{LN\}\(x\) \+ b/, lang);
    assert.match(p2, lang === 'en' ? /below zero/ : /abaixo de zero/, lang);
  }
});
