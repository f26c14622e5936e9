// "Depth and scale": how the spread of the activation's input (pre_std, src/mlp/diagnostics.hpp)
// changes through 16 hidden layers of 32 at initialisation, ReLU and GELU, PyTorch's default init
// and He's. The core computes it (Experiment.diagnosticsJson(), the lab's own config and data), so
// the build draws the chart as static SVG (web/ship/prerender.mjs, STATIC_FIGURES) and the page
// reads without JavaScript; the widget keeps that picture and only draws it where it is missing.
// The numbers come from depth-spreads.js; the caption's are data-core placeholders.
import * as i18nModule from '../shared/i18n.js';
import { SERIES, DEPTH_LAYERS, depthSpreads } from '../shared/depth-spreads.js';
import { fillCoreValues } from '../shared/core-values.js';

// Chart geometry (SVG user units; the SVG scales to its column).
const W = 560;
const H = 300;
const PAD = { left: 52, right: 142, top: 14, bottom: 44 };

/**
 * The chart and a table of its numbers, in the markup the build pre-renders (strings are data-i18n
 * keys of the depth-spread namespace, numbers formatted in the page's language).
 * @param {Pick<import('../shared/types').Core, 'M'>} core
 * @param {(x: number, digits: number) => string} [num]
 */
export function depthSpreadHtml(core, num = i18nModule.num) {
  const spreads = depthSpreads(core);
  const all = Object.values(spreads).flat();
  // Log scale from the decade below the smallest spread to a little above the largest.
  const lo = Math.floor(Math.log10(Math.min(...all)));
  const hi = Math.log10(Math.max(...all) * 1.25);
  const x = (/** @type {number} */ layer) =>
    PAD.left + ((layer - 1) / (DEPTH_LAYERS - 1)) * (W - PAD.left - PAD.right);
  const y = (/** @type {number} */ v) =>
    PAD.top + ((hi - Math.log10(v)) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  const f = (/** @type {number} */ v) => v.toFixed(1);
  const ticksY = [];
  for (let p = lo; p <= Math.floor(hi); p++) {
    const v = 10 ** p;
    ticksY.push(
      `<line class="grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${f(y(v))}" y2="${f(y(v))}"/>` +
        `<text class="tick" x="${PAD.left - 6}" y="${f(y(v) + 4)}" text-anchor="end">${num(v, Math.max(0, -p))}</text>`,
    );
  }
  const ticksX = [1, 4, 8, 12, 16].map(
    (l) =>
      `<text class="tick" x="${f(x(l))}" y="${H - PAD.bottom + 18}" text-anchor="middle">${l}</text>`,
  );
  // A band at unit scale, where GELU's curve bends (|x| from 0.5 to 2).
  const bandTop = Math.max(PAD.top, y(2));
  const band = `<rect class="unit-band" x="${PAD.left}" width="${W - PAD.left - PAD.right}" y="${f(bandTop)}" height="${f(y(0.5) - bandTop)}"/>`;
  // End labels in the right margin, pushed apart where two series end close together.
  const ends = SERIES.map(({ act, init }) => {
    const values = spreads[`${act}.${init}`];
    return { act, init, y: y(values[values.length - 1]) + 4 };
  }).sort((a, b) => a.y - b.y);
  for (let i = 1; i < ends.length; i++) ends[i].y = Math.max(ends[i].y, ends[i - 1].y + 14);
  const lines = SERIES.map(({ act, init }) => {
    const values = spreads[`${act}.${init}`];
    const points = values.map((v, i) => `${f(x(i + 1))},${f(y(v))}`).join(' ');
    return `<polyline class="series ${act} init-${init}" points="${points}"/>`;
  }).concat(
    ends.map(
      (e) =>
        `<text class="end-label ${e.act}" x="${W - PAD.right + 6}" y="${f(e.y)}" data-i18n="depth-spread.label_${e.act}_${e.init}"></text>`,
    ),
  );
  const rows = SERIES.map(({ act, init }) => {
    const values = spreads[`${act}.${init}`];
    return `<tr><th scope="row" data-i18n="depth-spread.label_${act}_${init}"></th>${[
      1, 4, 8, 12, 16,
    ]
      .map(
        (l) =>
          `<td class="num" data-act="${act}" data-init="${init}" data-layer="${l}" data-value="${values[l - 1]}">${num(values[l - 1], 3)}</td>`,
      )
      .join('')}</tr>`;
  });
  return `<svg class="depth-spread-chart" viewBox="0 0 ${W} ${H}" role="img" data-i18n-attr="aria-label=depth-spread.chart_label">
      ${band}${ticksY.join('')}${ticksX.join('')}
      <text class="axis-title" x="${f((PAD.left + W - PAD.right) / 2)}" y="${H - 6}" text-anchor="middle" data-i18n="depth-spread.axis_layer"></text>
      <text class="axis-title" x="12" y="${f((PAD.top + H - PAD.bottom) / 2)}" text-anchor="middle" transform="rotate(-90 12 ${f((PAD.top + H - PAD.bottom) / 2)})" data-i18n="depth-spread.axis_spread"></text>
      ${lines.join('')}
    </svg>
    <details class="more figure-numbers"><summary data-i18n="depth-spread.numbers"></summary>
      <div class="table-scroll" tabindex="0"><table class="values-table">
        <thead><tr><th scope="col" data-i18n="depth-spread.col_series"></th>${[1, 4, 8, 12, 16]
          .map((l) => `<th scope="col" class="num">${l}</th>`)
          .join('')}</tr></thead>
        <tbody>${rows.join('')}</tbody></table></div>
    </details>`;
}

/**
 * The live figure: the build's picture stays (it is the core's own numbers); where the page was
 * not pre-rendered (an embed, a test page), it is drawn here.
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createDepthSpread(root, { core, i18n }) {
  await i18n.need('depth-spread', 'common'); // common: the core values' tooltips
  if (root.querySelector('svg.depth-spread-chart')) return undefined;
  root.innerHTML = `${depthSpreadHtml(core, i18n.num)}<figcaption data-i18n="depth-spread.caption"></figcaption>`;
  await i18n.apply(root);
  fillCoreValues(core, i18n.num, root, i18n.t);
  return undefined;
}
