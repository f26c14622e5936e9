// The twin lab's markup: its presets, form, toolbar, the two sides, the neuron maps' place, the
// curves, the results table and the caption. twin.js fills it and wires it; the ids and data-
// attributes here are what the rest of the lab (and the tests) find its parts by.
import { pngButton } from '../shared/export.js';
import { presetButtons } from '../shared/fields.js';
import { SETUPS } from '../shared/presets.js';
import { captionHtml } from '../shared/takeaway.js';

/** @type {('a' | 'b')[]} */
const SIDES = ['a', 'b'];

/** The lab's HTML, before i18n.apply fills its texts. */
export function twinMarkup() {
  return `
    <div class="lab">
      ${presetButtons('twin', ['article', ...Object.keys(SETUPS)])}
      <form class="lab-form" novalidate data-i18n-attr="aria-label=twin.form_label"></form>
      <div class="draw-data" data-draw hidden></div>
      <div class="lab-toolbar">
        <button type="button" class="btn primary" data-act="play"><span class="icon" aria-hidden="true"></span><span data-label></span></button>
        <button type="button" class="btn" data-act="step" data-i18n="twin.step"></button>
        <button type="button" class="btn" data-act="reset" data-i18n="twin.reset"></button>
        <button type="button" class="btn" data-act="stop" data-i18n="twin.stop"></button>
        <div class="progress"><progress max="1" value="0" data-i18n-attr="aria-label=twin.progress_label"></progress><span class="progress-text" data-progress></span></div>
      </div>
      <label class="pieces-toggle"><input type="checkbox" data-pieces-toggle><span data-i18n="twin.pieces"></span></label>
      <div class="lab-sides">${SIDES.map((s) => `<div class="side" data-side="${s}"></div>`).join('')}</div>
      <label class="pieces-toggle"><input type="checkbox" data-maps-toggle><span data-i18n="maps.toggle"></span></label>
      <div class="maps" data-maps hidden></div>
      <p class="signals-help" data-i18n="signals.help"></p>
      <p class="lab-note" data-note></p>
      <div class="lab-curves">
        <div><div class="ev-plot-head"><h3 class="plot-title" data-i18n="twin.loss_title"></h3>${pngButton('loss')}</div><div class="plot-wrap" data-plot="loss"></div></div>
        <div><div class="ev-plot-head"><h3 class="plot-title" data-i18n="twin.acc_title"></h3>${pngButton('acc')}</div><div class="plot-wrap" data-plot="acc"></div></div>
      </div>
      <div class="lab-legend" data-legend></div>
      <div class="table-scroll" tabindex="0" role="region" data-results data-i18n-attr="aria-label=twin.table_caption"><table class="results-table">
        <caption class="visually-hidden" data-i18n="twin.table_caption"></caption>
        <thead><tr>${['network', 'test_acc', 'train_acc', 'epochs', 'to95', 'time', 'status']
          .map(
            (c) =>
              `<th scope="col" class="${c === 'network' ? '' : 'num'}" data-col="${c.replace('_acc', '')}" data-i18n="twin.col_${c}"></th>`,
          )
          .join('')}</tr></thead>
        <tbody>${SIDES.map((s) => `<tr data-row="${s}"><th scope="row"></th><td class="num" data-col="test"></td><td class="num" data-col="train"></td><td class="num" data-col="epochs"></td><td class="num" data-col="to95"></td><td class="num" data-col="time"></td><td class="num" data-col="status"></td></tr>`).join('')}</tbody>
      </table></div>
      <div class="visually-hidden" role="status" aria-live="polite" data-announce></div>
    </div>
    ${captionHtml('twin.caption')}`;
}
