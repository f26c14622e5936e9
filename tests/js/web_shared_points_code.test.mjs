// web/js/shared/points-code.js: a drawn set's link code round-trips, fits its length budget and
// refuses what is not one of its codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_LINK_POINTS,
  codeLength,
  decodePoints,
  encodePoints,
  quantised,
} from '../../web/js/shared/points-code.js';

/** A reproducible set of n points in [−s, s]² (a small LCG: no Math.random). */
function pointsOf(n, s = 2.5, seed = 7) {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31), state / 2 ** 31);
  return Array.from({ length: n }, () => [
    (2 * next() - 1) * s,
    (2 * next() - 1) * s,
    next() < 0.5 ? 0 : 1,
  ]);
}

test('a code decodes to the points within half a step of the scale, labels exact', () => {
  for (const s of [0.3, 1, 2.5, 7, 1000]) {
    const points = pointsOf(57, s);
    const read = decodePoints(encodePoints(points));
    assert.ok('points' in read, `scale ${s}`);
    assert.equal(read.points.length, points.length);
    const scale =
      2 **
      Math.max(
        0,
        Math.ceil(Math.log2(Math.max(...points.flatMap(([x, y]) => [Math.abs(x), Math.abs(y)])))),
      );
    const step = scale / 2048;
    read.points.forEach(([x, y, label], i) => {
      assert.ok(Math.abs(x - points[i][0]) <= step / 2 + 1e-12, `x of point ${i} at scale ${s}`);
      assert.ok(Math.abs(y - points[i][1]) <= step / 2 + 1e-12, `y of point ${i} at scale ${s}`);
      assert.equal(label, points[i][2]);
    });
  }
});

test('quantised points are a fixed point: their code decodes to exactly them', () => {
  const once = quantised(pointsOf(120));
  assert.deepEqual(quantised(once), once);
  const code = encodePoints(once);
  assert.equal(encodePoints(/** @type {any} */ (decodePoints(code)).points), code);
});

test('the code is ceil(25 n / 6) + 3 characters, of the URL-safe alphabet', () => {
  for (const n of [1, 2, 5, 6, 100, MAX_LINK_POINTS]) {
    const code = encodePoints(pointsOf(n));
    assert.equal(code.length, codeLength(n));
    assert.equal(code.length, Math.ceil((25 * n) / 6) + 3);
    assert.match(code, /^[A-Za-z0-9_-]+$/);
  }
  // the budget the page's links rely on (a 2,000-character URL with the rest of the settings)
  assert.ok(codeLength(MAX_LINK_POINTS) <= 1260, `${codeLength(MAX_LINK_POINTS)}`);
});

test('more points than a link holds are refused as too long', () => {
  const code = encodePoints(pointsOf(MAX_LINK_POINTS + 1));
  assert.deepEqual(decodePoints(code), { error: 'long' });
});

test('corrupted codes are refused, not read as other points', () => {
  const code = encodePoints(pointsOf(40));
  assert.deepEqual(decodePoints(''), { points: [] });
  assert.deepEqual(decodePoints(`${code.slice(0, 10)}*${code.slice(11)}`), { error: 'chars' });
  assert.deepEqual(decodePoints(code.slice(0, -1)), { error: 'length' });
  assert.deepEqual(decodePoints(`${code}A`), { error: 'length' });
  // every single character changed to every other one: refused (the check character)
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  for (let i = 0; i < code.length; i++)
    for (const c of alphabet) {
      if (c === code[i]) continue;
      const bad = code.slice(0, i) + c + code.slice(i + 1);
      assert.ok('error' in decodePoints(bad), `change at ${i} to ${c}`);
    }
  // two different neighbours swapped: refused too
  for (let i = 0; i + 1 < code.length; i++) {
    if (code[i] === code[i + 1]) continue;
    const bad = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
    assert.ok('error' in decodePoints(bad), `swap at ${i}`);
  }
});
