// The pretrained swap's markup and its step controls (swap.js wires them): the presets, the three
// step buttons and Cancel, the progress line and the PNG buttons, enabled or not by the run's state.
import { presetButtons, setPresetsDisabled } from '../shared/fields.js';
import { pngButton } from '../shared/export.js';
import { setDisabled } from '../shared/focus.js';
import { finder } from '../shared/dom.js';
import { explainError } from '../shared/worker-error.js';
import { STAGES } from './swap-view.js';
import { captionHtml } from '../shared/takeaway.js';

/** @typedef {import('./protocol').SwapStage} SwapStage */

/**
 * The panel's markup: presets, settings form, steps, boards, bars, curve, file exchange, caption.
 * @param {string[]} presets the preset buttons' names
 */
export const swapHtml = (presets) => `
    <div class="ev-panel">
      ${presetButtons('swap', presets)}
      <form class="ev-form" novalidate data-i18n-attr="aria-label=swap.form_label"></form>
      <div class="swap-steps">
        <button type="button" class="btn primary" data-act="pretrain"></button><span class="arrow" aria-hidden="true">→</span>
        <button type="button" class="btn" data-act="swap"></button><span class="arrow" aria-hidden="true">→</span>
        <button type="button" class="btn" data-act="finetune"></button>
        <button type="button" class="btn" data-act="cancel" data-i18n="swap.cancel" disabled></button>
        <div class="progress"><progress max="1" value="0" data-i18n-attr="aria-label=swap.progress_label"></progress>
          <span class="progress-text" data-progress></span></div>
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" data-announce></div>
      <div class="swap-boards">${STAGES.map(
        (s) => `<div class="swap-board" data-board="${s}">
        <div class="ev-plot-head"><h3 class="plot-title"></h3>${pngButton(s)}</div>
        <div class="boundary-wrap" role="img"></div><p class="swap-acc"></p></div>`,
      ).join('')}</div>
      <p class="ev-note" data-i18n="swap.change_note"></p>
      <div class="ev-plot"><h3 class="plot-title" data-i18n="swap.bars_title"></h3><div class="plot-wrap" data-plot="bars"></div></div>
      <p class="ev-verdict" data-result></p>
      <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" data-i18n="swap.curve_title"></h3>
        ${pngButton('curve')}</div>
        <div class="plot-wrap" data-plot="curve"></div></div>
      <div class="swap-io" data-io></div>
    </div>
    ${captionHtml('swap.caption')}`;

/**
 * The step buttons' labels and states, the progress line and the PNG buttons, from the run.
 * @param {HTMLElement} root
 * @param {import('../shared/types').I18n} i18n
 * @param {import('./swap-run.js').SwapRunState} run
 * @param {import('../shared/types').SwapValues} values the settings' values
 * @param {{setDisabled: (off: boolean) => void}} fields the settings form
 */
export function renderSteps(root, i18n, run, values, fields) {
  const $ = finder(root);
  /** @param {string} a */
  const name = (a) => i18n.t(`common.act_${a}`);
  const busy = Boolean(run.busy);
  root.dataset.busy = run.busy;
  $('[data-act="pretrain"]').textContent = i18n.t('swap.step_pretrain', {
    fn: name(values.a),
  });
  $('[data-act="swap"]').textContent = i18n.t('swap.step_swap', { fn: name(values.b) });
  $('[data-act="finetune"]').textContent = i18n.t('swap.step_finetune', {
    k: values.finetuneEpochs,
  });
  // Enabled ones first, so that a button that disables itself hands the focus on (focus.js).
  /** @param {string} a */
  const button = (a) => /** @type {HTMLButtonElement} */ ($(`[data-act="${a}"]`));
  const steps = ['pretrain', 'swap', 'finetune'].map(button);
  const cancelBtn = button('cancel');
  if (busy) setDisabled(cancelBtn, false);
  const off = [busy, busy || !run.pretrained, busy || !run.swapped];
  // After a step, the next one (or Pretrain again); during one, Cancel.
  const after = () => [
    steps[STAGES.indexOf(/** @type {SwapStage} */ (root.dataset.stage)) + 1],
    ...steps,
  ];
  for (const i of [0, 1, 2]) if (!off[i]) setDisabled(steps[i], false);
  for (const i of [0, 1, 2]) if (off[i]) setDisabled(steps[i], true, busy ? cancelBtn : after);
  if (!busy) setDisabled(cancelBtn, true, after);
  setPresetsDisabled(root, busy);
  fields.setDisabled(busy);
  const pr = run.progress,
    progress = /** @type {HTMLProgressElement} */ ($('progress'));
  progress.value = pr ? pr.epoch / pr.of : busy ? 0 : run.pretrained ? 1 : 0;
  $('[data-progress]').textContent = run.error
    ? i18n.t('swap.error', { message: explainError(i18n, run.error) })
    : busy
      ? i18n.t(`swap.busy_${run.busy}`, { epoch: pr?.epoch ?? 0, of: pr?.of ?? '…' })
      : i18n.t(
          run.finetuned
            ? 'swap.status_finetuned'
            : run.swapped
              ? 'swap.status_swapped'
              : run.pretrained
                ? 'swap.status_pretrained'
                : 'swap.status_idle',
        );
  /** @param {string} sel */
  const png = (sel) => /** @type {HTMLButtonElement} */ ($(sel));
  for (const stage of STAGES) png(`[data-board="${stage}"] [data-png]`).disabled = !run[stage]; // nothing to save yet
  png('[data-png="curve"]').disabled = !run.curve?.length && !run.pretrained;
}
