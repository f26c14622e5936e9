// The short answer and the conclusion say what the page's evidence shows (issues 36 and 61), in
// both languages: the first sentence answers the title (inheritance), each clause links what
// shows it, and each clause that states a direction agrees with the committed computed result it
// links (web/data/runs/, made by web/ship/numbers/make-runs.mjs), so a changed result fails here
// and sends the editor back to the sentence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readRun } from '../../web/ship/numbers/study-runs.mjs';

const load = (/** @type {string} */ lang, /** @type {string} */ ns) =>
  JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}/${ns}.json`, import.meta.url), 'utf8'));
const html = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
/** Figures others are still adding: a link to them may wait for them. */
const PENDING = new Set();
/** Words as the reading-path counter counts them: tokens with a letter or digit. */
const words = (/** @type {string} */ s) =>
  s
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
const LIMITS = { en: 90, pt: 99 }; // Portuguese may run 10 % longer

/** The committed paired summary of a run (a − b, in accuracy or, with speed, epochs). */
function summary(/** @type {string} */ name, /** @type {'acc' | 'speed'} */ of = 'acc') {
  const run = readRun(name);
  assert.deepEqual(run.acts, ['relu', 'gelu'], `${name}: the sentences read it as ReLU − GELU`);
  const s = (of === 'speed' ? run.speed : run.summaries)?.[String(run.study.seeds)];
  assert.ok(s && Number.isFinite(s.ci_low), `${name}: no ${of} summary`);
  return s;
}
const contains0 = (/** @type {{ci_low: number, ci_high: number}} */ s) =>
  s.ci_low <= 0 && s.ci_high >= 0;

/**
 * The clauses of the short answer: the link that shows each, the words it sits in, and, for a
 * direction, the committed result that must hold it.
 * @type {{what: string, href: string, en: RegExp, pt: RegExp, holds?: () => void}[]}
 */
const CLAUSES = [
  {
    what: 'inherited: Hendrycks & Gimpel, then GPT, BERT and GPT-2, with their references',
    href: '#ref-gpt',
    en: /Hendrycks and Gimpel proposed GELU <a href="#ref-hendrycks">\[1\]<\/a>, GPT took it up <a href="#ref-gpt">.*BERT <a href="#ref-bert-paper">.*GPT-2 <a href="#ref-gpt2">/,
    pt: /Hendrycks e Gimpel propuseram a GELU <a href="#ref-hendrycks">\[1\]<\/a>, o GPT adotou-a <a href="#ref-gpt">.*BERT <a href="#ref-bert-paper">.*GPT-2 <a href="#ref-gpt2">/,
  },
  {
    what: 'a trained model leans on GELU’s negative side (the parts figure)',
    href: '#lm-part-parts',
    en: /rely on <a href="#lm-part-parts">its small negative outputs<\/a>/,
    pt: /depender <a href="#lm-part-parts">das suas pequenas saídas negativas<\/a>/,
  },
  {
    what: 'from scratch, mostly a tie (the article’s network over many seeds)',
    href: '#seeds',
    en: /from scratch the two <a href="#seeds">mostly tie<\/a>/,
    pt: /de raiz, as duas <a href="#seeds">quase sempre empatam<\/a>/,
    holds: () =>
      assert.ok(
        contains0(summary('study.article')),
        'study.article: the test accuracies no longer tie',
      ),
  },
  {
    what: 'GELU ahead in the paper’s image test with dropout',
    href: '#images',
    en: /GELU wins <a href="#images">the paper's image test with dropout<\/a>/,
    pt: /a GELU ganha <a href="#images">o teste de imagens do artigo com dropout<\/a>/,
    holds: () => {
      const run = readRun('study.images');
      assert.ok(run.config.dropout > 0, 'study.images runs with dropout');
      assert.ok(summary('study.images').ci_high < 0, 'study.images: GELU is no longer ahead');
    },
  },
  {
    what: 'GELU faster on deep He-initialised networks',
    href: '#depth',
    en: /<a href="#depth">trains faster in deep He-initialised networks<\/a>/,
    pt: /<a href="#depth">treina mais depressa em redes profundas com a inicialização de He<\/a>/,
    holds: () => {
      assert.equal(readRun('study.deep_he').config.init, 'he');
      // ReLU − GELU in epochs to 95 %: positive, GELU got there sooner
      assert.ok(
        summary('study.deep_he', 'speed').ci_low > 0,
        'study.deep_he: GELU no longer faster',
      );
    },
  },
  {
    what: 'ReLU faster on the checkerboard at a fixed budget (not better given time)',
    href: '#relu-wins',
    en: /ReLU <a href="#relu-wins">trains faster on a checkerboard<\/a>/,
    pt: /a ReLU <a href="#relu-wins">treina mais depressa num tabuleiro<\/a>/,
    holds: () => {
      assert.ok(
        summary('study.checkerboard').ci_low > 0,
        'study.checkerboard: ReLU no longer ahead',
      );
      assert.ok(
        contains0(summary('study.checkerboard_long')),
        'study.checkerboard_long: with twice the epochs the gap no longer closes',
      );
    },
  },
  {
    what: 'newer models gate their FFN (the GLU figure)',
    href: '#glu',
    en: /Newer models <a href="#glu">gate their FFN<\/a>/,
    pt: /Os modelos mais recentes <a href="#glu">usam portas na FFN<\/a>/,
  },
];

for (const lang of /** @type {const} */ (['en', 'pt']))
  test(`${lang}: the short answer answers the title first, within its word limit`, () => {
    const text = load(lang, 'intro').summary;
    const first = text.split(/(?<=[.:])\s/)[0];
    assert.match(first, lang === 'en' ? /by inheritance/ : /por herança/, first);
    assert.ok(words(text) <= LIMITS[lang], `${lang}: ${words(text)} words (≤ ${LIMITS[lang]})`);
    assert.doesNotMatch(
      text,
      /does its work|trains better|treine melhor|ReLU ties or wins|empata ou ganha/,
    );
  });

for (const clause of CLAUSES)
  test(`the short answer: ${clause.what}`, () => {
    for (const lang of /** @type {const} */ (['en', 'pt'])) {
      const text = load(lang, 'intro').summary;
      assert.match(text, clause[lang], `${lang}: the clause and its link`);
    }
    const id = clause.href.slice(1);
    assert.ok(PENDING.has(id) || html.includes(`id="${id}"`), `no element #${id} in index.html`);
    clause.holds?.();
  });

