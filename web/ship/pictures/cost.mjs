// The cost panel's picture: each activation's forward kernel rate, SIMD and scalar, measured in
// Node while the site was built (the same benchActivation the live panel's worker calls). A busy
// build machine makes these rough, and the alt text says where they came from.
import { barChartHeight, drawBarChart } from '../../js/plots/bar-chart.js';
import { svgOf } from './draw.mjs';

const W = 640;
const N = 4096; // floats per call: in cache, as the panel's kernel rows
const REPS = 12;

/** @typedef {import('./draw.mjs').PictureEnv} PictureEnv */

/** @param {{M: import('../../js/types').ActivationLab, activations: import('../../js/types').ActivationName[]}} core */
export function costRun({ M, activations }) {
  return activations.map((fn) => ({
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
        { value: r.simd, color: r.fn, text: `${rate(r.simd)} · SIMD` },
        {
          value: r.scalar,
          color: r.fn,
          faded: true,
          text: `${rate(r.scalar)} · ${t('pictures.cost_scalar')}`,
        },
      ],
    })),
    fmt: (/** @type {number} */ v) => num(v / 1e6, 0),
  };
  const H = barChartHeight(state);
  const data = svgOf(W, H, style, (ctx, theme) => drawBarChart(ctx, W, H, state, theme));
  const alt = t('pictures.cost_alt', {
    rates: rates
      .map((r) => `${t(`common.act_${r.fn}`)} ${rate(r.simd)} (SIMD), ${rate(r.scalar)}`)
      .join('; '),
  });
  return [{ name: 'cost', data, width: W, height: H, alt }];
}
