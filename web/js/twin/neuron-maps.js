// "What each neuron computes": for one hidden layer (the reader picks it), a small map per unit of
// its output over the plane, network A's beside network B's, all on one colour scale with zero
// marked (plots/unit-maps.js). The maps come from the workers (Experiment.neuronMaps, with the
// snapshots: train-worker.js); this panel only paints the latest ones, once per frame of the lab.
// Hovering or focusing a map shows that unit's zero line on its network's decision boundary.
import { paintMap, paintScale, scaleColors, scaleTable, signShares } from '../plots/unit-maps.js';
import { later, theme } from '../plots/canvas.js';
import { closest, must } from '../shared/dom.js';

/** @typedef {'a' | 'b'} Side */
/** @typedef {import('./protocol').UnitMaps} UnitMaps */

/**
 * @param {HTMLElement} el
 * @param {{
 *   i18n: import('../shared/types').I18n,
 *   nameOf: (side: Side) => string,
 *   onLayer: (layer: number) => void,
 *   onHighlight: (side: Side, values: Float32Array | null, n: number) => void,
 * }} options
 */
export function createNeuronMaps(el, { i18n, nameOf, onLayer, onHighlight }) {
  el.innerHTML = `
    <div class="maps-head">
      <label><span data-i18n="maps.layer"></span> <select data-maps-layer></select></label>
      <span class="maps-legend"><span data-maps-min></span><canvas width="120" height="10" data-maps-scale aria-hidden="true"></canvas><span data-maps-max></span>
        <span class="maps-zero" data-i18n="maps.zero"></span></span>
    </div>
    <div class="maps-grid" data-maps-grid></div>
    <p class="maps-caption" data-i18n="maps.caption"></p>`;
  const grid = must(el, '[data-maps-grid]');
  const select = /** @type {HTMLSelectElement} */ (must(el, '[data-maps-layer]'));
  /** @type {Record<Side, UnitMaps | null>} */
  const latest = { a: null, b: null };
  let dirty = false,
    units = -1,
    layers = 0;
  /** @type {{side: Side, unit: number} | null} */
  let hovered = null;

  select.addEventListener('change', () => onLayer(Number(select.value)));

  /** @param {number} count  units of the layer shown */
  function build(count) {
    units = count;
    grid.innerHTML = Array.from(
      { length: count },
      (_, u) =>
        `<div class="maps-unit"><span class="maps-num" aria-hidden="true">${u + 1}</span>${[
          'a',
          'b',
        ]
          .map(
            (s) =>
              `<canvas class="maps-map" data-side="${s}" data-unit="${u}" tabindex="0" role="img" width="1" height="1"></canvas>`,
          )
          .join('')}</div>`,
    ).join('');
  }

  /** @param {Element | null} map */
  function highlight(map) {
    const side = /** @type {Side | undefined} */ (
      /** @type {HTMLElement | null} */ (map)?.dataset.side
    );
    const unit = Number(/** @type {HTMLElement | null} */ (map)?.dataset.unit);
    if (hovered) onHighlight(hovered.side, null, 0);
    hovered = side ? { side, unit } : null;
    sendHighlight();
  }
  function sendHighlight() {
    if (!hovered) return;
    const maps = latest[hovered.side];
    const cells = maps ? maps.n * maps.n : 0;
    if (maps && hovered.unit < maps.units)
      onHighlight(
        hovered.side,
        maps.values.subarray(hovered.unit * cells, (hovered.unit + 1) * cells),
        maps.n,
      );
  }
  grid.addEventListener('pointerover', (e) => highlight(closest(e, '.maps-map')));
  grid.addEventListener('pointerleave', () => highlight(null));
  grid.addEventListener('focusin', (e) => highlight(closest(e, '.maps-map')));
  grid.addEventListener('focusout', () => highlight(null));

  const MEASURE = 'twin-maps-paint';
  const PER_SLICE = 16; // maps painted per slice of a frame (canvas.js later): no long task
  let painting = 0; // the painting under way; a newer one stops it

  /** Paints the latest maps on one scale, PER_SLICE maps at a time. */
  function paint() {
    const count = Math.max(latest.a?.units ?? 0, latest.b?.units ?? 0);
    if (count !== units) build(count);
    const shown = { ...latest };
    let max = 0;
    for (const m of [shown.a, shown.b])
      if (m) for (const v of m.values) if (Number.isFinite(v)) max = Math.max(max, Math.abs(v));
    const t = theme(grid); // (an embed's colours live on its host: read them where the maps are)
    const colors = scaleColors(t);
    const scale = scaleTable(max, colors);
    paintScale(/** @type {HTMLCanvasElement} */ (must(el, '[data-maps-scale]')), colors, t.fg);
    must(el, '[data-maps-min]').textContent = i18n.num(-max, 2);
    must(el, '[data-maps-max]').textContent = i18n.num(max, 2);
    const canvases = /** @type {HTMLCanvasElement[]} */ ([...grid.querySelectorAll('.maps-map')]);
    const job = ++painting;
    performance.clearMeasures(MEASURE);
    let k = 0;
    const slice = () => {
      if (job !== painting) return;
      const t0 = performance.now();
      for (const end = Math.min(canvases.length, k + PER_SLICE); k < end; k++)
        paintOne(canvases[k], shown, scale);
      // Each slice's cost on the main thread, as a user-timing measure (tests/e2e/twin-draw.test.mjs
      // observes them; the timeline keeps the latest painting's only).
      performance.measure(MEASURE, { start: t0 });
      if (k < canvases.length) later(slice);
      else sendHighlight();
    };
    slice();
  }

  /**
   * @param {HTMLCanvasElement} canvas
   * @param {Record<Side, UnitMaps | null>} shown
   * @param {ReturnType<typeof scaleTable>} scale
   */
  function paintOne(canvas, shown, scale) {
    const side = /** @type {Side} */ (canvas.dataset.side);
    const unit = Number(canvas.dataset.unit);
    const maps = shown[side];
    if (!maps || unit >= maps.units) return;
    const cells = maps.n * maps.n;
    paintMap(canvas, maps.values, unit * cells, maps.n, scale);
    const { zero, neg } = signShares(maps.values, unit * cells, cells);
    canvas.dataset.zero = String(zero);
    canvas.dataset.neg = String(neg);
    const label = i18n.t('maps.unit_label', {
      unit: unit + 1,
      name: nameOf(side),
      zero: i18n.pct(zero),
      neg: i18n.pct(neg),
    });
    if (canvas.getAttribute('aria-label') !== label) canvas.setAttribute('aria-label', label);
  }

  return {
    /**
     * The latest maps of one network (a snapshot brought them).
     * @param {Side} side
     * @param {UnitMaps} maps
     */
    set(side, maps) {
      latest[side] = maps;
      dirty = true;
    },
    /**
     * The layers the networks have (a new run): the picker's choices, and no maps until the
     * new run's arrive.
     * @param {number} depth
     * @param {number} layer  the layer shown, 0-based
     */
    reset(depth, layer) {
      latest.a = latest.b = null;
      if (hovered) onHighlight(hovered.side, null, 0);
      hovered = null;
      if (depth !== layers) {
        layers = depth;
        select.innerHTML = Array.from(
          { length: depth },
          (_, l) => `<option value="${l}">${i18n.t('maps.layer_n', { n: l + 1 })}</option>`,
        ).join('');
      }
      select.value = String(Math.min(layer, depth - 1));
      build(0);
    },
    /** Paints the maps that arrived since the last frame (the lab's render). */
    render() {
      if (dirty) ((dirty = false), paint());
    },
    /** After a language switch: labels and numbers again. */
    invalidate() {
      for (const [l, option] of [...select.options].entries())
        option.textContent = i18n.t('maps.layer_n', { n: l + 1 });
      dirty = true;
    },
  };
}
