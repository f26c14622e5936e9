// The Transformer figures' pictures, one per part: the block drawing (the page's own SVG,
// lm-block-svg.js, with lm.css's rules for it) beside the histogram of what its GELU receives,
// the same block with ReLU for the swap, which part of GELU the model uses (each stand-in's
// change in validation loss and the inputs' histogram, as the live part draws them), a text the
// GELU model (data/lm-gelu.safetensors) writes here, at build time, from the sampler's default
// prompt, temperature, length and seed, and, for the from-scratch runs, the validation losses
// recorded when the reference models were trained from scratch (data/lm-scratch.json) beside a
// uniform guess.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { blockSvg } from '../../js/transformer/lm-block-svg.js';
import { SAMPLE_ROWS } from '../../js/transformer/settings.js';
import { resolveRow } from '../../js/shared/state.js';
import { lmCore, LM_FILES, modelShape } from '../../js/shared/lm-config.js';
import { barChartHeight, drawBarChart } from '../../js/plots/bar-chart.js';
import { drawHistogram } from '../../js/plots/histogram.js';
import {
  BLOCK_RANGE,
  DIFFER_EPS,
  blockPlotState,
  inputHistogram,
  partsBarGroups,
  partsPlotState,
} from '../../js/transformer/lm-plot-states.js';
import { partsTakeaway } from '../../js/transformer/lm-parts-reading.js';
import { PICTURE_WIDTH, svgOf } from './draw.mjs';

const W = PICTURE_WIDTH;
const LINE = 56; // characters per line of the sample

/** @typedef {import('./draw.mjs').PictureEnv} PictureEnv */

/**
 * A plot's state as plain JSON (the run is cached as JSON): typed arrays as arrays.
 * @param {Partial<import('../../js/plots/histogram.js').HistogramState>} state
 */
const plain = (state) =>
  JSON.parse(
    JSON.stringify(state, (_, v) =>
      ArrayBuffer.isView(v) ? Array.from(/** @type {any} */ (v)) : v,
    ),
  );

/**
 * Loads the pretrained model and writes its sample, measures its FFN inputs (block 1) and which
 * part of GELU it uses (geluPartsJson); reads the recorded losses.
 * @param {{M: import('../../js/shared/types').ActivationLab, activations: string[]}} core
 * @param {string} out  dist/
 */
export async function transformerRun(core, out) {
  const { M } = core;
  const read = (/** @type {string} */ f) => readFile(join(out, f), 'utf8');
  const [weights, records, scratchRecords] = await Promise.all([
    readFile(join(out, LM_FILES.pretrained)),
    ...[LM_FILES.trained, LM_FILES.scratch].map(read),
  ]);
  /** @typedef {Record<string, {config: Required<import('../../js/shared/types').LmConfig>, text: string, val_loss: number, steps: number}>} Records */
  /** @type {Records} */
  const pretrained = JSON.parse(records);
  /** @type {Records} the from-scratch reference runs: the "scratch" picture's losses */
  const trained = JSON.parse(scratchRecords);
  const { config, text: textFile } = pretrained[LM_FILES.pretrainedKey];
  const corpus = await read(`data/${textFile}`);
  const lm = lmCore(core);
  const [prompt, temperature, chars, seed] = SAMPLE_ROWS.map((row) => resolveRow(row, lm).initial);
  const exp = new M.LmExperiment(JSON.stringify(config), corpus);
  try {
    if (exp.status() === 'invalid') throw new Error(`pictures: ${exp.error()}`);
    const error = exp.loadStateSafetensors(weights);
    if (error) throw new Error(`pictures: ${LM_FILES.pretrained}: ${error}`);
    const text = exp.sample(String(prompt), Number(chars), Number(temperature), Number(seed));
    const vocabulary = new Set(corpus).size;
    // What the block part shows first (block 1's FFN inputs) and the parts part (forward passes).
    const inputs = inputHistogram(M, 0, exp.ffnPreactivations(0), {
      ...BLOCK_RANGE,
      eps: DIFFER_EPS,
    });
    /** @type {import('../../js/transformer/protocol').LmGeluParts | {error: string}} */
    const parts = JSON.parse(exp.geluPartsJson());
    if ('error' in parts) throw new Error(`pictures: ${parts.error}`);
    return {
      config,
      trained,
      prompt: String(prompt),
      temperature: Number(temperature),
      text,
      vocabulary,
      // the plots' states, curves included (the core's kernels, sampled here: draw has no core)
      blockPlot: plain(blockPlotState(M, inputs)),
      partsPlot: plain(partsPlotState(M, parts.blocks[0])),
      parts,
    };
  } finally {
    exp.delete();
  }
}

/**
 * lm.css's rules for the block drawing, so that the picture looks as the live one does.
 * @param {string} out
 */
