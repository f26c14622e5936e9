// The many-seeds study's markup and its controls' state (seeds.js wires them): the presets, the
// three models' forms (one shown), the caption and protocol of the model shown, Run and Cancel, the
// progress line and the runs' errors.
import { captionHtml } from '../shared/takeaway.js';
import { presetButtons, setPresetsDisabled } from '../shared/fields.js';
import { explainError } from '../shared/worker-error.js';
import { setDisabled } from '../shared/focus.js';
import { finder, must } from '../shared/dom.js';
import { setTakeaway } from '../shared/takeaway.js';

/**
 * The panel's markup: presets, forms, toolbar, notes, results, history and caption.
 * @param {string[]} presetNames
 */
export const seedsHtml = (presetNames) => `
    <div class="ev-panel">
      ${presetButtons('seeds', presetNames)}
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

/**
 * Run and Cancel, the forms (locked while a study runs), the progress line and the errors.
 * @param {HTMLElement} root
 * @param {import('../shared/types').I18n} i18n
 * @param {any} study the current study of either model, or null
 * @param {{setDisabled: (off: boolean) => void}[]} forms
 * @param {() => Record<string, string | number>} progressVars the progress line's values
 * @returns {string} the progress line's text
 */
export function renderControls(root, i18n, study, forms, progressVars) {
  const $ = finder(root);
  const running = study?.state === 'running';
  // The button that disables itself hands the focus to the other one (focus.js).
  const runBtn = /** @type {HTMLButtonElement} */ ($('[data-act="run"]')),
    cancelBtn = /** @type {HTMLButtonElement} */ ($('[data-act="cancel"]'));
  setDisabled(running ? cancelBtn : runBtn, false);
  setDisabled(running ? runBtn : cancelBtn, true, running ? cancelBtn : runBtn);
  for (const form of forms) form.setDisabled(running);
  setPresetsDisabled(root, running);
  root.dataset.state = study?.state ?? 'idle';
  const progress = /** @type {HTMLProgressElement} */ ($('progress')),
    text = $('[data-progress]');
  if (study) {
    const p = study.progress(),
      vars = progressVars();
    progress.value = p.fraction;
    text.textContent = i18n.t(
      running ? 'seeds.progress_running' : `seeds.progress_${study.state}`,
      vars,
    );
    progress.setAttribute('aria-valuetext', text.textContent);
    const errs = $('[data-errors]');
    errs.hidden = !study.errors.length;
    errs.textContent = study.errors.length
      ? i18n.t('seeds.run_errors', {
          n: study.errors.length,
          message: explainError(i18n, study.errors[0].message),
        })
      : '';
  } else text.textContent = i18n.t('seeds.progress_idle');
  return text.textContent;
}

/**
 * Shows the chosen model's form, hides the other two.
 * @param {HTMLElement} root
 * @param {string} model 'mlp', 'transformer' or 'images'
 */
export function showModelForms(root, model) {
  const $ = finder(root);
  const lm = model === 'transformer';
  const images = model === 'images';
  $('[data-mlp-form]').hidden = lm || images;
  $('[data-lm-form]').hidden = !lm;
  $('[data-images-form]').hidden = !images;
}

/**
 * The caption of the chosen model, and its first sentence before a run.
 * @param {HTMLElement} root
 * @param {import('../shared/types').I18n} i18n
 * @param {string} model
 */
export function showCaption(root, i18n, model) {
  const lm = model === 'transformer';
  const caption = must(root, 'figcaption [data-i18n]');
  caption.dataset.i18n = lm ? 'seeds.lm_caption' : 'seeds.caption';
  // The MLP study's sentence says nothing about the Transformer's; before a run, what to look for.
  const lead = root.querySelector('[data-takeaway]');
  if (lm) setTakeaway(root, '');
  else if (lead && !lead.innerHTML) setTakeaway(root, i18n.t('seeds.takeaway_ready'));
  caption.innerHTML = i18n.t(caption.dataset.i18n);
}

/**
 * The protocol note of the chosen model (the network's: its split and how it chooses the epoch).
 * @param {HTMLElement} root
 * @param {import('../shared/types').I18n} i18n
 * @param {string} model
 * @param {import('../shared/types').Settings<import('../shared/types').SeedsValues>} settings
 */
export function showProtocol(root, i18n, model, settings) {
  const $ = finder(root);
  const cfg = settings.config('a');
  if (model === 'transformer')
    return ($('[data-protocol]').innerHTML = i18n.t('seeds.lm_protocol'));
  if (model === 'images') return ($('[data-protocol]').innerHTML = i18n.t('seeds.images_protocol'));
  $('[data-protocol]').innerHTML = i18n.t('seeds.protocol', {
    val: i18n.pct(cfg.val_fraction, 0),
    test: i18n.pct(cfg.test_fraction, 0),
    train: i18n.pct(1 - cfg.val_fraction - cfg.test_fraction, 0),
    choice: i18n.t(`seeds.protocol_${settings.named.choose}`),
  });
}

/**
 * The progress line's values for a study of either model.
 * @param {import('../shared/types').I18n} i18n
 * @param {import('./study.js').Study} s
 * @param {number} pairs the seeds whose pair of runs has finished
 */
export function studyProgressVars(i18n, s, pairs) {
  const p = s.progress();
  return {
    runs: p.runsDone,
    total: s.tasks,
    workers: s.workers,
    pct: i18n.pct(p.fraction, 0),
    elapsed: i18n.num(p.elapsed, 1),
    left: p.left === null ? '…' : i18n.num(Math.ceil(p.left), 0),
    pairs,
  };
}
