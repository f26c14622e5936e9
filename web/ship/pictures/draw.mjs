// Shared pieces of the no-script pictures: an SVG drawn with one of the page's plots, a legend
// (the live figures name their series with chips, which a picture does not have), and the text
// filler for the pictures' strings.
import { asCanvas, createSvgContext } from './svg-context.mjs';
import { PICTURE_THEME } from './theme.mjs';
import { fill } from '../../js/shared/i18n.js';
import { textOf } from '../plain-text.mjs';

// Drawn at a phone's width and scaled up on wider screens (SVG stays crisp): the plots' 11 px
// labels stay readable at 375 px, where a wider drawing would shrink them.
export const PICTURE_WIDTH = 480;

/**
 * One image of a figure's picture; narrow: shown no wider than it was drawn; drawing: a diagram
 * (of the model, say), not a picture of a run (the note under it says which it is).
 * @typedef {{name: string, data: string | Buffer, width: number, height: number, alt: string, narrow?: boolean, drawing?: boolean}} PictureFile
 */
/** @typedef {(key: string, vars?: Record<string, string | number>) => string} Translate */
/**
 * What a picture's draw step gets, per language.
 * @typedef {{
 *   t: Translate,
 *   num: (x: number, digits?: number, opts?: Intl.NumberFormatOptions) => string,
 *   pct: (x: number, digits?: number) => string,
 *   interval: (low: string, high: string) => string,
 *   style: string,
 * }} PictureEnv
 */

/**
 * An SVG picture of `width`×`height` CSS pixels drawn by paint(ctx, theme).
 * @param {number} width
 * @param {number} height
 * @param {string} style  the page's colours (theme.mjs)
 * @param {(ctx: CanvasRenderingContext2D, t: import('../../js/shared/types').Theme) => void} paint
 */
export function svgOf(width, height, style, paint) {
  const svg = createSvgContext(width, height, { style });
  paint(asCanvas(svg), PICTURE_THEME);
  return svg.svg();
}

/**
 * A row of "— name" entries along the top right of a plot, one per series colour.
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('../../js/shared/types').Theme} t
 * @param {{color: string, label: string, dash?: number[]}[]} entries
 * @param {number} right  x of the legend's right end
 * @param {number} y
 */
export function drawLegend(ctx, t, entries, right, y) {
  ctx.save();
  ctx.font = `12px ${t.sans}`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  let x = right;
  for (const e of [...entries].reverse()) {
    x -= ctx.measureText(e.label).width + 34;
    ctx.strokeStyle = t.color(e.color);
    ctx.lineWidth = 2.5;
    ctx.setLineDash(e.dash ?? []);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 20, y);
    ctx.stroke();
    ctx.fillStyle = t.fg;
    ctx.fillText(e.label, x + 25, y);
  }
  ctx.restore();
}

/**
 * A translator over one language's tables: "ns.key" with its placeholders filled as the page
 * fills them (i18n.fill: plurals too), then as plain text (alt text and SVG text take no markup).
 * A missing key fails the build, as prerender's do.
 * @param {Record<string, Record<string, string>>} strings
 * @param {'en' | 'pt'} lang
 * @returns {Translate}
 */
export function translator(strings, lang) {
  return (key, vars = {}) => {
    const dot = key.indexOf('.');
    const text = strings[key.slice(0, dot)]?.[key.slice(dot + 1)];
    if (text === undefined) throw new Error(`pictures ${lang}: no string ${key}`);
    return textOf(fill(text, vars, lang));
  };
}