export async function blockStyle(out) {
  const css = (await readFile(join(out, 'css', 'lm.css'), 'utf8')).replace(/\/\*[\s\S]*?\*\//g, '');
  // Innermost rules only (an @media's own rules match with its condition dropped; the drawing's
  // have none, and its colours are variables that the picture's style switches for dark mode).
  return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
    .map(([, selector, body]) => [selector.trim(), body])
    .filter(([selector]) =>
      /\.lm-(svg|box|norm|softmax|act|attn|frame|ffn|note|flow|skip|add)\b/.test(selector),
    )
    .map(([selector, body]) => `${selector}{${body.replace(/\s+/g, ' ').trim()}}`)
    .join('');
}

/** @typedef {Awaited<ReturnType<typeof transformerRun>>} Run */

/**
 * The words the alt texts share: the activation, the recorded losses, the written text.
 * @param {Run} run
 * @param {PictureEnv} env
 */
function altVars({ config, trained, prompt, text, vocabulary }, { t, num }) {
  return {
    act: t(`common.act_${config.act}`),
    gelu: num(trained.gelu?.val_loss ?? NaN, 3),
    relu: num(trained.relu?.val_loss ?? NaN, 3),
    uniform: num(Math.log(vocabulary), 2),
    n: vocabulary,
    steps: trained.gelu?.steps ?? NaN, // of the from-scratch runs those losses are
    text: `${prompt}${text}`.replace(/\s+/g, ' '),
  };
}

/**
 * The block drawing (the page's own SVG) with activation `act`, at its own size.
 * @param {Run} run
 * @param {PictureEnv & {blockCss: string}} env
 * @param {string} act
 */
function blockDrawing(run, { t, style, blockCss }, act) {
  const svg = blockSvg(t, { ...modelShape(run.config), activation: t(`common.act_${act}`) });
  const [, , width, height] = (/viewBox="([\d.\s]+)"/.exec(svg)?.[1] ?? '0 0 340 600')
    .split(/\s+/)
    .map(Number);
  // Its own size in the file: an <img> of an SVG with only a viewBox has no intrinsic width, and
  // a browser then stretches it to the column (a diagram of a few words blown up to a screen).
  const data = svg
    .replace(
      '<svg ',
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" `,
    )
    .replace(/(<svg[^>]*>)/, `$1<style>${style}${blockCss}</style>`);
  return { narrow: true, drawing: true, data, width, height }; // a diagram, not a plot
}

/**
 * Part "block": one block of the pretrained model, as the live figure draws it.
 * @param {Run} run
 * @param {PictureEnv & {blockCss: string}} env
 */
export function blockPicture(run, env) {
  const { t, num, pct } = env;
  const alt = t('pictures.lm_block_alt', altVars(run, env));
  const hist = /** @type {import('../../js/transformer/protocol').LmHistogram} */ (
    run.blockPlot.hist
  );
  const histAlt = t('pictures.lm_block_hist_alt', {
    n: num(hist.moments.n, 0),
    mean: num(hist.moments.mean, 2),
    sd: num(hist.moments.sd, 2),
    share: pct(hist.inRegion, 0),
    a: num(hist.region?.[0] ?? NaN, 1),
    b: num(hist.region?.[1] ?? NaN, 1),
    eps: num(DIFFER_EPS, 2),
  });
  const title = `${t('lm.hist_title')}, ${t('lm.hist_layer', { n: 1 })}`;
  return [
    { ...blockDrawing(run, env, run.config.act), name: 'transformer-block', alt },
    histogramPicture(run.blockPlot, env, title, 'transformer-block-inputs', histAlt),
  ];
}

/**
 * A histogram of the FFN's inputs as a live part draws it, under its title.
 * @param {Partial<import('../../js/plots/histogram.js').HistogramState>} state
 * @param {PictureEnv} env
 * @param {string} title
 * @param {string} name
 * @param {string} alt
 */
function histogramPicture(state, { t, num, style }, title, name, alt) {
  const plotH = Math.round(W * 0.62),
    H = 28 + plotH;
  const data = svgOf(W, H, style, (ctx, theme) => {
    ctx.font = `12px ${theme.sans}`;
    ctx.fillStyle = theme.soft;
    ctx.textBaseline = 'top';
    ctx.fillText(title, 8, 8);
    ctx.translate(0, 28);
    drawHistogram(
      ctx,
      W,
      plotH,
      {
        hist: null,
        band: null,
        curves: [],
        color: 'gelu',
        ...state,
        fmt: (v, d) => num(v, d),
        xLabel: t('lm.hist_axis'),
      },
      theme,
    );
  });
  return { name, data, width: W, height: H, alt };
}

/**
 * A bar chart under its title line, as one picture: its SVG and height.
 * @param {string} title
 * @param {Parameters<typeof drawBarChart>[3]} bars
 * @param {string} style
 */
function titledBars(title, bars, style) {
  const chartH = barChartHeight(bars);
  const H = 28 + chartH + 10;
  const data = svgOf(W, H, style, (ctx, theme) => {
    ctx.font = `12px ${theme.sans}`;
    ctx.fillStyle = theme.soft;
    ctx.textBaseline = 'top';
    ctx.fillText(title, 8, 8);
    ctx.translate(0, 28); // the chart draws from its own origin
    drawBarChart(ctx, W, chartH, bars, theme);
  });
  return { data, H };
}

/**
 * Part "parts": which part of GELU the model uses, measured when the page was built: each
 * stand-in's change in validation loss, and what GELU receives in block 1.
 * @param {Run} run
 * @param {PictureEnv} env
 */
export function partsPicture(run, env) {
  const { t, num, pct, style } = env;
  const name = (/** @type {string} */ a) => t(`common.act_${a}`);
  const signed = (/** @type {number} */ x) => num(x, 3, { signDisplay: 'exceptZero' });
  const bars = { groups: partsBarGroups(run.parts, name, signed), fmt: num };
  const { data, H } = titledBars(t('lm.parts_bars_title'), bars, style);
  const takeaway = partsTakeaway({ t, num, pct }, run.parts, name) ?? '';
  const list = bars.groups.map((g) => `${g.label} ${g.bars[0].text}`).join(', ');
  const block = run.parts.blocks[0];
  const histAlt = t('pictures.lm_parts_hist_alt', {
    nonpositive: pct(block.share_nonpositive, 0),
    below: pct(block.share_below_dip, 0),
    dip: num(run.parts.dip, 2),
  });
  const title = `${t('lm.parts_hist_title')}: ${t('lm.hist_layer', { n: 1 })}`;
  return [
    {
      name: 'transformer-parts',
      data,
      width: W,
      height: H,
      alt: t('pictures.lm_parts_alt', { takeaway, base: num(run.parts.base.val_loss, 3), list }),
    },
    histogramPicture(run.partsPlot, env, title, 'transformer-parts-inputs', histAlt),
  ];
}

/**
 * Part "swap": the same block with its FFN activation swapped for ReLU, every weight kept.
 * @param {Run} run
 * @param {PictureEnv & {blockCss: string}} env
 */
export function swapBlockPicture(run, env) {
  const alt = env.t('pictures.lm_swap_alt', altVars(run, env));
  return [{ ...blockDrawing(run, env, 'relu'), name: 'transformer-swap', alt }];
}

/**
 * Part "sample": the text the pretrained GELU model writes from the sampler's defaults.
 * @param {Run} run
 * @param {PictureEnv} env
 */
export function samplePicture(run, env) {
  const { t, num, style } = env;
  const vars = altVars(run, env);
  /** @type {string[]} */
  const lines = [];
  for (let i = 0; i < vars.text.length; i += LINE) lines.push(vars.text.slice(i, i + LINE));
  const H = 30 + lines.length * 18 + 10;
  const data = svgOf(W, H, style, (ctx, theme) => {
    ctx.font = `12px ${theme.sans}`;
    ctx.fillStyle = theme.soft;
    ctx.textBaseline = 'top';
    ctx.fillText(t('pictures.lm_sample_title', { temperature: num(run.temperature, 1) }), 8, 8);
    ctx.font = `13px ${theme.mono}`;
    ctx.fillStyle = theme.fg;
    lines.forEach((line, i) => ctx.fillText(line, 8, 30 + i * 18));
  });
  const alt = t('pictures.lm_sample_alt', vars);
  return [{ name: 'transformer-sample', data, width: W, height: H, alt }];
}

/**
 * Part "scratch": the validation losses recorded when the shipped models were trained from
 * scratch, one per activation, beside a uniform guess over the vocabulary.
 * @param {Run} run
 * @param {PictureEnv} env
 */
export function scratchPicture(run, env) {
  const { t, num, style } = env;
  const { trained, vocabulary } = run;
  const uniform = Math.log(vocabulary);
  const bars = {
    groups: [
      ...Object.keys(trained).map((fn) => ({
        label: t(`common.act_${fn}`),
        bars: [{ value: trained[fn].val_loss, color: fn, text: num(trained[fn].val_loss, 3) }],
      })),
      {
        label: t('pictures.lm_uniform', { n: vocabulary }),
        bars: [{ value: uniform, color: 'identity', text: num(uniform, 2) }],
      },
    ],
    fmt: (/** @type {number} */ v, /** @type {number} */ d) => num(v, d),
  };
  const { data, H } = titledBars(t('pictures.lm_losses_title'), bars, style);
  const alt = t('pictures.lm_model_alt', altVars(run, env));
  return [{ name: 'transformer-model', data, width: W, height: H, alt }];
}
