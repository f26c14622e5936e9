// The confusion matrix of one network of the images figure, a select choosing which: a table
// (rows the true class, columns the guess; a cell's shade is its share of the row) that a screen
// reader reads as a table and a keyboard scrolls on a phone. The counts come from image-stats.js
// confusion(), over the core's guesses.
import { accuracyOf } from './image-stats.js';

/** @typedef {import('../shared/types').I18n} I18n */
/** @typedef {{act: string, seed: number, matrix: number[][]}} Confusion */

/**
 * @param {HTMLElement} root
 * @param {{i18n: I18n}} ctx
 */
export function createConfusionView(root, { i18n }) {
  root.innerHTML = `<div class="field images-confusion-pick"><label for="images-confusion-act" data-i18n="images.confusion_pick"></label>
      <select id="images-confusion-act" data-confusion-act></select></div>
    <p class="ev-caption" id="images-confusion-caption" data-confusion-caption></p>
    <div class="table-scroll" tabindex="0" role="region" aria-labelledby="images-confusion-caption">
      <table class="results-table images-confusion" aria-labelledby="images-confusion-caption" data-confusion></table></div>`;
  const select = /** @type {HTMLSelectElement} */ (root.querySelector('[data-confusion-act]'));
  const table = /** @type {HTMLTableElement} */ (root.querySelector('[data-confusion]'));
  const caption = /** @type {HTMLElement} */ (root.querySelector('[data-confusion-caption]'));
  /** @type {Confusion[]} */
  let all = [];

  const className = (/** @type {number} */ k) => i18n.t(`images.class_${k}`);
  const name = (/** @type {string} */ a) => i18n.t(`common.act_${a}`);

  function draw() {
    const shown = all.find((c) => c.act === select.value) ?? all[0];
    root.hidden = !shown;
    if (!shown) return;
    const m = shown.matrix;
    const k = m.length;
    const right = m.reduce((s, row, i) => s + row[i], 0);
    const total = m.flat().reduce((s, c) => s + c, 0);
    caption.textContent = i18n.t('images.confusion_caption', {
      name: name(shown.act),
      seed: String(shown.seed),
      right: i18n.num(right, 0),
      total: i18n.num(total, 0),
      acc: i18n.pct(accuracyOf(m), 1),
    });
    table.dataset.act = shown.act;
    table.dataset.right = String(right);
    table.dataset.total = String(total);
    const head = Array.from(
      { length: k },
      (_, j) =>
        `<th scope="col"><span aria-hidden="true">${j}</span><span class="visually-hidden">${className(j)}</span></th>`,
    ).join('');
    const body = m
      .map((row, i) => {
        const n = row.reduce((s, c) => s + c, 0);
        const cells = row
          .map((c, j) => {
            const share = n ? Math.round((45 * c) / n) : 0; // at most 45%: the text stays readable
            return `<td class="${i === j ? 'diag' : ''}" data-share="${share}">${i18n.num(c, 0)}</td>`;
          })
          .join('');
        return `<tr><th scope="row">${i} ${className(i)}</th>${cells}</tr>`;
      })
      .join('');
    table.innerHTML = `<thead><tr><th scope="col">${i18n.t('images.confusion_corner')}</th>${head}</tr></thead><tbody>${body}</tbody>`;
    // The shade through the CSSOM: the page's Content-Security-Policy refuses style attributes.
    for (const td of table.querySelectorAll('td'))
      /** @type {HTMLElement} */ (td).style.setProperty(
        '--share',
        `${td.getAttribute('data-share')}%`,
      );
  }

  select.addEventListener('change', draw);

  return {
    /**
     * One matrix per network, in the order of the select; [] clears.
     * @param {Confusion[]} next
     */
    show(next) {
      const keep = select.value;
      all = next;
      select.innerHTML = next
        .map((c) => `<option value="${c.act}">${name(c.act)}</option>`)
        .join('');
      if (next.some((c) => c.act === keep)) select.value = keep;
      draw();
    },
    relabel() {
      for (const o of select.options) o.textContent = name(o.value);
      draw();
    },
  };
}
