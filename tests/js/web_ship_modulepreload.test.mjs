// web/ship/modulepreload.mjs: which imports count as static (the ones a page can preload); the
// built embed page's preload links: every module its scripts import statically, each one a file
// of dist/, none of the entry scripts themselves; and the article's list, stamped into its boot
// script: main.js and its static graph.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ARTICLE_BOOT,
  ARTICLE_MAIN,
  staticGraph,
  staticImports,
} from '../../web/ship/modulepreload.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');

test('static imports: from, export from and bare imports; not import(), not comments', () => {
  const source = [
    "import { a } from './a.js';",
    'import {',
    '  b,',
    '  c,',
    "} from '../b.js';",
    "import './side.js';",
    "export { d } from './d.js';",
    "export * from './e.js';",
    "const lazy = import('./lazy.js');",
    "/** @type {import('./types').T} */",
    "// import { old } from './old.js';",
    '/* import { gone } from "./gone.js"; */',
    "import { fs } from 'node:fs';",
    "const s = 'text'; import { f } from './f.js';",
  ].join('\n');
  assert.deepEqual(staticImports(source).sort(), [
    '../b.js',
    './a.js',
    './d.js',
    './e.js',
    './f.js',
    './side.js',
  ]);
});

test("the embed page preloads its scripts' static imports, and only files it ships", () => {
  const html = readFileSync(join(dist, 'embed.html'), 'utf8');
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map(
    (m) => m[1],
  );
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)">/g)].map((m) => m[1]);
  assert.deepEqual(scripts, ['activation-lab.js', 'js/embed/embed-page.js']);
  const graph = new Set();
  for (const script of scripts) staticGraph(join(dist, script), graph);
  const expected = [...graph]
    .map((path) => relative(dist, path))
    .filter((p) => !scripts.includes(p));
  assert.deepEqual(preloads.slice().sort(), expected.sort());
  for (const must of ['js/embed/figures.js', 'js/embed/poster-lists.js', 'js/shared/i18n.js'])
    assert.ok(preloads.includes(must), must);
  for (const href of preloads) assert.ok(existsSync(join(dist, href)), href);
  // before the scripts: the browser starts them all while it parses the head
  assert.ok(html.indexOf('rel="modulepreload"') < html.indexOf('<script type="module"'));
});

/** The MODULE_PRELOADS list of a boot script's text. */
const stampedList = (/** @type {string} */ text) => {
  const line = /const MODULE_PRELOADS = (.*);$/m.exec(text);
  assert.ok(line, 'boot.js has its MODULE_PRELOADS line');
  return JSON.parse(line[1]);
};

test("the article's boot script preloads main.js and its static imports, each a shipped file", () => {
  assert.deepEqual(stampedList(readFileSync(join(root, 'web', ARTICLE_BOOT), 'utf8')), []);
  const list = stampedList(readFileSync(join(dist, ARTICLE_BOOT), 'utf8'));
  const from = dirname(join(dist, ARTICLE_BOOT));
  const main = join(dist, ARTICLE_MAIN);
  const expected = [main, ...staticGraph(main)].map((path) => relative(from, path));
  assert.deepEqual(list.slice().sort(), expected.sort());
  for (const must of ['main.js', '../shared/i18n.js', '../embed/figures.js', '../shared/core.js'])
    assert.ok(list.includes(must), must);
  assert.ok(list.length >= 20, `${list.length} modules`);
  for (const path of list) assert.ok(existsSync(join(from, path)), path);
});
