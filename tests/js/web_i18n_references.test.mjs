// The article's references (issue 61): the list in web/index.html (one <li id="ref-NAME"
// data-i18n="references.KEY"> per source, numbered by its place) has its text in both languages;
// every citation in the strings is a link <a href="#ref-NAME">[n]</a> whose number is that
// reference's place in the list, no citation is a bare [n], and every reference is cited at least
// once in each language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const web = new URL('../../web/', import.meta.url);
const html = readFileSync(new URL('index.html', web), 'utf8');
const list = [
  ...html.matchAll(/<li id="ref-([a-z0-9-]+)" data-i18n="references\.([a-z_0-9]+)">/g),
].map(([, id, key]) => ({ id, key }));

/** Every string of a language, as ns.key -> text. */
function strings(/** @type {string} */ lang) {
  const dir = new URL(`i18n/${lang}/`, web);
  /** @type {Record<string, string>} */
  const out = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    for (const [key, text] of Object.entries(JSON.parse(readFileSync(new URL(file, dir), 'utf8'))))
      out[`${ns}.${key}`] = String(text);
  }
  return out;
}

test('the references list: ids and texts, both languages', () => {
  assert.ok(list.length >= 14, `${list.length} references`);
  assert.equal(new Set(list.map((r) => r.id)).size, list.length, 'ids are unique');
  for (const lang of ['en', 'pt']) {
    const all = strings(lang);
    for (const { key } of list) assert.ok(all[`references.${key}`], `${lang}: references.${key}`);
  }
  // The sources issue 61 asked for, by their titles.
  const en = strings('en');
  const texts = list.map(({ key }) => en[`references.${key}`]).join('\n');
  for (const title of [
    'Improving Language Understanding by Generative Pre-Training',
    'BERT: Pre-training of Deep Bidirectional Transformers',
    'Language Models are Unsupervised Multitask Learners',
    'GLU Variants Improve Transformer',
    'MobileBERT',
    'Delving Deep into Rectifiers',
    'Layer Normalization',
    'Fashion-MNIST',
  ])
    assert.ok(texts.includes(title), title);
});

for (const lang of ['en', 'pt'])
  test(`${lang}: every citation resolves to its reference and every reference is cited`, () => {
    const cited = new Set();
    for (const [where, text] of Object.entries(strings(lang))) {
      const linked = [...text.matchAll(/<a href="#ref-([a-z0-9-]+)">\[(\d+)\]<\/a>/g)];
      for (const [, id, n] of linked) {
        const place = list.findIndex((r) => r.id === id);
        assert.ok(place >= 0, `${where}: no reference ref-${id}`);
        assert.equal(Number(n), place + 1, `${where}: [${n}] links ref-${id}, number ${place + 1}`);
        cited.add(id);
      }
      const bare = text.replace(/<a href="#ref-[a-z0-9-]+">\[\d+\]<\/a>/g, '').match(/\[\d+\]/g);
      assert.equal(bare, null, `${where}: a citation that is not a link to its reference`);
    }
    for (const { id } of list) assert.ok(cited.has(id), `${lang}: ref-${id} is never cited`);
  });
