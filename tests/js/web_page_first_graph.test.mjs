// The modules a page must fetch before its script runs (the static imports of js/page/main.js and
// of the embed page) stay the page's own: no figure's study, pool or worker client. Each level of
// static imports is one more round trip before the first figure can start; glu/settings.js
// importing glu-study.js once added four (seeds/study, pool, runs, worker-client) and cost the
// embed's mobile Lighthouse score ~10 points (issue 37.1). The studies' machinery several figures
// share now lives on the floor (shared/study-pool, seed-runs, lm-study): being in shared/ does not
// make it light, so it stays out of the first graph too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticImports } from '../../web/ship/modulepreload.mjs';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');

/** The files `file` imports statically (the build's own reading, modulepreload.mjs). */
const importsOf = (/** @type {string} */ file) =>
  staticImports(readFileSync(file, 'utf8')).map((spec) => join(dirname(file), spec.split('?')[0]));

/** Every file of the static graph from entry, with its depth (the entry is 0). */
function graph(entry) {
  const depth = new Map([[entry, 0]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift();
    for (const dep of importsOf(file))
      if (!depth.has(dep)) depth.set(dep, depth.get(file) + 1) && queue.push(dep);
  }
  return new Map([...depth].map(([f, d]) => [relative(web, f), d]));
}

const HEAVY = [
  'js/glu/glu-study.js',
  'js/seeds/study.js',
  'js/shared/lm-study.js',
  'js/shared/seed-runs.js',
  'js/shared/study-pool.js',
  'js/shared/pool.js',
  'js/shared/worker-client.js',
];

for (const entry of ['js/page/main.js', 'js/embed/embed-page.js', 'activation-lab.js']) {
  test(`${entry}: its static imports hold no study, pool or worker client`, () => {
    const files = graph(join(web, entry));
    assert.ok(files.has('js/embed/embed-attributes.js'), 'the walk follows the imports');
    assert.deepEqual(
      HEAVY.filter((f) => files.has(f)),
      [],
    );
  });
}

test('the walk finds a study when a graph has one', () => {
  const files = graph(join(web, 'js/glu/glu-study.js'));
  for (const f of ['js/shared/lm-study.js', 'js/shared/study-pool.js', 'js/shared/pool.js'])
    assert.ok(files.has(f), f);
});
