// The article's worked values, read from the core: ReLU(x), Φ(x) and GELU(x) = x·Φ(x) at a few
// inputs. Each cell carries data-fn and data-x so the numbers can be checked by tests.

const INPUTS = [-1, 1, 2];
/** @type {{fn: import('../shared/types').ActivationName | 'phi', key: string}[]} */
const ROWS = [
  { fn: 'relu', key: 'worked-values.row_relu' },
  { fn: 'phi', key: 'worked-values.row_phi' },
  { fn: 'gelu', key: 'worked-values.row_gelu' },
];

/**
 * The table, in the markup the build pre-renders too (web/ship/prerender.mjs fills its data-i18n
 * strings and data-core numbers), so it reads without JavaScript and nothing moves when it starts.
 */
export function tableHtml() {
  return `<div class="table-scroll" tabindex="0"><table class="values-table">
      <thead><tr><th scope="col" data-i18n="worked-values.input"></th>
        ${INPUTS.map((x) => `<th scope="col" class="num" data-x-head="${x}">x = ${String(x).replace('-', '−')}</th>`).join('')}</tr></thead>
      <tbody>${ROWS.map(
        (r) => `<tr class="row-${r.fn}"><th scope="row" data-i18n="${r.key}"></th>
        ${INPUTS.map((x) => `<td class="num" data-fn="${r.fn}" data-x="${x}"><span data-core="${r.fn}(${x})" data-digits="4"></span></td>`).join('')}</tr>`,
      ).join('')}
      </tbody></table></div>`;
}

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createWorkedValues(root, { core, i18n }) {
  await i18n.need('worked-values');
  const { M } = core;
  /**
   * @param {string} fn  a ROWS name (from a data-fn attribute)
   * @param {number} x
   */
  const value = (fn, x) =>
    fn === 'phi'
      ? M.normalCdf(x)
      : M.evaluate(
          /** @type {import('../shared/types').ActivationName} */ (fn),
          false,
          false,
          Float32Array.of(x),
        )[0];

  root.innerHTML = `${tableHtml()}
    <figcaption data-i18n="worked-values.caption"></figcaption>`;

  function render() {
    for (const th of root.querySelectorAll('th[data-x-head]'))
      th.textContent = `x = ${i18n.num(Number(/** @type {HTMLElement} */ (th).dataset.xHead), 0)}`;
    for (const td of /** @type {NodeListOf<HTMLElement>} */ (
      root.querySelectorAll('td[data-fn]')
    )) {
      const v = value(td.dataset.fn ?? '', Number(td.dataset.x));
      td.textContent = i18n.num(v, 4);
      td.dataset.value = String(v); // the raw number, for tests and screen readers' copy
    }
  }
  await i18n.apply(root);
  i18n.onChange(render);
  render();
}
