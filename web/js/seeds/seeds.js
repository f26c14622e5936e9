// The many-seeds study (the article's #experiment section, figure #seeds): the twin experiment
// repeated over N seeds in a pool of workers, each seed a pair of runs from the same initial
// weights, with validation for every choice and the test set read once per run at the end. Settings
// live in the URL hash under their own keys (s…), next to the twin lab's, so a study is a permalink
// too.
import { changedSettings, createSettings } from '../shared/state.js';
import { ROWS } from './settings.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';
import {
  createFields,
  fieldSpecs,
  presetButtons,
  setPresetsDisabled,
  showSettings,
} from '../shared/fields.js';
import { startStudy, summarize } from './study.js';
import { SETUPS, setupTexts } from '../shared/presets.js';
import { createSeedsView } from './seeds-view.js';
import { explainError } from '../shared/worker-error.js';
import { setDisabled } from '../shared/focus.js';
import { labelPngButtons } from '../shared/export.js';
import { closest, finder, must } from '../shared/dom.js';
import { createLmStudyForm, LM_PRESETS } from './seeds-lm.js';
import { startLmStudy, summarizeLm } from './lm-study.js';
import { createSeedsLmView } from './seeds-lm-view.js';
import { createImageStudyForm } from './seeds-images.js';
import { startImageStudy } from './image-study.js';

/** @typedef {import('../shared/types').Core} Core */
/** @typedef {import('./study.js').Study} Study */

