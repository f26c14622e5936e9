// "Inside a Transformer", part 3: the swap's markup and its step controls (lm-swap.js wires them):
// the presets, Swap, Fine-tune and Stop, and the progress line.
import { presetButtons, setPresetsDisabled } from '../shared/fields.js';
import { pngButton } from '../shared/export.js';
import { finder } from '../shared/dom.js';
import { explainError } from '../shared/worker-error.js';
import { captionHtml } from '../shared/takeaway.js';
import { STAGES } from './lm-swap-view.js';

/**
 * The figure's markup: presets, form, steps, table, curve, samples and caption.
 * @param {string[]} presets the preset buttons' names
 */
export const lmSwapHtml = (presets) => `
    <div class="ev-panel">
      ${presetButtons('lm', presets)}
      <form class="ev-form" novalidate data-i18n-attr="aria-label=lm.swap_form_label"></form>
      <div class="swap-steps">
        <button type="button" class="btn primary" data-act="swap"></button><span class="arrow" aria-hidden="true">→</span>
        <button type="button" class="btn" data-act="tune"></button>
        <button type="button" class="btn" data-act="stop" data-i18n="lm.stop"></button>
        <div class="progress"><progress max="1" value="0" data-i18n-attr="aria-label=lm.swap_progress_label"></progress>
          <span class="progress-text" data-progress></span></div>
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" data-announce></div>
      <p class="ev-verdict" data-result></p>
      <div class="table-scroll" tabindex="0" role="region" data-i18n-attr="aria-label=lm.swap_table_caption"><table class="results-table">
        <caption class="visually-hidden" data-i18n="lm.swap_table_caption"></caption>
        <thead><tr><th scope="col" data-i18n="lm.col_model"></th><th scope="col" class="num" data-i18n="lm.col_val"></th>
          <th scope="col" class="num" data-i18n="lm.col_delta"></th><th scope="col" class="num" data-i18n="lm.col_zeros"></th></tr></thead>
        <tbody>${STAGES.map((s) => `<tr data-row="${s}"><th scope="row"></th><td class="num" data-col="val"></td><td class="num" data-col="delta"></td><td class="num" data-col="zeros"></td></tr>`).join('')}</tbody>
      </table></div>
      <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" data-i18n="lm.swap_curve_title"></h3>${pngButton('curve')}</div>
        <div class="plot-wrap" data-plot="curve"></div><div class="lab-legend" data-legend></div></div>
      <div class="lm-samples">${STAGES.map((s) => `<div data-sample="${s}"><h4></h4><p class="lm-meta" data-rate></p><p class="lm-text"></p></div>`).join('')}</div>
    </div>
    ${captionHtml('lm.swap_caption')}`;

/**
 * The step buttons' labels and states, the form's lock and the progress line, from the run.
 * @param {HTMLElement} root
 * @param {import('../shared/types').I18n} i18n
 * @param {import('./lm-swap-view.js').LmSwapRun} run
 * @param {import('../shared/types').LmSwapValues} values the settings' values
 * @param {{from: string}} v the sentences' values (lm-swap-view.js swapVars)
 * @param {{setDisabled: (off: boolean) => void}} fields
 */
export function renderSteps(root, i18n, run, values, v, fields) {
  const $ = finder(root);
  const busy = Boolean(run.busy),
    s = run.stages;
  /** @param {string} a */
  const nameOf = (a) => i18n.t(`common.act_${a}`);
  root.dataset.busy = run.busy;
  $('[data-act="swap"]').textContent = i18n.t('lm.swap_step_swap', {
    from: v.from,
    to: nameOf(values.to),
  });
  $('[data-act="tune"]').textContent = i18n.t('lm.swap_step_tune', { k: values.finetuneSteps });
  /** @param {string} name */
  const button = (name) => /** @type {HTMLButtonElement} */ ($(`[data-act="${name}"]`));
  button('swap').disabled = busy;
  button('tune').disabled = busy || !s.swapped;
  button('stop').disabled = run.busy !== 'tune';
  setPresetsDisabled(root, busy);
  fields.setDisabled(busy);
  const p = run.progress,
    bar = /** @type {HTMLProgressElement} */ ($('progress'));
  bar.value = p ? p.done / p.of : 0;
  $('[data-progress]').textContent = run.error
    ? i18n.t('lm.error', { message: explainError(i18n, run.error) })
    : run.busy === 'tune'
      ? i18n.t('lm.swap_busy_tune', {
          done: p ? Math.round(p.done / 2) : 0,
          k: values.finetuneSteps,
        })
      : run.busy
        ? i18n.t('lm.swap_busy_swap')
        : i18n.t(
            s.control
              ? 'lm.swap_status_tuned'
              : s.swapped
                ? 'lm.swap_status_swapped'
                : 'lm.swap_status_idle',
          );
}
