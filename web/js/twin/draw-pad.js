// The plane the reader draws a data set on (twin lab, data set "custom"): the points in their
// class colours over a fixed view, and the gestures that edit them. A pointer or a finger: a tap
// or click adds a point (Shift: of the other class), a drag erases the points it passes over. The
// keyboard: a cursor moved by the arrow keys (Shift: bigger steps), Enter or Space adds at it,
// Delete or Backspace removes the point nearest to it, C switches the class, Ctrl+Z undoes. The
// pad only reports gestures (the editor, draw-data.js, owns the points and their history).
import { createCanvas, theme } from '../plots/canvas.js';

/** @typedef {import('../shared/points-code.js').Point} Point */
/** @typedef {import('../shared/types').Bounds} Bounds */
/**
 * @typedef {{
 *   add(x: number, y: number, other: boolean): void,
 *   erase(x: number, y: number, radius: number): void,
 *   removeNearest(x: number, y: number): void,
 *   gestureEnd(): void,
 *   switchClass(): void,
 *   undo(): void,
 *   cursorMoved(x: number, y: number): void,
 * }} PadActions
 */

const DRAG_PX = 6; // a pointer that moved further than this is erasing, not adding
const ERASE_PX = 12; // the eraser's radius
const STEP = 0.05; // the cursor's step, in units of the view's width (Shift: 4 times)

/**
 * @param {HTMLElement} parent
 * @param {PadActions} actions
 */
