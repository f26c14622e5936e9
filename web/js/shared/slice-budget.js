// Long work in short slices (DESIGN: "Long work is sliced"). The core does at most a given number
// of rows per call (Experiment.advance, gridCells); this sizes that number from the time the last
// calls took, so that each call lasts about TARGET_MS whatever the network, and a worker gets back
// to its messages between calls. The twin's worker trains and draws its grid by it
// (twin/grid-job.js), the image workers train by it (epoch-slices.js).

const TARGET_MS = 20;
const MAX_ROWS = 1 << 20;

/** A budget of rows per call that follows the measured speed. */
export function createBudget(targetMs = TARGET_MS) {
  let rows = 64;
  return {
    get rows() {
      return rows;
    },
    /**
     * Runs fn(rows) and adapts rows to its duration; returns what fn returned.
     * @template T
     * @param {(rows: number) => T} fn
     * @returns {T}
     */
    run(fn) {
      const t0 = performance.now();
      const result = fn(rows);
      const ms = performance.now() - t0;
      if (ms < targetMs / 2) rows = Math.min(MAX_ROWS, rows * 2);
      else if (ms > targetMs) rows = Math.max(1, Math.floor((rows * targetMs) / ms));
      return result;
    },
  };
}

/** @typedef {ReturnType<typeof createBudget>} Budget */
