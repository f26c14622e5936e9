// A reader's own data through the module (issue 29): dataset "custom" with "points" in a config,
// pointsFromCsvJson and pointsToCsv, as the page's import, export and worker use them.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { loadModule } from '../../wasm/module.mjs';
import { withExperiment } from './core-helpers.mjs';

const M = await loadModule();

/** x0, x1, label triples of a Float64Array as [[x0, x1, label], ...]. @param {Float64Array} rows */
const triples = (rows) =>
  Array.from({ length: rows.length / 3 }, (_, i) => [
    rows[3 * i],
    rows[3 * i + 1],
    rows[3 * i + 2],
  ]);

test('custom: exactly the given points, split as the generated sets are, trained alike', () => {
  const moons = { n: 80, noise: 0.25, data_seed: 9, hidden: [8, 8], epochs: 3, val_fraction: 0.1 };
  const points = triples(M.makeData(JSON.stringify(moons)));
  const custom = { ...moons, n: undefined, dataset: 'custom', points };
  const run = (/** @type {object} */ config) =>
    withExperiment(M, config, (e) => {
      assert.equal(e.status(), 'ready', e.error());
      const data = ['train', 'val', 'test'].map((w) =>
        Array.from(e.data(/** @type {'train'} */ (w))),
      );
      while (e.step());
      return { data, history: e.historyJson(), config: JSON.parse(e.configJson()) };
    });
  const a = run(moons),
    b = run(custom);
  assert.deepEqual(b.data, a.data);
  assert.equal(b.history, a.history);
  assert.equal(b.config.n, 80);
  assert.deepEqual(b.config.points, points);
  // configJson round-trips, and makeData gives the points back.
  assert.equal(
    withExperiment(M, b.config, (e) => e.configJson()),
    JSON.stringify(b.config),
  );
  assert.deepEqual(triples(M.makeData(JSON.stringify(b.config))), points);
  // The generated sets' configJson has no points key (byte-identical to before).
  assert.equal(JSON.parse(withExperiment(M, moons, (e) => e.configJson())).points, undefined);
  const limits = JSON.parse(M.configLimitsJson());
  assert.deepEqual(limits.points, { min: 10, max: 2000, coord_max: 10, csv_max_bytes: 262144 });
});

test('custom: the config refuses bad points with one message naming the point (0-based)', () => {
  const ok = Array.from({ length: 10 }, (_, i) => [i / 4, -i / 8, i % 2]);
  const withPoint = (/** @type {number} */ i, /** @type {unknown} */ p) =>
    ok.map((q, j) => (j === i ? p : q));
  const cases = [
    [{ dataset: 'custom' }, 'dataset custom needs points: an array of [x0, x1, label]'],
    [{ points: ok }, 'points applies to dataset custom only (dataset is moons)'],
    [{ dataset: 'custom', points: ok.slice(0, 9) }, 'points must hold 10 to 2000 points (got 9)'],
    [
      { dataset: 'custom', points: {} },
      'points must be an array of [x0, x1, label] (got an object)',
    ],
    [
      { dataset: 'custom', points: withPoint(2, [1, 2]) },
      'points[2] must be an array [x0, x1, label] (got 2 values)',
    ],
    [
      { dataset: 'custom', points: withPoint(4, [1, null, 0]) },
      'points[4][1] must be a number (got null)',
    ],
    [
      { dataset: 'custom', points: withPoint(5, [-12, 0, 1]) },
      'points[5][0] must be a number in [-10, 10] (got -12)',
    ],
    [{ dataset: 'custom', points: withPoint(9, [0, 0, 3]) }, 'points[9][2] must be 0 or 1 (got 3)'],
    [
      { dataset: 'custom', points: ok.map(([x, y]) => [x, y, 0]) },
      'points must hold both labels, 0 and 1 (all 10 points have label 0)',
    ],
  ];
  for (const [config, message] of cases) {
    assert.equal(M.validateConfigJson(JSON.stringify(config)), message);
    withExperiment(M, config, (e) => {
      assert.equal(e.status(), 'invalid');
      assert.equal(e.error(), message);
    });
  }
});

test('pointsFromCsvJson reads what pointsToCsv and the CLI write; refusals are one line', () => {
  const points = triples(M.makeMoons(30, 0.2, 3));
  const csv = M.pointsToCsv(JSON.stringify(points));
  assert.match(csv, /^x0,x1,label\n-?\d/);
  assert.deepEqual(JSON.parse(M.pointsFromCsvJson(csv)), { points });
  // The shortest round-trip form JS writes (String(x)) reads back to the same doubles.
  const js = points.map((p) => p.map(String).join(',')).join('\r\n');
  assert.deepEqual(JSON.parse(M.pointsFromCsvJson(js)), { points });
  assert.deepEqual(JSON.parse(M.pointsFromCsvJson('x0,x1,label\n1,2\n')), {
    error: 'line 2: expected 3 fields x0,x1,label (got 2)',
  });
  assert.throws(
    () => M.pointsToCsv('[[0,0,2]]'),
    /^RangeError: pointsToCsv: points must hold 10 to 2000 points \(got 1\)$/,
  );
  assert.throws(() => M.pointsToCsv('{'), /^RangeError: pointsToCsv: JSON: /);
});
