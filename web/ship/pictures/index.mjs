// The no-script pictures: for each interactive figure of the article (picture name -> renderer),
// a static image made at build time from a real run of the core, drawn by the page's own plots,
// in each page's language. Prerender puts them inside the figure's <noscript>, so a reader
// without JavaScript sees the figure and one with it never loads them. Which pictures a figure has
// is declared by its room's manifest (web/js/<room>/manifest.js `pictures`; tests/js/
// web_manifests.test.mjs checks that each has a renderer here and each renderer a manifest);
// figures that are static HTML already (prerender's STATIC_FIGURES) have none. Each renderer is
// run(core, out) -> data, once per build (or kept from an earlier build with the same inputs:
// run-cache.mjs), then draw(data, env) -> PictureFile[] per language.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as i18n from '../../js/shared/i18n.js';
import { FIGURES } from '../../js/embed/figures.js';
import { curvesPicture, curvesRun, dipPicture, dipRun, tanhPicture, tanhRun } from './curves.mjs';
import { seedsPicture, seedsRun, swapPicture, swapRun, twinPicture, twinRun } from './runs.mjs';
import { costPicture, costRun } from './cost.mjs';
import { coinPicture, coinRun } from './coin.mjs';
import { imagesPicture, imagesRun } from './images.mjs';
import {
  blockPicture,
  blockStyle,
  partsPicture,
  samplePicture,
  scratchPicture,
  swapBlockPicture,
  transformerRun,
} from './transformer.mjs';
import { gluPicture, gluRun } from './glu.mjs';
import { pictureStyle } from './theme.mjs';
import { translator } from './draw.mjs';
import { cachedRun, filesUnder, moduleGraph, runKey } from './run-cache.mjs';
import { IMAGES_DIR, SUBSET_FILE } from '../images.mjs';

export const PICTURE_DIR = 'img/figures';

/**
 * @typedef {{
 *   M: import('../../js/shared/types').ActivationLab,
 *   activations: import('../../js/shared/types').ActivationName[],
 *   preview: {histories: Record<string, import('../../js/shared/types').EpochStats[]>, accs: Record<string, number>},
 * }} PictureCore
 */
/** @typedef {import('./draw.mjs').PictureEnv & {blockCss: string}} Env */
/** @typedef {import('./draw.mjs').PictureFile & {src?: string}} Picture */
/**
 * `script`: the run's module, whose source (with what it imports) is part of the run's cache key,
 * with the core's bytes and the files `reads(out)` names; a renderer without one runs every time.
 * @typedef {{
 *   run: (core: PictureCore, out: string) => unknown,
 *   draw: (data: any, env: Env) => Picture[],
 *   script?: string,
 *   reads?: (out: string) => string[],
 * }} Renderer
 */

const scriptPath = (/** @type {string} */ name) => fileURLToPath(new URL(name, import.meta.url));
const CURVES = scriptPath('curves.mjs');
const RUNS = scriptPath('runs.mjs');
const TRANSFORMER = scriptPath('transformer.mjs');
/** The Transformer's run reads the shipped model, its records and corpus (not the images). */
const lmData = (/** @type {string} */ out) =>
  filesUnder(join(out, 'data')).filter((f) => f !== join(out, SUBSET_FILE));

/** @type {Record<string, Renderer>} */
export const PICTURES = {
  curves: { run: curvesRun, draw: curvesPicture, script: CURVES },
  'dip-zoom': { run: dipRun, draw: dipPicture, script: CURVES },
  'tanh-error': { run: tanhRun, draw: tanhPicture, script: CURVES },
  'coin-toss': { run: coinRun, draw: coinPicture, script: scriptPath('coin.mjs') },
  images: {
    run: imagesRun,
    draw: imagesPicture,
    script: scriptPath('images.mjs'),
    reads: () => filesUnder(IMAGES_DIR),
  },
  twin: { run: (core) => twinRun(core.preview), draw: twinPicture }, // the preview's run, as is
  seeds: { run: seedsRun, draw: seedsPicture, script: RUNS },
  swap: { run: swapRun, draw: swapPicture, script: RUNS },
  cost: { run: costRun, draw: costPicture, script: scriptPath('cost.mjs') },
  // A short `lm study` of the FFN variants (the corpus is among the data files it reads).
  glu: { run: gluRun, draw: gluPicture, script: scriptPath('glu.mjs'), reads: lmData },
  // The Transformer's part figures (data-parts="block" ...): figure name "transformer.<part>".
  'transformer.block': {
    run: transformerRun,
    draw: blockPicture,
    script: TRANSFORMER,
    reads: lmData,
  },
  'transformer.sample': {
    run: transformerRun,
    draw: samplePicture,
    script: TRANSFORMER,
    reads: lmData,
  },
  'transformer.swap': {
    run: transformerRun,
    draw: swapBlockPicture,
    script: TRANSFORMER,
    reads: lmData,
  },
  'transformer.parts': {
    run: transformerRun,
    draw: partsPicture,
    script: TRANSFORMER,
    reads: lmData,
  },
  'transformer.scratch': {
    run: transformerRun,
    draw: scratchPicture,
    script: TRANSFORMER,
    reads: lmData,
  },
};

