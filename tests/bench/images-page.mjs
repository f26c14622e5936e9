// Issue 26's page goal: the images figure's three-activation run (ReLU, ELU, GELU; 784-128x8-10,
// dropout 0.5, batch 128, 8,000 training and 2,000 test images) of 20 epochs, one seed, in the
// page's workers (one per activation), timed in Chromium from the Train click to the figure's
// "done" (so it counts fetching the subset, the workers' start and the predictions at the end).
// Goal: <= 45 s on 2 cores. Also timed: the default run (the core's default number of seeds).
// Run alone: `node tests/bench/images-page.mjs` (needs dist/: `npm run build`).
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { availableParallelism, loadavg } from 'node:os';

import { startServer } from '../../web/serve.mjs';
import { CHROMIUM_ARGS, startFiguresEagerly } from '../e2e/helpers.mjs';
import { IMAGE_GFLOP } from './images.mjs';

export const GOAL_SECONDS = 45;
const FIG = 'figure[data-widget="images"]';

/**
 * Seconds of one run of the images figure with the settings of `hash`, in a fresh page.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {string} hash
 */
async function timeRun(browser, url, hash) {
  const context = await browser.newContext();
  try {
    await startFiguresEagerly(context);
    const page = await context.newPage();
    await page.goto(url + hash);
    await page.waitForSelector(`${FIG} [data-act="train"]`, { timeout: 60000 });
    const t0 = Date.now();
    await page.click(`${FIG} [data-act="train"]`);
    await page.waitForSelector(`${FIG}[data-state="done"], ${FIG}[data-state="failed"]`, {
      timeout: 900000,
    });
    const seconds = (Date.now() - t0) / 1000;
    const state = await page.getAttribute(FIG, 'data-state');
    if (state !== 'done') throw new Error(`the run ended ${state}`);
    const sentence = String(await page.textContent(`${FIG} [data-takeaway]`));
    return { seconds, sentence };
  } finally {
    await context.close();
  }
}

/**
 * @param {string} dist
 * @param {{defaultRun?: boolean}} [options]  also time the default run (several seeds)
 */
export async function runImagesPageBench(dist, { defaultRun = false } = {}) {
  const { server, url } = await startServer({ dir: dist, port: 0 });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const load = loadavg()[0];
    const one = await timeRun(browser, url, '#iseeds=1&iepochs=20');
    const all = defaultRun ? await timeRun(browser, url, '') : null;
    return { one, all, load, loadAfter: loadavg()[0], cores: availableParallelism() };
  } finally {
    await browser.close();
    await new Promise((ok) => server.close(ok));
  }
}

/**
 * @param {any} r
 * @param {(text: string, ok: boolean, measured: string) => string} goal
 * @param {number} [peak] one core's SIMD ceiling (GFLOP/s, measured under Node: peak.mjs)
 */
export function renderImagesPage(r, goal, peak) {
  const out = [
    '',
    'Images in the page: ReLU, ELU and GELU, 20 epochs on 8,000 images, one worker each (Chromium):',
  ];
  if (r.error) return [...out, `  not measured (${r.error})`];
  // (os.loadavg()'s one-minute figure: the goal is for an idle machine, so the load says how far
  // this run was from one)
  out.push(
    `  load average ${r.load.toFixed(2)} before, ${r.loadAfter.toFixed(2)} after, on ${r.cores ?? '?'} cores`,
  );
  out.push(`  one seed: ${r.one.seconds.toFixed(1)} s (${r.one.sentence})`);
  // Each epoch is the bench's image epoch (images.mjs): 3 networks x 20 of them, on 2 cores.
  const gflop = 3 * 20 * IMAGE_GFLOP;
  const rate = gflop / r.one.seconds;
  out.push(
    `  ~${gflop.toFixed(0)} GFLOP in all: ${rate.toFixed(1)} GFLOP/s${peak ? `, ${((100 * rate) / (2 * peak)).toFixed(0)}% of two cores' SIMD ceiling (${(2 * peak).toFixed(1)} GFLOP/s)` : ''}`,
  );
  if (r.all) out.push(`  the default run: ${r.all.seconds.toFixed(1)} s (${r.all.sentence})`);
  out.push(
    goal(
      `three-activation run of 20 epochs in page workers <= ${GOAL_SECONDS} s`,
      r.one.seconds <= GOAL_SECONDS,
      `${r.one.seconds.toFixed(1)} s`,
    ),
  );
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const r = await runImagesPageBench(`${root}dist`, {
    defaultRun: process.argv.includes('--default'),
  });
  const goal = (/** @type {string} */ text, /** @type {boolean} */ ok, /** @type {string} */ m) =>
    `  [${ok ? 'met' : 'MISSED'}] ${text}: ${m}`;
  const { loadModule } = await import('../../wasm/module.mjs');
  const { runPeakBench } = await import('./peak.mjs');
  const peak = runPeakBench(await loadModule()).peak_gflops;
  process.stdout.write(`${renderImagesPage(r, goal, peak).join('\n')}\n`);
}
