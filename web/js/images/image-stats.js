// The numbers the images figure draws from its runs: medians over the reader's seeds (as the
// paper's figure), a confusion matrix from the core's per-image guesses, the run that stands for
// a network, and which test images the gallery shows. Pure (no DOM) so that Node tests check it.

/**
 * The median of a list of numbers (the mean of the two middle ones for an even count); NaN for
 * none.
 * @param {number[]} xs
 */
export function median(xs) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Per epoch, over the runs that reached it: the median, lowest and highest value. Runs are lists
 * of per-epoch values (run r's value at epoch e + 1 is runs[r][e]).
 * @param {number[][]} runs
 * @returns {{epoch: number, median: number, min: number, max: number, n: number}[]}
 */
export function medianCurve(runs) {
  const epochs = Math.max(0, ...runs.map((r) => r.length));
  return Array.from({ length: epochs }, (_, e) => {
    const xs = runs.filter((r) => r.length > e).map((r) => r[e]);
    return {
      epoch: e + 1,
      median: median(xs),
      min: Math.min(...xs),
      max: Math.max(...xs),
      n: xs.length,
    };
  });
}

/**
 * The run that stands for a network in the gallery and the confusion matrix: the one whose test
 * accuracy is the median (for an even count the lower of the two middle ones; on ties the first).
 * @param {number[]} accs
 */
export function medianRunIndex(accs) {
  const order = accs.map((a, i) => i).sort((i, j) => accs[i] - accs[j] || i - j);
  return order[(order.length - 1) >> 1] ?? -1;
}

/**
 * K×K counts, rows the true class, columns the guess.
 * @param {number[]} labels
 * @param {number[]} guesses
 * @param {number} k
 */
export function confusion(labels, guesses, k) {
  if (labels.length !== guesses.length) throw new Error('confusion: one guess per label');
  const m = Array.from({ length: k }, () => new Array(k).fill(0));
  labels.forEach((y, i) => m[y][guesses[i]]++);
  return m;
}

/**
 * The share of guesses on the diagonal.
 * @param {number[][]} m
 */
export function accuracyOf(m) {
  let right = 0,
    all = 0;
  m.forEach((row, i) => row.forEach((c, j) => ((all += c), (right += i === j ? c : 0))));
  return all ? right / all : NaN;
}

/**
 * The test images the gallery shows, by index: the first image of each class in file order, then
 * the next unused ones, until `count` (fewer if the set is smaller); ascending.
 * @param {number[]} labels
 * @param {number} count
 */
export function galleryIndices(labels, count) {
  const chosen = new Set();
  const seen = new Set();
  labels.forEach((y, i) => {
    if (!seen.has(y) && chosen.size < count) (seen.add(y), chosen.add(i));
  });
  for (let i = 0; i < labels.length && chosen.size < count; i++) chosen.add(i);
  return [...chosen].sort((a, b) => a - b);
}
