// The Transformer figure's picture: the block drawing (the page's own SVG, lm-block-svg.js, with
// lm.css's rules for it), and the shipped pretrained model at work: the validation losses recorded
// when the models were trained (data/lm-pretrained.json) beside a uniform guess over the
// vocabulary, and a text the GELU model (data/lm-gelu.json) writes here, at build time, from the
// sampler's default prompt, temperature, length and seed.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { blockSvg } from '../../js/widgets/lm-block-svg.js';
import { sampleRows } from '../../js/widgets/lm-rows.js';
import { lmCore, LM_FILES, modelShape } from '../../js/lm-config.js';
import { barChartHeight, drawBarChart } from '../../js/plots/bar-chart.js';
import { PICTURE_WIDTH, svgOf } from './draw.mjs';

const W = PICTURE_WIDTH;
const LINE = 56; // characters per line of the sample

/** @typedef {import('./draw.mjs').PictureEnv} PictureEnv */

/**
 * Loads the pretrained model and writes its sample; reads the recorded losses.
 * @param {{M: import('../../js/types').ActivationLab, activations: string[]}} core
 * @param {string} out  dist/
 */
export async function transformerRun(core, out) {
  const { M } = core;
  const [corpus, weights, records] = await Promise.all(
    [LM_FILES.corpus, LM_FILES.pretrained, LM_FILES.trained].map((f) =>
      readFile(join(out, f), 'utf8'),
    ),
  );
  /** @type {Record<string, {config: Required<import('../../js/types').LmConfig>, val_loss: number, steps: number}>} */
  const trained = JSON.parse(records);
  const config = trained[LM_FILES.pretrainedKey].config;
  const [prompt, temperature, chars, seed] = sampleRows(
    lmCore(/** @type {import('../../js/types').Core} */ (/** @type {unknown} */ (core))),
  ).map((row) => row.initial);
  const exp = new M.LmExperiment(JSON.stringify(config), corpus);
  try {
    if (exp.status() === 'invalid') throw new Error(`pictures: ${exp.error()}`);
    const error = exp.loadStateJson(weights);
    if (error) throw new Error(`pictures: ${LM_FILES.pretrained}: ${error}`);
    const text = exp.sample(String(prompt), Number(chars), Number(temperature), Number(seed));
    const vocabulary = new Set(corpus).size;
    return {
      config,
      trained,
      prompt: String(prompt),
      temperature: Number(temperature),
      text,
      vocabulary,
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

/**
 * @param {Awaited<ReturnType<typeof transformerRun>>} run
 * @param {PictureEnv & {blockCss: string}} env
 */
export function transformerPicture(run, { t, num, style, blockCss }) {
  const { config, trained, prompt, text, vocabulary } = run;
  const act = t(`common.act_${config.act}`);
  const block = blockSvg(t, { ...modelShape(config), activation: act })
    .replace('<svg ', `<svg xmlns="http://www.w3.org/2000/svg" `)
    .replace(/(<svg[^>]*>)/, `$1<style>${style}${blockCss}</style>`);
  const [, , bw, bh] = (/viewBox="([\d.\s]+)"/.exec(block)?.[1] ?? '0 0 340 600')
    .split(/\s+/)
    .map(Number);
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
  const chartH = barChartHeight(bars);
  const written = `${prompt}${text}`.replace(/\s+/g, ' ');
  /** @type {string[]} */
  const lines = [];
  for (let i = 0; i < written.length; i += LINE) lines.push(written.slice(i, i + LINE));
  const H = 28 + chartH + 30 + lines.length * 18 + 10;
  const losses = svgOf(W, H, style, (ctx, theme) => {
    ctx.font = `12px ${theme.sans}`;
    ctx.fillStyle = theme.soft;
    ctx.textBaseline = 'top';
    ctx.fillText(t('pictures.lm_losses_title'), 8, 8);
    ctx.save();
    ctx.translate(0, 28); // the chart draws from its own origin
    drawBarChart(ctx, W, chartH, bars, theme);
    ctx.restore();
    ctx.fillStyle = theme.soft;
    ctx.fillText(
      t('pictures.lm_sample_title', { temperature: num(Number(run.temperature), 1) }),
      8,
      28 + chartH + 8,
    );
    ctx.font = `13px ${theme.mono}`;
    ctx.fillStyle = theme.fg;
    lines.forEach((line, i) => ctx.fillText(line, 8, 28 + chartH + 30 + i * 18));
  });
  const vars = {
    act,
    gelu: num(trained.gelu?.val_loss ?? NaN, 3),
    relu: num(trained.relu?.val_loss ?? NaN, 3),
    uniform: num(uniform, 2),
    n: vocabulary,
    steps: config.steps,
    text: written,
  };
  return [
    {
      narrow: true, // drawn at its own size: it is a diagram, not a plot
      name: 'transformer-block',
      data: block,
      width: bw,
      height: bh,
      alt: t('pictures.lm_block_alt', vars),
    },
    {
      name: 'transformer-model',
      data: losses,
      width: W,
      height: H,
      alt: t('pictures.lm_model_alt', vars),
    },
  ];
}
