// A decision boundary's painting (boundary.js holds the board's state): the heat map of the
// class-1 probability, its 0.5 line (marching squares), the change from a reference grid, the
// on/off pattern's outlines and a hidden unit's zero line.
import { context2d } from './canvas.js';

/** @typedef {import('../shared/types').Theme} Theme */
/** @typedef {[number, number, number]} RGB */
/** @typedef {[number, number]} Point */

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

/**
 * Segments of the p = 0.5 line across an n×n grid (row 0 = ymin), in grid coordinates.
 * @param {ArrayLike<number>} grid
 * @param {number} n
 * @returns {[Point, Point][]}
 */
export function contour(grid, n, level = 0.5) {
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
 * Paints the heat map of values (n × n) into image, one pixel per grid value.
 * @param {HTMLCanvasElement} image
 * @param {Theme} t
 * @param {ArrayLike<number>} values
 * @param {number} n
 */
function paintImage(image, t, values, n) {
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

/**
 * The heat map of grid (n × n) stretched over the board, and its 0.5 line.
 * @param {CanvasRenderingContext2D} ctx
 * @param {HTMLCanvasElement} image a scratch canvas for the heat map
 * @param {ArrayLike<number>} grid
 * @param {number} n
 * @param {number} w
 * @param {number} h
 * @param {Theme} t
 */
export function drawGrid(ctx, image, grid, n, w, h, t) {
  paintImage(image, t, grid, n);
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
}

/**
 * The on/off pattern's outlines, and dots where the boundary crosses into another region.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{segs: [Point, Point][], corners: Point[], n: number}} outlines in pattern-grid coordinates
 * @param {number} w
 * @param {number} h
 * @param {Theme} t
 */
export function drawOutlines(ctx, outlines, w, h, t) {
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

/**
 * Shades the cells whose decision (P ≥ 0.5) differs from the reference grid's, and draws the
 * reference's boundary dashed: what a change of the network moved, and where it was before.
 * @param {CanvasRenderingContext2D} ctx
 * @param {ArrayLike<number>} ref
 * @param {ArrayLike<number>} grid the board's grid, n × n
 * @param {number} n
 * @param {number} w
 * @param {number} h
 * @param {Theme} t
 */
export function drawChange(ctx, ref, grid, n, w, h, t) {
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
export function drawLine(ctx, unit, w, h, t) {
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
