// Pictures of the figures that train networks (twin, seeds, swap): short real runs of the core,
// made once per build, drawn by the page's plots. Each picture's alt text says what was run.
import { drawLinePlot } from '../../js/plots/line-plot.js';
import { dotPlotHeight, drawDotPlot } from '../../js/plots/dot-plot.js';
import { barChartHeight, drawBarChart } from '../../js/plots/bar-chart.js';
import { PREVIEW } from '../preview.mjs';
import { PICTURE_WIDTH, drawLegend, svgOf } from './draw.mjs';

const W = PICTURE_WIDTH;
const SEEDS = [0, 1, 2, 3];
const SEED_EPOCHS = 20;
const SWAP_EPOCHS = 40;
/** @type {import('../../js/shared/types').ActivationName[]} */
const PAIR = ['relu', 'gelu'];

/** @typedef {import('./draw.mjs').PictureEnv} PictureEnv */
/** @typedef {import('../../js/shared/types').ActivationLab} ActivationLab */
/** @typedef {import('../../js/shared/types').ActivationName} ActivationName */
/** @typedef {import('../../js/shared/types').EpochStats} EpochStats */

/**
 * A run of the article's default network and data with `config` on top; fn(exp) reads it.
 * @template R
 * @param {ActivationLab} M
 * @param {Record<string, unknown>} config
 * @param {(exp: import('../../../wasm/activation-lab').Experiment) => R} fn
 */
function train(M, config, fn) {
  const exp = new M.Experiment(JSON.stringify(config));
  try {
    if (exp.status() === 'invalid') throw new Error(`pictures: ${exp.error()}`);
    while (exp.step());
    return fn(exp);
  } finally {
    exp.delete();
  }
}

/** The test accuracy of an experiment's current weights. */
const testAcc = (/** @type {import('../../../wasm/activation-lab').Experiment} */ exp) =>
  /** @type {number} */ (JSON.parse(exp.evaluateJson('test')).acc);

/**
 * The twin lab: the preview's two runs (its picture is the boundaries), their loss curves here.
 * @param {{histories: Record<string, EpochStats[]>, accs: Record<string, number>}} preview
 */
export const twinRun = ({ histories, accs }) => ({ histories, accs });

/**
 * @param {ReturnType<typeof twinRun>} run
 * @param {PictureEnv} env
 */
export function twinPicture({ histories, accs }, { t, num, pct, style }) {
  const H = 250;
  const name = (/** @type {string} */ fn) => t(`common.act_${fn}`);
  const data = svgOf(W, H, style, (ctx, theme) => {
    drawLinePlot(
      ctx,
      W,
      H,
      {
        series: PAIR.map((fn) => ({
          xs: histories[fn].map((e) => e.epoch),
          ys: histories[fn].map((e) => e.train_loss),
          color: fn,
          width: 2.25,
        })),
        marks: [],
        cursor: null,
        xDomain: [1, PREVIEW.epochs],
        yDomain: (auto) => [0, auto[1]],
        xLabel: t('pictures.epoch_axis'),
        yLabel: t('pictures.loss_axis'),
        fmt: (v, d) => num(v, d),
      },
      theme,
    );
    drawLegend(
      ctx,
      theme,
      PAIR.map((fn) => ({ color: fn, label: name(fn) })),
      W - 20,
      24,
    );
  });
  const last = (/** @type {string} */ fn) => histories[fn][histories[fn].length - 1];
  const vars = {
    epochs: PREVIEW.epochs,
    relu: pct(accs.relu),
    gelu: pct(accs.gelu),
    relu_loss: num(last('relu').train_loss, 3),
    gelu_loss: num(last('gelu').train_loss, 3),
    relu95: last('relu').reached_95 ?? '–',
    gelu95: last('gelu').reached_95 ?? '–',
  };
  return [
    {
      name: 'twin-boundaries',
      data: /** @type {string | Buffer} */ (''), // the preview image itself, written by prerender
      src: PREVIEW.path,
      width: PREVIEW.width,
      height: PREVIEW.height,
      alt: t('pictures.twin_boundaries_alt', vars),
    },
    { name: 'twin-loss', data, width: W, height: H, alt: t('pictures.twin_loss_alt', vars) },
  ];
}

