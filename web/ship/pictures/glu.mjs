// The GLU figure's picture: a short build-time run of `lm study` (the CLI's loop and the core's
// paired summaries, wasm/cli-lm-study.mjs) drawn by the live figure's own rows and dot plot
// (web/js/glu/glu-chart.js), with the takeaway computed from it and Shazeer's numbers in the alt.
// Kept short (~15 s on one idle core) and cached between builds (run-cache.mjs).
import { readFileSync } from 'node:fs';
import { drawDotPlot, dotPlotHeight } from '../../js/plots/dot-plot.js';
import { gluDotRows, gluTableRows } from '../../js/glu/glu-chart.js';
import { gluTakeaway } from '../../js/glu/glu-caption.js';
import { runStudy } from '../../../wasm/cli-lm-study.mjs';
import { PICTURE_WIDTH, svgOf } from './draw.mjs';

const W = PICTURE_WIDTH;
/** The build's run: three variants against ReLU, two seeds, a short schedule. */
export const GLU_PICTURE_RUN = { acts: 'gelu,swiglu,geglu', seeds: '2', steps: '120' };
const TOP = 22; // the line saying what was run

/** @param {{M: import('../../js/shared/types').ActivationLab}} core */
export function gluRun({ M }) {
  const io = {
    readText: (/** @type {string} */ path) => readFileSync(path, 'utf8'),
    toNumber: (/** @type {string} */ text) => Number(text),
    fail: (/** @type {string} */ message) => {
      throw new Error(`pictures: glu: ${message}`);
    },
  };
  return runStudy(M, GLU_PICTURE_RUN, /** @type {any} */ (io));
}

/**
 * @param {import('../../js/glu/glu-study.js').GluResult} result
 * @param {import('./draw.mjs').PictureEnv} env
 */
export function gluPicture(result, { t, num, interval, style }) {
  const words = { t, num, interval };
  const state = {
    rows: gluDotRows(result, words),
    reference: 0,
    pairs: false,
    fmt: (/** @type {number} */ v, /** @type {number} */ d) => num(v, d),
  };
  const chartH = dotPlotHeight(state);
  const H = TOP + chartH;
  const note = t('glu.picture_note', { seeds: result.seeds.length, steps: result.steps });
  const data = svgOf(W, H, style, (ctx, theme) => {
    ctx.font = `12px ${theme.sans}`;
    ctx.fillStyle = theme.soft;
    ctx.textBaseline = 'top';
    ctx.fillText(note, 8, 4);
    ctx.translate(0, TOP);
    drawDotPlot(ctx, W, chartH, state, theme);
  });
  const name = (/** @type {string} */ a) => t(`common.act_${a}`);
  const table = gluTableRows(result, words)
    .map((r) =>
      t('glu.picture_row', {
        act: r.name,
        early: r.early,
        late: r.late,
        his_early: r.hisEarly,
        his_late: r.hisLate,
      }),
    )
    .join('; ');
  const alt = `${note} ${gluTakeaway(words, result, name) ?? ''} ${table}.`;
  return [{ name: 'glu', data, width: W, height: H, alt: alt.replace(/\s+/g, ' ') }];
}
