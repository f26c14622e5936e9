// A histogram on canvas: bars of counts over equal bins, a shaded x interval behind them (e.g.
// where GELU and ReLU differ) and, optionally, curves drawn on the same x axis with their own y
// scale on the right (e.g. the two activations). Data in, pixels out; no text of its own.
import { createCanvas, plotHandle, theme } from './canvas.js';
import { drawAxes, linear, plotBox } from './axes.js';

const MARGIN = { top: 10, right: 12, bottom: 22, left: 44 };

/** @typedef {import('../shared/types').Domain} Domain */
/** @typedef {import('../shared/types').Numbers} Numbers */
/** @typedef {{lo: number, hi: number, n: number, counts: Numbers}} Hist */
/** @typedef {{xs: Numbers, ys: Numbers, color: string, dash?: number[]}} Curve */
/**
 * @typedef {import('../shared/types').AxesOptions & {
 *   height?: (w: number) => number,
 *   hist: Hist | null,
 *   band: Domain | null,
 *   bandColor?: string,
 *   curves: Curve[],
 *   curveDomain?: Domain,
 *   color: string,
 * }} HistogramState
 */

/**
 * options: height(w) -> h; fmt(value, digits). update({ hist: {lo, hi, counts}, band: [a, b] |
 * null, curves: [{xs, ys, color, dash?}], curveDomain: [ymin, ymax], color, xLabel, yLabel }).
 * Bars are drawn as shares of all values (counts / n), so layers with different counts compare.
 * @param {HTMLElement} parent
 * @param {Partial<HistogramState> & import('../shared/types').AxesOptions} options
 */
export function createHistogram(parent, options) {
  /** @type {HistogramState} */
  const state = { hist: null, band: null, curves: [], color: 'gelu', ...options };

  /**
   * @param {CanvasRenderingContext2D} ctx
   * @param {number} w
   * @param {number} h
   */
  function draw(ctx, w, h) {
    const t = theme();
    const box = plotBox(w, h, MARGIN);
    const hist = state.hist;
    const lo = hist?.lo ?? -1,
      hi = hist?.hi ?? 1;
    const n = hist ? Math.max(1, hist.n) : 1;
    const top = hist ? Math.max(...hist.counts) / n : 1;
    const xs = linear([lo, hi], [box.x, box.x + box.w]);
    const ys = linear([0, top * 1.08 || 1], [box.y + box.h, box.y]);
    if (state.band) {
      ctx.fillStyle = t.color(state.bandColor ?? 'gelu');
      ctx.globalAlpha = 0.12;
      const a = xs(Math.max(lo, state.band[0])),
        b = xs(Math.min(hi, state.band[1]));
      ctx.fillRect(a, box.y, b - a, box.h);
      ctx.globalAlpha = 1;
    }
    drawAxes(ctx, box, xs, ys, t, state);
    if (hist) {
      ctx.fillStyle = t.color(state.color);
      ctx.globalAlpha = 0.8;
      const bw = box.w / hist.counts.length;
      hist.counts.forEach((c, i) => {
        if (!c) return;
        const y = ys(c / n);
        ctx.fillRect(box.x + i * bw + 0.5, y, Math.max(1, bw - 1), box.y + box.h - y);
      });
      ctx.globalAlpha = 1;
    }
    if (state.curves.length) {
      const cy = linear(state.curveDomain ?? [-1, 3], [box.y + box.h, box.y]);
      ctx.save();
      ctx.beginPath();
      ctx.rect(box.x, box.y, box.w, box.h);
      ctx.clip();
      ctx.lineWidth = 2;
      for (const c of state.curves) {
        ctx.strokeStyle = t.color(c.color);
        ctx.setLineDash(c.dash ?? []);
        ctx.beginPath();
        c.xs.forEach((x, i) =>
          i ? ctx.lineTo(xs(x), cy(c.ys[i])) : ctx.moveTo(xs(x), cy(c.ys[i])),
        );
        ctx.stroke();
      }
      ctx.restore();
    }
  }

  const surface = createCanvas(parent, { height: state.height ?? ((w) => w * 0.55), draw });
  return plotHandle(surface, state);
}
