// The coin toss's picture: a seeded run of 400 tosses per input (js/coin/tosses.js), the running
// means drawn as dots on the core's GELU curve by the page's line plot.
import { linspace, sample } from '../../js/shared/core.js';
import { drawLinePlot } from '../../js/plots/line-plot.js';
import { INPUTS, createTosses } from '../../js/coin/tosses.js';
import { PICTURE_WIDTH, drawLegend, svgOf } from './draw.mjs';

const SEED = 1;
const TOSSES = 400;

/** @param {{M: import('../../js/shared/types').ActivationLab}} core */
export function coinRun({ M }) {
  const run = createTosses(M, INPUTS, SEED);
  run.toss(TOSSES);
  const xs = linspace(-3.2, 3.2, 321);
  return { xs, ys: sample(M, 'gelu', xs), means: run.means(), gap: run.largestGap() };
}

/**
 * @param {ReturnType<typeof coinRun>} run
 * @param {import('./draw.mjs').PictureEnv} env
 */
export function coinPicture({ xs, ys, means, gap }, { t, num, style }) {
  const W = PICTURE_WIDTH;
  const H = 270;
  const data = svgOf(W, H, style, (ctx, theme) => {
    drawLinePlot(
      ctx,
      W,
      H,
      {
        series: [{ xs, ys, color: 'gelu', width: 2.25 }],
        marks: INPUTS.map((x, i) => ({ x, y: means[i], color: 'relu', r: 4 })),
        cursor: null,
        xDomain: [-3.2, 3.2],
        yDomain: [-0.6, 3.2],
        xLabel: 'x',
        fmt: (v, d) => num(v, d),
      },
      theme,
    );
    const entries = [
      { color: 'gelu', label: t('coin-toss.legend_gelu') },
      { color: 'relu', label: t('coin-toss.legend_mean') },
    ];
    drawLegend(ctx, theme, entries, 250, 24);
  });
  const alt = t('coin-toss.picture_alt', {
    n: num(TOSSES, 0),
    seed: String(SEED),
    gap: num(gap, 3),
  });
  return [{ name: 'coin-toss', data, width: W, height: H, alt }];
}
