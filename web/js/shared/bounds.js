// The region a decision boundary is drawn over, shared by the training workers
// (twin/train-worker.js, swap/swap-worker.js): it is computed beside the data, and posted with
// it to the page.

/**
 * [xmin, xmax, ymin, ymax] around every point (x0, x1, label triples), with a margin.
 * @param {ArrayLike<number>[]} sets
 * @returns {import('./types').Bounds}
 */
export function boundsOf(sets) {
  /** @type {import('./types').Bounds} */
  let b = [Infinity, -Infinity, Infinity, -Infinity];
  for (const d of sets)
    for (let i = 0; i < d.length; i += 3) {
      b = [
        Math.min(b[0], d[i]),
        Math.max(b[1], d[i]),
        Math.min(b[2], d[i + 1]),
        Math.max(b[3], d[i + 1]),
      ];
    }
  if (!Number.isFinite(b[0])) return [-2, 3, -2, 2];
  const mx = 0.1 * (b[1] - b[0]) || 1,
    my = 0.1 * (b[3] - b[2]) || 1;
  return [b[0] - mx, b[1] + mx, b[2] - my, b[3] + my];
}
