// The signal panel under one network of the twin lab: for every hidden layer, the core's
// diagnostics (spread of the pre-activations, gradient norm on a log scale, cosine similarity of
// the representations of different points, share of dead units), after the latest epoch (solid)
// against the initialisation (dashed). A table with the same numbers is the text alternative.
import {
  METRICS,
  axisValue,
  decadeLabel,
  decadeTicks,
  describe,
  domainOf,
  profile,
  sci,
} from './signals.js';
import { ticks, tickDigits } from '../plots/axes.js';
import { createLayerProfile } from '../plots/layer-profile.js';
import { finder, must } from '../shared/dom.js';

/** @typedef {import('./signals.js').Metric} Metric */
/** @typedef {import('../shared/types').LayerStats} LayerStats */

// A unit is dead when its input is ≤ 0 for every point, which stops it only where the activation
// and its derivative are exactly zero below 0: ReLU. For GELU, SiLU or the identity the share
// measures nothing, so their panels leave it out and say why.
const CAN_DIE = new Set(['relu']);

/**
 * @param {HTMLElement} container
 * @param {'a' | 'b'} side
 * @param {{i18n: import('../shared/types').I18n}} ctx
 */
export function createSignals(container, side, { i18n }) {
  container.innerHTML = `
    <details class="signals">
      <summary data-i18n="signals.title"></summary>
      <p class="signals-note" data-signals-note></p>
      <div class="signals-grid">${METRICS.map(
        (m) => `
        <div class="signal" data-metric="${m.key}">
          <h4 class="signal-title" id="signals-${side}-${m.key}" data-i18n="signals.${m.key}"></h4>
          <div class="signal-plot" role="img"></div>
        </div>`,
      ).join('')}</div>
      <details class="signals-numbers"><summary data-i18n="signals.table_summary"></summary>
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="signals-${side}-caption"><table class="results-table signals-table">
          <caption class="visually-hidden" data-caption id="signals-${side}-caption"></caption>
          <thead><tr><th scope="col" data-i18n="signals.col_layer"></th>${METRICS.map(
            (m) => `<th scope="col" class="num" data-i18n="signals.${m.key}"></th>`,
          ).join('')}</tr></thead><tbody></tbody></table></div>
      </details>
    </details>`;
  const $ = finder(container);
  /** @type {Record<string, {wrap: HTMLElement, plot: ReturnType<typeof createLayerProfile>}>} */
  const plots = {};
  for (const m of METRICS) {
    const wrap = must(container, `[data-metric="${m.key}"] .signal-plot`);
    plots[m.key] = { wrap, plot: createLayerProfile(wrap) };
  }
  let drawn = '',
    chosen = false; // the reader opened or closed the panel: leave it so
  const details = /** @type {HTMLDetailsElement} */ ($('details.signals'));
  must(details, 'summary').addEventListener('click', () => (chosen = true));

  /**
   * @param {Metric} m
   * @param {number | null | undefined} v
   */
  const fmtValue = (m, v) => {
    if (v === null || v === undefined || !Number.isFinite(v)) return '–';
    if (m.key === 'grad_norm') return sci(v, 2, i18n.language() === 'pt' ? ',' : '.');
    if (m.key === 'dead_fraction') return i18n.pct(v, 0);
    return i18n.num(v, m.key === 'cos_sim' ? 2 : 3);
  };

  /**
   * @param {Metric} m
   * @param {[number, number]} domain
   */
  function yTicks(m, domain) {
    if (m.scale === 'log')
      return decadeTicks(domain, 4).map((k) => ({ v: k, label: decadeLabel(k) }));
    if (m.key === 'dead_fraction') return [0, 0.5, 1].map((v) => ({ v, label: i18n.pct(v, 0) }));
    const vs = ticks(domain[0], domain[1], 3);
    const d = tickDigits(vs);
    return vs.map((v) => ({ v, label: i18n.num(v, d) }));
  }

  /**
   * Draws the panel for { init: layers at epoch 0, last: layers of the latest epoch, epoch }
   * in the network's colour, when any of them changed (or after invalidate()).
   * @param {{init: LayerStats[] | null, last: LayerStats[] | null, epoch: number, color: string,
   *   activation: string | null}} state
   */
  function render({ init, last, epoch, color, activation }) {
    const mark = `${epoch}/${color}/${init ? init.length : 0}/${last ? 1 : 0}/${activation}`;
    if (mark === drawn) return;
    drawn = mark;
    const current = last ?? init;
    const L = current?.length ?? 0;
    container.hidden = !L;
    if (!current || !L) return;
    // Open by default where depth makes the signals worth watching (the article's 64,64 has two).
    if (!chosen) details.open = L > 2;
    const dies = CAN_DIE.has(activation ?? '');
    const metrics = METRICS.filter((m) => dies || m.key !== 'dead_fraction');
    must(container, '[data-metric="dead_fraction"]').hidden = !dies;
    const note = i18n.t(epoch ? 'signals.note' : 'signals.note_init', { layers: L, epoch });
    $('[data-signals-note]').textContent = dies
      ? note
      : `${note} ${i18n.t('signals.dead_not_applicable', { name: i18n.t(`common.act_${activation}`) })}`;
    for (const m of metrics) {
      const now = profile(current, m.key),
        start = profile(init, m.key);
      const domain = domainOf(m, epoch ? [now, start] : [now]);
      /** @type {import('../plots/layer-profile.js').ProfileSeries[]} */
      const series = [];
      if (epoch && init)
        series.push({
          values: start.map((v) => axisValue(m, v)),
          color: '', // faded: drawn in the soft colour
          faded: true,
          dash: [3, 3],
        });
      series.push({ values: now.map((v) => axisValue(m, v)), color });
      plots[m.key].plot.update({ layers: L, domain, yTicks: yTicks(m, domain), series });
      const d = describe(current, m.key);
      plots[m.key].wrap.setAttribute(
        'aria-label',
        i18n.t('signals.plot_label', {
          metric: i18n.t(`signals.${m.key}`),
          epoch,
          first: fmtValue(m, d?.first),
          last: fmtValue(m, d?.last),
          layers: L,
        }),
      );
    }
    $('[data-caption]').textContent = i18n.t('signals.table_caption', { epoch });
    $('tbody').innerHTML = current
      .map(
        (layer, i) =>
          `<tr><th scope="row">${i + 1}</th>${METRICS.map((m) => `<td class="num">${metrics.includes(m) ? fmtValue(m, layer?.[m.key]) : '–'}</td>`).join('')}</tr>`,
      )
      .join('');
  }

  return { render, invalidate: () => (drawn = '') };
}
