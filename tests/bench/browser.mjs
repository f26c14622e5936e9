// Chromium side of `npm run bench`: the page's own workers on dist/, timed in the page.
// - one network alone vs the ReLU/GELU twin in two workers at once (goal: twin <= 1.2x one);
// - the default many-seeds study, 10 seeds x 2 activations (goal: <= 5 s on 2 cores).
import { chromium } from 'playwright-core';

import { startServer } from '../../web/serve.mjs';
import { CHROMIUM_ARGS } from '../e2e/helpers.mjs';

const GRID = 64; // the twin lab redraws its decision boundaries from such a grid

export async function runBrowserBench(dist) {
  const { server, url } = await startServer({ dir: dist, port: 0 });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForSelector('html[data-ready="true"]', { timeout: 60000 });
    const r = await page.evaluate(measure, GRID);
    const lm = await page.evaluate(measureLm);
    const twinRatio = r.twin / r.single;
    return {
      ...r,
      twinRatio,
      lines: [
        `Chromium (page workers, ${r.cores} logical cores, default run with a ${GRID}x${GRID} boundary grid):`,
        `  one GELU network alone ${r.single.toFixed(2)} s; ReLU + GELU twin in two workers ${r.twin.toFixed(2)} s`,
        `  [${twinRatio <= 1.2 ? 'met' : 'MISSED'}] twin <= 1.2x one network: ${twinRatio.toFixed(2)}x`,
        `  10-seed study (20 runs, ${r.studyWorkers} workers): ${r.study.toFixed(2)} s`,
        `  [${r.study <= 5 ? 'met' : 'MISSED'}] 10-seed study <= 5 s: ${r.study.toFixed(2)} s`,
        `  language model, reference run on the page's thread: ${lm.seconds.toFixed(1)} s, ${(lm.flops / 1e9 / lm.seconds).toFixed(2)} GFLOP/s, val loss ${lm.val_loss.toFixed(4)}`,
        `  [${lm.seconds <= 30 ? 'met' : 'MISSED'}] language model reference run in Chromium <= 30 s: ${lm.seconds.toFixed(1)} s`,
      ],
      lm,
    };
  } finally {
    await browser.close();
    await new Promise((ok) => server.close(ok));
  }
}

// Runs inside the page: the language model's reference run, straight on the module.
async function measureLm() {
  const { M } = await import('./js/core.js').then((m) => m.loadCore());
  const text = await (await fetch('data/corpus.txt')).text();
  const e = new M.LmExperiment('{}', text);
  const t0 = performance.now();
  while (e.step(50));
  const seconds = (performance.now() - t0) / 1000;
  const val_loss = JSON.parse(e.evaluateJson()).val_loss;
  e.delete();
  return { seconds, flops: JSON.parse(M.lmFlopsJson('{}', text)).run, val_loss };
}

// Runs inside the page.
async function measure(grid) {
  const config = JSON.parse(
    (await import('./js/core.js').then((m) => m.loadCore())).M.defaultConfigJson(),
  );
  const train = (activation) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL('js/workers/train-worker.js', location.href), {
        type: 'module',
      });
      worker.onmessage = ({ data }) => {
        if (data.type === 'created') worker.postMessage({ cmd: 'play' });
        else if (data.type === 'snapshot' && data.final) {
          worker.terminate();
          resolve(data);
        } else if (data.type === 'error') {
          worker.terminate();
          reject(new Error(data.message));
        }
      };
      worker.postMessage({ cmd: 'create', config: { ...config, activation }, grid });
    });
  const wall = async (work) => {
    const t0 = performance.now();
    await work();
    return (performance.now() - t0) / 1000;
  };
  await train('gelu'); // warm-up: module compilation, caches
  const single = Math.min(await wall(() => train('gelu')), await wall(() => train('gelu')));
  const twin = Math.min(
    await wall(() => Promise.all([train('relu'), train('gelu')])),
    await wall(() => Promise.all([train('relu'), train('gelu')])),
  );
  const { startStudy } = await import('./js/study.js');
  let workers = 0;
  const study = await wall(async () => {
    const s = startStudy(
      { base: { ...config, val_fraction: 0.2 }, acts: ['relu', 'gelu'], seeds: 10, choose: 'last' },
      () => {},
    );
    workers = s.workers;
    await s.done;
  });
  return { cores: navigator.hardwareConcurrency, single, twin, study, studyWorkers: workers };
}
