// "Inside a Transformer", part 3: the pretrained swap on the real model. Worker A loads the shipped
// GELU model, measures it, swaps the FFN activation keeping every weight and measures again; then A
// fine-tunes K steps with the new activation while worker B, the control, fine-tunes the same K
// steps (same batches) with GELU kept. Every loss and sample comes from the core, live.
// lm-swap-panel.js holds its markup and step controls, lm-swap-run.js the workers' run,
// lm-swap-view.js the results.
import { createFields, fieldSpecs, followSettings, showSettings } from '../shared/fields.js';
import { createSettings, pageHash } from '../shared/state.js';
import { lmCore } from '../shared/lm-config.js';
import { throttled } from './lm-client.js';
import { renderResults, swapVars } from './lm-swap-view.js';
import { createLinePlot } from '../plots/line-plot.js';
import { downloadPng, stampedName } from '../shared/export.js';
import { SAMPLE_ROWS, SWAP_ROWS } from './settings.js';
import { createLmBudget } from '../shared/lm-budget.js';
import { closest, finder } from '../shared/dom.js';
import { lmSwapHtml, renderSteps } from './lm-swap-panel.js';
import { createLmSwapRun } from './lm-swap-run.js';

/** @typedef {import('../shared/types').LmActivationName} LmActivationName */

/** @type {Record<string, LmActivationName>} */
const PRESETS = { relu: 'relu', gelu_tanh: 'gelu_tanh', silu: 'silu' };

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createLmSwap(root, { core, i18n, store = pageHash }) {
  await i18n.need('lm', 'common', 'fields', 'export');
  const lm = lmCore(core);
  // Once the corpus is known, the steps are checked against the compute budget: read them again.
  const budget = createLmBudget(core.M, lm.limits, () => {
    if (run.busy) return;
    params.readHash();
    sync();
    render();
  });
  const params =
    /** @type {import('../shared/types').Settings<import('../shared/types').LmSwapValues>} */ (
      createSettings(lm, [...SWAP_ROWS, ...SAMPLE_ROWS], store, { budget })
    );
  params.readHash();
  root.innerHTML = lmSwapHtml(Object.keys(PRESETS).map((p) => `swap_${p}`));
  const $ = finder(root);
  // Its own rows' fields: the samples' prompt and length are the sampler's.
  const fields = createFields($('.ev-form'), fieldSpecs(params, lm, SWAP_ROWS), {
    idPrefix: 'lm-swap',
    onChange: change,
  });
  const curve = createLinePlot($('[data-plot="curve"]'), {
    height: (w) => Math.max(170, Math.min(w * 0.4, 260)),
    fmt: (v, d) => i18n.num(v, d),
  });
  curve.canvas.setAttribute('role', 'img');

  const lmRun = createLmSwapRun({ params, announce, sync, render, repaint: () => repaint() });
  const { run } = lmRun;

  /**
   * @param {string} key
   * @param {string} text
   */
  function change(key, text) {
    params.readHash(); // the sampler's prompt may have changed since: keep it in the hash
    params.set(key, text);
    // Another target makes the last swap's numbers stale: swap again before fine-tuning.
    if (key === params.keyOf('to') && params.named.to !== run.to)
      Object.assign(run, {
        stages: {},
        zeros: {},
        samples: {},
        rates: {},
        curves: { a: [], b: [] },
        to: undefined,
      });
    params.writeHash();
    sync();
    render();
  }
  function sync() {
    showSettings(fields, params, lm, i18n);
  }

  /** @param {string} key */
  function announce(key) {
    $('[data-announce]').textContent = i18n.t(key, vars());
  }
  const vars = () => swapVars(i18n, run, params.named, lmRun.from());
  const repaint = throttled(() => render());
  function render() {
    const v = vars();
    renderSteps(root, i18n, run, params.named, v, fields);
    renderResults(root, i18n, run, {
      values: params.named,
      vars: v,
      vocabulary: lmRun.vocabulary(),
      curve,
    });
  }

  root.addEventListener('click', (e) => {
    const b = /** @type {HTMLButtonElement | null} */ (closest(e, 'button'));
    if (!b || b.disabled) return;
    if (b.dataset.preset) change('lto', PRESETS[b.dataset.preset.replace(/^swap_/, '')]);
    else if (b.dataset.act === 'swap') lmRun.swap();
    else if (b.dataset.act === 'tune') lmRun.tune();
    else if (b.dataset.act === 'stop') lmRun.stop();
    else if (b.dataset.png === 'curve')
      downloadPng(curve.canvas, stampedName('transformer-swap', 'png'));
  });
  await followSettings(root, i18n, params, { sync, render, busy: () => run.busy });
  return { params, dispose: lmRun.dispose };
}
