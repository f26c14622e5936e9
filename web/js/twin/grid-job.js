// The twin's decision grid in pieces (DESIGN: "Long work is sliced"): the core computes a budget
// of cells per call (Experiment.gridCells, shared/slice-budget.js), so that the worker gets back to
// its messages between two pieces of a grid.

/** @typedef {import('../shared/slice-budget.js').Budget} Budget */

/**
 * The decision grid of `exp`, computed a piece per call of next(): returns the finished copy, or
 * null while cells remain. The weights must not change between the first and the last piece.
 * @param {import('../../../wasm/activation-lab').Experiment} exp
 * @param {number} size points per axis
 * @param {import('../shared/types').Bounds} bounds
 * @param {Budget} budget
 * @returns {{next(): Float32Array | null}}
 */
export function createGridJob(exp, size, bounds, budget) {
  const total = size * size;
  let first = 0;
  /** @type {Float32Array | null} */
  let view = null;
  return {
    next() {
      budget.run((rows) => {
        const count = Math.min(rows, total - first);
        view = exp.gridCells(size, size, ...bounds, first, count);
        first += count;
      });
      return first >= total && view ? view.slice() : null; // a copy: the view dies on the next call
    },
  };
}
