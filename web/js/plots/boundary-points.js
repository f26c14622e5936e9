// A decision boundary's layer of data points (boundary.js): training points filled, test points as
// rings, painted once per data, size and colour scheme and copied on every frame.
import { context2d, later } from './canvas.js';

/** @typedef {import('../shared/types').Theme} Theme */
/** @typedef {import('./boundary.js').Points} Points */
/** @typedef {{split: number, k: number, sprites: HTMLCanvasElement[][], stride: number}} PaintJob */

const MAX_POINTS = 4000;
// A slice paints for SLICE_MS, looking at the clock every CLOCK_EVERY points: a fixed count was
// 400 copies, 25 ms on a throttled phone-class CPU (without a GPU, each copy is rasterised).
const SLICE_MS = 4;
const CLOCK_EVERY = 32;

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
 * Paints the next points of a job onto the layer for about SLICE_MS; true once all are painted.
 * @param {PaintJob} job
 * @param {(Float32Array | undefined)[]} splits
 * @param {HTMLCanvasElement} target
 * @param {import('../shared/types').Bounds} bounds
 */
function paintSlice(job, splits, target, bounds) {
  const ctx = context2d(target);
  const [x0, x1, y0, y1] = bounds;
  const lw = target.width,
    lh = target.height;
  const end = performance.now() + SLICE_MS;
  let count = 0;
  for (; job.split < splits.length; job.split++, job.k = 0) {
    const d = splits[job.split];
    if (!d) continue;
    const [s0, s1] = job.sprites[job.split];
    const half = s0.width / 2;
    for (; job.k < d.length; job.k += job.stride) {
      if (++count % CLOCK_EVERY === 0 && performance.now() > end) return false;
      const k = job.k;
      ctx.drawImage(
        d[k + 2] > 0.5 ? s1 : s0,
        Math.round(((d[k] - x0) / (x1 - x0)) * lw - half),
        Math.round(lh - ((d[k + 1] - y0) / (y1 - y0)) * lh - half),
      );
    }
  }
  return true;
}

/**
 * The points' layer of one board.
 * @param {() => import('../shared/types').Bounds} bounds the plotted region, as it is now
 * @param {() => void} painted called once a new layer is complete (the board draws again)
 */
export function createPointsLayer(bounds, painted) {
  // The points never change during a run: paint them once per data, size and colour scheme, then
  // copy that layer on every frame (thousands of arcs per frame would stall the page). A new layer
  // is painted a few milliseconds at a time, in the frames' spare budget (canvas.js), and the
  // board is drawn again once it is complete: a phone shows the board at once and the points a
  // few frames later, never in one long task.
  /** @type {HTMLCanvasElement | null} */
  /** @type {HTMLCanvasElement | null} */
  let layer = null,
    layerKey = '',
    /** @type {PaintJob | null} */
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
      if (paintSlice(job, [points.train, points.val, points.test], layer, bounds())) {
        painting = null;
        painted();
      } else later(slice);
    };
    later(slice);
    return layer;
  }

  return {
    get: pointsLayer,
    /** New data: the next get() paints a new layer. */
    reset() {
      layerKey = '';
      painting = null;
    },
  };
}
