// Just enough of CanvasRenderingContext2D for the page's plots (web/js/plots/) to draw into an
// SVG document in Node: paths (moveTo, lineTo, arc, rect), stroke, fill, text, dashes, alpha,
// clipping, save/restore. The build's no-script pictures so draw with the page's own code, and
// SVG keeps their text crisp and readable. Colours may be CSS (`var(--c-gelu)`): the picture's
// <style> defines them for light and dark (theme.mjs).

/** @param {unknown} s */
const esc = (s) =>
  String(s).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );
/** @param {number} v */
const n = (v) => String(Math.round(v * 100) / 100);

/** Canvas state that save() keeps and restore() gives back. */
function freshState() {
  return {
    fillStyle: '#000',
    strokeStyle: '#000',
    lineWidth: 1,
    font: '10px sans-serif',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    globalAlpha: 1,
    lineJoin: 'miter',
    lineCap: 'butt',
    dash: /** @type {number[]} */ ([]),
    clip: /** @type {string | null} */ (null),
    tx: 0, // translate(): an offset, the only transform the plots' callers use
    ty: 0,
  };
}

/** @type {(keyof ReturnType<typeof freshState>)[]} */
const PROPERTIES = [
  'fillStyle',
  'strokeStyle',
  'lineWidth',
  'font',
  'textAlign',
  'textBaseline',
  'globalAlpha',
  'lineJoin',
  'lineCap',
];

/**
 * A context that records into SVG; `svg()` returns the document.
 * @param {number} width
 * @param {number} height
 * @param {{style?: string, title?: string}} [options]  a <style> text; the image's <title>
 */
