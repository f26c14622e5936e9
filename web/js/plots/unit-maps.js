// Small multiples of a function over the plane (a hidden unit's output, twin/neuron-maps.js): each
// map is an n×n bitmap, one pixel per cell, which CSS scales up; every map of a figure shares one
// diverging colour scale, symmetric around zero. Exactly zero is the plot's background (a ReLU
// unit's dead half-plane); any other value, however small, takes at least a tint of its sign's
// colour (a GELU unit's shallow negative band). Cell (i, j) is values[j·n + i], row 0 at ymin.
import { context2d, theme } from './canvas.js';

/** @typedef {[number, number, number]} RGB */
const TINT = 0.18; // the colour of the smallest non-zero value, as a share of the full colour

/** @param {string} color  "#rrggbb" */
function rgb(color) {
  const m = /^#?([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(color.trim());
  return /** @type {RGB} */ (m ? m.slice(1).map((h) => parseInt(h, 16)) : [128, 128, 128]);
}

/** The scale's colours in the current theme: background (zero), negative, positive. */
export function scaleColors(t = theme()) {
  return { zero: rgb(t.bgSoft), neg: rgb(t.color('err')), pos: rgb(t.color('gelu-tanh')) };
}

/**
 * The colour of v on a scale of ±max.
 * @param {number} v
 * @param {number} max
 * @param {ReturnType<typeof scaleColors>} c
 * @returns {RGB}
 */
export function colorOf(v, max, c) {
  if (v === 0 || !Number.isFinite(v)) return c.zero;
  const f = TINT + (1 - TINT) * Math.min(1, Math.abs(v) / (max || 1));
  const to = v < 0 ? c.neg : c.pos;
  return /** @type {RGB} */ ([0, 1, 2].map((k) => Math.round(c.zero[k] + (to[k] - c.zero[k]) * f)));
}

const LEVELS = 128; // colours per sign in a painting's table

/**
 * The colours of one painting (one scale of ±max), per sign and level: a map's cells then cost
 * a lookup, not a colour computation each (2 × 64 maps are painted many times a second).
 * @param {number} max
 * @param {ReturnType<typeof scaleColors>} colors
 */
export function scaleTable(max, colors) {
  const table = new Uint8ClampedArray(2 * LEVELS * 3);
  for (let level = 0; level < LEVELS; level++)
    for (const [sign, base] of [
      [-1, 0],
      [1, LEVELS],
    ]) {
      const color = colorOf((sign * (level + 0.5) * (max || 1)) / LEVELS, max, colors);
      table.set(color, (base + level) * 3);
    }
  return { table, max: max || 1, zero: colors.zero };
}

/**
 * Paints one map (values[offset .. offset + n²]) onto a canvas of n×n pixels.
 * @param {HTMLCanvasElement} canvas
 * @param {ArrayLike<number>} values
 * @param {number} offset
 * @param {number} n
 * @param {ReturnType<typeof scaleTable>} scale
 */
export function paintMap(canvas, values, offset, n, { table, max, zero }) {
  if (canvas.width !== n) canvas.width = canvas.height = n;
  const ctx = context2d(canvas);
  const image = ctx.createImageData(n, n);
  const out = image.data;
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) {
      const v = values[offset + j * n + i];
      const o = ((n - 1 - j) * n + i) * 4; // row 0 is ymin: the bottom of the picture
      out[o + 3] = 255;
      if (v === 0 || !Number.isFinite(v)) {
        out[o] = zero[0];
        out[o + 1] = zero[1];
        out[o + 2] = zero[2];
        continue;
      }
      const level = Math.min(LEVELS - 1, Math.floor((Math.abs(v) / max) * LEVELS));
      const t = ((v < 0 ? 0 : LEVELS) + level) * 3;
      out[o] = table[t];
      out[o + 1] = table[t + 1];
      out[o + 2] = table[t + 2];
    }
  ctx.putImageData(image, 0, 0);
}

/**
 * The legend's bar: −max on the left, zero (marked) in the middle, +max on the right.
 * @param {HTMLCanvasElement} canvas  any size; drawn in its own pixels
 * @param {ReturnType<typeof scaleColors>} colors
 * @param {string} mark  the colour of the zero mark
 */
export function paintScale(canvas, colors, mark) {
  const ctx = context2d(canvas);
  const { width: w, height: h } = canvas;
  for (let x = 0; x < w; x++) {
    const v = (2 * (x + 0.5)) / w - 1;
    const [r, g, b] = colorOf(Math.abs(v) < 1 / w ? 0 : v, 1, colors);
    ctx.fillStyle = `rgb(${r}, ${g}, ${b})`;
    ctx.fillRect(x, 0, 1, h);
  }
  ctx.fillStyle = mark;
  ctx.fillRect(Math.floor(w / 2) - 1, 0, 2, h);
}

/**
 * The shares of a map's cells that are exactly zero and that are negative.
 * @param {ArrayLike<number>} values
 * @param {number} offset
 * @param {number} cells
 */
export function signShares(values, offset, cells) {
  let zero = 0,
    neg = 0;
  for (let k = offset; k < offset + cells; k++)
    if (values[k] === 0) zero++;
    else if (values[k] < 0) neg++;
  return { zero: zero / cells, neg: neg / cells };
}
