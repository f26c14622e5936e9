// A horizontal dot plot: one row per group, one dot per value (one seed), an optional interval
// per row (mean with a 95% CI bar), optional thin lines joining the i-th dots of consecutive rows
// (the two networks of one seed), and an optional reference line (0 for a difference).
// Data in, pixels out: labels and the number formatter come from the caller.
import { createCanvas, theme } from './canvas.js';
import { drawXGrid, linear } from './axes.js';

const ROW_H = 46;

/** @typedef {{mean: number, lo: number, hi: number}} Interval */
/** @typedef {{label: string, values: number[], color: string, interval?: Interval | null}} DotRow */
/**
 * @typedef {{
 *   rows: DotRow[],
 *   reference: number | null,
 *   pairs: boolean,
 *   fmt: import('../shared/types').TickFormat,
 * }} DotPlotState
 */

/** Padded [min, max] over every value, interval and reference. */
/**
 * @param {DotRow[]} rows
 * @param {number | null} reference
 * @returns {import('../shared/types').Domain}
 */
function domainOf(rows, reference) {
  let lo = Infinity,
    hi = -Infinity;
  /** @param {number} v */
  const see = (v) => Number.isFinite(v) && ((lo = Math.min(lo, v)), (hi = Math.max(hi, v)));
  for (const r of rows) {
    r.values.forEach(see);
    if (r.interval) [r.interval.lo, r.interval.hi, r.interval.mean].forEach(see);
  }
  if (reference !== undefined && reference !== null) see(reference);
  if (!Number.isFinite(lo)) return [0, 1];
  if (lo === hi) return [lo - 0.005, hi + 0.005];
  const pad = (hi - lo) * 0.08;
  return [lo - pad, hi + pad];
}

/**
 * Paints `state` on ctx, w×h CSS pixels, in theme t's colours: the page's canvas and the build's
 * no-script pictures (web/ship/pictures/) draw the same way.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} w
 * @param {number} h
 * @param {DotPlotState} state
 * @param {import('../shared/types').Theme} t
 */
export function drawDotPlot(ctx, w, h, state, t) {
  ctx.font = `12px ${t.sans}`;
  const labelW = Math.min(
    w * 0.35,
    Math.max(40, ...state.rows.map((r) => ctx.measureText(r.label).width)) + 12,
  );
  const box = { x: labelW, y: 8, w: Math.max(10, w - labelW - 14), h: h - 8 - 24 };
  const xs = linear(domainOf(state.rows, state.reference), [box.x, box.x + box.w]);
  // Vertical grid lines and tick labels along x only: rows are categories.
  drawXGrid(ctx, box, xs, t, state.fmt, 80);
  ctx.font = `12px ${t.sans}`;
  /** @param {number} i */
  const rowY = (i) => box.y + (i + 0.5) * (box.h / Math.max(1, state.rows.length));

  if (state.reference !== null && state.reference !== undefined) {
    const px = Math.round(xs(state.reference)) + 0.5;
    ctx.strokeStyle = t.fg;
    ctx.globalAlpha = 0.55;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(px, box.y);
    ctx.lineTo(px, box.y + box.h);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
  }
  // A small deterministic vertical spread so that equal values stay visible (no randomness:
  // the same results always draw the same picture).
  /** @param {number} i */
  const jitter = (i) => (((i * 37) % 11) / 10 - 0.5) * Math.min(18, box.h / state.rows.length - 14);
  if (state.pairs && state.rows.length > 1) {
    ctx.strokeStyle = t.soft;
    ctx.globalAlpha = 0.35;
    ctx.lineWidth = 1;
    for (let r = 0; r + 1 < state.rows.length; r++) {
      const a = state.rows[r].values,
        b = state.rows[r + 1].values;
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        if (!Number.isFinite(a[i]) || !Number.isFinite(b[i])) continue;
        ctx.beginPath();
        ctx.moveTo(xs(a[i]), rowY(r) + jitter(i));
        ctx.lineTo(xs(b[i]), rowY(r + 1) + jitter(i));
        ctx.stroke();
      }
    }
    ctx.globalAlpha = 1;
  }
  state.rows.forEach((row, r) => {
    const y = rowY(r),
      color = t.color(row.color);
    ctx.fillStyle = t.fg;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillText(row.label, box.x - 8, y);
    row.values.forEach((v, i) => {
      if (!Number.isFinite(v)) return;
      ctx.beginPath();
      ctx.arc(xs(v), y + jitter(i), 3.6, 0, 2 * Math.PI);
      ctx.fillStyle = color;
      ctx.globalAlpha = 0.8;
      ctx.fill();
      ctx.globalAlpha = 1;
    });
    const iv = row.interval;
    if (iv && Number.isFinite(iv.mean)) {
      const yb = y + ROW_H * 0.32;
      ctx.strokeStyle = t.fg;
      ctx.lineWidth = 2;
      if (Number.isFinite(iv.lo) && Number.isFinite(iv.hi)) {
        ctx.beginPath();
        ctx.moveTo(xs(iv.lo), yb);
        ctx.lineTo(xs(iv.hi), yb);
        for (const v of [iv.lo, iv.hi]) (ctx.moveTo(xs(v), yb - 4), ctx.lineTo(xs(v), yb + 4));
        ctx.stroke();
      }
      ctx.beginPath();
      ctx.arc(xs(iv.mean), yb, 4.5, 0, 2 * Math.PI);
      ctx.fillStyle = t.fg;
      ctx.fill();
    }
  });
  ctx.strokeStyle = t.rule;
  ctx.lineWidth = 1;
  ctx.strokeRect(box.x + 0.5, box.y + 0.5, box.w - 1, box.h - 1);
}

/**
 * The plot's height in CSS pixels for its rows.
 * @param {DotPlotState} state
 */
export const dotPlotHeight = (state) => 32 + ROW_H * Math.max(1, state.rows.length) + 8;

/**
 * update({ rows: [{ label, values, color, interval?: {mean, lo, hi} }], reference?, pairs?,
 *          fmt(value, digits) }).
 * @param {HTMLElement} parent
 */
export function createDotPlot(parent) {
  /** @type {DotPlotState} */
  const state = { rows: [], reference: null, pairs: false, fmt: (v, d) => v.toFixed(d) };

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
  const draw = (ctx, w, h) => drawDotPlot(ctx, w, h, state, theme());

  const surface = createCanvas(parent, {
    height: () => dotPlotHeight(state),
    draw,
  });
  return {
    canvas: surface.canvas,
    /** @param {Partial<DotPlotState>} partial */
    update(partial) {
      const rowsChanged = partial.rows && partial.rows.length !== state.rows.length;
      Object.assign(state, partial);
      if (rowsChanged) surface.relayout();
      else surface.redraw();
    },
    destroy: () => surface.destroy(),
  };
}
