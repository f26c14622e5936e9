// "Inside a Transformer", part 4: the from-scratch figure's markup and its controls' state
// (lm-scratch.js wires them): the activation chips, Train/Pause, Stop, Reset and the progress line.
import { activationChips } from '../shared/fields.js';
import { pngButton } from '../shared/export.js';
import { finder, must } from '../shared/dom.js';
import { explainError } from '../shared/worker-error.js';
import { captionHtml } from '../shared/takeaway.js';

/**
 * The figure's markup: chips, form, toolbar, curve, table, samples and caption.
 * @param {readonly string[]} activations the chips' activations, in the core's order
 */
export const lmScratchHtml = (activations) => `
    <div class="ev-panel">
      ${activationChips({ name: 'lacts', acts: activations, legend: 'lm.field_acts', errorId: 'lm-scratch-lacts-err', data: 'data-acts' })}
      <form class="ev-form" novalidate data-i18n-attr="aria-label=lm.scratch_form_label"></form>
      <div class="lab-toolbar">
        <button type="button" class="btn primary" data-act="play"><span class="icon" aria-hidden="true"></span><span data-label></span></button>
        <button type="button" class="btn" data-act="stop" data-i18n="lm.stop"></button>
        <button type="button" class="btn" data-act="reset" data-i18n="lm.reset"></button>
        <div class="progress"><progress max="1" value="0" data-i18n-attr="aria-label=lm.scratch_progress_label"></progress>
          <span class="progress-text" data-progress></span></div>
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" data-announce></div>
      <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" data-i18n="lm.scratch_curve_title"></h3>${pngButton('curve')}</div>
        <div class="plot-wrap" data-plot="curve"></div><div class="lab-legend" data-legend></div>
        <p class="ev-note" data-zoom></p></div>
      <div class="table-scroll" tabindex="0" role="region" data-i18n-attr="aria-label=lm.scratch_table_caption"><table class="results-table">
        <caption class="visually-hidden" data-i18n="lm.scratch_table_caption"></caption>
        <thead><tr>${['model', 'step', 'train', 'val', 'time', 'status'].map((c) => `<th scope="col" class="${c === 'model' ? '' : 'num'}" data-col="${c}" data-i18n="lm.col_${c}"></th>`).join('')}</tr></thead>
        <tbody></tbody></table></div>
      <div class="lm-samples" data-samples></div>
    </div>
    ${captionHtml('lm.scratch_caption')}`;

/**
 * The buttons, the form's and chips' lock and the progress line, from the run's phase.
 * @param {HTMLElement} root
 * @param {import('../shared/types').I18n} i18n
 * @param {{phase: string, error: string, models: import('./lm-scratch-view.js').Model[], steps: number}} s
 * @param {{setDisabled: (off: boolean) => void}} fields
 * @param {Iterable<HTMLInputElement>} chips
 */
export function renderControls(root, i18n, { phase, error, models, steps }, fields, chips) {
  const $ = finder(root);
  /** @param {string} a */
  const nameOf = (a) => i18n.t(`common.act_${a}`);
  root.dataset.phase = phase;
  const playButton = /** @type {HTMLButtonElement} */ ($('[data-act="play"]'));
  must(playButton, '[data-label]').textContent = i18n.t(
    phase === 'running' ? 'lm.pause' : 'lm.train',
  );
  must(playButton, '.icon').textContent = phase === 'running' ? '❚❚' : '▶';
  playButton.disabled = phase === 'finished' || Boolean(error);
  /** @type {HTMLButtonElement} */ ($('[data-act="stop"]')).disabled =
    phase === 'ready' || phase === 'finished';
  fields.setDisabled(phase === 'running');
  for (const box of chips) box.disabled = phase === 'running';
  const done = models.reduce((n, m) => n + m.step, 0),
    total = models.reduce((n, m) => n + m.steps, 0);
  const bar = /** @type {HTMLProgressElement} */ ($('progress'));
  bar.max = Math.max(1, total);
  bar.value = done;
  $('[data-progress]').textContent = error
    ? i18n.t('lm.error', { message: explainError(i18n, error) })
    : i18n.t('lm.scratch_progress', {
        list: models.map((m) => `${nameOf(m.act)} ${m.step}`).join(' · '),
        steps,
      });
}
