// "Inside a Transformer", part 4: two or three copies of the model that differ only in the FFN
// activation, trained from scratch side by side, one worker each, from the same seed (the same
// initial weights where the shapes agree, the same batches). Live validation-loss curves, a sample
// of each model at every evaluation, and a table. The workers train in slices of ~0.1 s, so Pause
// and Stop take effect within one slice.
// lm-scratch-panel.js holds its markup and controls, lm-scratch-run.js one model's run,
// lm-scratch-view.js the results.
import { createFields, fieldSpecs, followSettings, showSettings } from '../shared/fields.js';
import { createSettings, pageHash } from '../shared/state.js';
import { lmCore } from '../shared/lm-config.js';
import { throttled } from './lm-client.js';
import { renderModels, scratchTakeaway } from './lm-scratch-view.js';
import { createLinePlot } from '../plots/line-plot.js';
import { downloadPng, stampedName } from '../shared/export.js';
import { SAMPLE_ROWS, SCRATCH_ROWS } from './settings.js';
import { createLmBudget } from '../shared/lm-budget.js';
import { closest, finder } from '../shared/dom.js';
import { messageOf } from '../shared/worker-error.js';
import { lmScratchHtml, renderControls } from './lm-scratch-panel.js';
import { modelConfig, newModels, runModel } from './lm-scratch-run.js';

