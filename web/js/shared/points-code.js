// A drawn data set in a link: its points' coordinates quantised and packed, with their labels,
// into base64url text that the URL hash carries as one key (the twin lab's `pts`, the element's
// `points` attribute). Pure, so node:test checks it directly.
//
// The code: one character for the scale R = 2^k (k = 0..40, the smallest power of two that holds
// every |coordinate|), then per point 25 bits (the label, x, y; each coordinate as a 12-bit i with
// x = (i − 2048) · R / 2048), the bits packed most significant first into 6-bit characters (the
// last one padded with zero bits), then two check characters (a hash of the others modulo a
// prime: a character changed or two swapped is refused, not read as other points). The point
// count follows from the length (3 + ceil(25 n / 6) characters for n points). About 4.2 characters
// a point: MAX_LINK_POINTS (300) take 1,253 characters, which leaves the rest of a 2,000-character URL to
// the origin, the path and the other settings of the page (all figures' keys together stay under
// 600 characters; tests/e2e/twin-draw.test.mjs measures the whole link). A larger set goes to CSV.
//
// Quantising moves a point by at most R / 4096 (0.001 for R = 4, the drawing pad's scale): the
// page trains on the decoded points from the first click, so a reloaded link trains on the same.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BITS = 12;
const HALF = 1 << (BITS - 1); // 2048
const POINT_BITS = 1 + 2 * BITS;
const MAX_EXPONENT = 40;

/** The most points a link holds (a larger set is offered as a CSV download). */
export const MAX_LINK_POINTS = 300;

/** @typedef {[number, number, number]} Point  x0, x1, label (0 or 1) */

/** @param {number} n  characters of a code of n points */
export const codeLength = (n) => 3 + Math.ceil((n * POINT_BITS) / 6);

const PRIME = 4093; // the largest prime under 2^12: a check of two characters

/**
 * The check of the 6-bit values: their polynomial hash modulo a prime (Σ v_i · 67^i mod 4093), so
 * that any one value changed, or two different neighbours swapped, changes it.
 * @param {ArrayLike<number>} values
 */
function checkOf(values) {
  let sum = 0,
    power = 1;
  for (let i = 0; i < values.length; i++) {
    sum = (sum + values[i] * power) % PRIME;
    power = (power * 67) % PRIME;
  }
  return sum;
}

/**
 * The scale exponent for a set: the smallest k with every |coordinate| ≤ 2^k.
 * @param {Point[]} points
 */
function exponentOf(points) {
  let max = 0;
  for (const [x, y] of points) max = Math.max(max, Math.abs(x), Math.abs(y));
  let k = 0;
  while (k < MAX_EXPONENT && 2 ** k < max) k++;
  return k;
}

/**
 * Points -> code. Coordinates must be finite (the core has checked them).
 * @param {Point[]} points
 */
export function encodePoints(points) {
  const k = exponentOf(points);
  const scale = HALF / 2 ** k;
  /** @type {number[]} */
  const values = [k];
  let acc = 0,
    bits = 0;
  /**
   * @param {number} v
   * @param {number} width
   */
  const push = (v, width) => {
    for (let b = width - 1; b >= 0; b--) {
      acc = (acc << 1) | ((v >> b) & 1);
      if (++bits === 6) (values.push(acc), (acc = bits = 0));
    }
  };
  /** @param {number} x */
  const level = (x) => Math.min(2 * HALF - 1, Math.max(0, Math.round(x * scale) + HALF));
  for (const [x, y, label] of points) {
    push(label ? 1 : 0, 1);
    push(level(x), BITS);
    push(level(y), BITS);
  }
  if (bits) values.push(acc << (6 - bits));
  const check = checkOf(values);
  values.push(check >> 6, check & 63);
  return values.map((v) => ALPHABET[v]).join('');
}

/**
 * Code -> points, or {error} saying why the code is not one of ours ('' is the empty set).
 * @param {string} code
 * @returns {{points: Point[]} | {error: 'chars' | 'length' | 'check' | 'scale' | 'long'}}
 */
export function decodePoints(code) {
  if (code === '') return { points: [] };
  const values = [...code].map((c) => ALPHABET.indexOf(c));
  if (values.some((v) => v < 0)) return { error: 'chars' };
  const n = Math.floor(((values.length - 3) * 6) / POINT_BITS);
  if (n < 1 || codeLength(n) !== values.length) return { error: 'length' };
  if (n > MAX_LINK_POINTS) return { error: 'long' };
  const check = (values[values.length - 2] << 6) | values[values.length - 1];
  if (checkOf(values.slice(0, -2)) !== check) return { error: 'check' };
  const k = values[0];
  if (k > MAX_EXPONENT) return { error: 'scale' };
  const step = 2 ** k / HALF;
  let pos = 0; // bit position in values[1..]
  /** @param {number} width */
  const take = (width) => {
    let v = 0;
    for (let b = 0; b < width; b++, pos++)
      v = (v << 1) | ((values[(1 + pos / 6) | 0] >> (5 - (pos % 6))) & 1);
    return v;
  };
  /** @type {Point[]} */
  const points = [];
  for (let i = 0; i < n; i++) {
    const label = take(1);
    const x = (take(BITS) - HALF) * step;
    const y = (take(BITS) - HALF) * step;
    points.push([x, y, label]);
  }
  if (pos % 6 && take(6 - (pos % 6)) !== 0) return { error: 'length' }; // padding bits are zero
  return { points };
}

/**
 * Points as the page trains on them: through the code and back (what a link restores). Only
 * sets a link can hold go through it; a larger (imported) set keeps its own coordinates.
 * @param {Point[]} points
 * @returns {Point[]}
 */
export function quantised(points) {
  if (!points.length || points.length > MAX_LINK_POINTS) return points;
  const read = decodePoints(encodePoints(points));
  return 'points' in read ? read.points : points;
}
