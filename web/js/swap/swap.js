// The pretrained swap (the article's #pretrained section, figure #swap): pretrain a network with
// one activation, swap in another while keeping every weight, watch the accuracy and the boundary
// move, then fine-tune and watch it recover. The same panel exports the weights as a PyTorch
// state_dict and imports such a file (swap-io.js). One worker (swap/swap-worker.js) holds the
// network between the steps.
// swap-panel.js holds its markup and step controls, swap-run.js the worker's run, swap-view.js
// the results.
import { createSettings } from '../shared/state.js';
import { createFields, fieldSpecs, followSettings, showSettings } from '../shared/fields.js';
import { ROWS } from './settings.js';
import { createBoundary } from '../plots/boundary.js';
import { createLinePlot } from '../plots/line-plot.js';
import { downloadPng, labelPngButtons, stampedName } from '../shared/export.js';
import { createSwapIo } from './swap-io.js';
import { closest, finder } from '../shared/dom.js';
import { createSwapBars } from './swap-diff.js';
import { renderResults, STAGES } from './swap-view.js';
import { renderSteps, swapHtml } from './swap-panel.js';
import { createSwapRun, GRID } from './swap-run.js';

/** @typedef {import('../shared/types').ActivationName} ActivationName */
/** @typedef {import('./protocol').SwapStage} SwapStage */

/** @type {Record<string, [ActivationName, ActivationName]>} */
const PRESETS = {
  gelu_relu: ['gelu', 'relu'],
  relu_gelu: ['relu', 'gelu'],
  gelu_tanh: ['gelu', 'gelu_tanh'],
};

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createSwap(root, { core, i18n, store }) {
  await i18n.need('swap', 'mlp', 'fields', 'export', 'common');
  const settings =
    /** @type {import('../shared/types').Settings<import('../shared/types').SwapValues>} */ (
      createSettings(core, ROWS, store) // store: the URL hash unless embedded
    );
  settings.readHash();
  root.innerHTML = swapHtml(Object.keys(PRESETS));
  const $ = finder(root);
  const fields = createFields($('.ev-form'), fieldSpecs(settings, core), {
    idPrefix: 'swap',
    onChange: change,
  });
  const boards = /** @type {Record<SwapStage, ReturnType<typeof createBoundary>>} */ (
    Object.fromEntries(
      STAGES.map((s) => [s, createBoundary($(`[data-board="${s}"] .boundary-wrap`))]),
    )
  );
  const curve = createLinePlot($('[data-plot="curve"]'), {
    height: (w) => Math.max(160, Math.min(w * 0.35, 240)),
    fmt: (v, d) => i18n.num(v, d),
    yDomain: ([lo]) => [Math.min(Math.max(0, lo), 0.9), 1],
  });
  curve.canvas.setAttribute('role', 'img');
  const bars = createSwapBars($('[data-plot="bars"]'), i18n);
  const { run, config, send, cancel, requestState, importState } = createSwapRun(root, {
    i18n,
    settings,
    boards,
    render,
    sync,
    rejected: (message, hidden) => io.rejected(message, hidden),
  });
  const io = createSwapIo($('[data-io]'), {
    i18n,
    settings,
    requestState,
    importState,
    busy: () => Boolean(run.busy),
  });

  /**
   * @param {string} key
   * @param {string} text
   */
  function change(key, text) {
    settings.set(key, text);
    settings.writeHash();
    sync();
    render();
  }

  function sync() {
    showSettings(fields, settings, core, i18n);
    io.sync();
  }

  function render() {
    renderSteps(root, i18n, run, settings.named, fields);
    renderResults(root, i18n, run, settings.named, { bars, curve });
    io.render(run);
    labelPngButtons(root, i18n);
  }

  root.addEventListener('click', (e) => {
    const b = /** @type {HTMLButtonElement | null} */ (closest(e, 'button'));
    if (!b || b.disabled) return;
    if (b.dataset.preset) {
      const [from, to] = PRESETS[b.dataset.preset];
      change('wa', from);
      change('wb', to);
    } else if (b.dataset.act === 'pretrain') send('pretrain', { config: config(), grid: GRID });
    else if (b.dataset.act === 'swap') send('swap', { to: settings.named.b });
    else if (b.dataset.act === 'finetune')
      send('finetune', { epochs: settings.named.finetuneEpochs });
    else if (b.dataset.act === 'cancel') cancel();
    else if (b.dataset.png === 'curve')
      downloadPng(curve.canvas, stampedName('swap-recovery', 'png'));
    else if (b.dataset.png)
      downloadPng(
        boards[/** @type {SwapStage} */ (b.dataset.png)].canvas,
        stampedName(`swap-${b.dataset.png}`, 'png'),
      );
  });
  await followSettings(root, i18n, settings, { sync, render, busy: () => run.busy });
  return { settings };
}
