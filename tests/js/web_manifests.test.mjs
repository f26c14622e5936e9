// Each room declares its figures once, in <room>/manifest.js, and every table about the figures is
// derived from the manifests (web/js/embed/figures.js gathers them): checked here against the
// files they name (factories, i18n tables, the article's template, the no-script renderers, the
// README's heights tables) and against the tables derived from them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FIGURES, FIGURE_MODULES, MANIFESTS, figureModule } from '../../web/js/embed/figures.js';
import {
  ATTRIBUTES,
  CAPTIONED,
  COMPACT_HEIGHTS,
  IFRAME_HEIGHTS,
} from '../../web/js/embed/embed-attributes.js';
import { PARTS } from '../../web/js/transformer/settings.js';
import { PICTURES, PICTURE_CAPTIONS } from '../../web/ship/pictures/index.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const webJs = join(root, 'web', 'js');
const read = (/** @type {string} */ path) => readFileSync(join(root, path), 'utf8');
/** The folders of web/js that hold no figure: the floors and the entrances. */
const NOT_ROOMS = new Set(['shared', 'plots', 'page', 'embed']);

/** i18n table of `lang`, namespace `ns`. */
const strings = (/** @type {string} */ lang, /** @type {string} */ ns) =>
  JSON.parse(read(`web/i18n/${lang}/${ns}.json`));
/** Whether "ns.key" has a string in both languages. */
const hasString = (/** @type {string} */ key) => {
  const [ns, name] = [key.slice(0, key.indexOf('.')), key.slice(key.indexOf('.') + 1)];
  return ['en', 'pt'].every(
    (lang) =>
      existsSync(join(root, 'web', 'i18n', lang, `${ns}.json`)) && name in strings(lang, ns),
  );
};

/** Every figure and part with a module: [label, entry]. */
const ENTRIES = FIGURES.flatMap((f) => [
  /** @type {const} */ ([f.name, f]),
  ...(f.parts ?? []).map((p) => /** @type {const} */ ([`${f.name}.${p.name}`, p])),
]);

test('every room of web/js has a manifest, and embed/figures.js gathers each', () => {
  const rooms = readdirSync(webJs, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !NOT_ROOMS.has(e.name))
    .map((e) => e.name);
  assert.ok(rooms.length >= 10, `${rooms.length} rooms`);
  for (const room of rooms) assert.ok(existsSync(join(webJs, room, 'manifest.js')), room);
  assert.deepEqual(Object.keys(MANIFESTS).sort(), rooms.sort());
});

