// The gallery of the images figure: a few test images (image-stats.js galleryIndices), each drawn
// from its pixels, with its true class and each network's guess. A wrong guess is marked by a
// cross, a word for screen readers and a struck-through name, not by colour alone. The pixels are
// ink on the page's background in its own colours, so the images follow dark mode.
import { createCanvas, theme } from '../plots/canvas.js';

/** @typedef {import('../shared/types').I18n} I18n */
/** @typedef {{label: number, guesses: {act: string, guess: number, probability: number}[]}} GalleryItem */

const SIDE = 28;

/**
 * Paints one image's pixels (0..255) as the page's ink (--fg) on its background (--bg).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} w
 * @param {Uint8Array} pixels
 */
function paintImage(ctx, w, pixels) {
  const t = theme();
  const mask = document.createElement('canvas');
  mask.width = mask.height = SIDE;
  const m = /** @type {CanvasRenderingContext2D} */ (mask.getContext('2d'));
  const data = m.createImageData(SIDE, SIDE);
  pixels.forEach((p, i) => (data.data[4 * i + 3] = p)); // black, opaque where the garment is
  m.putImageData(data, 0, 0);
  m.globalCompositeOperation = 'source-in';
  m.fillStyle = t.fg;
  m.fillRect(0, 0, SIDE, SIDE);
  ctx.fillStyle = t.bg;
  ctx.fillRect(0, 0, w, w);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(mask, 0, 0, w, w);
}

/**
 * @param {HTMLElement} root  the gallery's list is drawn in here
 * @param {{i18n: I18n}} ctx
 */
export function createGallery(root, { i18n }) {
  /** @type {{destroy: () => void}[]} */
  let canvases = [];
  /** @type {{pixels: Uint8Array[], items: GalleryItem[]} | null} */
  let shown = null;

  const className = (/** @type {number} */ k) => i18n.t(`images.class_${k}`);
  const name = (/** @type {string} */ a) => i18n.t(`common.act_${a}`);

  /** Writes the texts (on a new run and on a change of language); the pictures stay. */
  function label() {
    if (!shown) return;
    root.querySelectorAll('li').forEach((li, i) => {
      const item = /** @type {GalleryItem} */ (shown?.items[i]);
      const truth = className(item.label);
      li.querySelector('canvas')?.setAttribute(
        'aria-label',
        i18n.t('images.gallery_image', { label: truth }),
      );
      /** @type {HTMLElement} */ (li.querySelector('[data-true]')).textContent = truth;
      /** @type {HTMLElement} */ (li.querySelector('[data-guesses]')).innerHTML = item.guesses
        .map((g) => {
          const right = g.guess === item.label;
          return `<li class="${right ? 'right' : 'wrong'}" data-act="${g.act}"><span class="mark" aria-hidden="true">${right ? '✓' : '✗'}</span>
            <span class="who">${name(g.act)}</span> <span class="guess">${className(g.guess)}</span>
            <span class="prob">${i18n.pct(g.probability, 0)}</span>
            <span class="visually-hidden">${i18n.t(right ? 'images.guess_right' : 'images.guess_wrong')}</span></li>`;
        })
        .join('');
    });
  }

  return {
    /**
     * Shows images (pixels) and, per image, its class and the networks' guesses; null clears.
     * @param {{pixels: Uint8Array[], items: GalleryItem[]} | null} next
     */
    show(next) {
      for (const c of canvases) c.destroy();
      canvases = [];
      shown = next;
      root.innerHTML = next
        ? `<ul class="images-gallery">${next.items
            .map(
              () => `<li><div class="images-pic"></div><p class="images-true"><span data-i18n="images.true_label"></span>
              <b data-true></b></p><ul class="images-guesses" data-guesses></ul></li>`,
            )
            .join('')}</ul>`
        : '';
      if (!next) return;
      root.querySelectorAll('.images-pic').forEach((box, i) => {
        const c = createCanvas(/** @type {HTMLElement} */ (box), {
          height: (w) => w,
          draw: (g, w) => paintImage(g, w, next.pixels[i]),
          className: 'images-canvas',
        });
        c.canvas.setAttribute('role', 'img');
        canvases.push(c);
      });
      void i18n.apply(root);
      label();
    },
    relabel: label,
    destroy() {
      for (const c of canvases) c.destroy();
    },
  };
}
