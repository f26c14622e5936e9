// The layers of web/js (web/js/README.md). Each figure's folder ("room") imports only its own
// folder and the floors (shared/, plots/), never another room; the floors import only floors;
// the entrances (page/, embed/) import floors and entrances, and of a room only what describes
// it (its manifest.js). And the page's code never reaches back into the build: no module under
// web/js/ imports from web/ship/ (build-time code, not shipped). An import is any relative
// specifier: static (`from '…'`, `import '…'`), dynamic (`import('…')`), a worker's or an asset's
// URL (`new URL('…', import.meta.url)`) and a JSDoc type (`import('…').Type`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const webJs = join(root, 'web', 'js');
const ship = join(root, 'web', 'ship');

const FLOORS = ['shared', 'plots'];
const ENTRANCES = ['page', 'embed'];
/** What an entrance may import of a room: the file that describes the figure. */
const ROOM_FILES_FOR_ENTRANCES = ['manifest.js'];
/** The one file kept out of the rule: it names rooms' types until they move into the rooms. */
const EXEMPT = ['shared/types.d.ts'];

/** @param {string} dir @returns {string[]} */
const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.(js|mjs|ts)$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );

// A relative path in quotes or backticks (a template's path ends at its first substitution).
const PATH = String.raw`(['"\x60])(\.{1,2}\/[^'"\x60]*)\1`;
const FORMS = [
  new RegExp(String.raw`(?:^|[^\w$.])(?:from|import)\s*` + PATH, 'g'), // static, re-export
  new RegExp(String.raw`\bimport\s*\(\s*` + PATH, 'g'), // dynamic, JSDoc type
  new RegExp(String.raw`\bnew\s+URL\(\s*` + PATH + String.raw`\s*,\s*import\.meta\.url`, 'g'),
];

/** Every relative specifier of `text`, in each form an import takes. */
const specifiers = (/** @type {string} */ text) =>
  FORMS.flatMap((re) => [...text.matchAll(re)].map((m) => m[2]));

/**
 * Where `spec`, written in `file`, lands under web/js: its top folder and its path inside that
 * folder; null outside web/js or for a file beside the folders (the generated app.file.js).
 * @param {string} file
 * @param {string} spec
 */
function target(file, spec) {
  const path = spec.split(/\$\{|[?#]/)[0]; // a template's fixed start; no query or fragment
  const rel = relative(webJs, resolve(dirname(file), path));
  if (rel.startsWith('..')) return null;
  const [folder, ...rest] = rel.split(sep).filter(Boolean);
  const isFolder = rest.length > 0 || path.endsWith('/');
  return folder && isFolder ? { folder, inside: rest.join('/') } : null;
}

/** The folders `from` may import, or an entrance's reading of one room file. */
function allowed(/** @type {string} */ from, /** @type {{folder: string, inside: string}} */ to) {
  if (FLOORS.includes(from)) return FLOORS.includes(to.folder);
  if (ENTRANCES.includes(from))
    return (
      FLOORS.includes(to.folder) ||
      ENTRANCES.includes(to.folder) ||
      ROOM_FILES_FOR_ENTRANCES.includes(to.inside)
    );
  return to.folder === from || FLOORS.includes(to.folder); // a room: itself and the floors
}

/**
 * The imports of `file` (whose text is `text`) that break the layers, as `file: specifier`.
 * @param {string} file
 * @param {string} text
 */
function violations(file, text) {
  const rel = relative(webJs, file).split(sep).join('/');
  if (EXEMPT.includes(rel)) return [];
  const from = rel.split('/')[0];
  return specifiers(text)
    .filter((spec) => {
      const to = target(file, spec);
      return to !== null && !allowed(from, to);
    })
    .map((spec) => `web/js/${rel}: ${spec}`);
}

test('rooms import only themselves and the floors; floors only floors; entrances no room code', () => {
  const files = sources(webJs);
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  // Each form is read in the tree (static, dynamic and JSDoc, worker URLs): none goes unseen.
  const found = FORMS.map((re) => texts.reduce((n, t) => n + [...t.matchAll(re)].length, 0));
  assert.ok(
    files.length > 100 && found.every((n) => n >= 10),
    `read ${files.length} files, imports per form: ${found}`,
  );
  const bad = files.flatMap((f, i) => violations(f, texts[i]));
  assert.deepEqual(bad, [], `imports across the layers:\n${bad.join('\n')}`);
});

test('the check sees each form of import into another room', () => {
  const file = join(webJs, 'glu', 'glu-study.js');
  const forms = {
    static: "import { trackPool } from '../seeds/study.js';",
    reexport: "export { trackPool } from '../seeds/study.js';",
    bare: "import '../seeds/study.js';",
    dynamic: "const m = await import('../seeds/study.js');",
    worker: "const URL_ = new URL('../seeds/lm-seed-worker.js', import.meta.url);",
    jsdoc: "/** @typedef {import('../seeds/lm-study.js').LmSeedResult} R */",
    template: 'const m = await import(`../seeds/${name}.js`);',
  };
  for (const [kind, text] of Object.entries(forms))
    assert.equal(violations(file, text).length, 1, `${kind}: ${text}`);
  assert.deepEqual(violations(file, forms.worker), [
    'web/js/glu/glu-study.js: ../seeds/lm-seed-worker.js',
  ]);
});

test('the check holds each layer to its rule', () => {
  const at = (/** @type {string} */ path) => join(webJs, ...path.split('/'));
  const imports = (/** @type {string} */ spec) => `import { x } from '${spec}';`;
  const cases = [
    // [file, specifier, breaks the rule]
    ['glu/glu.js', './glu-study.js', false],
    ['glu/glu.js', '../shared/pool.js', false],
    ['glu/glu.js', '../plots/dot-plot.js', false],
    ['glu/glu.js', '../page/main.js', true],
    ['glu/glu.js', '../../../wasm/activation-lab', false], // outside web/js: not a room
    ['page/boot.js', '../app.file.js', false], // generated beside the folders: not a room
    ['shared/epoch-slices.js', '../twin/slices.js', true],
    ['shared/lm-budget.js', '../plots/canvas.js', false],
    ['plots/axes.js', '../embed/embed-dialog.js', true],
    ['page/main.js', '../seeds/manifest.js', false],
    ['page/main.js', '../seeds/settings.js', true], // an entrance reads the manifest only
    ['page/main.js', '../seeds/seeds.js', true],
    ['embed/embed-page.js', '../page/toc.js', false],
    ['seeds/protocol.d.ts', '../twin/protocol', true],
    ['shared/types.d.ts', '../twin/settings.js', false], // exempt
    ['shared/i18n.js', '../../ship/prerender.mjs', false], // web/ship: the test below
  ];
  for (const [file, spec, breaks] of cases)
    assert.equal(violations(at(file), imports(spec)).length, breaks ? 1 : 0, `${file}: ${spec}`);
});

test('no module of web/js imports from web/ship', () => {
  const files = sources(webJs);
  assert.ok(files.length > 50, `read ${files.length} files`);
  const back = files.flatMap((file) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((s) => !relative(ship, resolve(dirname(file), s)).startsWith('..'))
      .map((s) => `${relative(root, file)}: ${s}`),
  );
  assert.deepEqual(back, []);
});

test('the check sees an import into web/ship when there is one', () => {
  const file = join(webJs, 'page', 'main.js');
  const [s] = specifiers("import { x } from '../../ship/prerender.mjs';");
  assert.equal(relative(ship, resolve(dirname(file), s)).startsWith('..'), false);
});