/** @typedef {import('../shared/types').LmActivationName} LmActivationName */
/** @typedef {import('./lm-scratch-view.js').Model} Model */
/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createLmScratch(root, { core, i18n, store = pageHash }) {
  await i18n.need('lm', 'common', 'fields', 'export');
  const lm = lmCore(core);
  // Once the corpus is known, the steps are checked against the compute budget: read them again.
  const budget = createLmBudget(core.M, lm.limits, () => {
    if (phase === 'running') return;
    params.readHash();
    sync();
    reset();
  });
  const params =
    /** @type {import('../shared/types').Settings<import('../shared/types').LmScratchValues>} */ (
      createSettings(lm, [...SCRATCH_ROWS, ...SAMPLE_ROWS], store, { budget })
    );
  params.readHash();
  root.innerHTML = lmScratchHtml(lm.activations);
  const $ = finder(root);
  // Its own rows' fields (the activations are the chips above; the samples' prompt is the
  // sampler's).
  const fields = createFields($('.ev-form'), fieldSpecs(params, lm, SCRATCH_ROWS), {
    idPrefix: 'lm-scratch',
    onChange: change,
  });
  const curve = createLinePlot($('[data-plot="curve"]'), {
    height: (w) => Math.max(180, Math.min(w * 0.45, 300)),
    fmt: (v, d) => i18n.num(v, d),
  });
  curve.canvas.setAttribute('role', 'img');

  /** @type {'ready' | 'running' | 'paused' | 'finished'} */
  let phase = 'ready',
    /** @type {Model[]} */
    models = [],
    error = '',
    generation = 0, // bumped by reset: answers of terminated workers are ignored
    vocabulary = 0; // characters of the corpus, from the first worker: ln of it is a uniform guess

  /**
   * @param {string} key
   * @param {string} text
   */
  function change(key, text) {
    params.readHash(); // the sampler's prompt may have changed since: keep it in the hash
    params.set(key, text);
    params.writeHash();
    sync();
    reset();
  }
  function sync() {
    const errors = showSettings(fields, params, lm, i18n);
    for (const box of chips())
      box.checked = params.named.activations.includes(/** @type {LmActivationName} */ (box.value));
    $('#lm-scratch-lacts-err').textContent = errors.lacts;
  }

  /** The activation chips. */
  const chips = () =>
    /** @type {NodeListOf<HTMLInputElement>} */ (root.querySelectorAll('[name="lacts"]'));

  /** @param {LmActivationName} act */
  const configOf = (act) => modelConfig(lm.defaults, params.named, act);

  function reset() {
    generation++;
    for (const m of models) m.worker?.terminate();
    error = '';
    models = newModels(params.named);
    // The combination must pass the core's validation (the compute budget included) before a run.
    for (const m of models) {
      const problem = lm.M.validateConfigJson(JSON.stringify(configOf(m.act)));
      if (problem) error = problem;
    }
    phase = 'ready';
    render();
  }

  /** @param {Model} m */
  const start = (m) =>
    runModel(m, {
      config: configOf(m.act),
      values: () => params.named,
      loaded: (n) => (vocabulary = n),
      repaint: () => repaint(),
    });

  /** @param {Model} m */
  const ended = (m) => ['done', 'stopped', 'diverged'].includes(m.status);

  async function play() {
    const g = generation;
    // The samples use the sampler's prompt as it is now (it reaches the hash by replaceState,
    // which fires no event here): read it before the run asks for samples.
    params.readHash();
    phase = 'running';
    announce('lm.scratch_announce_running');
    render();
    try {
      await Promise.all(models.filter((m) => !ended(m)).map((m) => start(m)));
    } catch (err) {
      if (g !== generation) return;
      error = messageOf(err);
      for (const m of models) m.worker?.signal('stop');
      // No model goes on after a failure: none may still read "loading" or "running".
      for (const m of models) if (!ended(m)) m.status = 'stopped';
    }
    if (g !== generation) return;
    if (models.every(ended) || error) phase = 'finished';
    else phase = 'paused';
    render();
    // Screen readers hear the result once, at the end: the caption's sentence, or what failed.
    if (error) $('[data-announce]').textContent = $('[data-progress]').textContent;
    else if (phase === 'finished')
      $('[data-announce]').textContent = scratchTakeaway(i18n, models, phase, vocabulary).replace(
        /<[^>]*>/g,
        '',
      );
  }

  /** @type {Record<string, () => void>} */
  const actions = {
    play() {
      if (phase === 'running') {
        for (const m of models) m.worker?.signal('pause');
        announce('lm.scratch_announce_paused');
      } else if (phase !== 'finished' && !error) play();
    },
    stop() {
      for (const m of models) m.worker?.signal('stop');
      if (phase === 'paused')
        (models.forEach((m) => m.status !== 'done' && (m.status = 'stopped')),
          (phase = 'finished'),
          render());
    },
    reset,
  };

  /** @param {string} a */
  const nameOf = (a) => i18n.t(`common.act_${a}`);
  /** @param {string} key */
  function announce(key) {
    $('[data-announce]').textContent = i18n.t(key, {
      list: models.map((m) => nameOf(m.act)).join(', '),
    });
  }

  const repaint = throttled(() => render());
  function render() {
    const steps = params.named.steps;
    renderControls(root, i18n, { phase, error, models, steps }, fields, chips());
    renderModels(root, i18n, { models, phase, steps, vocabulary, curve });
  }

  // The chips: the checked activations, in the core's order, as one setting (2 or 3 of them).
  $('[data-acts]').addEventListener('change', () => {
    const checked = [...chips()].filter((b) => b.checked).map((b) => b.value);
    change('lacts', checked.join(','));
  });
  root.addEventListener('click', (e) => {
    const b = /** @type {HTMLButtonElement | null} */ (closest(e, 'button'));
    if (!b || b.disabled) return;
    if (b.dataset.png === 'curve')
      downloadPng(curve.canvas, stampedName('transformer-from-scratch', 'png'));
    else if (b.dataset.act && b.dataset.act in actions) actions[b.dataset.act]();
  });
  await followSettings(root, i18n, params, {
    sync,
    render,
    reload: reset, // the runs of the old settings are over
    busy: () => phase === 'running',
  });
  /** Removed from the page: every model's worker ends, mid-run or not. */
  function dispose() {
    generation++;
    for (const m of models) m.worker?.terminate();
    models = [];
  }
  return { params, actions, phase: () => phase, dispose };
}
