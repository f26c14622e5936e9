// A small chart of one quantity across a network's hidden layers: layer 1 … L on x, the value on
// y (the caller passes axis units, e.g. log10 for a log scale, with its own tick labels), one
// line with dots per series. Data in, pixels out; no text of its own.
import { createCanvas, plotHandle, theme } from './canvas.js';
import { linear, plotBox, ticks } from './axes.js';

const MARGIN = { top: 6, right: 8, bottom: 18, left: 40 };

/** @typedef {{values: (number | null)[], color: string, dash?: number[], faded?: boolean}} ProfileSeries */
/**
 * @typedef {{
 *   layers: number,
 *   domain: import('../shared/types').Domain,
 *   yTicks: {v: number, label: string}[],
 *   series: ProfileSeries[],
 * }} LayerProfileState
 */

/**
 * update({ layers, domain: [lo, hi], yTicks: [{ v, label }], series: [{ values, color, dash?,
 * faded? }] }) repaints. values: one per layer (null = not drawable, a gap).
 * @param {HTMLElement} parent
 * @param {{height?: (w: number) => number}} [options]
 */
export function createLayerProfile(parent, { height = (w) => Math.max(110, w * 0.55) } = {}) {
  /** @type {LayerProfileState} */
  const state = { layers: 0, domain: [0, 1], yTicks: [], series: [] };

  /**
   * @param {CanvasRenderingContext2D} ctx
   * @param {number} w
   * @param {number} h
   */
  function draw(ctx, w, h) {
    const t = theme();
    const box = plotBox(w, h, MARGIN);
    const L = Math.max(1, state.layers);
    // One layer: a single column in the middle; more: layer 1 at the left edge, L at the right.
    const xs = linear(L === 1 ? [0, 2] : [1, L], [box.x + 4, box.x + box.w - 4]);
    const ys = linear(state.domain, [box.y + box.h, box.y]);
    ctx.save();
    ctx.font = `10px ${t.sans}`;
    ctx.lineWidth = 1;
    ctx.strokeStyle = t.rule;
    ctx.fillStyle = t.soft;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (const { v, label } of state.yTicks) {
      const py = Math.round(ys(v)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(box.x, py);
      ctx.lineTo(box.x + box.w, py);
      ctx.stroke();
      ctx.fillText(label, box.x - 4, py);
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    const xt = ticks(1, L, Math.max(2, Math.min(L, Math.floor(box.w / 28)))).filter(
      (v) => Number.isInteger(v) && v >= 1,
    );
    for (const v of L === 1 ? [1] : xt) ctx.fillText(String(v), xs(v), box.y + box.h + 3);
    ctx.strokeRect(box.x + 0.5, box.y + 0.5, box.w - 1, box.h - 1);

    ctx.beginPath();
    ctx.rect(box.x, box.y - 4, box.w, box.h + 8);
    ctx.clip();
    const [lo, hi] = state.domain;
    /** @param {number} v */
    const clampY = (v) => ys(Math.min(Math.max(v, lo), hi));
    for (const s of state.series) {
      ctx.strokeStyle = ctx.fillStyle = s.faded ? t.soft : t.color(s.color);
      ctx.globalAlpha = s.faded ? 0.7 : 1;
      ctx.lineWidth = s.faded ? 1.2 : 2;
      ctx.setLineDash(s.dash ?? []);
      ctx.beginPath();
      let pen = false;
      s.values.forEach((v, i) => {
        if (v === null || !Number.isFinite(v)) return void (pen = false);
        const px = xs(i + 1),
          py = clampY(v);
        if (pen) ctx.lineTo(px, py);
        else ctx.moveTo(px, py);
        pen = true;
      });
      ctx.stroke();
      ctx.setLineDash([]);
      const r = s.faded ? 1.6 : L > 12 ? 2.2 : 2.8;
      s.values.forEach((v, i) => {
        if (v === null || !Number.isFinite(v)) return;
        ctx.beginPath();
        ctx.arc(xs(i + 1), clampY(v), r, 0, 2 * Math.PI);
        ctx.fill();
      });
    }
    ctx.restore();
  }

  const surface = createCanvas(parent, { height, draw });
  return plotHandle(surface, state);
}
