// The no-script pictures: for each interactive figure of the article (figure name -> renderer),
// a static image made at build time from a real run of the core, drawn by the page's own plots,
// in each page's language. Prerender puts them inside the figure's <noscript>, so a reader
// without JavaScript sees the figure and one with it never loads them. Figures that are static
// HTML already (prerender's STATIC_FIGURES) have none. Each renderer is run(core, out) -> data,
// once per build, then draw(data, env) -> PictureFile[] per language.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as i18n from '../../js/shared/i18n.js';
import { curvesPicture, curvesRun, dipPicture, dipRun, tanhPicture, tanhRun } from './curves.mjs';
import { seedsPicture, seedsRun, swapPicture, swapRun, twinPicture, twinRun } from './runs.mjs';
import { costPicture, costRun } from './cost.mjs';
import { coinPicture, coinRun } from './coin.mjs';
import { imagesPicture, imagesRun } from './images.mjs';
import {
  blockPicture,
  blockStyle,
  samplePicture,
  scratchPicture,
  swapBlockPicture,
  transformerRun,
} from './transformer.mjs';
import { pictureStyle } from './theme.mjs';
import { translator } from './draw.mjs';

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
/** @typedef {{run: (core: PictureCore, out: string) => unknown, draw: (data: any, env: Env) => Picture[]}} Renderer */

/** @type {Record<string, Renderer>} */
export const PICTURES = {
  curves: { run: curvesRun, draw: curvesPicture },
  'dip-zoom': { run: dipRun, draw: dipPicture },
  'tanh-error': { run: tanhRun, draw: tanhPicture },
  'coin-toss': { run: coinRun, draw: coinPicture },
  images: { run: imagesRun, draw: imagesPicture },
  twin: { run: (core) => twinRun(core.preview), draw: twinPicture },
  seeds: { run: seedsRun, draw: seedsPicture },
  swap: { run: swapRun, draw: swapPicture },
  cost: { run: costRun, draw: costPicture },
  // The Transformer's four part figures (data-parts="block" ...): figure name "transformer.<part>".
  'transformer.block': { run: transformerRun, draw: blockPicture },
  'transformer.sample': { run: transformerRun, draw: samplePicture },
  'transformer.swap': { run: transformerRun, draw: swapBlockPicture },
  'transformer.scratch': { run: transformerRun, draw: scratchPicture },
};

/**
 * The caption of a figure whose own (name.caption) the i18n tables do not have: each of the
 * Transformer's part figures carries its part's.
 * @type {Record<string, string>}
 */
export const PICTURE_CAPTIONS = {
  'transformer.block': 'lm.block_caption',
  'transformer.sample': 'lm.sample_caption',
  'transformer.swap': 'lm.swap_caption',
  'transformer.scratch': 'lm.scratch_caption',
};

/** @typedef {{src: string, alt: string, width: number, height: number, narrow?: boolean}} PictureRef */

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
  for (const [name, { run }] of Object.entries(PICTURES)) {
    const start = performance.now();
    if (!done.has(run)) done.set(run, await run(core, out));
    runs[name] = done.get(run);
    ms[name] = Math.round(performance.now() - start);
  }
  await mkdir(join(out, PICTURE_DIR), { recursive: true });
  /** @type {Record<string, Record<string, PictureRef[]>>} */
  const byLang = {};
  let bytes = 0;
  for (const { lang, strings } of pages) {
    i18n.useLanguage(lang);
    /** @type {Env} */
    const env = { t: translator(strings, lang), num: i18n.num, pct: i18n.pct, style, blockCss };
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
        const { alt, width, height, narrow } = p;
        byLang[lang][name].push({ src, alt, width, height, narrow });
      }
    }
  }
  return { byLang, ms, bytes, totalMs: Math.round(performance.now() - t0) };
}
