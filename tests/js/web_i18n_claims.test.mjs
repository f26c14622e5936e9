// The article's claims say no more than its figures show (issue 36): the short answer and the
// conclusion state where GELU and ReLU differ and the history of GELU in Transformers, never that
// GELU trains better; both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const load = (lang, ns) =>
  JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}/${ns}.json`, import.meta.url), 'utf8'));

test('the short answer says what the page demonstrates, not that GELU helps', () => {
  const en = load('en', 'intro').summary,
    pt = load('pt', 'intro').summary;
  assert.match(en, /where GELU and ReLU differ, not that GELU trains better/);
  assert.match(pt, /onde a GELU e a ReLU diferem, não que a GELU treine melhor/);
  for (const text of [en, pt]) {
    assert.doesNotMatch(text, /does its work|helps|trabalha em|ajuda/);
    assert.match(text, /ReLU (ties or wins|empata ou ganha)/);
    assert.match(
      text,
      /GPT\b.*2016.*BERT.*GPT-2/,
      'GPT took it from the paper; BERT and GPT-2 kept it',
    );
  }
});

test('the history: GPT (2018) from Hendrycks & Gimpel (2016), BERT and GPT-2 kept it; erf, later tanh', () => {
  for (const lang of ['en', 'pt']) {
    const end = load(lang, 'conclusion').p1;
    assert.match(end, /GPT \(2018\).*Hendrycks (and|e) Gimpel.*\(2016\).*BERT.*GPT-2/, lang);
    assert.doesNotMatch(end, /BERT and GPT-2 were trained with it|foram treinados com ela/, lang);
    assert.match(load(lang, 'pretrained').p2, /BERT.*erf.*tanh/, lang);
  }
});
