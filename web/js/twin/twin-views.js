// The twin lab's two views beyond its boards: the editor of a drawn data set (draw-data.js, shown
// while the data set is "custom") and the neuron maps (neuron-maps.js, behind a toggle, the `maps`
// row), wired to the settings and the two sides. The points arrive from the pad, a link, the
// element's `points` attribute, or a CSV on the page's own origin (`points-src`).
import { createDrawData } from './draw-data.js';
import { createNeuronMaps } from './neuron-maps.js';
import { must } from '../shared/dom.js';

const CUSTOM = 'custom';

/** @typedef {'a' | 'b'} Side */

/**
 * @param {HTMLElement} root  the lab, with [data-draw], [data-maps-toggle] and [data-maps]
 * @param {{
 *   core: import('../shared/types').Core,
 *   i18n: import('../shared/types').I18n,
 *   settings: import('../shared/types').Settings,
 *   sides: Record<Side, ReturnType<typeof import('./twin-side.js').createSide>>,
 *   changed: () => void,
 * }} options  changed: the settings changed (written, synced, the run reset by the lab)
 */
export function createViews(root, { core, i18n, settings, sides, changed }) {
  const drawEl = must(root, '[data-draw]');
  const mapsEl = must(root, '[data-maps]');
  const toggle = /** @type {HTMLInputElement} */ (must(root, '[data-maps-toggle]'));
  let layer = 0,
    source = ''; // the points-src read last
  const draw = createDrawData(drawEl, {
    core,
    i18n,
    settings,
    commit(text) {
      settings.set(settings.keyOf('points'), text);
      if (settings.named.dataset !== CUSTOM) settings.set(settings.keyOf('dataset'), CUSTOM);
      changed();
    },
  });
  const maps = createNeuronMaps(mapsEl, {
    i18n,
    nameOf: (s) => i18n.t(`common.act_${settings.config(s).activation}`),
    onLayer(l) {
      layer = l;
      reset();
    },
    onHighlight: (s, values, n) => sides[s].highlight(values, n),
  });
  const mapsOn = () => settings.named.maps === 'on';

  /** The workers' maps for the current run, when the panel is open. */
  function reset() {
    const depth = /** @type {number[]} */ (settings.named.hidden).length;
    layer = Math.min(layer, depth - 1);
    maps.reset(depth, layer);
    for (const s of /** @type {Side[]} */ (['a', 'b'])) sides[s].maps(mapsOn(), layer);
  }

  toggle.addEventListener('change', () => {
    settings.set('maps', toggle.checked ? 'on' : 'off');
    settings.writeHash();
    show();
    for (const s of /** @type {Side[]} */ (['a', 'b'])) sides[s].maps(mapsOn(), layer);
  });

  function show() {
    toggle.checked = mapsOn();
    mapsEl.hidden = !mapsOn();
    // (an embed's points-src too: its file is on its way, or its message says why not)
    drawEl.hidden = settings.named.dataset !== CUSTOM && !settings.named.pointsSrc;
  }

  /** A CSV of the page's own origin (the element's points-src): read once per address. */
  async function readSource() {
    const src = String(settings.named.pointsSrc ?? '');
    if (!src || src === source) return;
    source = src;
    const url = new URL(src, document.baseURI);
    if (url.origin !== location.origin)
      return draw.refuse(i18n.t('draw.src_origin', { src: core.M.showInput(src) }));
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(String(response.status));
      draw.importCsv(await response.text(), url.pathname.split('/').pop() ?? src);
    } catch {
      draw.refuse(i18n.t('draw.src_failed', { src: core.M.showInput(src) }));
    }
  }

  return {
    /**
     * The reader picked a data set: the custom one without points starts from the set it
     * replaces (before the setting changes).
     * @param {string} key
     * @param {string} text
     */
    beforeChange(key, text) {
      if (
        key === 'data' &&
        text === CUSTOM &&
        !(/** @type {unknown[]} */ (settings.named.points).length)
      )
        draw.startFrom(String(settings.named.dataset));
    },
    /** After the settings were read or changed: what the views show. */
    sync() {
      show();
      draw.sync();
      void readSource();
    },
    /** A new run (the lab reset both sides). */
    reset,
    render: () => maps.render(),
    /** @param {Side} side @param {import('./protocol').UnitMaps} m */
    setMaps: (side, m) => maps.set(side, m),
    invalidate() {
      maps.invalidate();
      draw.render();
    },
  };
}
