// Every page string exists in both languages, with the same placeholders, and valid TeX.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'i18n');
const langs = readdirSync(dir);
const load = (lang, file) => JSON.parse(readFileSync(join(dir, lang, file), 'utf8'));
// (a plural, {n:toss|tosses}, is the language's own grammar: pt agrees verbs where en needs none)
const placeholders = (s) =>
  [...s.matchAll(/\{(\w+)\}|data-core="([^"]+)"/g)].map((m) => m[0]).sort();

test('both languages have the same files and keys', () => {
  assert.deepEqual(langs.sort(), ['en', 'pt']);
  const files = readdirSync(join(dir, 'en')).sort();
  assert.deepEqual(readdirSync(join(dir, 'pt')).sort(), files);
  for (const file of files) {
    const en = load('en', file),
      pt = load('pt', file);
    assert.deepEqual(Object.keys(pt).sort(), Object.keys(en).sort(), file);
    for (const key of Object.keys(en)) {
      assert.deepEqual(placeholders(pt[key]), placeholders(en[key]), `${file} ${key}`);
      assert.notEqual(pt[key].trim(), '', `${file} ${key} is empty in pt`);
    }
  }
});

test('every $…$ formula typesets with KaTeX', async () => {
  let typeset;
  try {
    ({ typeset } = await import('../../web/build.mjs'));
  } catch {
    return; // katex not installed: web/build.mjs would fail on its own
  }
  for (const lang of langs) {
    for (const file of readdirSync(join(dir, lang))) {
      for (const [key, value] of Object.entries(load(lang, file))) {
        assert.doesNotThrow(() => typeset(value, `${lang}/${file} ${key}`));
      }
    }
  }
});

test('every data-i18n key of index.html has a string', () => {
  const html = readFileSync(join(dir, '..', 'index.html'), 'utf8');
  const keys = [
    ...html.matchAll(/data-i18n="([^"]+)"/g),
    ...html.matchAll(/data-i18n-attr="[^"=]+=([^"]+)"/g),
  ].map((m) => m[1]);
  assert.ok(keys.length > 20);
  for (const key of keys) {
    const [ns, name] = [key.slice(0, key.indexOf('.')), key.slice(key.indexOf('.') + 1)];
    for (const lang of langs) assert.ok(name in load(lang, `${ns}.json`), `${lang} ${key}`);
  }
});

test('an embedded figure shows its caption while it loads: CAPTIONED names every captioned widget', async () => {
  const { ATTRIBUTES, CAPTIONED } = await import('../../web/js/embed/embed-attributes.js');
  const files = new Set(readdirSync(join(dir, 'en')));
  const captioned = Object.keys(ATTRIBUTES).filter(
    (name) => files.has(`${name}.json`) && load('en', `${name}.json`).caption !== undefined,
  );
  // activation-lab.js loads i18n/<lang>/<name>.json for these only: a name without the file
  // would be a failed request (a console error) on every page that embeds it.
  assert.deepEqual([...CAPTIONED].sort(), captioned.sort());
});

test('a plural {name:one|other} names a count its string also shows as {name}', () => {
  for (const lang of langs)
    for (const file of readdirSync(join(dir, lang))) {
      const table = load(lang, file);
      for (const [key, text] of Object.entries(table))
        for (const m of text.matchAll(/\{(\w+):[^|{}]*\|[^{}]*\}/g))
          assert.ok(text.includes(`{${m[1]}}`), `${lang}/${file} ${key}: {${m[1]}} is not shown`);
    }
});

test("fill: the plural each language's rules choose, for a number or its text as num() wrote it", async () => {
  const { fill } = await import('../../web/js/shared/i18n.js');
  const en = '{n} {n:epoch|epochs}';
  const pt = '{n} {n:época|épocas}';
  assert.equal(fill(en, { n: 1 }, 'en'), '1 epoch');
  assert.equal(fill(en, { n: '5' }, 'en'), '5 epochs');
  assert.equal(fill(en, { n: '1.0' }, 'en'), '1.0 epochs'); // CLDR: visible decimals are "other"
  assert.equal(fill(pt, { n: '1' }, 'pt'), '1 época');
  assert.equal(fill(pt, { n: '1 000' }, 'pt'), '1 000 épocas');
  assert.equal(fill(pt, { n: '0,5' }, 'pt'), '0,5 épocas');
  assert.equal(fill('{a} {b}', { a: 2 }, 'en'), '2 {b}', 'a placeholder without a var stays');
});

test('pt: a numeric interval is written [a; b], as i18n.interval writes it (a comma is the decimal sign)', () => {
  for (const file of readdirSync(join(dir, 'pt')))
    for (const [key, text] of Object.entries(load('pt', file)))
      assert.doesNotMatch(text, /\[[−+-]?\d[^\][;]*, [^\][]*\]/, `pt/${file} ${key}`);
});

test('pt: one word per term (navegador, carácter, kernel for a compute kernel, ponderadas)', () => {
  const variants = [
    /\bbrowser\b/i, // navegador
    /\bcar[aá]ter\b|\bcarateres\b/i, // carácter, caracteres
    /núcleos (float32|de cálculo|xsimd|WebAssembly)|entre núcleos/i, // a kernel is a kernel; núcleo is the C++ core
    /\bpesad[oa]s?\b/i, // ponderado: weighted inputs are "entradas ponderadas"
  ];
  for (const file of readdirSync(join(dir, 'pt'))) {
    const text = readFileSync(join(dir, 'pt', file), 'utf8');
    for (const re of variants) assert.doesNotMatch(text, re, `pt/${file}`);
  }
});
