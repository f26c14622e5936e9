// Pictures of the three figures about the curves themselves (curves, dip-zoom, tanh-error):
// samples of the core's own float32 kernels, drawn by the page's line plot.
import { linspace, sample } from '../../js/shared/core.js';
import { minimum, tanhError } from '../../js/shared/analysis.js';
import { drawLinePlot } from '../../js/plots/line-plot.js';
import { SAMPLES, VALUE_RANGE, X_RANGE } from '../../js/curves/curves.js';
import { PICTURE_WIDTH, drawLegend, svgOf } from './draw.mjs';

const W = PICTURE_WIDTH;

/** @typedef {import('./draw.mjs').PictureEnv} PictureEnv */
/** @typedef {import('../../js/shared/types').ActivationLab} ActivationLab */
/** @typedef {import('../../js/shared/types').ActivationName} ActivationName */

/**
 * Every activation but the identity (the live figure hides it at first, too), on the live
 * figure's range.
 * @param {{M: ActivationLab, activations: ActivationName[]}} core
 */
export function curvesRun({ M, activations }) {
  const xs = linspace(...X_RANGE, SAMPLES);
  const fns = activations.filter((fn) => fn !== 'identity');
  return { xs, fns, ys: fns.map((fn) => sample(M, fn, xs)) };
}

/**
 * @param {ReturnType<typeof curvesRun>} run
 * @param {PictureEnv} env
 */
export function curvesPicture({ xs, fns, ys }, { t, num, style }) {
  const H = 300;
  const names = fns.map((fn) => t(`common.act_${fn}`));
  const data = svgOf(W, H, style, (ctx, theme) => {
    drawLinePlot(
      ctx,
      W,
      H,
      {
        series: fns.map((fn, i) => ({
          xs,
          ys: ys[i],
          color: fn,
          width: fn === 'gelu_tanh' ? 1.5 : 2.25,
          dash: fn === 'gelu_tanh' ? [5, 4] : [],
        })),
        marks: [],
        cursor: null,
        xDomain: X_RANGE,
        yDomain: VALUE_RANGE,
        xLabel: 'x',
        yLabel: 'f(x)',
        fmt: (v, d) => num(v, d),
      },
      theme,
    );
    const entries = fns.map((fn, i) => ({
      color: fn,
      label: names[i],
      dash: fn === 'gelu_tanh' ? [5, 4] : [],
    }));
    drawLegend(ctx, theme, entries, W - 20, 24);
  });
  const alt = t('pictures.curves_alt', { names: names.join(', ') });
  return [{ name: 'curves', data, width: W, height: H, alt }];
}

/** @param {{M: ActivationLab, activations: ActivationName[]}} core */
export function dipRun({ M, activations }) {
  const xs = linspace(-4, 0.5, 451);
  const fns = /** @type {ActivationName[]} */ (['relu', 'gelu', 'silu']).filter((fn) =>
    activations.includes(fn),
  );
  const minima = fns.filter((fn) => fn !== 'relu').map((fn) => ({ fn, ...minimum(M, fn, -4, 0) }));
  return { xs, fns, ys: fns.map((fn) => sample(M, fn, xs)), minima };
}

/**
 * @param {ReturnType<typeof dipRun>} run
 * @param {PictureEnv} env
 */
export function dipPicture({ xs, fns, ys, minima }, { t, num, style }) {
  const H = 270;
  const name = (/** @type {string} */ fn) => t(`common.act_${fn}`);
  const data = svgOf(W, H, style, (ctx, theme) => {
    drawLinePlot(
      ctx,
      W,
      H,
      {
        series: fns.map((fn, i) => ({ xs, ys: ys[i], color: fn, width: 2.25 })),
        marks: minima.map((m) => ({
          x: m.x,
          y: m.y,
          color: m.fn,
          below: true,
          label: t('dip-zoom.point', { name: name(m.fn), x: num(m.x, 3), y: num(m.y, 3) }),
        })),
        cursor: null,
        xDomain: [-4, 0.5],
        yDomain: [-0.32, 0.12],
        xLabel: 'x',
        fmt: (v, d) => num(v, d),
      },
      theme,
    );
    // Top left: on this range the curves leave that corner empty.
    drawLegend(
      ctx,
      theme,
      fns.map((fn) => ({ color: fn, label: name(fn) })),
      320,
      24,
    );
  });
  const points = minima
    .map((m) => t('dip-zoom.minimum', { name: name(m.fn), x: num(m.x, 4), y: num(m.y, 4) }))
    .join(' ');
  return [{ name: 'dip-zoom', data, width: W, height: H, alt: t('pictures.dip_alt', { points }) }];
}

/** @param {{M: ActivationLab}} core */
export const tanhRun = ({ M }) => tanhError(M);

/**
 * @param {ReturnType<typeof tanhRun>} run
 * @param {PictureEnv} env
 */
export function tanhPicture({ xs: allXs, err: allErr, max, at }, { t, num, style }) {
  const H = 230;
  // Every k-th of the 12 001 samples: as smooth at this size, and a tenth of the file.
  const k = Math.ceil(allXs.length / 1200);
  const xs = allXs.filter((_, i) => i % k === 0);
  const err = allErr.filter((_, i) => i % k === 0);
  const data = svgOf(W, H, style, (ctx, theme) =>
    drawLinePlot(
      ctx,
      W,
      H,
      {
        series: [{ xs, ys: err, color: 'err', width: 1.75 }],
        marks: [
          { x: at, y: max, color: 'err', label: t('tanh-error.max_label', { max: num(max, 6) }) },
          { x: -at, y: max, color: 'err' },
        ],
        cursor: null,
        xDomain: [xs[0], xs[xs.length - 1]],
        yDomain: [0, max * 1.2],
        xLabel: 'x',
        yLabel: '|GELU − GELUₜₐₙₕ|',
        fmt: (v, d) => num(v, d),
      },
      theme,
    ),
  );
  const alt = t('pictures.tanh_alt', { max: num(max, 6), at: num(at, 3) });
  return [{ name: 'tanh-error', data, width: W, height: H, alt }];
}
