// The page's code never reaches back into the build: no module under web/js/ imports from
// web/ship/ (build-time code, not shipped), statically, dynamically or in a JSDoc type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const webJs = join(root, 'web', 'js');
const ship = join(root, 'web', 'ship');

/** @param {string} dir @returns {string[]} */
const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.(js|mjs|ts)$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );

/** Every relative specifier of `text`: from '…', import('…'), import('…').Type. */
const specifiers = (text) =>
  [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);

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
