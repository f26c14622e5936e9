// A decision boundary: the network's class-1 probability over a grid as a smooth heat map, the
// 0.5 level as a line (marching squares) and the data points on top: training points filled,
// test points as rings. Optionally, thin outlines of the regions where the hidden units' on/off
// pattern is constant (shared/pieces.js), at their own grid resolution.
// boundary-paint.js paints its layers, boundary-points.js its points; this file holds its state.
import { createCanvas, theme } from './canvas.js';
import { boundaryCorners, patternEdges } from '../shared/pieces.js';
import { contour, drawChange, drawGrid, drawLine, drawOutlines } from './boundary-paint.js';
import { createPointsLayer } from './boundary-points.js';

/** @typedef {import('../shared/types').Theme} Theme */
/** @typedef {[number, number]} Point */
/** x0, x1, label triples per split; the swap widget has no test split. */
/** @typedef {{train?: Float32Array, val?: Float32Array, test?: Float32Array}} Points */

/**
 * A unit's map made ready for its zero line: where it is exactly zero (a ReLU unit's dead side)
 * each cell takes the value its ramp would have there, extrapolated from a positive neighbour by
 * the ramp's mean step per cell, so that the line crosses between cells where the ramp meets
 * zero rather than along the grid (a staircase); values below zero (GELU's) are kept.
 * @param {ArrayLike<number>} values  size × size, row-major from ymin
 * @param {number} size
 */
export function signedRamp(values, size) {
  /** @type {(i: number, j: number) => number} */
  const at = (i, j) => (i < 0 || j < 0 || i >= size || j >= size ? 0 : values[j * size + i]);
  // The ramp's mean step per cell along each axis, over neighbours that are both positive.
  const steps = [
    [1, 0],
    [0, 1],
  ].map(([di, dj]) => {
    let sum = 0,
      count = 0;
    for (let j = 0; j < size; j++)
      for (let i = 0; i < size; i++)
        if (at(i, j) > 0 && at(i + di, j + dj) > 0)
          ((sum += Math.abs(at(i + di, j + dj) - at(i, j))), count++);
    return count ? sum / count : 1;
  });
  const out = Float32Array.from(values);
  for (let j = 0; j < size; j++)
    for (let i = 0; i < size; i++) {
      if (values[j * size + i] !== 0) continue;
      // from each positive neighbour, one step of its axis down the ramp
      const [sx, sy] = steps;
      const near = [
        at(i - 1, j) > 0 ? at(i - 1, j) - sx : -Infinity,
        at(i + 1, j) > 0 ? at(i + 1, j) - sx : -Infinity,
        at(i, j - 1) > 0 ? at(i, j - 1) - sy : -Infinity,
        at(i, j + 1) > 0 ? at(i, j + 1) - sy : -Infinity,
      ];
      out[j * size + i] = Math.min(Math.max(...near, -sx - sy), -1e-6 * (sx + sy));
    }
  return out;
}

/** @param {HTMLElement} parent */
export function createBoundary(parent) {
  /** @type {Points | null} */
  let data = null,
    /** @type {import('../shared/types').Bounds} */
    bounds = [-2, 3, -2, 2],
    /** @type {ArrayLike<number> | null} */
    grid = null,
    n = 0,
    /** @type {{segs: [Point, Point][], corners: Point[], n: number} | null} */
    outlines = null, // in pattern-grid coordinates
    /** @type {ArrayLike<number> | null} */
    reference = null, // another grid of the same size: where its decision differs is shaded
    /** @type {{segs: [Point, Point][], n: number} | null} */
    line = null; // one hidden unit's zero line (a map of the neuron maps), in its grid's coordinates
  const image = document.createElement('canvas');

  const pointLayer = createPointsLayer(
    () => bounds,
    () => surface.redraw(),
  );

  /**
   * @param {CanvasRenderingContext2D} ctx
   * @param {number} w
   * @param {number} h
   */
  function draw(ctx, w, h) {
    const t = theme();
    ctx.fillStyle = t.bgSoft;
    ctx.fillRect(0, 0, w, h);
    if (grid) {
      drawGrid(ctx, image, grid, n, w, h, t);
      if (reference && reference.length === grid.length)
        drawChange(ctx, reference, grid, n, w, h, t);
    }
    if (outlines) drawOutlines(ctx, outlines, w, h, t);
    if (data) ctx.drawImage(pointLayer.get(t, data, w, h), 0, 0, w, h);
    if (line) drawLine(ctx, line, w, h, t);
    ctx.strokeStyle = t.rule;
    ctx.lineWidth = 1;
    ctx.strokeRect(0.5, 0.5, w - 1, h - 1);
  }

  const aspect = () => (bounds[3] - bounds[2]) / (bounds[1] - bounds[0]);
  const surface = createCanvas(parent, { height: (w) => w * aspect(), draw });
  return {
    canvas: surface.canvas,
    /**
     * Points (x0, x1, label triples per split) and the plotted region [xmin, xmax, ymin, ymax].
     * @param {Points} points
     * @param {import('../shared/types').Bounds} box
     */
    setData(points, box) {
      data = points;
      bounds = box;
      grid = null;
      outlines = null;
      reference = null;
      line = null;
      pointLayer.reset();
      surface.relayout();
    },
    /**
     * @param {ArrayLike<number> | null} values  P(class 1), size × size; null clears it
     * @param {number} size
     */
    setGrid(values, size) {
      grid = values;
      n = size;
      surface.redraw();
    },
    /**
     * A grid (same size as setGrid's) to compare with: the cells where the decisions differ are
     * shaded and its boundary is dashed; null removes it.
     * @param {ArrayLike<number> | null} values
     */
    setReference(values) {
      reference = values;
      surface.redraw();
    },
    /**
     * Outlines where the on/off pattern (core patternGrid, size × size) changes, and with
     * `corners` dots where the decision boundary (the current grid, same size) crosses into
     * another region; null hides them.
     * @param {ArrayLike<number> | null} patterns
     * @param {number} [size]  with patterns
     */
    setPatterns(patterns, size = 0, corners = false) {
      outlines = patterns
        ? {
            segs: patternEdges(patterns, size),
            corners: corners && grid && n === size ? boundaryCorners(grid, patterns, size) : [],
            n: size,
          }
        : null;
      surface.redraw();
    },
    /**
     * One hidden unit's zero line over the same region, from its map (size × size, after the
     * activation): where it turns from zero or negative to positive; null hides it.
     * @param {ArrayLike<number> | null} values
     * @param {number} [size]
     */
    setLine(values, size = 0) {
      line = values ? { segs: contour(signedRamp(values, size), size, 0), n: size } : null;
      surface.redraw();
    },
    destroy: () => surface.destroy(),
  };
}
