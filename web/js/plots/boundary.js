// A decision boundary: the network's class-1 probability over a grid as a smooth heat map, the
// 0.5 level as a line (marching squares) and the data points on top: training points filled,
// test points as rings. Optionally, thin outlines of the regions where the hidden units' on/off
// pattern is constant (shared/pieces.js), at their own grid resolution.
import { context2d, createCanvas, later, theme } from './canvas.js';
import { boundaryCorners, patternEdges } from '../shared/pieces.js';

/** @typedef {import('../shared/types').Theme} Theme */
/** @typedef {[number, number, number]} RGB */
/** @typedef {[number, number]} Point */
/** x0, x1, label triples per split; the swap widget has no test split. */
/** @typedef {{train?: Float32Array, val?: Float32Array, test?: Float32Array}} Points */

/**
 * @param {string} color  "#rrggbb"
 * @returns {RGB}
 */
function rgb(color) {
  const m = /^#?([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(color.trim());
  if (!m) return [128, 128, 128];
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return [r, g, b];
}
const MAX_POINTS = 4000;
const POINTS_PER_SLICE = 400;

/**
 * Segments of the p = 0.5 line across an n×n grid (row 0 = ymin), in grid coordinates.
 * @param {ArrayLike<number>} grid
 * @param {number} n
 * @returns {[Point, Point][]}
 */
function contour(grid, n, level = 0.5) {
  /** @type {[Point, Point][]} */
  const segs = [];
  /**
   * @param {number} i
   * @param {number} j
   */
  const at = (i, j) => grid[j * n + i] - level;
  /** @type {(x0: number, y0: number, v0: number, x1: number, y1: number, v1: number) => Point} */
  const cross = (x0, y0, v0, x1, y1, v1) => {
    const t = v0 / (v0 - v1);
    return [x0 + (x1 - x0) * t, y0 + (y1 - y0) * t];
  };
  for (let j = 0; j < n - 1; j++) {
    for (let i = 0; i < n - 1; i++) {
      const v = [at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)];
      /** @type {Point[]} */
      const c = [
        [i, j],
        [i + 1, j],
        [i + 1, j + 1],
        [i, j + 1],
      ];
      /** @type {Point[]} */
      const pts = [];
      for (let k = 0; k < 4; k++) {
        const a = v[k],
          b = v[(k + 1) % 4];
        if (a < 0 !== b < 0) pts.push(cross(...c[k], a, ...c[(k + 1) % 4], b));
      }
      if (pts.length === 2) segs.push([pts[0], pts[1]]);
      else if (pts.length === 4) segs.push([pts[0], pts[1]], [pts[2], pts[3]]); // saddle: either pairing is fine at this scale
    }
  }
  return segs;
}

/**
 * One data point drawn once, centred on a small canvas of device pixels: a filled dot edged in
 * the background colour (training and validation points), or a ring (test points).
 * @param {Theme} t
 * @param {string} color
 * @param {number} radius  in CSS pixels
 * @param {boolean} ring
 * @param {number} dpr
 */
