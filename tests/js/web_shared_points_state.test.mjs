// The drawn points as a setting (state.js, the twin's `pts` row) against the real module: the
// link's code becomes the config's points with the custom data set only, a damaged or over-long
// code is refused with its reason, a set too large for a link is kept but left out of the link,
// and the study reads the lab's points without ever writing them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPageCore } from './core-helpers.mjs';
import { createSettings, hashStore } from '../../web/js/shared/state.js';
import { ROWS } from '../../web/js/twin/settings.js';
import { ROWS as SEEDS_ROWS } from '../../web/js/seeds/settings.js';
import { MAX_LINK_POINTS, decodePoints, encodePoints } from '../../web/js/shared/points-code.js';

const core = await loadPageCore();
const points = (n) =>
  Array.from({ length: n }, (_, i) => [((i * 7) % 41) / 10 - 2, ((i * 11) % 37) / 10 - 1.8, i % 2]);

test('the core lists the custom data set and the points limits the page relies on', () => {
  assert.ok(core.limits.dataset.values.includes('custom'));
  assert.ok(core.limits.points.min >= 1);
  assert.ok(
    core.limits.points.max >= MAX_LINK_POINTS,
    'a link never holds more than the core takes',
  );
});

test('a link code feeds the config with data=custom, and only then', () => {
  const code = encodePoints(points(40));
  const s = createSettings(core, ROWS);
  s.readHash(`#data=custom&pts=${code}`);
  assert.deepEqual(s.errors, {});
  const decoded = /** @type {any} */ (decodePoints(code)).points;
  assert.deepEqual(s.config('a').points, decoded);
  assert.equal(s.config('a').dataset, 'custom');
  assert.equal(core.M.validateConfigJson(JSON.stringify(s.config('b'))), '');
  assert.match(s.toHash(''), new RegExp(`pts=${code}`)); // the same code back
  s.readHash(`#data=moons&pts=${code}`);
  assert.deepEqual(s.errors, {});
  assert.equal('points' in s.config('a'), false, 'kept, but not in a moons config');
});

test('damaged and over-long codes are refused with their reason; custom without points is refused', () => {
  const s = createSettings(core, ROWS);
  s.readHash(`#data=custom&pts=${encodePoints(points(MAX_LINK_POINTS + 1))}`);
  assert.equal(s.errors.pts.kind, 'points');
  assert.equal(s.errors.pts.detail, 'long');
  assert.equal(s.errors.data.kind, 'core', 'no points left for the custom set');
  assert.equal(s.values.data, s.defaults.data);
  const code = encodePoints(points(40));
  s.readHash(`#data=custom&pts=${code.slice(0, 9)}${code[9] === 'A' ? 'B' : 'A'}${code.slice(10)}`);
  assert.equal(s.errors.pts.kind, 'points');
  // a valid code of points the core refuses (one class only): the core's message
  s.readHash(`#data=custom&pts=${encodePoints(points(40).map(([x, y]) => [x, y, 1]))}`);
  assert.equal(s.errors.pts.kind, 'core');
  assert.match(s.errors.pts.detail, /label/);
});

test('a set larger than a link is kept as JSON and left out of the link', () => {
  const big = points(MAX_LINK_POINTS + 20);
  const s = createSettings(core, ROWS);
  s.readHash('#data=custom');
  s.set('pts', JSON.stringify(big));
  s.set('data', 'custom');
  assert.deepEqual(s.errors, {});
  assert.equal(s.config('a').points.length, big.length);
  assert.match(s.toHash(''), /pts=(&|$)/);
});

test('the study reads the lab’s points and never writes them', () => {
  let hash = `#data=custom&pts=${encodePoints(points(30))}&sdata=custom`;
  const store = hashStore(
    () => hash,
    (h) => (hash = h),
  );
  const study = createSettings(core, SEEDS_ROWS, store);
  study.readHash();
  assert.equal(study.config('a').points.length, 30);
  hash = hash.replace(/pts=[^&]*/, `pts=${encodePoints(points(50))}`); // the lab drew more
  study.set('sepochs', '3');
  study.writeHash();
  assert.equal(
    /** @type {any} */ (decodePoints(new URLSearchParams(hash.slice(1)).get('pts'))).points.length,
    50,
  );
});
