// evaluate(): every kind of input it takes (Float32Array, Float64Array, number[]) gives the same
// float32 results, at every length (0, and lengths that leave a tail after the SIMD lanes), equal
// to exact references where they exist (ReLU, identity) and to the core's own per-element results
// elsewhere; the input is never modified and the output is a fresh array, not a view of WASM memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { loadModule } from '../../wasm/module.mjs';

const M = await loadModule();
const NAMES = JSON.parse(M.activationNames());
const LENGTHS = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 1027];

/** n float32 points over [-8, 8] with awkward values mixed in (±0, tiny, huge, non-finite). */
function points(n) {
  const special = [0, -0, 1e-40, -1e-40, 3e38, -3e38, Infinity, -Infinity, NaN, 0.1, -1, 1];
  return Float32Array.from({ length: n }, (_, i) =>
    i < special.length ? special[i] : -8 + (16 * ((i * 7919) % n)) / n,
  );
}

const kinds = {
  Float32Array: (xs) => xs,
  Float64Array: (xs) => Float64Array.from(xs),
  'number[]': (xs) => Array.from(xs),
};

/** Exact references: ReLU and the identity, value and derivative (NaN in, NaN out). */
const exact = {
  relu: [(x) => (x > 0 ? x : 0), (x) => (x > 0 ? 1 : 0)],
  identity: [(x) => x, () => 1],
};
const orNaN = (f) => (x) => (Number.isNaN(x) ? NaN : f(x));

/** Bitwise equality of float32 arrays (NaN equals NaN, +0 differs from -0). */
function sameBits(actual, expected, what) {
  assert.ok(actual instanceof Float32Array, `${what}: a Float32Array`);
  assert.equal(actual.length, expected.length, `${what}: length`);
  const a = new Uint32Array(actual.buffer, actual.byteOffset, actual.length);
  const b = new Uint32Array(Float32Array.from(expected).buffer);
  for (let i = 0; i < a.length; i++) {
    if (Number.isNaN(actual[i]) && Number.isNaN(expected[i])) continue;
    assert.equal(a[i], b[i], `${what}[${i}]: ${actual[i]} vs ${expected[i]}`);
  }
}

test('ReLU and identity equal their exact references for every input kind and length', () => {
  for (const fn of Object.keys(exact)) {
    for (const grad of [false, true]) {
      const ref = orNaN(exact[fn][grad ? 1 : 0]);
      for (const n of LENGTHS) {
        const xs = points(n);
        const want = Array.from(xs, ref);
        for (const [kind, as] of Object.entries(kinds)) {
          for (const scalar of [false, true]) {
            const what = `${fn}${grad ? "'" : ''} ${kind} n=${n} scalar=${scalar}`;
            sameBits(M.evaluate(fn, grad, scalar, as(xs)), want, what);
          }
        }
      }
    }
  }
});

test('every activation gives the same bits for every input kind, length and position', () => {
  const big = points(LENGTHS.at(-1));
  for (const fn of NAMES) {
    for (const grad of [false, true]) {
      for (const scalar of [false, true]) {
        // One element at a time: no SIMD tail or lane can change a result.
        const one = Array.from(big, (x) => M.evaluate(fn, grad, scalar, Float32Array.of(x))[0]);
        for (const n of LENGTHS) {
          const xs = big.subarray(0, n);
          for (const [kind, as] of Object.entries(kinds)) {
            const what = `${fn}${grad ? "'" : ''} ${kind} n=${n} scalar=${scalar}`;
            sameBits(M.evaluate(fn, grad, scalar, as(xs)), one.slice(0, n), what);
          }
        }
      }
    }
  }
});

test('Float64Array and number[] inputs are rounded to float32 first', () => {
  const xs = [0.1, 1 / 3, -2.000000001, 1e-50];
  const want = Float32Array.from(xs);
  sameBits(M.evaluate('identity', false, false, Float64Array.from(xs)), want, 'Float64Array');
  sameBits(M.evaluate('identity', false, false, xs), want, 'number[]');
});

test('the input is left as it was and the output is a fresh array of its own', () => {
  const xs = points(100);
  const copy = xs.slice();
  const y1 = M.evaluate('gelu', false, false, xs);
  sameBits(xs, copy, 'input after evaluate');
  const y1copy = y1.slice();
  const y2 = M.evaluate('gelu', true, false, xs);
  sameBits(y1, y1copy, 'first output after a second call');
  assert.notEqual(y1.buffer, y2.buffer);
  assert.equal(y1.byteLength, y1.buffer.byteLength, 'the output owns its whole buffer');
});

test('evaluate leaves the heap as it was', () => {
  const xs = points(5000);
  for (let i = 0; i < 5; i++) M.evaluate('gelu', false, false, xs);
  const before = M.heapBytesInUse();
  for (let i = 0; i < 200; i++) M.evaluate('silu', i % 2 === 0, false, xs);
  assert.equal(M.heapBytesInUse(), before);
});

test('inputs other than number arrays are refused with a TypeError', () => {
  for (const bad of ['abc', 3, null, {}, new Int32Array(2)]) {
    assert.throws(() => M.evaluate('gelu', false, false, bad), TypeError, String(bad));
  }
});