test('a manifest is light: at run time it imports its own settings.js, nothing else', () => {
  for (const room of Object.keys(MANIFESTS)) {
    // (JSDoc types, in comments, may name the floor's types)
    const text = read(`web/js/${room}/manifest.js`).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const imports = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)';/gms)];
    for (const [, spec] of imports) assert.equal(spec, './settings.js', `${room}: imports ${spec}`);
    assert.ok(!/\bimport\s*\(\s*['"`]/.test(text), `${room}: no dynamic import`);
  }
});

test('names are unique; each module lies in its own room; figureModule refuses other names', () => {
  const names = FIGURES.map((f) => f.name);
  assert.equal(new Set(names).size, names.length, names.join());
  for (const [room, figures] of Object.entries(MANIFESTS))
    for (const f of figures)
      for (const entry of [f, ...(f.parts ?? [])])
        assert.ok(entry.module.startsWith(`${room}/`), `${room}: ${entry.module}`);
  assert.throws(() => figureModule('no-such-figure'), /bad widget name/);
  assert.throws(() => figureModule('constructor'), /bad widget name/);
});

test('every module exists and default-exports a factory (root, ctx) -> widget', async () => {
  for (const [label, { module }] of ENTRIES) {
    const file = join(webJs, module);
    assert.ok(existsSync(file), `${label}: ${module} is missing`);
    let factory;
    try {
      factory = (await import(pathToFileURL(file).href)).default;
    } catch (err) {
      // A module that touches a browser global when it loads (matchMedia): read, not run.
      if (!(err instanceof ReferenceError)) throw err;
      const text = readFileSync(file, 'utf8');
      assert.match(text, /^export default async function \w+\(root, /m, label);
      continue;
    }
    assert.equal(typeof factory, 'function', `${label}: no default export`);
    assert.equal(factory.constructor.name, 'AsyncFunction', `${label}: resolves to its widget`);
    assert.equal(factory.length, 2, `${label}: takes (root, ctx)`);
  }
});

test("the Transformer's parts are its settings' PARTS", () => {
  const transformer = FIGURES.find((f) => f.name === 'transformer');
  assert.deepEqual(
    transformer?.parts?.map((p) => p.name),
    [...PARTS],
  );
});

test('every namespace has its file in en and pt, and is the one the factory asks for', () => {
  /** Namespaces named by the i18n.need(...) calls of a file. */
  const needed = (/** @type {string} */ module) =>
    [...read(`web/js/${module}`).matchAll(/\bneed\(([^)]*)\)/g)].flatMap((m) =>
      [...m[1].matchAll(/'([\w-]+)'/g)].map((n) => n[1]),
    );
  for (const [label, entry] of ENTRIES) {
    assert.ok(entry.namespaces.length > 0, `${label}: no namespace`);
    for (const ns of entry.namespaces)
      for (const lang of ['en', 'pt'])
        assert.ok(
          existsSync(join(root, 'web', 'i18n', lang, `${ns}.json`)),
          `${label}: ${lang}/${ns}`,
        );
    // A whole figure made of parts reads what its parts read.
    const parts = 'parts' in entry ? (entry.parts ?? []) : [];
    const asked = new Set([entry.module, ...parts.map((p) => p.module)].flatMap(needed));
    assert.deepEqual([...asked].sort(), [...entry.namespaces].sort(), `${label}: i18n.need`);
  }
});

test("a room's code names strings only of the namespaces its manifest declares", () => {
  for (const [room, figures] of Object.entries(MANIFESTS)) {
    const declared = new Set(
      figures.flatMap((f) => [...f.namespaces, ...(f.parts ?? []).flatMap((p) => p.namespaces)]),
    );
    const dir = join(webJs, room);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const [, ns] of text.matchAll(/\bt\(\s*['`]([a-z-]+)\./g))
        assert.ok(declared.has(ns), `${room}/${file}: t('${ns}.…') is not in its manifest`);
    }
  }
});

test('captions: a captioned figure has <name>.caption in en and pt, a part its caption key', () => {
  for (const f of FIGURES) {
    assert.equal(hasString(`${f.name}.caption`), f.captioned, `${f.name}: captioned`);
    if (f.caption) assert.ok(hasString(f.caption), `${f.name}: ${f.caption}`);
    for (const p of f.parts ?? [])
      assert.ok(hasString(p.caption), `${f.name}.${p.name}: ${p.caption}`);
  }
});

test('heights: three positive whole numbers of px, compact never taller than plain', () => {
  for (const f of FIGURES) {
    for (const heights of [f.heights, f.compactHeights ?? f.heights]) {
      assert.equal(heights.length, 3, f.name);
      for (const h of heights) assert.ok(Number.isInteger(h) && h > 0, `${f.name}: ${h}`);
    }
    f.compactHeights?.forEach((h, i) => assert.ok(h <= f.heights[i], `${f.name}: compact ${h}`));
  }
});

test('every <figure data-widget> of the article names a manifest figure, data-parts its parts', () => {
  const html = read('web/index.html');
  const tags = [...html.matchAll(/<figure\b[^>]*\sdata-widget="([^"]*)"[^>]*>/g)];
  assert.ok(tags.length >= FIGURES.length - 2, `${tags.length} figures`);
  for (const [tag, name] of tags) {
    const figure = FIGURES.find((f) => f.name === name);
    assert.ok(figure, `index.html: no manifest declares ${name}`);
    const parts = /\sdata-parts="([^"]*)"/.exec(tag)?.[1];
    for (const part of parts?.split(',') ?? [])
      assert.ok(
        figure.parts?.some((p) => p.name === part),
        `${name}: no part ${part}`,
      );
  }
});

test("pictures: each one a manifest names has a renderer, and each renderer a manifest's name", () => {
  const named = ENTRIES.flatMap(([, entry]) => entry.pictures);
  assert.equal(new Set(named).size, named.length, named.join());
  assert.deepEqual([...named].sort(), Object.keys(PICTURES).sort());
});

test('the registries are what the manifests declare', () => {
  assert.deepEqual(
    Object.keys(FIGURE_MODULES),
    FIGURES.map((f) => f.name),
  );
  assert.deepEqual(
    Object.keys(ATTRIBUTES),
    FIGURES.map((f) => f.name),
  );
  for (const f of FIGURES) {
    assert.equal(FIGURE_MODULES[f.name], f.module);
    const rows = f.rows ?? [];
    for (const row of rows.filter((r) => r.attr))
      assert.equal(ATTRIBUTES[f.name][row.attr], row.key);
    assert.equal(Object.keys(ATTRIBUTES[f.name]).length, rows.filter((r) => r.attr).length);
    assert.equal(CAPTIONED.includes(f.name), f.captioned, f.name);
    assert.deepEqual(IFRAME_HEIGHTS[f.name], [...f.heights]);
    assert.deepEqual(COMPACT_HEIGHTS[f.name], f.compactHeights && [...f.compactHeights]);
    for (const p of f.parts ?? []) assert.equal(PICTURE_CAPTIONS[`${f.name}.${p.name}`], p.caption);
  }
  assert.equal(CAPTIONED.length, new Set(CAPTIONED).size);
  assert.equal(Object.keys(COMPACT_HEIGHTS).length, FIGURES.filter((f) => f.compactHeights).length);
  const keyed = FIGURES.flatMap((f) => [
    ...(f.caption ? [f.name] : []),
    ...(f.parts ?? []).map((p) => `${f.name}.${p.name}`),
  ]);
  assert.deepEqual(Object.keys(PICTURE_CAPTIONS).sort(), keyed.sort());
});

/**
 * The Markdown table after `<!-- fixture: name … -->` in web/README.md: figure -> its heights.
 * @param {string} name
 */
function readmeHeights(name) {
  const readme = read('web/README.md');
  const at = readme.indexOf(`<!-- fixture: ${name} `);
  assert.ok(at >= 0, `web/README.md: no fixture ${name}`);
  const lines = readme.slice(at).split('\n').slice(1);
  const table = lines.slice(
    0,
    lines.findIndex((line) => !line.startsWith('|')),
  );
  assert.deepEqual(
    table[0].split('|').map((c) => c.trim()),
    ['', 'Figure', '360 px', '700 px', '1000 px', ''],
  );
  return Object.fromEntries(
    table.slice(2).map((line) => {
      const [figure, ...heights] = line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
      return [figure, heights.map(Number)];
    }),
  );
}

test("README: the iframe heights table is the manifests' heights", () => {
  assert.deepEqual(readmeHeights('iframe-heights'), IFRAME_HEIGHTS);
  assert.deepEqual(
    readmeHeights('iframe-heights'),
    Object.fromEntries(FIGURES.map((f) => [f.name, [...f.heights]])),
  );
});

test("README: the compact heights table is the manifests' compact heights", () => {
  assert.deepEqual(
    readmeHeights('compact-heights'),
    Object.fromEntries(
      FIGURES.filter((f) => f.compactHeights).map((f) => [f.name, [...(f.compactHeights ?? [])]]),
    ),
  );
});