export function createSvgContext(width, height, { style = '', title = '' } = {}) {
  /** @type {string[]} */
  const body = [];
  /** @type {string[]} */
  const defs = [];
  let state = freshState();
  /** @type {ReturnType<typeof freshState>[]} */
  const stack = [];
  let path = '';
  let clips = 0;

  const alpha = () => (state.globalAlpha < 1 ? ` opacity="${n(state.globalAlpha)}"` : '');
  const clip = () => (state.clip ? ` clip-path="url(#${state.clip})"` : '');
  const fontSize = () => Number(/(\d+(?:\.\d+)?)px/.exec(state.font)?.[1] ?? 10);
  const fontFamily = () => state.font.replace(/^.*?\d+(?:\.\d+)?px\s*/, '');
  /** @param {string} d */
  const strokeAttrs = (d) =>
    `<path d="${d}" style="fill:none;stroke:${esc(state.strokeStyle)};stroke-width:${n(state.lineWidth)}` +
    `;stroke-linejoin:${state.lineJoin};stroke-linecap:${state.lineCap}` +
    (state.dash.length ? `;stroke-dasharray:${state.dash.map(n).join(' ')}` : '') +
    `"${alpha()}${clip()}/>`;
  /** @param {string} d */
  const fillAttrs = (d) =>
    `<path d="${d}" style="fill:${esc(state.fillStyle)}"${alpha()}${clip()}/>`;

  const ctx = {
    save() {
      stack.push({ ...state, dash: [...state.dash] });
    },
    restore() {
      state = stack.pop() ?? freshState();
    },
    /** @param {number[]} dash */
    setLineDash(dash) {
      state.dash = [...dash];
    },
    getLineDash: () => [...state.dash],
    setTransform() {}, // plots draw in CSS pixels: one SVG unit each
    /**
     * @param {number} x
     * @param {number} y
     */
    translate(x, y) {
      state.tx += x;
      state.ty += y;
    },
    clearRect() {},
    beginPath() {
      path = '';
    },
    closePath() {
      path += 'Z';
    },
    /**
     * @param {number} x
     * @param {number} y
     */
    moveTo(x, y) {
      path += `M${n(x + state.tx)} ${n(y + state.ty)}`;
    },
    /**
     * @param {number} x
     * @param {number} y
     */
    lineTo(x, y) {
      path += `L${n(x + state.tx)} ${n(y + state.ty)}`;
    },
    /**
     * @param {number} x
     * @param {number} y
     * @param {number} w
     * @param {number} h
     */
    rect(x, y, w, h) {
      path += `M${n(x + state.tx)} ${n(y + state.ty)}h${n(w)}v${n(h)}h${n(-w)}Z`;
    },
    /**
     * A full circle or an arc, counter-clockwise false as canvas draws by default.
     * @param {number} x
     * @param {number} y
     * @param {number} r
     * @param {number} a0
     * @param {number} a1
     */
    arc(x, y, r, a0, a1) {
      const p = (/** @type {number} */ a) =>
        `${n(x + state.tx + r * Math.cos(a))} ${n(y + state.ty + r * Math.sin(a))}`;
      if (a1 - a0 >= 2 * Math.PI - 1e-9) {
        path += `M${p(a0)}A${n(r)} ${n(r)} 0 1 1 ${p(a0 + Math.PI)}A${n(r)} ${n(r)} 0 1 1 ${p(a0)}Z`;
      } else {
        path += `${path ? 'L' : 'M'}${p(a0)}A${n(r)} ${n(r)} 0 ${a1 - a0 > Math.PI ? 1 : 0} 1 ${p(a1)}`;
      }
    },
    stroke() {
      if (path) body.push(strokeAttrs(path));
    },
    fill() {
      if (path) body.push(fillAttrs(path));
    },
    clip() {
      const id = `clip${++clips}`;
      defs.push(`<clipPath id="${id}"><path d="${path}"/></clipPath>`);
      state.clip = id;
    },
    /**
     * @param {number} x
     * @param {number} y
     * @param {number} w
     * @param {number} h
     */
    fillRect(x, y, w, h) {
      body.push(fillAttrs(`M${n(x + state.tx)} ${n(y + state.ty)}h${n(w)}v${n(h)}h${n(-w)}Z`));
    },
    /**
     * @param {number} x
     * @param {number} y
     * @param {number} w
     * @param {number} h
     */
    strokeRect(x, y, w, h) {
      body.push(strokeAttrs(`M${n(x + state.tx)} ${n(y + state.ty)}h${n(w)}v${n(h)}h${n(-w)}Z`));
    },
    /**
     * @param {string} text
     * @param {number} x
     * @param {number} y
     */
    fillText(text, x, y) {
      const anchor = { center: 'middle', right: 'end', end: 'end' }[state.textAlign] ?? 'start';
      const baseline =
        { top: 'hanging', middle: 'central', bottom: 'text-after-edge' }[state.textBaseline] ??
        'alphabetic';
      body.push(
        `<text x="${n(x + state.tx)}" y="${n(y + state.ty)}" style="fill:${esc(state.fillStyle)};font-size:${n(fontSize())}px;` +
          `font-family:${esc(fontFamily())}" text-anchor="${anchor}" dominant-baseline="${baseline}"` +
          `${alpha()}${clip()}>${esc(text)}</text>`,
      );
    },
    /**
     * An estimate (no font metrics in Node): wide enough for the plots' label columns.
     * @param {string} text
     */
    measureText(text) {
      return { width: [...String(text)].length * fontSize() * 0.58 };
    },
    /** The SVG document of everything drawn so far. */
    svg() {
      return (
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
        (title ? `<title>${esc(title)}</title>` : '') +
        (style ? `<style>${style}</style>` : '') +
        (defs.length ? `<defs>${defs.join('')}</defs>` : '') +
        `<rect width="100%" height="100%" style="fill:var(--bg)"/>` +
        body.join('') +
        `</svg>`
      );
    },
  };
  // The drawing state's plain properties, as canvas has them (fillStyle, font, globalAlpha...).
  for (const key of PROPERTIES) {
    Object.defineProperty(ctx, key, {
      get: () => state[key],
      set: (/** @type {unknown} */ v) => {
        /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (state))[key] = v;
      },
    });
  }
  return ctx;
}

/**
 * The context typed as the plots expect it: they use only what createSvgContext implements.
 * @param {ReturnType<typeof createSvgContext>} ctx
 */
export const asCanvas = (ctx) =>
  /** @type {CanvasRenderingContext2D} */ (/** @type {unknown} */ (ctx));
