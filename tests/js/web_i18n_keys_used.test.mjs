// Every i18n key the page's code asks for exists in both languages: the whole keys its scripts,
// HTML and build (web/ship/) name, and the templated ones (`embed.figure_${name}`,
// `common.act_${fn}`…) over every value they take where the code's source of those values is known
// (the figures' table, the core's enumerations), or, where it is not, at least one key of the
// template's shape. A missing key shows on the page as the raw key (and "i18n: missing en string").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadModule } from '../../wasm/module.mjs';
import { keysIn, keysUsed } from './i18n-keys.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const LANGS = ['en', 'pt'];
const namespaces = new Set(
  readdirSync(join(web, 'i18n', 'en')).map((f) => f.replace(/\.json$/, '')),
);
/** @type {Record<string, Record<string, Record<string, string>>>} lang -> ns -> key -> text */
const tables = Object.fromEntries(
  LANGS.map((lang) => [
    lang,
    Object.fromEntries(
      [...namespaces].map((ns) => [
        ns,
        JSON.parse(readFileSync(join(web, 'i18n', lang, `${ns}.json`), 'utf8')),
      ]),
    ),
  ]),
);
/** @param {string} lang @param {string} key 'ns.name' */
const has = (lang, key) => {
  const dot = key.indexOf('.');
  return Object.hasOwn(tables[lang][key.slice(0, dot)] ?? {}, key.slice(dot + 1));
};

// Quoted 'ns.x' strings that are not keys: the core's quantities (shared/core-values.js, 'dip.x'),
// and the depth figure's series (shared/depth-spreads.js, 'gelu.he'), whose first part happens
// to name a string file.
const NOT_KEYS = new Set(['dip.x', 'dip.y', 'gelu.he']);

/** The figures' names: the one place this test reads them from (the rooms' manifests). */
async function figureNames() {
  const { FIGURE_MODULES } = await import('../../web/js/embed/figures.js');
  return Object.keys(FIGURE_MODULES);
}

const M = await loadModule();
const limits = JSON.parse(M.configLimitsJson());
const lmLimits = JSON.parse(M.lmConfigLimitsJson());

/**
 * Templates (each `${…}` written `*`) and every value they take, from where the code takes them.
 * @type {Record<string, () => Promise<string[]> | string[]>}
 */
const EXPANSIONS = {
  'embed.figure_*': figureNames,
  // the MLP's activations, and the Transformer's (its FFN variants among them)
  'common.act_*': () => [
    ...JSON.parse(M.activationNames()),
    ...lmLimits.act,
    ...lmLimits.swap_only_act,
  ],
  'mlp.dataset_*': () => limits.dataset.values,
  'mlp.init_*': () => limits.init.values,
  'lm.init_*': () => lmLimits.init,
};

const uses = keysUsed(web, namespaces).filter((u) => !NOT_KEYS.has(u.key));
const shape = (/** @type {string} */ key) => key.replace(/\$\{[^}]*\}/g, '*');
const templates = uses.filter((u) => u.key.includes('${'));
const where = (/** @type {import('./i18n-keys.mjs').KeyUse} */ u) => `${u.file}:${u.line}`;

test('the scan reads every form a key is asked in (so the tests below cannot pass on nothing)', () => {
  const ns = new Set(['a', 'b']);
  const found = keysIn(
    [
      "i18n.t('a.one', { n }); captionHtml(\"b.two\"); label: 'a.three',",
      '<p data-i18n="a.four"></p><b data-i18n-attr="aria-label=a.five; title=b.six"></b>',
      't(`a.seven_${x}`); `<i data-i18n="b.eight_${y}_${z}">`; const p = \'a.nine_\';',
      "import('./a.js'); 'c.ten'; 'a.json'",
    ].join('\n'),
    ns,
  ).map((u) => u.key);
  assert.deepEqual(found.sort(), [
    'a.five',
    'a.four',
    'a.nine_${…}',
    'a.one',
    'a.seven_${x}',
    'a.three',
    'b.eight_${y}_${z}',
    'b.six',
    'b.two',
  ]);
  assert.ok(uses.length - templates.length > 500, `${uses.length - templates.length} whole keys`);
  for (const t of Object.keys(EXPANSIONS))
    assert.ok(
      templates.some((u) => shape(u.key) === t),
      `the code asks for ${t}`,
    );
});

test('every whole key the code asks for has a string in both languages', () => {
  const missing = uses
    .filter((u) => !u.key.includes('${'))
    .flatMap((u) => LANGS.filter((l) => !has(l, u.key)).map((l) => `${l} ${u.key} (${where(u)})`));
  assert.deepEqual(missing, []);
});

test('every value of a known template has a string in both languages', async () => {
  const missing = [];
  for (const [template, values] of Object.entries(EXPANSIONS)) {
    const names = await values();
    assert.ok(names.length > 1, template);
    for (const name of names)
      for (const lang of LANGS) {
        const key = template.replace('*', name);
        if (!has(lang, key)) missing.push(`${lang} ${key}`);
      }
  }
  assert.deepEqual(missing, []);
});

test('every other template matches keys of its shape in both languages', () => {
  const missing = [];
  for (const u of templates) {
    const t = shape(u.key);
    if (t in EXPANSIONS) continue;
    const dot = t.indexOf('.');
    const ns = t.slice(0, dot);
    const re = new RegExp(
      `^${t
        .slice(dot + 1)
        .split('*')
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[\\w-]+')}$`,
    );
    for (const lang of LANGS)
      if (!Object.keys(tables[lang][ns]).some((k) => re.test(k)))
        missing.push(`${lang} ${u.key} (${where(u)})`);
  }
  assert.deepEqual(missing, []);
});
