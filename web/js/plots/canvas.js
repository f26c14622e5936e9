// A canvas that stays crisp on HiDPI screens, follows its container's width, and redraws on
// resize and on a light/dark switch. Plots draw in CSS pixels; the device ratio is applied here.

// (Absent in Node, where the build draws the no-script pictures with the same plots.)
const darkQuery = globalThis.matchMedia?.('(prefers-color-scheme: dark)');

// The canvas being drawn. theme() reads the colours where that canvas sits: the page's :root, or
// the shadow root of an embedded widget, whose variables live on its host element.
/** @type {HTMLCanvasElement | null} */
let drawing = null;

// Canvases waiting for their next drawing. One animation frame draws them until DRAW_BUDGET_MS of
// the frame is spent (counting the frame's other callbacks, such as a widget's own render) and
// leaves the rest to the next frames, one drawing at least per frame: a figure of many plots (the
// twin lab draws two boards, two curves and the signal panels when it starts) never holds a slow
// phone's main thread for one long task.
const DRAW_BUDGET_MS = 6;
/** @type {Set<() => void>} */
const queue = new Set();
let queuedFrame = 0;

/**
 * Runs fn in the next frame that has budget left (a slice of work that feeds a drawing).
 * @param {() => void} fn
 */
export function later(fn) {
  queue.add(fn);
  queuedFrame ||= requestAnimationFrame(drawQueued);
}

// The colours read once per frame and root (the page, or an embed's shadow root): a frame that
// draws a dozen canvases asked for a computed style ten times for each.
/** @type {Map<Node, ReturnType<typeof readTheme>> | null} */
let frameThemes = null;

/** @param {number} frameStart  the frame's time, as requestAnimationFrame passes it */
function drawQueued(frameStart) {
  queuedFrame = 0;
  const t0 = Math.min(frameStart, performance.now());
  frameThemes = new Map();
  try {
    for (const draw of queue) {
      queue.delete(draw);
      draw();
      if (performance.now() - t0 > DRAW_BUDGET_MS) break;
    }
  } finally {
    frameThemes = null; // the colour scheme may change before the next frame
  }
  // (||=: a drawing that queued more work already asked for the next frame; a second request
  // would run this twice a frame, and each of those would ask again)
  if (queue.size) queuedFrame ||= requestAnimationFrame(drawQueued);
}

/**
 * Colours of the page (CSS variables of :root), read at draw time so dark mode follows.
 * @param {Element} [el]
 */
export function theme(el = drawing ?? document.documentElement) {
  // Every colour is a variable of :root, or of an embed's :host (lm.css, article.css): one root,
  // one answer.
  const root = el.getRootNode();
  const known = frameThemes?.get(root);
  if (known) return known;
  const t = readTheme(el);
  frameThemes?.set(root, t);
  return t;
}

/** @param {Element} el */
function readTheme(el) {
  const css = getComputedStyle(el);
  /** @param {string} name */
  const v = (name) => css.getPropertyValue(name).trim();
  return {
    fg: v('--fg'),
    soft: v('--fg-soft'),
    rule: v('--rule'),
    bg: v('--bg'),
    bgSoft: v('--bg-soft'),
    sans: v('--sans'),
    mono: v('--mono'),
    class0: v('--c-class0'),
    class1: v('--c-class1'),
    /** @param {string} name  a colour of the page: 'gelu', 'relu', 'class0'... */
    color: (name) => v(`--c-${name.replace(/_/g, '-')}`) || v('--fg'),
  };
}

/**
 * Appends a canvas to parent. height(width) gives the CSS height for a CSS width. draw(ctx, w, h)
 * is called whenever the size or the colour scheme changes, and by redraw().
 * @param {HTMLElement} parent
 * @param {{
 *   height: (w: number) => number,
 *   draw: (ctx: CanvasRenderingContext2D, w: number, h: number) => void,
 *   className?: string,
 * }} options
 */
export function createCanvas(parent, { height, draw, className = 'plot-canvas' }) {
  const canvas = document.createElement('canvas');
  canvas.className = className;
  parent.append(canvas);
  const ctx = context2d(canvas);
  let w = 0,
    h = 0;

  function redraw() {
    if (!w) return;
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    drawing = canvas;
    try {
      draw(ctx, w, h);
    } finally {
      drawing = null;
    }
  }

  /** Coalesces many requests in one drawing (snapshots may arrive faster than frames). */
  function schedule() {
    later(redraw);
  }

  /**
   * @param {boolean} force
   * @param {boolean} now  redraw at once (a resize: no frame of stretched pixels), or queued
   */
  function layout(force, now) {
    const width = parent.clientWidth;
    if (width && (force || width !== w)) {
      w = width;
      h = Math.round(height(width));
      canvas.style.height = `${h}px`;
      if (now) (queue.delete(redraw), redraw());
      else schedule();
    }
  }
  // The first size is drawn when its turn comes (nothing was on the canvas); a new size at once.
  const observer = new ResizeObserver(() => layout(false, w > 0));
  observer.observe(parent);
  darkQuery?.addEventListener('change', schedule);

  return {
    canvas,
    redraw: schedule,
    /**
     * Recomputes the height (when the caller's height() answer changed) at once, and redraws at
     * the next frame: a caller handling a message does not also pay for the drawing.
     */
    relayout: () => layout(true, false),
    size: () => ({ w, h }),
    destroy() {
      queue.delete(redraw);
      observer.disconnect();
      darkQuery?.removeEventListener('change', schedule);
      canvas.remove();
    },
  };
}

/**
 * What a plot returns: its canvas, update(partial), which merges into its state and redraws, and
 * destroy().
 * @template {object} S
 * @param {ReturnType<typeof createCanvas>} surface
 * @param {S} state
 */
export function plotHandle(surface, state) {
  return {
    canvas: surface.canvas,
    /** @param {Partial<S>} partial */
    update(partial) {
      Object.assign(state, partial);
      surface.redraw();
    },
    destroy: () => surface.destroy(),
  };
}

/**
 * The 2D context of a canvas. Null only for a canvas that already has another kind of context,
 * which these plots never create: say so loudly rather than fail later on null.
 * @param {HTMLCanvasElement} canvas
 */
export function context2d(canvas) {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas: no 2d context');
  return ctx;
}
