// The coin toss behind GELU's "probabilistic gate": for each input x, a mask m ~ Bernoulli(Φ(x))
// keeps x or zeroes it; the mean of x·m over many tosses tends to x·Φ(x), which is GELU(x). Φ and
// GELU come from the core (M.normalCdf, the gelu kernel); the coins from a seeded stream of our
// own (mulberry32: 32-bit state, uniform in [0, 1) with 2^-32 steps), so a seed replays a run.
// Pure: no DOM, no i18n (Node tests and the no-script picture use it too).

/** @typedef {import('../shared/types').ActivationLab} ActivationLab */

/** The inputs of the row: −3 to 3 in steps of 0.5. */
export const INPUTS = Object.freeze(Array.from({ length: 13 }, (_, i) => -3 + i * 0.5));

/**
 * mulberry32: a small, fast 32-bit generator with a full period of 2^32 (Tommy Ettinger's
 * constants); next() is uniform in [0, 1).
 * @param {number} seed  an integer in [0, 2^32 − 1]
 */
export function coinStream(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A run of tosses over `xs` from `seed`: toss(n) draws n more masks per input; the running means
 * of x·m, GELU(x) and the largest gap between them are read back.
 * @param {ActivationLab} M
 * @param {readonly number[]} xs
 * @param {number} seed
 */
export function createTosses(M, xs, seed) {
  const phi = xs.map((x) => M.normalCdf(x));
  const gelu = Array.from(M.evaluate('gelu', false, false, Float64Array.from(xs)));
  const next = coinStream(seed);
  const sums = xs.map(() => 0);
  /** @type {number[]} */
  let last = [];
  let count = 0;
  return {
    xs,
    phi,
    gelu,
    seed,
    /** Tosses so far, per input. */
    get count() {
      return count;
    },
    /** The outputs x·m of the latest toss (empty before the first). */
    get last() {
      return last;
    },
    /** @param {number} n  tosses per input */
    toss(n) {
      for (let k = 0; k < n; k++) {
        last = xs.map((x, i) => (next() < phi[i] ? x : 0));
        last.forEach((y, i) => (sums[i] += y));
      }
      count += n;
    },
    /** The running mean of x·m per input (NaN before the first toss). */
    means() {
      return sums.map((s) => (count ? s / count : NaN));
    },
    /** max over inputs of |mean − GELU(x)| (NaN before the first toss). */
    largestGap() {
      if (!count) return NaN;
      return Math.max(...sums.map((s, i) => Math.abs(s / count - gelu[i])));
    },
  };
}

/** @typedef {ReturnType<typeof createTosses>} Tosses */