export function createDrawPad(parent, actions) {
  /** @type {Point[]} */
  let points = [];
  /** @type {Bounds} */
  let view = [-2.5, 2.5, -2.5, 2.5];
  let cursor = { x: 0, y: 0 },
    focused = false;
  const surface = createCanvas(parent, {
    height: (w) => (w * (view[3] - view[2])) / (view[1] - view[0]),
    draw,
    className: 'plot-canvas draw-canvas',
  });
  const canvas = surface.canvas;
  canvas.tabIndex = 0;

  /**
   * @param {CanvasRenderingContext2D} ctx
   * @param {number} w
   * @param {number} h
   */
  function draw(ctx, w, h) {
    const t = theme();
    ctx.fillStyle = t.bgSoft;
    ctx.fillRect(0, 0, w, h);
    const [x0, x1, y0, y1] = view;
    /** @param {number} x */
    const px = (x) => ((x - x0) / (x1 - x0)) * w;
    /** @param {number} y */
    const py = (y) => h - ((y - y0) / (y1 - y0)) * h;
    // the axes through the origin, faint: where (0, 0) is
    ctx.strokeStyle = t.rule;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(px(0), 0);
    ctx.lineTo(px(0), h);
    ctx.moveTo(0, py(0));
    ctx.lineTo(w, py(0));
    ctx.stroke();
    const r = Math.max(2.5, Math.min(4, w / 120));
    for (const [x, y, label] of points) {
      ctx.beginPath();
      ctx.arc(px(x), py(y), r, 0, 2 * Math.PI);
      ctx.fillStyle = label ? t.class1 : t.class0;
      ctx.fill();
      ctx.strokeStyle = t.bg;
      ctx.stroke();
    }
    if (focused) {
      const cx = px(cursor.x),
        cy = py(cursor.y);
      ctx.strokeStyle = t.fg;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.arc(cx, cy, 7, 0, 2 * Math.PI);
      ctx.moveTo(cx - 11, cy);
      ctx.lineTo(cx - 4, cy);
      ctx.moveTo(cx + 4, cy);
      ctx.lineTo(cx + 11, cy);
      ctx.moveTo(cx, cy - 11);
      ctx.lineTo(cx, cy - 4);
      ctx.moveTo(cx, cy + 4);
      ctx.lineTo(cx, cy + 11);
      ctx.stroke();
    }
    ctx.strokeStyle = t.rule;
    ctx.lineWidth = 1;
    ctx.strokeRect(0.5, 0.5, w - 1, h - 1);
  }

  /** @param {PointerEvent} e  -> data coordinates, and data units per CSS pixel */
  function toData(e) {
    const box = canvas.getBoundingClientRect();
    const [x0, x1, y0, y1] = view;
    const u = (e.clientX - box.left) / box.width,
      v = (e.clientY - box.top) / box.height;
    return { x: x0 + u * (x1 - x0), y: y1 - v * (y1 - y0), perPx: (x1 - x0) / box.width };
  }

  /** @type {{id: number, x: number, y: number, erasing: boolean} | null} */
  let press = null;
  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || press) return;
    canvas.setPointerCapture(e.pointerId);
    press = { id: e.pointerId, x: e.clientX, y: e.clientY, erasing: false };
    e.preventDefault(); // (no text selection, no focus jump: the focus follows below)
    canvas.focus({ preventScroll: true });
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!press || e.pointerId !== press.id) return;
    if (!press.erasing && Math.hypot(e.clientX - press.x, e.clientY - press.y) > DRAG_PX)
      press.erasing = true;
    if (press.erasing) {
      const at = toData(e);
      actions.erase(at.x, at.y, ERASE_PX * at.perPx);
    }
  });
  canvas.addEventListener('pointerup', (e) => {
    if (!press || e.pointerId !== press.id) return;
    const at = toData(e);
    if (!press.erasing) {
      const [x0, x1, y0, y1] = view;
      if (at.x >= x0 && at.x <= x1 && at.y >= y0 && at.y <= y1) actions.add(at.x, at.y, e.shiftKey);
    }
    press = null;
    actions.gestureEnd();
  });
  canvas.addEventListener('pointercancel', () => ((press = null), actions.gestureEnd()));

  canvas.addEventListener('keydown', (e) => {
    const [x0, x1, y0, y1] = view;
    const step = STEP * (x1 - x0) * (e.shiftKey ? 4 : 1);
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const move = moves[e.key];
    if (move) {
      cursor = {
        x: Math.min(x1, Math.max(x0, cursor.x + move[0] * step)),
        y: Math.min(y1, Math.max(y0, cursor.y + move[1] * step)),
      };
      actions.cursorMoved(cursor.x, cursor.y);
      surface.redraw();
    } else if (e.key === 'Enter' || e.key === ' ') actions.add(cursor.x, cursor.y, e.shiftKey);
    else if (e.key === 'Delete' || e.key === 'Backspace') actions.removeNearest(cursor.x, cursor.y);
    else if ((e.key === 'z' || e.key === 'Z') && (e.ctrlKey || e.metaKey)) actions.undo();
    else if ((e.key === 'c' || e.key === 'C') && !e.ctrlKey && !e.metaKey && !e.altKey)
      actions.switchClass();
    else return;
    e.preventDefault();
    if (!move) actions.gestureEnd();
  });
  canvas.addEventListener('focus', () => ((focused = true), surface.redraw()));
  canvas.addEventListener('blur', () => ((focused = false), surface.redraw()));

  return {
    canvas,
    /**
     * @param {Point[]} next
     * @param {Bounds} [box]  a new view (the set was replaced), else the same
     */
    setPoints(next, box) {
      points = next;
      if (box) {
        view = box;
        cursor = { x: (box[0] + box[1]) / 2, y: (box[2] + box[3]) / 2 };
        surface.relayout();
      } else surface.redraw();
    },
    cursor: () => ({ ...cursor }),
    destroy: () => surface.destroy(),
  };
}

/** The pad's default view, and the rule for a set: that square, widened to hold every point. */
const HALF_WIDTH = 2.5;
/**
 * @param {Point[]} points
 * @returns {Bounds}
 */
export function viewOf(points) {
  let m = HALF_WIDTH;
  for (const [x, y] of points) m = Math.max(m, Math.abs(x) * 1.1, Math.abs(y) * 1.1);
  return [-m, m, -m, m];
}
