// The many-seeds study (the article's #experiment section, figure #seeds): the twin experiment
// repeated over N seeds in a pool of workers, each seed a pair of runs from the same initial
// weights, with validation for every choice and the test set read once per run at the end. Settings
// live in the URL hash under their own keys (s…), next to the twin lab's, so a study is a permalink
// too.
// seeds-panel.js holds its markup and controls, seeds-presets.js its presets, seeds-history.js the
// finished studies' table; the views draw the results.
import { changedSettings, createSettings } from '../shared/state.js';
import { ROWS } from './settings.js';
import { createFields, fieldSpecs, showSettings } from '../shared/fields.js';
import { createSeedsView } from './seeds-view.js';
import { labelPngButtons } from '../shared/export.js';
import { closest, finder } from '../shared/dom.js';
import { createLmStudyForm } from './seeds-lm.js';
import { createSeedsLmView } from './seeds-lm-view.js';
import { createImageStudyForm } from './seeds-images.js';
import {
  renderControls,
  seedsHtml,
  showCaption,
  showModelForms,
  showProtocol,
  studyProgressVars,
} from './seeds-panel.js';
import { applySeedsPreset, PRESET_NAMES } from './seeds-presets.js';
import { createSeedsHistory } from './seeds-history.js';
import { startSeedsStudy } from './seeds-start.js';

/** @typedef {import('./study.js').Study} Study */

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createSeeds(root, { core, i18n, store }) {
  await i18n.need('seeds', 'mlp', 'fields', 'export', 'common', 'lm');
  const settings =
    /** @type {import('../shared/types').Settings<import('../shared/types').SeedsValues>} */ (
      createSettings(core, ROWS, store) // store: the URL hash unless embedded
    );
  settings.readHash();
  /** @type {Record<string, string>} a problem found at Run, shown next to the number of seeds */
  const extraErrors = {};

  root.innerHTML = seedsHtml(PRESET_NAMES);
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
  /** @type {any} a study of the network (Study) or of the Transformer (shared/lm-study.js) */
  let study = null,
    frame = 0,
    lastAnnounce = 0;
  const history = createSeedsHistory($('[data-history]'), { core, i18n, settings });

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
    const model = lmForm.model();
    showModelForms(root, model);
    lmForm.sync();
    imageForm.sync();
    showCaption(root, i18n, model);
    showSettings(fields, settings, core, i18n, extraErrors);
    showProtocol(root, i18n, model, settings);
  }

  /** @param {string} name */
  function applyPreset(name) {
    applySeedsPreset(name, { core, settings, lmForm });
    sync();
    announcePreset(name);
  }
  const announcePreset = (/** @type {string} */ name) =>
    announce(i18n.t('seeds.announce_preset', { name: i18n.t(`seeds.preset_${name}`) }));

  /** @param {string} text */
  const announce = (text) => ($('[data-announce]').textContent = text);

  function run() {
    if (study?.state === 'running') return;
    const next = startSeedsStudy(
      { core, i18n, settings, lmForm, imageForm, extraErrors },
      schedule,
    );
    if ('study' in next) return started(next.study);
    if (next.resync) sync();
    announce(next.refused);
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
      if (s.state === 'finished') history.add(s);
      announce(i18n.t(`seeds.announce_${s.state}`, progressVars(s)));
      schedule();
    });
    schedule();
  }

  /** @param {Study} s */
  const progressVars = (s) => studyProgressVars(i18n, s, viewOf(s).summary()?.n ?? 0);

  function schedule() {
    if (!frame) frame = requestAnimationFrame(() => ((frame = 0), render()));
  }

  function render() {
    const text = renderControls(root, i18n, study, [fields, lmForm, imageForm], () =>
      progressVars(study),
    );
    if (study) {
      // Screen readers hear the progress every few seconds, not at every frame.
      if (study.state === 'running' && performance.now() - lastAnnounce > 5000)
        ((lastAnnounce = performance.now()), announce(text));
      viewOf().render(study);
    }
    history.render();
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