/**
 * A small seed study: SEEDS × (ReLU, GELU), SEED_EPOCHS epochs each, final test accuracy.
 * @param {{M: ActivationLab}} core
 */
export function seedsRun({ M }) {
  /** @type {Record<string, number[]>} */
  const accs = {};
  for (const activation of PAIR) {
    accs[activation] = SEEDS.map((seed) =>
      train(M, { activation, seed, epochs: SEED_EPOCHS }, testAcc),
    );
  }
  return { accs };
}

/**
 * @param {ReturnType<typeof seedsRun>} run
 * @param {PictureEnv} env
 */
export function seedsPicture({ accs }, { t, pct, style }) {
  const state = {
    rows: PAIR.map((fn) => ({ label: t(`common.act_${fn}`), values: accs[fn], color: fn })),
    reference: null,
    pairs: true,
    fmt: (/** @type {number} */ v, /** @type {number} */ d) => pct(v, Math.max(0, d - 2)),
  };
  const H = dotPlotHeight(state);
  const data = svgOf(W, H, style, (ctx, theme) => drawDotPlot(ctx, W, H, state, theme));
  const list = (/** @type {string} */ fn) => accs[fn].map((a) => pct(a)).join('; ');
  const alt = t('pictures.seeds_alt', {
    seeds: SEEDS.length,
    epochs: SEED_EPOCHS,
    relu: list('relu'),
    gelu: list('gelu'),
    mean_relu: pct(accs.relu.reduce((a, b) => a + b, 0) / SEEDS.length),
    mean_gelu: pct(accs.gelu.reduce((a, b) => a + b, 0) / SEEDS.length),
  });
  return [{ name: 'seeds', data, width: W, height: H, alt }];
}

/**
 * The swap: a GELU network trained SWAP_EPOCHS epochs, then each other activation put in its
 * place with every weight kept, and the test accuracy of each.
 * @param {{M: ActivationLab, activations: ActivationName[]}} core
 */
export function swapRun({ M, activations }) {
  return train(M, { activation: 'gelu', epochs: SWAP_EPOCHS }, (exp) => {
    const trained = testAcc(exp);
    const swaps = activations
      .filter((fn) => fn !== 'gelu')
      .map((to) => {
        const error = exp.setActivation(to);
        if (error) throw new Error(`pictures: swap to ${to}: ${error}`);
        return { to, acc: testAcc(exp) };
      });
    return { trained, swaps };
  });
}

/**
 * @param {ReturnType<typeof swapRun>} run
 * @param {PictureEnv} env
 */
export function swapPicture({ trained, swaps }, { t, pct, style }) {
  const name = (/** @type {string} */ fn) => t(`common.act_${fn}`);
  const state = {
    groups: [
      { label: name('gelu'), bars: [{ value: trained, color: 'gelu', text: pct(trained) }] },
      ...swaps.map((s) => ({
        label: `→ ${name(s.to)}`,
        bars: [{ value: s.acc, color: s.to, text: pct(s.acc) }],
      })),
    ],
    fmt: (/** @type {number} */ v, /** @type {number} */ d) => pct(v, Math.max(0, d - 2)),
  };
  const H = barChartHeight(state);
  const data = svgOf(W, H, style, (ctx, theme) => drawBarChart(ctx, W, H, state, theme));
  const alt = t('pictures.swap_alt', {
    epochs: SWAP_EPOCHS,
    trained: pct(trained),
    swaps: swaps.map((s) => `${name(s.to)} ${pct(s.acc)}`).join('; '),
  });
  return [{ name: 'swap', data, width: W, height: H, alt }];
}