test('the conclusion agrees with the short answer, in both languages', () => {
  const parts = {
    en: [
      /GPT \(2018\).*Hendrycks and Gimpel.*\(2016\).*BERT.*GPT-2/,
      /small negative outputs/,
      /from scratch here the two mostly tie/,
      /GELU wins the paper's image test with dropout and trains faster in deep He-initialised networks/,
      /ReLU trains faster on a checkerboard/,
      /gate their FFNs/,
    ],
    pt: [
      /GPT \(2018\).*Hendrycks e Gimpel \(2016\).*BERT.*GPT-2/,
      /pequenas saídas negativas/,
      /de raiz aqui, as duas quase sempre empatam/,
      /a GELU ganha o teste de imagens do artigo com dropout e treina mais depressa em redes profundas com a inicialização de He/,
      /a ReLU treina mais depressa num tabuleiro/,
      /usam portas nas FFN/,
    ],
  };
  for (const lang of /** @type {const} */ (['en', 'pt'])) {
    const end = load(lang, 'conclusion').p1;
    for (const re of parts[lang]) assert.match(end, re, lang);
    assert.doesNotMatch(
      end,
      /ties or wins|empata ou ganha|BERT and GPT-2 were trained with it/,
      lang,
    );
    assert.match(load(lang, 'pretrained').p2, /BERT.*erf.*tanh/, lang);
  }
});
