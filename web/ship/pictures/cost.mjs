// The cost panel's picture: each activation's forward kernel rate, SIMD and scalar, measured in
// Node while the site was built (the same benchActivation the live panel's worker calls). A busy
// build machine makes these rough, and the alt text says where they came from.
import { barChartHeight, drawBarChart } from '../../js/plots/bar-chart.js';
import { PICTURE_WIDTH, svgOf } from './draw.mjs';

const W = PICTURE_WIDTH;
const N = 1 << 16; // floats per pass, as the live panel: in cache, so this times the arithmetic
const REPS = 4; // the best of these passes
const TOP = 22; // room for the legend line above the chart

/** @typedef {import('./draw.mjs').PictureEnv} PictureEnv */

/** @param {{M: import('../../js/shared/types').ActivationLab, activations: import('../../js/shared/types').ActivationName[]}} core */
export function costRun({ M, activations }) {
  // The identity is no kernel worth timing (the live panel leaves it out too).
  return activations
    .filter((fn) => fn !== 'identity')
    .map((fn) => ({
      fn,
      simd: M.benchActivation(fn, false, false, N, REPS),
      scalar: M.benchActivation(fn, false, true, N, REPS),
    }));
}

/**
 * @param {ReturnType<typeof costRun>} rates
 * @param {PictureEnv} env
 */
export function costPicture(rates, { t, num, style }) {
  const rate = (/** @type {number} */ v) => t('pictures.cost_rate', { rate: num(v / 1e6, 0) });
  const state = {
    groups: rates.map((r) => ({
      label: t(`common.act_${r.fn}`),
      bars: [
        { value: r.simd, color: r.fn, text: rate(r.simd) },
        { value: r.scalar, color: r.fn, faded: true, text: rate(r.scalar) },
      ],
    })),
    fmt: (/** @type {number} */ v) => num(v / 1e6, 0),
  };
  const chartH = barChartHeight(state);
  const H = TOP + chartH;
  const data = svgOf(W, H, style, (ctx, theme) => {
    ctx.font = `12px ${theme.sans}`;
    ctx.fillStyle = theme.soft;
    ctx.textBaseline = 'top';
    ctx.fillText(t('pictures.cost_legend'), 8, 4);
    ctx.translate(0, TOP);
    drawBarChart(ctx, W, chartH, state, theme);
  });
  const alt = t('pictures.cost_alt', {
    rates: rates
      .map((r) => `${t(`common.act_${r.fn}`)} ${rate(r.simd)} (SIMD), ${rate(r.scalar)}`)
      .join('; '),
  });
  return [{ name: 'cost', data, width: W, height: H, alt }];
}
