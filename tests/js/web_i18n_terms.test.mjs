// One term for one idea, in each language (issue 62.5): European Portuguese writes "camada oculta"
// for a hidden layer, "de raiz" for from scratch, "afinação" for fine-tuning, "com tantos
// parâmetros" for parameter-matched; both languages write "95 %" with a space. Hidden widths in a
// sentence are a list in words ("64 e 64"), never "64,64", which Portuguese reads as a decimal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

import * as i18n from '../../web/js/shared/i18n.js';

const dir = (lang) => new URL(`../../web/i18n/${lang}/`, import.meta.url);
/** Every string of a language as [ns.key, text]. */
const strings = (lang) =>
  readdirSync(dir(lang))
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) =>
      Object.entries(JSON.parse(readFileSync(new URL(f, dir(lang)), 'utf8'))).map(([k, v]) => [
        `${f.slice(0, -5)}.${k}`,
        String(v),
      ]),
    );

/** Words the Portuguese strings must not use, and the one they use instead. */
const PT_TERMS = [
  [/camadas? escondidas?/i, 'camada oculta'],
  [/\b(a partir )?do zero\b/i, 'de raiz'],
  [/ajuste fino|refinamento/i, 'afinação'],
  [/com os mesmos parâmetros/i, 'com tantos parâmetros'],
  [
    /\buma história\b|\bo ponto do artigo\b|\bponha o laboratório\b|\bcaminhando\b/i,
    'European Portuguese',
  ],
];

test('European Portuguese: one term each for hidden layer, from scratch, fine-tuning', () => {
  const found = [];
  for (const [key, text] of strings('pt'))
    for (const [re, instead] of PT_TERMS)
      if (re.test(text)) found.push(`${key}: ${re} (use ${instead})`);
  assert.deepEqual(found, []);
});

test('the check fires on a banned term', () => {
  assert.ok(PT_TERMS.some(([re]) => re.test('treinado do zero')));
  assert.ok(PT_TERMS.some(([re]) => re.test('uma camada escondida')));
});

test('"95 %" with a space, in both languages', () => {
  for (const lang of ['en', 'pt']) {
    const found = strings(lang)
      .filter(([, text]) => /\d%/.test(text.replace(/<[^>]*>/g, '')))
      .map(([key]) => key);
    assert.deepEqual(found, [], lang);
  }
});

test('a list of widths reads as a list in each language, not as a decimal', () => {
  i18n.useLanguage('pt');
  assert.equal(i18n.list(['64', '64']), '64 e 64');
  i18n.useLanguage('en');
  assert.equal(i18n.list(['64', '64']), '64 and 64');
  const setup = JSON.parse(readFileSync(new URL('seeds.json', dir('pt')), 'utf8')).setup;
  assert.match(setup, /camadas ocultas \{hidden\} \(inicialização \{init\}/);
});