// Each preset changes one thing of the article's setup (every other field back to it), so that
// the reader compares setups the way the study compares activations; the deep and data-set
// setups are shared with the twin lab (presets.js).
/** @typedef {(core: Core, v: {sn: number}) => string} PresetValue  a row's text for a preset */
/** @type {Record<string, Record<string, PresetValue> | null>} */
const PRESETS = {
  article: {},
  fullbatch: { sbatch: (core, v) => String(Math.min(core.limits.batch?.max ?? v.sn, v.sn)) },
  small: { shidden: () => '16,16' },
  noisy: { snoise: () => '0.4' },
};
for (const name of Object.keys(SETUPS)) PRESETS[name] = null; // filled by setupTexts
// The Transformer's presets (seeds-lm.js) come after the MLP's; each also picks the model.
const PRESET_NAMES = [...Object.keys(PRESETS), ...Object.keys(LM_PRESETS)];

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createSeeds(root, { core, i18n, store }) {
  await i18n.need('seeds', 'evidence', 'common', 'lab', 'lm');
  const settings =
    /** @type {import('../shared/types').Settings<import('../shared/types').SeedsValues>} */ (
      createSettings(core, ROWS, store) // store: the URL hash unless embedded
    );
  settings.readHash();
  /** @type {Record<string, string>} a problem found at Run, shown next to the number of seeds */
  const extraErrors = {};

  root.innerHTML = `
    <div class="ev-panel">
      ${presetButtons('seeds', PRESET_NAMES)}
      <form class="ev-form" novalidate data-model-form data-i18n-attr="aria-label=seeds.model_form_label"></form>
      <form class="ev-form" novalidate data-mlp-form data-i18n-attr="aria-label=seeds.form_label"></form>
      <form class="ev-form" novalidate data-lm-form data-i18n-attr="aria-label=seeds.lm_form_label" hidden></form>
      <form class="ev-form" novalidate data-images-form data-i18n-attr="aria-label=seeds.images_form_label" hidden></form>
      <div class="lab-toolbar">
        <button type="button" class="btn primary" data-act="run" data-i18n="seeds.run"></button>
        <button type="button" class="btn" data-act="cancel" data-i18n="seeds.cancel" disabled></button>
        <div class="progress"><progress max="1" value="0" data-i18n-attr="aria-label=seeds.progress_label"></progress>
          <span class="progress-text" data-progress></span></div>
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" data-announce></div>
      <p class="ev-note" data-protocol></p>
      <p class="ev-note ev-error" data-errors hidden></p>
      <div data-results hidden></div>
      <div data-lm-results hidden></div>
      <div class="ev-history" data-history hidden><h3 class="plot-title" data-i18n="seeds.history_title"></h3>
        <div class="table-scroll" tabindex="0"><table class="results-table"><thead></thead><tbody></tbody></table></div></div>
    </div>
    ${captionHtml('seeds.caption')}`;
  const $ = finder(root);

  const fields = createFields($('[data-mlp-form]'), fieldSpecs(settings, core), {
    idPrefix: 'seeds',
    onChange: change,
  });
  const view = createSeedsView($('[data-results]'), { core, i18n });
  // The Transformer: its own form, results and hash keys; the model choice shows one form.
  const lmForm = createLmStudyForm(
    { model: $('[data-model-form]'), form: $('[data-lm-form]') },
    { core, i18n, store: settings.store, onChange: () => sync() },
  );
  const lmView = createSeedsLmView($('[data-lm-results]'), { core, i18n });
  // The paper's test on images: its own form and keys (si…); its results are the network's view.
  const imageForm = createImageStudyForm($('[data-images-form]'), {
    core,
    i18n,
    store: settings.store,
    onChange: () => sync(),
  });
  /** @param {any} [s] a study of either model */
  const isLm = (s = study) => s?.model === 'transformer';
  /** @param {any} [s] */
  const viewOf = (s = study) => (isLm(s) ? lmView : view);
  /** @type {any} a study of the network (Study) or of the Transformer (lm-study.js) */
  let study = null,
    frame = 0,
    lastAnnounce = 0;
  /** @type {{setup: string, acts: string[], sum: import('../shared/types').PairedSummary, lm: boolean}[]} */
  const past = []; // finished studies of this visit (either model), to compare setups

  /**
   * @param {string} key
   * @param {string} text
   */
  function change(key, text) {
    settings.set(key, text);
    if (key === 'seeds' || key === 'sseed') delete extraErrors.seeds; // Run checks them again
    settings.writeHash();
    sync();
  }

  function sync() {
    const lm = lmForm.model() === 'transformer';
    const images = lmForm.model() === 'images';
    $('[data-mlp-form]').hidden = lm || images;
    $('[data-lm-form]').hidden = !lm;
    $('[data-images-form]').hidden = !images;
    lmForm.sync();
    imageForm.sync();
    const caption = must(root, 'figcaption [data-i18n]');
    caption.dataset.i18n = lm ? 'seeds.lm_caption' : 'seeds.caption';
    // The MLP study's sentence says nothing about the Transformer's; before a run, what to look for.
    const lead = root.querySelector('[data-takeaway]');
    if (lm) setTakeaway(root, '');
    else if (lead && !lead.innerHTML) setTakeaway(root, i18n.t('seeds.takeaway_ready'));
    caption.innerHTML = i18n.t(caption.dataset.i18n);
    showSettings(fields, settings, core, i18n, extraErrors);
    const cfg = settings.config('a');
    if (lm) return ($('[data-protocol]').innerHTML = i18n.t('seeds.lm_protocol'));
    if (images) return ($('[data-protocol]').innerHTML = i18n.t('seeds.images_protocol'));
    $('[data-protocol]').innerHTML = i18n.t('seeds.protocol', {
      val: i18n.pct(cfg.val_fraction, 0),
      test: i18n.pct(cfg.test_fraction, 0),
      train: i18n.pct(1 - cfg.val_fraction - cfg.test_fraction, 0),
      choice: i18n.t(`seeds.protocol_${settings.values.schoose}`),
    });
  }

  /** @param {string} name */
  function applyPreset(name) {
    if (name in LM_PRESETS) return (lmForm.applyPreset(name), sync(), announcePreset(name));
    lmForm.setModel('mlp');
    const values = setupTexts(settings, SETUPS[name] ?? {});
    const current = { sn: settings.defaults.sn };
    for (const [key, f] of Object.entries(PRESETS[name] ?? {})) values[key] = f(core, current);
    for (const [key, text] of Object.entries(values)) settings.set(key, text);
    settings.writeHash();
    sync();
    announcePreset(name);
  }
  const announcePreset = (/** @type {string} */ name) =>
    announce(i18n.t('seeds.announce_preset', { name: i18n.t(`seeds.preset_${name}`) }));

  /** @param {string} text */
  const announce = (text) => ($('[data-announce]').textContent = text);

  function run() {
    if (study?.state === 'running') return;
    if (lmForm.model() === 'transformer') return runLm();
    if (lmForm.model() === 'images') return runImages();
    // On the custom data: the points drawn in the twin lab now (the same store's `pts`).
    if (settings.values.sdata === 'custom') settings.set('pts', settings.store.get('pts') ?? '');
    const base = settings.config('a');
    const acts = [settings.values.sa, settings.values.sb];
    const { seeds, schoose: choose } = settings.values;
    // The last seed must be valid too: show that next to the number of seeds, where it is fixed.
    const problem =
      core.M.validateConfigJson(JSON.stringify(base)) ||
      core.M.validateConfigJson(JSON.stringify({ ...base, seed: base.seed + seeds - 1 }));
    if (problem) {
      extraErrors.seeds = i18n.t('seeds.err_seed_range', {
        first: base.seed,
        last: base.seed + seeds - 1,
        detail: problem.replace(/[<&]/g, ''),
      });
      sync();
      return announce(extraErrors.seeds);
    }
    delete extraErrors.seeds;
    started(startStudy({ base, acts, seeds, choose }, schedule));
  }

  function runLm() {
    const spec = lmForm.spec();
    if (!spec) return announce(i18n.t('seeds.lm_not_started'));
    started(startLmStudy(spec, schedule));
  }

  function runImages() {
    const spec = imageForm.spec();
    if (!spec) return announce(i18n.t('seeds.lm_not_started'));
    started(startImageStudy(spec, schedule));
  }

  /** Shows a study that just started (either model) and follows it to its end. */
  /** @param {any} next a study of either model */
  function started(next) {
    study = next;
    $('[data-results]').hidden = isLm(next);
    $('[data-lm-results]').hidden = !isLm(next);
    announce(
      i18n.t('seeds.announce_started', {
        seeds: study.seeds.length,
        runs: study.tasks,
        workers: study.workers,
      }),
    );
    study.done.then((/** @type {any} */ s) => {
      if (s !== study) return;
      if (s.state === 'finished') addHistory(s);
      announce(i18n.t(`seeds.announce_${s.state}`, progressVars(s)));
      schedule();
    });
    schedule();
  }

  /** @param {Study} s */
  function progressVars(s) {
    const p = s.progress();
    return {
      runs: p.runsDone,
      total: s.tasks,
      workers: s.workers,
      pct: i18n.pct(p.fraction, 0),
      elapsed: i18n.num(p.elapsed, 1),
      left: p.left === null ? '…' : i18n.num(Math.ceil(p.left), 0),
      pairs: viewOf(s).summary()?.n ?? 0,
    };
  }

  /** @param {any} s a finished study of either model */
  function addHistory(s) {
    const lm = isLm(s);
    // The views may not have drawn the last result yet: summarise the study itself.
    const sum = lm ? summarizeLm(core.M, s) : summarize(core.M, s);
    if (!sum) return;
    const c = s.base;
    // The learning rate as the reader's language writes it (0,001 in Portuguese).
    const lr = i18n.num(c.lr, 0, { maximumSignificantDigits: 6 });
    const setup =
      s.model === 'images'
        ? i18n.t('seeds.images_setup', {
            epochs: c.epochs,
            dropout: i18n.num(c.dropout, 2),
            n_train: c.n_train,
            n_test: c.n_test,
          })
        : lm
          ? i18n.t('seeds.lm_setup', {
              layers: c.layers,
              d: c.d,
              heads: c.heads,
              ctx: c.ctx,
              steps: c.steps,
              lr,
              init: i18n.t(`lm.init_${c.init}`),
            })
          : i18n.t('seeds.setup', {
              data: i18n.t(`lab.dataset_${c.dataset}`),
              init: i18n.t(`lab.init_${c.init}`),
              norm: c.norm === 'layer' ? ' + LayerNorm' : '',
              hidden: settings.format({ type: 'layers' }, c.hidden) || '–',
              batch: c.batch,
              noise: i18n.num(c.noise, 2),
              lr,
              epochs: c.epochs,
              n: c.n,
            });
    past.push({ setup, acts: s.acts, sum, lm });
  }

  function renderHistory() {
    const box = $('[data-history]');
    box.hidden = !past.length;
    if (!past.length) return;
    /** @param {string} a */
    const name = (a) => i18n.t(`common.act_${a}`);
    must(box, 'thead').innerHTML =
      `<tr><th scope="col">${i18n.t('seeds.col_setup')}</th><th scope="col" class="num">${i18n.t('seeds.col_seeds')}</th>
      <th scope="col" class="num">${i18n.t('seeds.col_acc_a')}</th><th scope="col" class="num">${i18n.t('seeds.col_acc_b')}</th><th scope="col" class="num">${i18n.t('seeds.history_col_ci')}</th></tr>`;
    // A network's row: mean test accuracy, interval in points. A Transformer's: mean final
    // validation loss and its interval, in nats per character (lower is better).
    /** @param {number | null} x @param {number} scale @param {number} digits */
    const num = (x, scale, digits) =>
      x !== null && Number.isFinite(x) ? i18n.num(x * scale, digits) : '–';
    /** @param {boolean} lm @param {number | null} x */
    const mean = (lm, x) =>
      lm ? i18n.t('seeds.history_loss', { loss: num(x, 1, 3) }) : i18n.pct(x, 2);
    must(box, 'tbody').innerHTML = past
      .map((h) => {
        const [scale, digits] = h.lm ? [1, 3] : [100, 2];
        const ci = i18n.interval(
          num(h.sum.ci_low, scale, digits),
          num(h.sum.ci_high, scale, digits),
        );
        return `<tr><th scope="row">${h.setup}</th><td class="num">${h.sum.n}</td>
      <td class="num">${name(h.acts[0])} ${mean(h.lm, h.sum.mean_a)}</td><td class="num">${name(h.acts[1])} ${mean(h.lm, h.sum.mean_b)}</td>
      <td class="num">${h.lm ? i18n.t('seeds.history_ci_nats', { ci }) : ci}</td></tr>`;
      })
      .join('');
  }

  function schedule() {
    if (!frame) frame = requestAnimationFrame(() => ((frame = 0), render()));
  }

  function render() {
    const running = study?.state === 'running';
    // The button that disables itself hands the focus to the other one (focus.js).
    const runBtn = /** @type {HTMLButtonElement} */ ($('[data-act="run"]')),
      cancelBtn = /** @type {HTMLButtonElement} */ ($('[data-act="cancel"]'));
    setDisabled(running ? cancelBtn : runBtn, false);
    setDisabled(running ? runBtn : cancelBtn, true, running ? cancelBtn : runBtn);
    fields.setDisabled(running);
    lmForm.setDisabled(running);
    imageForm.setDisabled(running);
    setPresetsDisabled(root, running);
    root.dataset.state = study?.state ?? 'idle';
    const progress = /** @type {HTMLProgressElement} */ ($('progress')),
      text = $('[data-progress]');
    if (study) {
      const p = study.progress(),
        vars = progressVars(study);
      progress.value = p.fraction;
      text.textContent = i18n.t(
        running ? 'seeds.progress_running' : `seeds.progress_${study.state}`,
        vars,
      );
      progress.setAttribute('aria-valuetext', text.textContent);
      // Screen readers hear the progress every few seconds, not at every frame.
      if (running && performance.now() - lastAnnounce > 5000)
        ((lastAnnounce = performance.now()), announce(text.textContent));
      const errs = $('[data-errors]');
      errs.hidden = !study.errors.length;
      errs.textContent = study.errors.length
        ? i18n.t('seeds.run_errors', {
            n: study.errors.length,
            message: explainError(i18n, study.errors[0].message),
          })
        : '';
      viewOf().render(study);
    } else text.textContent = i18n.t('seeds.progress_idle');
    renderHistory();
    labelPngButtons(root, i18n);
  }

  root.addEventListener('click', (e) => {
    const el = /** @type {HTMLButtonElement | null} */ (closest(e, '[data-act], [data-preset]'));
    if (!el || el.disabled) return;
    if (el.dataset.preset) return applyPreset(el.dataset.preset);
    if (el.dataset.act === 'run') run();
    else if (el.dataset.act === 'cancel') study?.cancel();
  });
  settings.store.listen(() => {
    if (study?.state === 'running') return;
    settings.readHash();
    lmForm.readHash();
    imageForm.readHash();
    sync();
  });
  await i18n.apply(root);
  i18n.onChange(() => (sync(), render()));
  sync();
  render();
  // The embed hook (embed-attributes.js): the changed rows of the model shown.
  const embedSettings = () =>
    lmForm.model() === 'transformer'
      ? lmForm.embedSettings()
      : lmForm.model() === 'images'
        ? { smodel: 'images', ...imageForm.embedSettings() }
        : changedSettings(settings);
  // dispose: the element left the page; the pool's workers end with the study.
  const cancel = () => study?.cancel();
  return { settings, run, cancel, study: () => study, embedSettings, dispose: cancel };
}
