// Getting results out of the page: files the reader downloads (CSV, JSON, PNG) and the PyTorch
// snippet that loads exported weights. Everything is made in the browser; nothing is uploaded.
import { context2d, theme } from '../plots/canvas.js';
import { stampedName, toCsv, torchSnippet } from './formats.js';

// The pure formats are re-exported so that widgets import downloads and formats from one place.
export { stampedName, toCsv, torchSnippet };

/**
 * Saves a Blob (or text) as a file through a temporary link.
 * @param {string} filename
 * @param {Blob | string} content
 */
export function download(filename, content, type = 'text/plain;charset=utf-8') {
  const blob = content instanceof Blob ? content : new Blob([content], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started once click() returns; keep the URL a moment for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/**
 * A plot canvas as a PNG Blob. The canvases are transparent (the page shows through), so the
 * picture is composed on the page background: a dark-mode plot stays readable in a file.
 * @param {HTMLCanvasElement} canvas
 * @returns {Promise<Blob>}
 */
export function canvasPng(canvas) {
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height;
  const ctx = context2d(out);
  ctx.fillStyle = theme(canvas).bg || '#ffffff'; // the colours where the plot sits (page or embed)
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  return new Promise((ok, fail) =>
    out.toBlob((b) => (b ? ok(b) : fail(new Error('PNG encoding failed'))), 'image/png'),
  );
}

/**
 * The "PNG" button of a plot; `plot` names it for the widget's click handler (data-png). Its
 * accessible name comes from labelPngButtons, which names the plot.
 */
export const pngButton = (plot = '') =>
  `<button type="button" class="btn small" data-png="${plot}" data-i18n="export.png_button"></button>`;

/**
 * Names each PNG button under `root` after its plot ("Download “Training loss” as a PNG image"):
 * a figure has several, and one name for all says nothing of which plot is saved. The plot's
 * title is the heading of its head row, or a twin board's network label and activation.
 * @param {ParentNode} root
 * @param {import('./types').I18n} i18n
 */
export function labelPngButtons(root, i18n) {
  for (const b of root.querySelectorAll('[data-png]')) {
    const head = b.closest('.ev-plot-head, .side-head');
    const side = head?.querySelector('.side-label');
    const title = side
      ? `${side.textContent?.trim()}: ${head?.querySelector('select')?.selectedOptions[0]?.textContent?.trim() ?? ''}`
      : (head?.querySelector('.plot-title')?.textContent?.trim() ?? '');
    b.setAttribute(
      'aria-label',
      title ? i18n.t('export.png_label_named', { title }) : i18n.t('export.png_label'),
    );
  }
}

/**
 * @param {HTMLCanvasElement} canvas
 * @param {string} filename
 */
export async function downloadPng(canvas, filename) {
  download(filename, await canvasPng(canvas));
}
