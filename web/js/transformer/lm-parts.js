// "Inside a Transformer", the part "parts": which part of GELU the pretrained model uses. The core
// (geluPartsJson, in the shared pretrained worker: forward passes only) gives the validation loss
// with each stand-in for GELU, every weight kept, and what GELU receives in each block; the bars
// show each stand-in's change, the histogram a block's inputs with the share at or below 0 and
// the share below GELU's minimum (the dip) marked. lm-parts-reading.js reads the takeaway.
import { createBarChart } from '../plots/bar-chart.js';
import { createHistogram } from '../plots/histogram.js';
import { nearView, pretrainedModel } from './lm-client.js';
import { failed } from '../shared/figure-state.js';
import { downloadPng, pngButton, stampedName } from '../shared/export.js';
import { closest, controlOf, finder } from '../shared/dom.js';
import { histPanelHtml } from './lm-hist-panel.js';
import { explainError, messageOf } from '../shared/worker-error.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';
import { PART_ORDER, partsNumbers, partsTakeaway } from './lm-parts-reading.js';
import { partsBarGroups, partsPlotState } from './lm-plot-states.js';

/** @typedef {import('./protocol').LmCalls['parts']['result']} PartsResult */

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createLmParts(root, { core, i18n }) {
  await i18n.need('lm', 'common', 'fields', 'export');
  /** @type {ReturnType<typeof pretrainedModel> | null} */
  let model = null; // the shared pretrained model, started when the figure comes into view
  root.innerHTML = `
    <div class="lm-parts-grid">
      <div class="lm-parts-bars">
        <div class="ev-plot-head"><h3 class="plot-title" data-i18n="lm.parts_bars_title"></h3>${pngButton('bars')}</div>
        <div class="plot-wrap" data-plot="bars"></div>
        <p class="ev-note" data-base></p>
      </div>
      ${histPanelHtml('lm.parts_hist_title')}
    </div>
    ${captionHtml('lm.parts_caption')}`;
  const $ = finder(root);
  const bars = createBarChart($('[data-plot="bars"]'));
  bars.canvas.setAttribute('role', 'img');
  // Named before the model answers (renderBars then says what the bars show).
  bars.canvas.setAttribute('aria-label', i18n.t('lm.parts_bars_title'));
  const plot = createHistogram($('[data-plot="hist"]'), {
    height: (w) => Math.max(180, Math.min(w * 0.62, 300)),
    fmt: (v, d) => i18n.num(v, d),
  });
  plot.canvas.setAttribute('role', 'img');
  const dip = core.M.geluDip();

  /** @type {PartsResult | null} */
  let parts = null,
    layer = 0,
    error = '';
  /** @param {string} a */
  const nameOf = (a) => i18n.t(`common.act_${a}`);
  const signed = (/** @type {number} */ x) => i18n.num(x, 3, { signDisplay: 'exceptZero' });

  function renderBars() {
    if (!parts) return;
    const n = partsNumbers(parts);
    bars.update({ groups: partsBarGroups(parts, nameOf, signed), fmt: (v, d) => i18n.num(v, d) });
    const shown = PART_ORDER.filter((a) => a in n.delta);
    const base = nameOf(parts.base.name);
    bars.canvas.setAttribute(
      'aria-label',
      i18n.t('lm.parts_bars_label', {
        base,
        loss: i18n.num(n.base, 3),
        list: shown.map((a) => `${nameOf(a)} ${signed(n.delta[a])}`).join(', '),
      }),
    );
    $('[data-base]').textContent = i18n.t('lm.parts_base', {
      base,
      loss: i18n.num(n.base, 3),
      passes: parts.parts.length + 1,
      ms: i18n.num(parts.ms, 0),
    });
  }

  function renderLayers() {
    if (!parts) return;
    const layers = $('[data-layers]');
    if (layers.children.length !== parts.blocks.length)
      layers.innerHTML = parts.blocks
        .map(
          (_, i) =>
            `<label><input type="radio" name="lm-parts-layer" value="${i}" ${i === layer ? 'checked' : ''}><span></span></label>`,
        )
        .join('');
    layers
      .querySelectorAll('span')
      .forEach((s, i) => (s.textContent = i18n.t('lm.hist_layer', { n: i + 1 })));
  }

  function renderHistogram() {
    const block = parts?.blocks[layer];
    const state = partsPlotState(core.M, block);
    const hist = state.hist;
    plot.update({ ...state, xLabel: i18n.t('lm.hist_axis') });
    const lo = i18n.num(hist?.lo ?? NaN, 0),
      hi = i18n.num(hist?.hi ?? NaN, 0);
    $('[data-legend]').innerHTML = [
      `<span class="legend-item" data-chip="gelu"><i class="swatch"></i>${i18n.t('lm.hist_legend_bars')}</span>`,
      `<span class="legend-item" data-chip="relu"><i class="swatch faded"></i>${i18n.t('lm.parts_legend_nonpositive')}</span>`,
      `<span class="legend-item"><i class="line dashed"></i>${i18n.t('lm.parts_legend_dip', { dip: i18n.num(dip, 2) })}</span>`,
      `<span class="legend-item"><i class="line solid" data-chip="gelu"></i>${i18n.t('common.act_gelu')}</span>`,
      `<span class="legend-item" data-chip="gelu"><i class="swatch faded"></i>${i18n.t('lm.parts_legend_ends', { lo, hi })}</span>`,
    ].join('');
    const stats = $('[data-stats]');
    if (error) stats.textContent = i18n.t('lm.error', { message: explainError(i18n, error) });
    else if (!block || !hist)
      stats.textContent = i18n.t(model ? 'lm.parts_loading' : 'lm.model_on_view');
    else {
      stats.innerHTML = i18n.t('lm.parts_stats', {
        layer: layer + 1,
        n: i18n.num(block.count, 0),
        mean: i18n.num(block.mean, 2),
        sd: i18n.num(block.sd, 2),
        nonpositive: i18n.pct(block.share_nonpositive, 0),
        below: i18n.pct(block.share_below_dip, 0),
        dip: i18n.num(dip, 2),
        beyond: i18n.num((hist.under ?? 0) + (hist.over ?? 0), 0),
      });
      Object.assign(root.dataset, {
        layer: String(layer),
        shareNonpositive: String(block.share_nonpositive),
        shareBelowDip: String(block.share_below_dip),
      });
    }
    plot.canvas.setAttribute(
      'aria-label',
      block
        ? `${i18n.t('lm.parts_hist_label', { layer: layer + 1 })} ${stats.textContent}`
        : i18n.t('lm.parts_hist_title'),
    );
  }

  function render() {
    renderBars();
    renderLayers();
    renderHistogram();
    setTakeaway(root, partsTakeaway(i18n, parts, nameOf) ?? i18n.t('lm.parts_takeaway_ready'));
  }

  root.addEventListener('change', (e) => {
    const input = controlOf(e);
    if (input.name !== 'lm-parts-layer') return;
    layer = Number(input.value);
    render();
  });
  root.addEventListener('click', (e) => {
    if (closest(e, '[data-png="bars"]'))
      downloadPng(bars.canvas, stampedName('transformer-gelu-parts', 'png'));
    else if (closest(e, '[data-png="hist"]'))
      downloadPng(plot.canvas, stampedName(`transformer-gelu-inputs-block${layer + 1}`, 'png'));
  });
  await i18n.apply(root);
  i18n.onChange(render);
  render();
  // The model loads in its worker while the page goes on; the figure fills in when it is ready.
  let disposed = false,
    started = 0;
  nearView(root)
    .then(() =>
      disposed ? new Promise(() => {}) : ((model = pretrainedModel()), render(), model.ready),
    )
    .then(() => {
      started = performance.now();
      return /** @type {NonNullable<typeof model>} */ (model).worker.call('parts');
    })
    .then(
      (result) => {
        parts = result;
        // the core's time in the worker, and the page's from the request to the answer
        root.dataset.ms = String(result.ms);
        root.dataset.pageMs = String(performance.now() - started);
        root.dataset.deltas = JSON.stringify(partsNumbers(result).delta);
        render();
      },
      (err) => disposed || ((error = messageOf(err)), render(), failed(root)),
    );
  // Removed from the page: this figure no longer holds the shared model (the last one ends it).
  const dispose = () => ((disposed = true), model?.release());
  return { dispose };
}
