// The core's floors (src/README.md): a file includes files of its own floor or below, never
// above. The shared floor (src/*, src/simd/) includes nothing from src/mlp/ or src/lm/, and the
// two models never include each other, so the include graph has no cycle between folders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every C++ file under src/, as paths relative to it. */
const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) =>
  /\.(cpp|hpp)$/.test(f),
);

/** The project headers a file includes ("mlp/config.hpp", ...). */
const includes = (file) =>
  [...readFileSync(`${src}${file}`, 'utf8').matchAll(/^#include "([^"]+)"/gm)].map((m) => m[1]);

const folder = (path) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '');
// What each folder may include besides itself: the shared floor (folder '' and simd/).
const ALLOWED = {
  '': ['', 'simd'],
  simd: ['simd'],
  mlp: ['', 'simd', 'mlp'],
  lm: ['', 'simd', 'lm'],
};

test('the core has the floors src/README.md lists: shared floor, then mlp/ and lm/ side by side', () => {
  assert.ok(files.length > 40, `${files.length} files read`);
  const seen = new Set(files.map(folder));
  assert.deepEqual([...seen].sort(), ['', 'lm', 'mlp', 'simd']);
  const wrong = [];
  for (const file of files)
    for (const inc of includes(file))
      if (!ALLOWED[folder(file)].includes(folder(inc))) wrong.push(`${file} includes ${inc}`);
  assert.deepEqual(wrong, []);
});

test('every include names a file that exists', () => {
  const all = new Set(files);
  const missing = files.flatMap((f) => includes(f).filter((inc) => !all.has(inc)));
  assert.deepEqual(missing, []);
});
