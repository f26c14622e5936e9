// web/ship/file-bundle.mjs's toClassic, the step that lets the article run from disk: every
// dynamic import() becomes the bundle's own loader, in each form the modules write it, and one
// it cannot rewrite stops the build (it would fail only from disk, at run time) instead of
// shipping. Comments and methods named import are left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toClassic } from '../../web/ship/file-bundle.mjs';

test('each form of import() becomes __al_import(); comments and a method named import stay', () => {
  const source = [
    "const a = import('./a.js');",
    'const b = (async () => import(`./${name}.js`))();',
    "f(import('./c.js'));",
    "async function g() { return import('./d.js'); }",
    "async function h() { return await import('./e.js'); }",
    "/** @type {import('./types').T} */",
    "// see import('./old.js')",
    'const worker = {',
    '  async import({ config }) {',
    '    return config;',
    '  },',
    '};',
  ].join('\n');
  const body = toClassic(source, 'js/x.js');
  assert.equal(body.match(/__al_import\(/g)?.length, 5);
  assert.ok(body.includes("{import('./types').T}"));
  assert.ok(body.includes("// see import('./old.js')"));
  assert.ok(body.includes('  async import({ config }) {'));
});

test('an import() the rewrite cannot reach stops the build with the module and the code', () => {
  assert.throws(
    () => toClassic("const lazy = [0].map(() => 1) && void import('./late.js');", 'js/y.js'),
    /js\/y\.js: cannot bundle "import\('\.\/late\.js'\)/,
  );
});
