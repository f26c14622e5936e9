// A histogram on canvas: bars of counts over equal bins, a shaded x interval behind them (e.g.
// where GELU and ReLU differ), vertical marks (e.g. GELU's minimum) and, optionally, curves drawn
// on the same x axis with their own y scale on the right (e.g. the two activations). With `ends`,
// the first and last bars also hold what lies below and above the drawn range (hist.under,
// hist.over), drawn as a faded cap with a dashed outline, so that no value is dropped unseen. Data in, pixels out; no
// text of its own. The page's canvas and the build's no-script pictures draw the same way.
import { createCanvas, plotHandle, theme } from './canvas.js';
import { drawAxes, linear, plotBox } from './axes.js';

const MARGIN = { top: 10, right: 12, bottom: 22, left: 44 };

/** @typedef {import('../shared/types').Domain} Domain */
/** @typedef {import('../shared/types').Numbers} Numbers */
/** @typedef {{lo: number, hi: number, n: number, counts: Numbers, under?: number, over?: number}} Hist */
/** @typedef {{xs: Numbers, ys: Numbers, color: string, dash?: number[]}} Curve */
/** @typedef {{x: number, color: string, dash?: number[]}} Mark */
/**
 * @typedef {import('../shared/types').AxesOptions & {
 *   height?: (w: number) => number,
 *   hist: Hist | null,
 *   band: Domain | null,
 *   bandColor?: string,
 *   curves: Curve[],
 *   curveDomain?: Domain,
 *   marks?: Mark[],
 *   ends?: boolean,
 *   color: string,
 * }} HistogramState
 */

/**
 * The counts of the bars as drawn: with `ends`, the first and last hold under and over too.
 * @param {Hist} hist
 * @param {boolean} ends
 */
function barCounts(hist, ends) {
  const counts = Array.from(hist.counts);
  if (ends && counts.length) {
    counts[0] += hist.under ?? 0;
    counts[counts.length - 1] += hist.over ?? 0;
  }
  return counts;
}

/**
 * Paints `state` on ctx, w×h CSS pixels, in theme t's colours. Bars are shares of all values
 * (counts / n), so layers with different counts compare.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} w
 * @param {number} h
 * @param {HistogramState} state
 * @param {import('../shared/types').Theme} t
 */
export function drawHistogram(ctx, w, h, state, t) {
  const box = plotBox(w, h, MARGIN);
  const hist = state.hist;
  const lo = hist?.lo ?? -1,
    hi = hist?.hi ?? 1;
  const n = hist ? Math.max(1, hist.n) : 1;
  const counts = hist ? barCounts(hist, Boolean(state.ends)) : [];
  const top = hist ? Math.max(...counts) / n : 1;
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
    const bw = box.w / counts.length;
    const bar = (/** @type {number} */ i, /** @type {number} */ from, /** @type {number} */ to) =>
      ctx.fillRect(
        box.x + i * bw + 0.5,
        ys(to / n),
        Math.max(1, bw - 1),
        ys(from / n) - ys(to / n),
      );
    ctx.fillStyle = t.color(state.color);
    ctx.globalAlpha = 0.8;
    hist.counts.forEach((c, i) => c && bar(i, 0, c));
    ctx.globalAlpha = 1;
    if (state.ends) {
      // What lies beyond the range, on top of the end bins: faded, outlined, in the bars' colour.
      const last = counts.length - 1;
      for (const [i, extra] of [
        [0, hist.under ?? 0],
        [last, hist.over ?? 0],
      ]) {
        if (!extra) continue;
        const base = hist.counts[i];
        ctx.globalAlpha = 0.35;
        bar(i, base, base + extra);
        ctx.globalAlpha = 1;
        ctx.strokeStyle = t.color(state.color);
        ctx.lineWidth = 1;
        ctx.setLineDash([2, 2]);
        ctx.strokeRect(
          box.x + i * bw + 0.5,
          ys((base + extra) / n),
          Math.max(1, bw - 1),
          ys(base / n) - ys((base + extra) / n),
        );
        ctx.setLineDash([]);
      }
    }
  }
  for (const m of state.marks ?? []) {
    if (!(m.x >= lo && m.x <= hi)) continue;
    ctx.strokeStyle = t.color(m.color);
    ctx.lineWidth = 1.5;
    ctx.setLineDash(m.dash ?? []);
    ctx.beginPath();
    ctx.moveTo(xs(m.x), box.y);
    ctx.lineTo(xs(m.x), box.y + box.h);
    ctx.stroke();
    ctx.setLineDash([]);
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
      c.xs.forEach((/** @type {number} */ x, /** @type {number} */ i) =>
        i ? ctx.lineTo(xs(x), cy(c.ys[i])) : ctx.moveTo(xs(x), cy(c.ys[i])),
      );
      ctx.stroke();
    }
    ctx.restore();
  }
}

/**
 * options: height(w) -> h; fmt(value, digits). update({ hist: {lo, hi, n, counts, under?, over?},
 * band: [a, b] | null, curves: [{xs, ys, color, dash?}], curveDomain: [ymin, ymax], marks:
 * [{x, color, dash?}], ends, color, xLabel, yLabel }).
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
  const draw = (ctx, w, h) => drawHistogram(ctx, w, h, state, theme());
  const surface = createCanvas(parent, { height: state.height ?? ((w) => w * 0.55), draw });
  return plotHandle(surface, state);
}
