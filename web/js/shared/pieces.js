// The linear pieces of a network's input plane, without the DOM. The core's patternGrid gives,
// per grid point, a hash of which hidden units are on (pre-activation > 0). Points with the same
// pattern lie in one region where a ReLU network is a single affine map, so there its decision
// boundary is straight. Here: where the pattern changes (to outline the regions) and how many
// regions the decision boundary (probability 0.5) passes through, at the grid's resolution.
// Grids are row-major, n values per row, row 0 = ymin (as Experiment.grid and patternGrid).

/** @typedef {ArrayLike<number>} Grid  probabilities or pattern hashes, one per grid point */
/** @typedef {[number, number]} Point  grid coordinates: x = column, y = row */

/**
 * Outline segments in grid coordinates (x = column, y = row), each [[x0, y0], [x1, y1]]: a
 * short line halfway between two neighbouring grid points of different patterns.
 * @param {Grid} pattern
 * @param {number} nx
 * @returns {[Point, Point][]}
 */
export function patternEdges(pattern, nx, ny = nx) {
  /** @type {[Point, Point][]} */
  const segs = [];
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const p = pattern[j * nx + i];
      if (i + 1 < nx && pattern[j * nx + i + 1] !== p)
        segs.push([
          [i + 0.5, j - 0.5],
          [i + 0.5, j + 0.5],
        ]);
      if (j + 1 < ny && pattern[(j + 1) * nx + i] !== p)
        segs.push([
          [i - 0.5, j + 0.5],
          [i + 0.5, j + 0.5],
        ]);
    }
  }
  return segs;
}

/**
 * How many distinct regions the p = level line crosses. Each crossing of a grid edge (its two
 * ends on either side of the level) is credited to the pattern of the nearer end, found by
 * linear interpolation: a region smaller than a grid cell can be missed, never invented.
 * Returns { pieces, crossings }.
 * @param {Grid} prob
 * @param {Grid} pattern
 * @param {number} nx
 */
export function crossedPieces(prob, pattern, nx, ny = nx, level = 0.5) {
  const seen = new Set();
  let crossings = 0;
  /**
   * @param {number} a
   * @param {number} b
   */
  const visit = (a, b) => {
    const va = prob[a] - level,
      vb = prob[b] - level;
    if (!Number.isFinite(va) || !Number.isFinite(vb) || va < 0 === vb < 0) return;
    crossings++;
    const t = va / (va - vb); // where along a -> b the line crosses
    seen.add(t <= 0.5 ? pattern[a] : pattern[b]);
  };
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const k = j * nx + i;
      if (i + 1 < nx) visit(k, k + 1);
      if (j + 1 < ny) visit(k, k + nx);
    }
  }
  return { pieces: seen.size, crossings };
}

/**
 * Grid cells (as their centres [x, y], in grid coordinates) that the p = level line crosses and
 * whose four corners do not all share one pattern: where the boundary passes from one region into
 * the next. For a ReLU network these are its corners.
 * @param {Grid} prob
 * @param {Grid} pattern
 * @param {number} nx
 * @returns {Point[]}
 */
export function boundaryCorners(prob, pattern, nx, ny = nx, level = 0.5, merge = 1) {
  /** @type {Point[]} */
  const out = [];
  for (let j = 0; j + 1 < ny; j++) {
    for (let i = 0; i + 1 < nx; i++) {
      const k = [j * nx + i, j * nx + i + 1, (j + 1) * nx + i, (j + 1) * nx + i + 1];
      const below = k.map((c) => prob[c] < level);
      if (below.every((b) => b === below[0])) continue;
      if (k.every((c) => pattern[c] === pattern[k[0]])) continue;
      const x = i + 0.5,
        y = j + 0.5;
      // One dot per corner: a region change spans a cell or two of the staircase grid.
      if (!out.some(([a, b]) => Math.abs(a - x) <= merge && Math.abs(b - y) <= merge))
        out.push([x, y]);
    }
  }
  return out;
}

/**
 * How many distinct patterns (regions) the whole grid shows.
 * @param {Iterable<number>} pattern
 */
export function regionCount(pattern) {
  return new Set(pattern).size;
}
