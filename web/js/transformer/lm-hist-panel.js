// The panel of a per-block histogram of the FFN's inputs, as the block part (lm-block.js) and the
// parts part (lm-parts.js) both show it: title and PNG button, the block picker, the plot, its
// legend and its stats line. Each part fills it through the same data-* hooks.
import { pngButton } from '../shared/export.js';

/** @param {string} titleKey the i18n key of the panel's title */
export const histPanelHtml = (titleKey) => `
      <div class="lm-hist-panel">
        <div class="ev-plot-head"><h3 class="plot-title" data-i18n="${titleKey}"></h3>${pngButton('hist')}</div>
        <div class="segmented" role="radiogroup" data-layers data-i18n-attr="aria-label=lm.hist_layer_label"></div>
        <div class="plot-wrap" data-plot="hist"></div>
        <div class="lab-legend" data-legend></div>
        <p class="ev-note" data-stats aria-live="polite"></p>
      </div>`;
