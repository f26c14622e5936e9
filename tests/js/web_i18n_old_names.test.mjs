// The string files named after old names are gone (issue 64): `lab` (the twin figure's old name)
// and `evidence` (an old section's). Their keys live in mlp (the MLP's settings, declared once),
// twin, fields (the settings fields' messages) and export. No code may ask for them again: a key
// of theirs would show on the page as the raw key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OLD = ['lab', 'evidence'];
const SELF = fileURLToPath(import.meta.url);

/** The code of the page, its build, its tests and the CLI (not the strings, not vendored code). */
function codeFiles() {
  const out = [];
  const walk = (/** @type {string} */ d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (!['i18n', 'vendor', 'node_modules', 'data', 'img', 'examples'].includes(name)) walk(p);
      } else if (/\.(m?js|html|ts)$/.test(name) && p !== SELF) out.push(p);
    }
  };
  for (const top of ['web', 'tests', 'wasm']) walk(join(root, top));
  return out;
}

// A key (quoted 'lab.x', "lab.x", `lab.${…}`, data-i18n="lab.x", data-i18n-attr="…=lab.x"), or
// the namespace asked by name ('lab' in an i18n.need call or a manifest's namespaces).
const ns = OLD.join('|');
const PATTERNS = [
  new RegExp(`['"\`=](?:${ns})\\.[\\w$]`, 'g'),
  new RegExp(`\\bneed\\([^)]*'(?:${ns})'`, 'g'),
  new RegExp(`namespaces:\\s*\\[[^\\]]*'(?:${ns})'`, 'g'),
];

test('the scan finds each form an old key was asked in (so the test below cannot pass on nothing)', () => {
  const samples = [
    "i18n.t('lab.pieces')",
    'data-i18n="evidence.export"',
    'data-i18n-attr="aria-label=evidence.export_label"',
    't(`lab.preset_${p}`)',
    "label: 'evidence.field_n'",
    "await i18n.need('twin', 'lab')",
    "namespaces: ['seeds', 'evidence']",
  ];
  for (const s of samples)
    assert.ok(
      PATTERNS.some((re) => s.match(re)),
      s,
    );
  assert.ok(!PATTERNS.some((re) => "import('./activation-lab.js'); 'twin.pieces'".match(re)));
});

test('no code asks for a key of the old namespaces lab and evidence', () => {
  const files = codeFiles();
  assert.ok(files.length > 200, `${files.length} files`);
  const found = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return PATTERNS.flatMap((re) =>
      [...text.matchAll(re)].map(
        (m) => `${relative(root, file)}:${text.slice(0, m.index).split('\n').length} ${m[0]}`,
      ),
    );
  });
  assert.deepEqual(found, []);
});

test('their string files are gone in every language', () => {
  for (const lang of readdirSync(join(root, 'web', 'i18n')))
    for (const old of OLD)
      assert.ok(!existsSync(join(root, 'web', 'i18n', lang, `${old}.json`)), `${lang}/${old}.json`);
});
