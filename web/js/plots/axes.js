// Scales, "nice" ticks and axes for the canvas plots.

/** @typedef {import('../shared/types').Box} Box */
/** @typedef {import('../shared/types').Scale} Scale */
/** @typedef {import('../shared/types').Theme} Theme */
/** @typedef {import('../shared/types').TickFormat} TickFormat */
/** @typedef {import('../shared/types').AxesOptions} AxesOptions */

/**
 * The plot area of a w × h canvas inside its margins (CSS pixels).
 * @param {number} w
 * @param {number} h
 * @param {{top: number, right: number, bottom: number, left: number}} margin
 * @returns {Box}
 */
export function plotBox(w, h, margin) {
  return {
    x: margin.left,
    y: margin.top,
    w: w - margin.left - margin.right,
    h: h - margin.top - margin.bottom,
  };
}

/**
 * The linear map of domain [d0, d1] onto range [r0, r1].
 * @param {readonly number[]} domain
 * @param {readonly number[]} range
 * @returns {Scale}
 */
export function linear([d0, d1], [r0, r1]) {
  const k = (r1 - r0) / (d1 - d0 || 1);
  /** @param {number} x */
  const f = (x) => r0 + (x - d0) * k;
  /** @param {number} y */
  f.invert = (y) => d0 + (y - r0) / k;
  /** @type {[number, number]} */
  f.domain = [d0, d1];
  return f;
}

/**
 * About `count` round tick values covering [a, b] (steps of 1, 2 or 5 times a power of ten).
 * @param {number} a
 * @param {number} b
 * @returns {number[]}
 */
export function ticks(a, b, count = 5) {
  const span = b - a;
  if (!(span > 0)) return [a];
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => span / s <= count) ?? 10 * mag;
  /** @type {number[]} */
  const out = [];
  for (let v = Math.ceil(a / step) * step; v <= b + step * 1e-9; v += step) {
    out.push(Math.abs(v) < step * 1e-9 ? 0 : Number(v.toPrecision(12)));
  }
  return out;
}

/**
 * Digits needed to print ticks of this spacing without noise.
 * @param {number[]} values
 */
export function tickDigits(values) {
  if (values.length < 2) return 0;
  const step = Math.abs(values[1] - values[0]);
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

/**
 * Where to draw a tick label so that all of it stays inside [lo, hi] (the canvas): the x of its
 * left end, for a label `width` wide that wants to be centred on `at` ('center') or to end at
 * `at` ('right'). A label wider than the room starts at lo. (Canvas clips what falls outside:
 * "1500" right-aligned against a 44 px margin read "500".)
 * @param {number} at
 * @param {number} width
 * @param {'center' | 'right'} align
 * @param {number} lo
 * @param {number} hi
 */
export function fitLabel(at, width, align, lo, hi) {
  const left = align === 'center' ? at - width / 2 : at - width;
  return Math.max(lo, Math.min(left, hi - width));
}

/**
 * Vertical grid lines at round x values, about one per `spacing` pixels, labelled under the box.
 * Leaves ctx with the grid's font, colours and alignment.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} box
 * @param {Scale} xs
 * @param {Theme} t
 * @param {TickFormat} fmt
 * @param {number} spacing
 */
export function drawXGrid(ctx, box, xs, t, fmt, spacing) {
  const xt = ticks(...xs.domain, Math.max(2, Math.floor(box.w / spacing)));
  const digits = tickDigits(xt);
  ctx.font = `11px ${t.sans}`;
  ctx.lineWidth = 1;
  ctx.strokeStyle = t.rule;
  ctx.fillStyle = t.soft;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  for (const v of xt) {
    const px = Math.round(xs(v)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(px, box.y);
    ctx.lineTo(px, box.y + box.h);
    ctx.stroke();
    const label = fmt(v, digits);
    const width = ctx.measureText(label).width;
    // Labels may reach past the plot box into the margins (every plot keeps ≥ 12 px on the right).
    ctx.fillText(label, fitLabel(px, width, 'center', 0, box.x + box.w + 12), box.y + box.h + 4);
  }
  ctx.textAlign = 'center';
}

/**
 * Draws a framed plot area with grid lines and tick labels. box = {x, y, w, h} in CSS pixels.
 * fmt(value, digits) formats tick labels (locale aware). Returns nothing: it only paints.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} box
 * @param {Scale} xs
 * @param {Scale} ys
 * @param {Theme} t
 * @param {AxesOptions} options
 */
export function drawAxes(ctx, box, xs, ys, t, { fmt, xLabel, yLabel, zeroLines = true }) {
  const yt = ticks(...ys.domain, Math.max(2, Math.floor(box.h / 45)));
  const yd = tickDigits(yt);
  ctx.save();
  drawXGrid(ctx, box, xs, t, fmt, 70);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const v of yt) {
    const py = Math.round(ys(v)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(box.x, py);
    ctx.lineTo(box.x + box.w, py);
    ctx.stroke();
    const label = fmt(v, yd);
    const width = ctx.measureText(label).width;
    ctx.fillText(label, fitLabel(box.x - 5, width, 'right', 0, box.x + box.w), py);
  }
  if (zeroLines) {
    ctx.strokeStyle = t.soft;
    ctx.globalAlpha = 0.6;
    if (xs.domain[0] < 0 && xs.domain[1] > 0) {
      const px = Math.round(xs(0)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(px, box.y);
      ctx.lineTo(px, box.y + box.h);
      ctx.stroke();
    }
    if (ys.domain[0] < 0 && ys.domain[1] > 0) {
      const py = Math.round(ys(0)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(box.x, py);
      ctx.lineTo(box.x + box.w, py);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }
  ctx.fillStyle = t.soft;
  if (xLabel) {
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    ctx.fillText(xLabel, box.x + box.w, box.y + box.h - 3);
  }
  if (yLabel) {
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(yLabel, box.x + 4, box.y + 3);
  }
  ctx.restore();
}