function dotSprite(t, color, radius, ring, dpr) {
  const line = ring ? 1.6 : 0.7;
  const size = 2 * Math.ceil((radius + line) * dpr + 1);
  const sprite = document.createElement('canvas');
  sprite.width = sprite.height = size;
  const ctx = context2d(sprite);
  ctx.setTransform(dpr, 0, 0, dpr, size / 2, size / 2);
  ctx.beginPath();
  ctx.arc(0, 0, radius, 0, 2 * Math.PI);
  ctx.fillStyle = ring ? t.bg : color;
  ctx.fill();
  ctx.lineWidth = line;
  ctx.strokeStyle = ring ? color : t.bg;
  ctx.stroke();
  return sprite;
}

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

  /**
   * @param {Theme} t
   * @param {ArrayLike<number>} values
   */
  function paintImage(t, values) {
    image.width = n;
    image.height = n;
    const ictx = context2d(image);
    const pixels = ictx.createImageData(n, n);
    const bg = rgb(t.bg),
      c0 = rgb(t.class0),
      c1 = rgb(t.class1);
    const out = pixels.data;
    // (no arrays per pixel: this runs on every frame of a run, for each board)
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const p = values[j * n + i];
        const q = Number.isFinite(p) ? p : 0.5;
        const c = q >= 0.5 ? c1 : c0,
          f = 0.12 + 0.5 * Math.abs(2 * q - 1);
        const o = ((n - 1 - j) * n + i) * 4; // row 0 is ymin: the bottom of the picture
        out[o] = Math.round(bg[0] + (c[0] - bg[0]) * f);
        out[o + 1] = Math.round(bg[1] + (c[1] - bg[1]) * f);
        out[o + 2] = Math.round(bg[2] + (c[2] - bg[2]) * f);
        out[o + 3] = 255;
      }
    }
    ictx.putImageData(pixels, 0, 0);
  }

  // The points never change during a run: paint them once per data, size and colour scheme, then
  // copy that layer on every frame (thousands of arcs per frame would stall the page). A new layer
  // is painted POINTS_PER_SLICE points at a time, in the frames' spare budget (canvas.js), and the
  // board is drawn again once it is complete: a phone shows the board at once and the points a
  // few frames later, never in one long task.
  /** @type {HTMLCanvasElement | null} */
  let layer = null,
    layerKey = '',
    /** @type {{split: number, k: number, sprites: HTMLCanvasElement[][], stride: number} | null} */
    painting = null;
  /**
   * The layer of points as far as it is painted; starts painting a new one when the data, the
   * size or the colours changed.
   * @param {Theme} t
   * @param {Points} points
   * @param {number} w
   * @param {number} h
   */
  function pointsLayer(t, points, w, h) {
    const dpr = window.devicePixelRatio || 1;
    const key = `${w}x${h}@${dpr} ${t.class0} ${t.class1} ${t.bg}`;
    if (layer && layerKey === key) return layer;
    layer ??= document.createElement('canvas');
    layer.width = Math.round(w * dpr);
    layer.height = Math.round(h * dpr);
    layerKey = key;
    const r = Math.max(1.6, Math.min(3.2, w / 160));
    // Each point is a copy of a small pre-drawn dot per class and kind: rasterising thousands of
    // anti-aliased arcs and their strokes held a phone's main thread for a quarter of a second.
    const sprites = [false, false, true].map((ring) =>
      [t.class0, t.class1].map((c) => dotSprite(t, c, ring ? r + 0.6 : r, ring, dpr)),
    );
    // Beyond MAX_POINTS, every stride-th point of each split: a board a few hundred pixels wide
    // shows no more, and 100,000 copies would hold the main thread for a long moment.
    const total = [points.train, points.val, points.test].reduce(
      (sum, d) => sum + (d?.length ?? 0) / 3,
      0,
    );
    const stride = 3 * Math.max(1, Math.ceil(total / MAX_POINTS));
    const job = { split: 0, k: 0, sprites, stride };
    painting = job;
    const slice = () => {
      if (painting !== job || !layer) return; // a newer layer (or new data) took over
      if (paintSlice(job, [points.train, points.val, points.test], layer)) {
        painting = null;
        surface.redraw();
      } else later(slice);
    };
    later(slice);
    return layer;
  }

  /**
   * Paints the next POINTS_PER_SLICE points of a job onto the layer; true once all are painted.
   * @param {{split: number, k: number, sprites: HTMLCanvasElement[][], stride: number}} job
   * @param {(Float32Array | undefined)[]} splits
   * @param {HTMLCanvasElement} target
   */
  function paintSlice(job, splits, target) {
    const ctx = context2d(target);
    const [x0, x1, y0, y1] = bounds;
    const lw = target.width,
      lh = target.height;
    let budget = POINTS_PER_SLICE;
    for (; job.split < splits.length; job.split++, job.k = 0) {
      const d = splits[job.split];
      if (!d) continue;
      const [s0, s1] = job.sprites[job.split];
      const half = s0.width / 2;
      for (; job.k < d.length && budget > 0; job.k += job.stride, budget--) {
        const k = job.k;
        ctx.drawImage(
          d[k + 2] > 0.5 ? s1 : s0,
          Math.round(((d[k] - x0) / (x1 - x0)) * lw - half),
          Math.round(lh - ((d[k + 1] - y0) / (y1 - y0)) * lh - half),
        );
      }
      if (job.k < d.length) return false;
    }
    return true;
  }

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
      paintImage(t, grid);
      ctx.imageSmoothingEnabled = true;
      // Grid values sit on cell centres of the image: stretch so centres land on the bounds.
      const sx = w / (n - 1),
        sy = h / (n - 1);
      ctx.drawImage(image, -sx / 2, -sy / 2, w + sx, h + sy);
      ctx.strokeStyle = t.fg;
      ctx.lineWidth = 1.5;
      ctx.globalAlpha = 0.75;
      ctx.beginPath();
      for (const [[ax, ay], [bx, by]] of contour(grid, n)) {
        ctx.moveTo(ax * sx, h - ay * sy);
        ctx.lineTo(bx * sx, h - by * sy);
      }
      ctx.stroke();
      ctx.globalAlpha = 1;
      if (reference && reference.length === grid.length) drawChange(ctx, reference, w, h, t);
    }
    if (outlines) {
      const ox = w / (outlines.n - 1),
        oy = h / (outlines.n - 1);
      ctx.strokeStyle = t.fg;
      ctx.lineWidth = 0.7;
      ctx.globalAlpha = 0.22;
      ctx.beginPath();
      for (const [[ax, ay], [bx, by]] of outlines.segs) {
        ctx.moveTo(ax * ox, h - ay * oy);
        ctx.lineTo(bx * ox, h - by * oy);
      }
      ctx.stroke();
      ctx.globalAlpha = 1;
      ctx.fillStyle = t.fg;
      ctx.strokeStyle = t.bg;
      ctx.lineWidth = 1;
      for (const [x, y] of outlines.corners) {
        ctx.beginPath();
        ctx.arc(x * ox, h - y * oy, 2.2, 0, 2 * Math.PI);
        ctx.fill();
        ctx.stroke();
      }
    }
    if (data) ctx.drawImage(pointsLayer(t, data, w, h), 0, 0, w, h);
    if (line) drawLine(ctx, line, w, h, t);
    ctx.strokeStyle = t.rule;
    ctx.lineWidth = 1;
    ctx.strokeRect(0.5, 0.5, w - 1, h - 1);
  }

  /**
   * Shades the cells whose decision (P ≥ 0.5) differs from the reference grid's, and draws the
   * reference's boundary dashed: what a change of the network moved, and where it was before.
   * @param {CanvasRenderingContext2D} ctx
   * @param {ArrayLike<number>} ref
   * @param {number} w
   * @param {number} h
   * @param {Theme} t
   */
  function drawChange(ctx, ref, w, h, t) {
    if (!grid) return;
    const sx = w / (n - 1),
      sy = h / (n - 1);
    ctx.fillStyle = t.fg;
    ctx.globalAlpha = 0.3;
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++)
        if (ref[j * n + i] >= 0.5 !== grid[j * n + i] >= 0.5)
          ctx.fillRect((i - 0.5) * sx, h - (j + 0.5) * sy, sx, sy);
    ctx.globalAlpha = 0.9;
    ctx.strokeStyle = t.fg;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    for (const [[ax, ay], [bx, by]] of contour(ref, n)) {
      ctx.moveTo(ax * sx, h - ay * sy);
      ctx.lineTo(bx * sx, h - by * sy);
    }
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
  }

  /**
   * A unit's zero line: thick and dashed, in the text colour over a halo of the background.
   * @param {CanvasRenderingContext2D} ctx
   * @param {{segs: [Point, Point][], n: number}} unit
   * @param {number} w
   * @param {number} h
   * @param {Theme} t
   */
  function drawLine(ctx, unit, w, h, t) {
    const sx = w / (unit.n - 1),
      sy = h / (unit.n - 1);
    ctx.beginPath();
    for (const [[ax, ay], [bx, by]] of unit.segs) {
      ctx.moveTo(ax * sx, h - ay * sy);
      ctx.lineTo(bx * sx, h - by * sy);
    }
    ctx.setLineDash([7, 4]);
    ctx.lineWidth = 5;
    ctx.strokeStyle = t.bg;
    ctx.stroke();
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = t.fg;
    ctx.stroke();
    ctx.setLineDash([]);
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
      layerKey = '';
      painting = null;
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
