// "Inside a Transformer", part 1: the drawing of one block (lm-block-svg.js) beside a live
// histogram of what the FFN's activation receives in the shipped pretrained model, one block at a
// time. The pre-activations come from the core in the shared pretrained worker (lm-client.js); the
// GELU and ReLU curves drawn over them, and the band where the two differ, from the core's kernels.
import { blockSvg } from './lm-block-svg.js';
import { createHistogram } from '../plots/histogram.js';
import { BLOCK_RANGE as RANGE, DIFFER_EPS as EPS, blockPlotState } from './lm-plot-states.js';
import { modelShape } from '../shared/lm-config.js';
import { nearView, pretrainedModel } from './lm-client.js';
import { failed } from '../shared/figure-state.js';
import { downloadPng, stampedName } from '../shared/export.js';
import { closest, controlOf, finder } from '../shared/dom.js';
import { histPanelHtml } from './lm-hist-panel.js';
import { explainError, messageOf } from '../shared/worker-error.js';

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createLmBlock(root, { core, i18n }) {
  await i18n.need('lm', 'common', 'fields', 'export');
  /** @type {ReturnType<typeof pretrainedModel> | null} */
  let model = null; // the shared pretrained model, started when the figure comes into view
  root.innerHTML = `
    <div class="lm-block-grid">
      <div class="lm-drawing" data-drawing></div>
      ${histPanelHtml('lm.hist_title')}
    </div>
    <figcaption data-i18n="lm.block_caption"></figcaption>`;
  const $ = finder(root);
  const plot = createHistogram($('[data-plot="hist"]'), {
    height: (w) => Math.max(180, Math.min(w * 0.62, 300)),
    fmt: (v, d) => i18n.num(v, d),
    color: 'gelu',
    bandColor: 'relu',
  });
  plot.canvas.setAttribute('role', 'img');

  /** @type {import('./protocol').LmInfo | null} */
  let info = null,
    layer = 0,
    /** @type {import('./protocol').LmHistogram | null} */
    hist = null,
    error = '';
  /** @type {Map<number, import('./protocol').LmHistogram>} */
  const cache = new Map(); // layer -> histogram result

  /** @param {number} l */
  async function show(l) {
    layer = l;
    try {
      if (!cache.has(l)) {
        if (!model) throw new Error('no model yet'); // (show() is called once it has loaded)
        cache.set(l, await model.worker.call('histogram', { layer: l, ...RANGE, eps: EPS }));
      }
      if (layer !== l) return;
      hist = cache.get(l) ?? null;
      error = '';
    } catch (err) {
      error = messageOf(err);
    }
    render();
  }

  function renderDrawing() {
    if (!info) return;
    const shape = modelShape(info.config);
    $('[data-drawing]').innerHTML = blockSvg(i18n.t, {
      ...shape,
      activation: i18n.t(`common.act_${info.activation}`),
    });
    const layers = $('[data-layers]');
    if (layers.children.length !== shape.layers)
      layers.innerHTML = Array.from(
        { length: shape.layers },
        (_, i) =>
          `<label><input type="radio" name="lm-layer" value="${i}" ${i === layer ? 'checked' : ''}><span></span></label>`,
      ).join('');
    layers
      .querySelectorAll('span')
      .forEach((s, i) => (s.textContent = i18n.t('lm.hist_layer', { n: i + 1 })));
  }

  function render() {
    renderDrawing();
    // The two curves on the histogram's x axis come from the core's kernels (main thread: cheap).
    plot.update({ ...blockPlotState(core.M, hist), xLabel: i18n.t('lm.hist_axis') });
    $('[data-legend]').innerHTML = [
      `<span class="legend-item" data-chip="gelu"><i class="swatch"></i>${i18n.t('lm.hist_legend_bars')}</span>`,
      `<span class="legend-item" data-chip="relu"><i class="swatch faded"></i>${i18n.t('lm.hist_legend_band', { eps: i18n.num(EPS, 2) })}</span>`,
      `<span class="legend-item"><i class="line solid" data-chip="gelu"></i>${i18n.t('common.act_gelu')}</span>`,
      `<span class="legend-item"><i class="line dashed" data-chip="relu"></i>${i18n.t('common.act_relu')}</span>`,
    ].join('');
    const stats = $('[data-stats]');
    if (error) stats.textContent = i18n.t('lm.error', { message: explainError(i18n, error) });
    else if (!hist) stats.textContent = i18n.t(model ? 'lm.hist_loading' : 'lm.model_on_view');
    else {
      const m = hist.moments;
      stats.innerHTML = i18n.t('lm.hist_stats', {
        layer: hist.layer + 1,
        n: i18n.num(m.n, 0),
        mean: i18n.num(m.mean, 2),
        sd: i18n.num(m.sd, 2),
        share: i18n.pct(hist.inRegion, 0),
        eps: i18n.num(EPS, 2),
        a: i18n.num(hist.region?.[0] ?? NaN, 1),
        b: i18n.num(hist.region?.[1] ?? NaN, 1),
        out: i18n.num(hist.under + hist.over, 0),
      });
      root.dataset.sd = String(m.sd);
      root.dataset.inRegion = String(hist.inRegion);
    }
    plot.canvas.setAttribute(
      'aria-label',
      hist
        ? i18n.t('lm.hist_label', { layer: hist.layer + 1 }) + ' ' + stats.textContent
        : i18n.t('lm.hist_title'),
    );
  }

  root.addEventListener('change', (e) => {
    const input = controlOf(e);
    if (input.name === 'lm-layer') show(Number(input.value));
  });
  root.addEventListener('click', (e) => {
    if (closest(e, '[data-png="hist"]'))
      downloadPng(plot.canvas, stampedName(`transformer-ffn-inputs-block${layer + 1}`, 'png'));
  });
  await i18n.apply(root);
  i18n.onChange(render);
  render();
  // The model loads in its worker while the page goes on; the figure fills in when it is ready.
  let disposed = false;
  nearView(root)
    .then(() =>
      disposed ? new Promise(() => {}) : ((model = pretrainedModel()), render(), model.ready),
    )
    .then(
      (result) => ((info = result), show(0)),
      (err) => disposed || ((error = messageOf(err)), render(), failed(root)),
    );
  // Removed from the page: this figure no longer holds the shared model (the last one ends it).
  const dispose = () => ((disposed = true), model?.release());
  return { show, dispose };
}