/**
 * One renderer's run, from the cache when its inputs are those of a kept run.
 * @param {Renderer} renderer
 * @param {PictureCore} core
 * @param {string} out
 */
async function runOnce({ run, script, reads }, core, out) {
  if (!script) return { result: await run(core, out), cached: false };
  const inputs = [join(out, 'wasm', 'activation-lab.mjs'), ...moduleGraph(script)];
  const key = runKey(run.name, [...inputs, ...(reads?.(out) ?? [])]);
  return cachedRun({ name: run.name, key }, () => run(core, out));
}

/**
 * The caption of a figure whose own (name.caption) the i18n tables do not have, from the
 * manifests: a figure's `caption`, and each part's as "name.part" (prerender's name for a figure
 * that fixes its part with data-parts: each of the Transformer's part figures carries its part's).
 * @type {Record<string, string>}
 */
export const PICTURE_CAPTIONS = Object.fromEntries(
  FIGURES.flatMap((figure) => [
    ...(figure.caption ? [[figure.name, figure.caption]] : []),
    ...(figure.parts ?? []).map((part) => [`${figure.name}.${part.name}`, part.caption]),
  ]),
);

/** @typedef {{src: string, alt: string, width: number, height: number, narrow?: boolean, drawing?: boolean}} PictureRef */

/**
 * Runs every renderer once (one run for the figures that share it), draws each page's pictures into dist/img/figures/, and returns, per
 * language, figure name -> the images to show (paths relative to dist/).
 * @param {string} out
 * @param {PictureCore} core
 * @param {{lang: 'en' | 'pt', strings: Record<string, Record<string, string>>}[]} pages
 */
export async function renderPictures(out, core, pages) {
  const t0 = performance.now();
  const style = await pictureStyle(out);
  const blockCss = await blockStyle(out);
  /** @type {Record<string, unknown>} */
  const runs = {};
  /** @type {Record<string, number>} */
  const ms = {};
  /** @type {Map<Function, unknown>} */
  const done = new Map(); // a run shared by several figures (the Transformer's parts) runs once
  const cached = [];
  for (const [name, renderer] of Object.entries(PICTURES)) {
    const start = performance.now();
    if (!done.has(renderer.run)) {
      const { result, cached: kept } = await runOnce(renderer, core, out);
      done.set(renderer.run, result);
      if (kept) cached.push(name);
    }
    runs[name] = done.get(renderer.run);
    ms[name] = Math.round(performance.now() - start);
  }
  await mkdir(join(out, PICTURE_DIR), { recursive: true });
  /** @type {Record<string, Record<string, PictureRef[]>>} */
  const byLang = {};
  let bytes = 0;
  for (const { lang, strings } of pages) {
    i18n.useLanguage(lang);
    /** @type {Env} */
    const env = {
      t: translator(strings, lang),
      num: i18n.num,
      pct: i18n.pct,
      interval: i18n.interval,
      style,
      blockCss,
    };
    byLang[lang] = {};
    for (const [name, { draw }] of Object.entries(PICTURES)) {
      byLang[lang][name] = [];
      for (const p of draw(runs[name], env)) {
        let src = p.src;
        if (!src) {
          src = `${PICTURE_DIR}/${p.name}.${lang}.svg`;
          await writeFile(join(out, src), p.data);
          bytes += p.data.length;
        }
        const { alt, width, height, narrow, drawing } = p;
        byLang[lang][name].push({ src, alt, width, height, narrow, drawing });
      }
    }
  }
  return { byLang, ms, cached, bytes, totalMs: Math.round(performance.now() - t0) };
}
