// The GLU figure's picture: the reference study the live figure shows first (committed by
// wasm/lm-glu-reference.mjs, no run here), drawn by the figure's own rows and dot plot
// (web/js/glu/glu-chart.js), with its reading and the table beside Shazeer's numbers in the alt.
import { drawDotPlot, dotPlotHeight } from '../../js/plots/dot-plot.js';
import { gluDotRows, gluTableRows } from '../../js/glu/glu-chart.js';
import { gluReading } from '../../js/glu/glu-caption.js';
import { gluReference } from '../numbers/readings.mjs';
import { PICTURE_WIDTH, svgOf } from './draw.mjs';

const W = PICTURE_WIDTH;
const TOP = 22; // the line saying what was run
const ROW = 18; // a line of the table under the plot
/** The table's columns: their i18n heading and where each starts, as shares of the width. */
/** @type {[string, number][]} */
const COLUMNS = [
  ['act', 0.01],
  ['loss', 0.12],
  ['delta', 0.24],
  ['pct', 0.6],
  ['his_loss', 0.73],
  ['his_pct', 0.85],
];

/** The reference study, as `lm study --reference --json` prints it. */
export function gluRun() {
  const { acts, seeds, steps, model, rows } = gluReference();
  return { acts, seeds, steps, model, rows };
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
  const rows = gluTableRows(result, words);
  const tableH = ROW * (rows.length + 1) + 8;
  const H = TOP + chartH + tableH;
  const note = t('glu.picture_note', { seeds: result.seeds.length, steps: result.steps });
  const data = svgOf(W, H, style, (ctx, theme) => {
    ctx.font = `12px ${theme.sans}`;
    ctx.fillStyle = theme.soft;
    ctx.textBaseline = 'top';
    ctx.fillText(note, 8, 4);
    ctx.translate(0, TOP);
    drawDotPlot(ctx, W, chartH, state, theme);
    // Shazeer's columns beside this study's, as the live figure's table has them.
    ctx.translate(0, chartH + 8);
    ctx.textBaseline = 'top';
    const cells = [
      COLUMNS.map(([key]) => t(`glu.th_${key}`)),
      ...rows.map((r) => [r.name, r.loss, r.delta, r.pct, r.hisLoss, r.hisPct]),
    ];
    cells.forEach((line, i) => {
      ctx.font = `${i ? '' : 'bold '}11px ${theme.sans}`;
      ctx.fillStyle = i ? theme.fg : theme.soft;
      line.forEach((text, j) => ctx.fillText(text, COLUMNS[j][1] * W, i * ROW));
    });
  });
  const name = (/** @type {string} */ a) => t(`common.act_${a}`);
  const table = rows
    .map((r) =>
      t('glu.picture_row', {
        act: r.name,
        loss: r.loss,
        delta: r.delta,
        pct: r.pct,
        his_loss: r.hisLoss,
        his_pct: r.hisPct,
      }),
    )
    .join('; ');
  const alt = `${note} ${gluReading(words, result, name) ?? ''} ${table}.`;
  return [{ name: 'glu', data, width: W, height: H, alt: alt.replace(/\s+/g, ' ') }];
}
