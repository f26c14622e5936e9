// Horizontal bars in groups: one group per label, one bar per measurement (e.g. SIMD and scalar),
// each with its value printed at its end; from 0, leftwards for a negative value. Data in, pixels
// out; the caller formats the numbers.
import { createCanvas, theme } from './canvas.js';
import { drawXGrid, linear } from './axes.js';

const BAR_H = 13,
  GAP = 3,
  GROUP_GAP = 12;

/**
 * `muted`: drawn grey, for a value that may not be read against the others (e.g. a timing too
 * noisy to rank).
 * @typedef {{value: number, color: string, faded?: boolean, muted?: boolean, text?: string}} Bar
 */
/** @typedef {{label: string, bars: Bar[]}} BarGroup */
/** @typedef {{groups: BarGroup[], fmt: import('../shared/types').TickFormat}} BarChartState */

/**
 * Paints `state` on ctx, w×h CSS pixels, in theme t's colours: the page's canvas and the build's
 * no-script pictures (web/ship/pictures/) draw the same way.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} w
 * @param {number} h
 * @param {BarChartState} state
 * @param {import('../shared/types').Theme} t
 */
export function drawBarChart(ctx, w, h, state, t) {
  ctx.font = `12px ${t.sans}`;
  const labelW = Math.min(
    w * 0.32,
    Math.max(...state.groups.map((g) => ctx.measureText(g.label).width), 30) + 10,
  );
  const box = { x: labelW, y: 4, w: Math.max(20, w - labelW - 64), h: h - 26 };
  const values = state.groups.flatMap((g) =>
    g.bars.map((b) => (Number.isFinite(b.value) ? b.value : 0)),
  );
  // From 0, or from the lowest value when one is negative (a change that went the other way).
  const min = Math.min(0, ...values),
    max = Math.max(1e-12, ...values);
  const xs = linear([min, max], [box.x, box.x + box.w]);
  const zero = xs(0);
  drawXGrid(ctx, box, xs, t, state.fmt, 90);
  let y = box.y + 4;
  for (const g of state.groups) {
    ctx.font = `12px ${t.sans}`;
    ctx.fillStyle = t.fg;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillText(g.label, box.x - 8, y + groupH(g) / 2);
    for (const b of g.bars) {
      const v = Number.isFinite(b.value) ? b.value : 0;
      ctx.fillStyle = b.muted ? t.soft : t.color(b.color);
      ctx.globalAlpha = b.faded ? 0.4 : 0.95;
      const end = xs(v);
      ctx.fillRect(Math.min(zero, end), y, Math.max(1, Math.abs(end - zero)), BAR_H);
      ctx.globalAlpha = 1;
      if (b.text) {
        ctx.font = `11px ${t.sans}`;
        ctx.fillStyle = t.soft;
        ctx.textAlign = 'left';
        ctx.fillText(b.text, Math.max(zero, end) + 4, y + BAR_H / 2);
      }
      y += BAR_H + GAP;
    }
    y += GROUP_GAP - GAP;
  }
}

/** @param {BarGroup} g */
const groupH = (g) => g.bars.length * (BAR_H + GAP) - GAP;
/**
 * The chart's height in CSS pixels for its groups.
 * @param {BarChartState} state
 */
export const barChartHeight = (state) =>
  30 + state.groups.reduce((h, g) => h + groupH(g) + GROUP_GAP, 0);

/**
 * update({ groups: [{ label, bars: [{ value, color, faded?, muted?, text }] }], fmt(value, digits) })
 * @param {HTMLElement} parent
 */
export function createBarChart(parent) {
  /** @type {BarChartState} */
  const state = { groups: [], fmt: (v) => String(v) };
  const height = () => barChartHeight(state);

  /**
   * @param {CanvasRenderingContext2D} ctx
   * @param {number} w
   * @param {number} h
   */
  const draw = (ctx, w, h) => drawBarChart(ctx, w, h, state, theme());

  const surface = createCanvas(parent, { height, draw });
  return {
    canvas: surface.canvas,
    /** @param {Partial<BarChartState>} partial */
    update(partial) {
      Object.assign(state, partial);
      surface.relayout();
    },
  };
}
