// A line plot on canvas: several series, optional marked points and a vertical cursor.
// Data in, pixels out; no text of its own (labels and the formatter come from the caller).
import { createCanvas, plotHandle, theme } from './canvas.js';
import { drawAxes, linear, plotBox } from './axes.js';

const MARGIN = { top: 10, right: 12, bottom: 22, left: 44 };

/** @typedef {import('../shared/types').Domain} Domain */
/** @typedef {import('../shared/types').LinePlotState} LinePlotState */

/** [min, max] of the visible series, padded (a caller's yDomain function may clamp it, e.g. accuracy <= 1). */
/**
 * @param {import('../shared/types').Series[]} series
 * @returns {Domain}
 */
function autoDomain(series, pad = 0.06) {
  let lo = Infinity,
    hi = -Infinity;
  for (const s of series) {
    if (s.hidden) continue;
    for (const y of s.ys) if (Number.isFinite(y)) ((lo = Math.min(lo, y)), (hi = Math.max(hi, y)));
  }
  if (!Number.isFinite(lo)) return [0, 1];
  if (lo === hi) return [lo - 0.5, hi + 0.5];
  const p = (hi - lo) * pad;
  return [lo - p, hi + p];
}

/**
 * Paints one line plot of `state` on ctx, w×h CSS pixels, in theme t's colours: the page's canvas
 * (createLinePlot) and the build's no-script pictures (web/ship/pictures/) draw the same way.
 * Returns the x scale, for reading pointer positions back.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} w
 * @param {number} h
 * @param {LinePlotState} state
 * @param {import('../shared/types').Theme} t
 */
export function drawLinePlot(ctx, w, h, state, t) {
  const box = plotBox(w, h, MARGIN);
  const auto = () => autoDomain(state.series);
  const xDomain = state.xDomain ?? [0, 1];
  const yDomain =
    typeof state.yDomain === 'function' ? state.yDomain(auto()) : (state.yDomain ?? auto());
  const xs = linear(xDomain, [box.x, box.x + box.w]);
  const ys = linear(yDomain, [box.y + box.h, box.y]);
  drawAxes(ctx, box, xs, ys, t, state);

  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.w, box.h);
  ctx.clip();
  ctx.lineJoin = 'round';
  for (const s of state.series) {
    if (s.hidden || !s.xs.length) continue;
    ctx.strokeStyle = t.color(s.color);
    ctx.lineWidth = s.width ?? 2;
    ctx.setLineDash(s.dash ?? []);
    ctx.beginPath();
    let pen = false;
    for (let i = 0; i < s.xs.length; i++) {
      const y = s.ys[i];
      if (!Number.isFinite(y)) {
        pen = false;
        continue;
      } // a diverged run leaves a gap
      const px = xs(s.xs[i]),
        py = ys(Math.max(Math.min(y, 1e6), -1e6));
      if (pen) ctx.lineTo(px, py);
      else ctx.moveTo(px, py);
      pen = true;
    }
    ctx.stroke();
    if (s.xs.length === 1 && Number.isFinite(s.ys[0])) {
      ctx.fillStyle = ctx.strokeStyle;
      ctx.beginPath();
      ctx.arc(xs(s.xs[0]), ys(s.ys[0]), 2.5, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
  ctx.setLineDash([]);
  if (state.cursor !== null && state.cursor !== undefined) {
    const px = Math.round(xs(state.cursor)) + 0.5;
    ctx.strokeStyle = t.fg;
    ctx.globalAlpha = 0.5;
    ctx.beginPath();
    ctx.moveTo(px, box.y);
    ctx.lineTo(px, box.y + box.h);
    ctx.stroke();
    ctx.globalAlpha = 1;
  }
  for (const m of state.marks) {
    const px = xs(m.x),
      py = ys(m.y);
    ctx.fillStyle = t.color(m.color);
    ctx.strokeStyle = t.bg;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(px, py, m.r ?? 4.5, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    if (m.label) {
      ctx.font = `12px ${t.sans}`;
      ctx.fillStyle = t.fg;
      const right = px > box.x + box.w * 0.6;
      ctx.textAlign = right ? 'right' : 'left';
      ctx.textBaseline = m.below ? 'top' : 'bottom';
      ctx.fillText(m.label, px + (right ? -8 : 8), py + (m.below ? 6 : -6));
    }
  }
  ctx.restore();
  return xs;
}

/**
 * options: height(w) -> h; fmt(value, digits); xLabel, yLabel; xDomain; yDomain ([a, b] or
 * a function (autoDomain) -> [a, b]). update({series, marks, cursor, ...}) repaints.
 * series: {xs, ys, color, width?, dash?, hidden?}; marks: {x, y, color, label?}; cursor: x | null.
 * @param {HTMLElement} parent
 * @param {Partial<LinePlotState> & import('../shared/types').AxesOptions} options
 */
export function createLinePlot(parent, options) {
  /** @type {LinePlotState} */
  const state = { series: [], marks: [], cursor: null, ...options };
  let xs = linear([0, 1], [0, 1]);

  /**
   * @param {CanvasRenderingContext2D} ctx
   * @param {number} w
   * @param {number} h
   */
  /**
   * @param {CanvasRenderingContext2D} ctx
   * @param {number} w
   * @param {number} h
   */
  const draw = (ctx, w, h) => (xs = drawLinePlot(ctx, w, h, state, theme()));

  const surface = createCanvas(parent, { height: state.height ?? ((w) => w * 0.6), draw });
  return {
    ...plotHandle(surface, state),
    /** The x value under a client (pointer) x coordinate, clamped to the domain. */
    /** @param {number} clientX */
    xAt(clientX) {
      const r = surface.canvas.getBoundingClientRect();
      const [a, b] = xs.domain;
      return Math.min(Math.max(xs.invert(clientX - r.left), Math.min(a, b)), Math.max(a, b));
    },
  };
}
