// `npm run bench`: every speed goal, measured side by side in one run (never in a test).
// WASM under Node and native C++ for the kernels and the default training run;
// Chromium for the page's workers (twin run, many-seeds study) when available.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { loadModule } from '../../wasm/module.mjs';
import { kernelRates, runBench } from '../../wasm/cli-bench.mjs';
import { runLmBench, renderLm } from './lm.mjs';
import { runLmVariantsBench, renderLmVariants } from './lm-variants.mjs';
import { runLmCommandsBench, renderLmCommands } from './lm-commands.mjs';
import { runDeepBench } from './deep.mjs';
import { runImageBench, renderImages } from './images.mjs';
import { runNeuronMapsBench, renderNeuronMaps } from './neuron-maps.mjs';
import { renderImagesPage } from './images-page.mjs';
import { runTorch, torchLabel } from './torch.mjs';
import { ofPeak, renderPeak, runPeakBench } from './peak.mjs';

// Multiply-adds of the default run: per sample, forward 2·(2·64 + 64·64 + 64) FLOP and
// about twice that backward, over 1600 samples x 100 epochs, plus the evaluations.
const MACS_PER_SAMPLE = 2 * 64 + 64 * 64 + 64 * 1;
const FLOP_PER_RUN = 3 * 2 * MACS_PER_SAMPLE * 1600 * 100;

const root = fileURLToPath(new URL('../../', import.meta.url));
const json = process.argv.includes('--json');

// The whole bench takes minutes (3 to 6 here, after the build) and prints its table at the end:
// each part says on stderr when it starts and how long it took, so a slow phase, or a stall,
// shows where it is.
/**
 * @template T
 * @param {string} name
 * @param {() => T | Promise<T>} part
 * @returns {Promise<T>}
 */
async function withProgress(name, part) {
  const t0 = performance.now();
  process.stderr.write(`bench: ${name}...`);
  const result = await part();
  process.stderr.write(` ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  return result;
}

const M = await loadModule();
const wasm = await withProgress('kernels and default runs (WASM)', () => ({
  ...runBench(M),
  // ReLU over 64K floats (0.5 MB in and out, within L2): beside the goal's 1M floats, whose 8 MB
  // stream through memory, it shows how much of the ratio the bandwidth takes.
  reluInCache: kernelRates(M, ['relu'], 1 << 16)[0],
}));
const peak = await withProgress('SIMD ceiling and products (WASM)', () => runPeakBench(M));
const lm = await withProgress('language model (WASM, then PyTorch)', () => runLmBench(M));
const lmVariants = await withProgress('FFN variants (WASM)', () => runLmVariantsBench(M));
const lmCommands = await withProgress('lm parts and one GLU run a variant (WASM)', () =>
  runLmCommandsBench(M).catch((e) => ({ error: e.message })),
);
const deep = await withProgress('deep runs (WASM)', () => runDeepBench(M));
// The same moons runs (default and deep) in PyTorch on one thread and OpenBLAS.
const moonsTorch = await withProgress('moons runs (PyTorch)', () =>
  runTorch('moons_torch_bench.py'),
);
const images = await withProgress('images (WASM, then PyTorch)', () => runImageBench(M));
const neuronMaps = await withProgress('neuron maps (WASM)', () => runNeuronMapsBench(M));
const native = await withProgress('native', () =>
  JSON.parse(execFileSync(`${root}build/native/al_bench`, { encoding: 'utf8' })),
);
let browser = null;
if (existsSync('/usr/bin/chromium') && existsSync(`${root}dist/index.html`)) {
  const { runBrowserBench } = await import('./browser.mjs');
  browser = await withProgress('Chromium', () =>
    runBrowserBench(`${root}dist`).catch((e) => ({ error: e.message })),
  );
}
let imagesPage = null;
if (existsSync('/usr/bin/chromium') && existsSync(`${root}dist/index.html`)) {
  const { runImagesPageBench } = await import('./images-page.mjs');
  imagesPage = await withProgress('images in the page (Chromium)', () =>
    runImagesPageBench(`${root}dist`).catch((e) => ({ error: e.message })),
  );
}
// Lighthouse (tests/bench/lighthouse.mjs installs it on demand); --no-lighthouse skips it.
let lighthouse = null;
if (existsSync('/usr/bin/chromium') && !process.argv.includes('--no-lighthouse')) {
  const { runLighthouse } = await import('./lighthouse.mjs');
  lighthouse = await withProgress('Lighthouse', () =>
    runLighthouse(root).catch((e) => ({ error: e.message })),
  );
}

const results = {
  wasm: { ...wasm, text: undefined },
  peak,
  deep,
  moonsTorch,
  native,
  lm,
  lmVariants,
  lmCommands,
  images,
  neuronMaps,
  imagesPage,
  browser,
  lighthouse,
};
mkdirSync(`${root}build/bench`, { recursive: true });
writeFileSync(`${root}build/bench/results.json`, JSON.stringify(results, null, 2));
if (json) {
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} else {
  process.stdout.write(render(results));
}

function render({
  wasm: w,
  peak: pk,
  deep: dr,
  moonsTorch: mt,
  native: n,
  lm: lmResult,
  lmVariants: lv,
  lmCommands: lc,
  images: im,
  neuronMaps: nm,
  imagesPage: ip,
  browser: b,
  lighthouse: l,
}) {
  const f = (x, d = 0) => x.toFixed(d).padStart(9);
  const out = [];
  out.push(
    `Kernels: M elements/s over ${w.elements} floats (best of several), SIMD vs scalar reference`,
  );
  out.push(`${''.padEnd(12)}${'WASM/Node ' + w.arch}`.padEnd(48) + `native ${n.arch}`);
  out.push(
    `${'kernel'.padEnd(12)}${'SIMD'.padStart(9)}${'scalar'.padStart(9)}${'ratio'.padStart(9)}${''.padStart(9)}${'SIMD'.padStart(9)}${'scalar'.padStart(9)}${'ratio'.padStart(9)}`,
  );
  for (const k of w.kernels) {
    const m = n.kernels.find((x) => x.fn === k.fn);
    out.push(
      `${k.fn.padEnd(12)}${f(k.simd_meps)}${f(k.scalar_meps)}${f(k.ratio, 2)}x${''.padStart(8)}${f(m.simd_meps)}${f(m.scalar_meps)}${f(m.ratio, 2)}x`,
    );
  }
  const k = (name) => w.kernels.find((x) => x.fn === name);
  const e = w.endToEnd;
  out.push('');
  out.push(
    `evaluate('${e.fn}') over ${e.elements} elements, M elements/s: end to end (copy in, kernel, copy out) vs kernel alone`,
  );
  for (const { input, meps } of e.inputs)
    out.push(`  WASM/Node ${input.padEnd(13)}${f(meps)} vs ${f(e.kernel_meps)}`);
  if (b?.evaluate)
    for (const { input, meps } of b.evaluate.inputs)
      out.push(`  Chromium  ${input.padEnd(13)}${f(meps)} vs ${f(b.evaluate.kernel_meps)}`);
  out.push('');
  out.push('Goals (WASM under Node, one core):');
  out.push(
    goal(
      `GELU exact >= 400 M/s`,
      k('gelu').simd_meps >= 400,
      `${k('gelu').simd_meps.toFixed(0)} M/s`,
    ),
  );
  out.push(
    goal(
      `GELU exact >= 3x its scalar reference`,
      k('gelu').ratio >= 3,
      `${k('gelu').ratio.toFixed(2)}x`,
    ),
  );
  out.push(
    goal(`ReLU >= 4x its scalar reference`, k('relu').ratio >= 4, `${k('relu').ratio.toFixed(2)}x`),
  );
  const c = w.reluInCache;
  out.push(
    `  (ReLU's SIMD pass over ${w.elements} floats moves ${((k('relu').simd_meps * 8) / 1000).toFixed(1)} GB/s; over ${1 << 16} floats, in cache, it runs at ${c.simd_meps.toFixed(0)} M/s, ${c.ratio.toFixed(2)}x its scalar reference)`,
  );
  out.push(...renderPeak(pk));
  out.push('');
  out.push(
    'Default run (2000 moons, 80/20, 2-64-64-1, Adam 0.001, batch 32, 100 epochs, 5,000 steps), best of 3:',
  );
  for (const t of w.training) {
    const m = n.training.find((x) => x.activation === t.activation);
    out.push(
      `  ${t.activation.padEnd(6)} WASM ${t.seconds.toFixed(3)} s, native ${m.seconds.toFixed(3)} s (WASM takes ${(t.seconds / m.seconds).toFixed(2)}x the native time), test accuracy ${(t.test_acc * 100).toFixed(1)}%`,
    );
  }
  const torchRun = (name) => mt.runs?.find((r) => r.name === name);
  if (mt.error) out.push(`  PyTorch: not measured (${mt.error})`);
  else {
    out.push(`  ${torchLabel(mt)}, the same runs:`);
    for (const t of w.training) {
      const p = torchRun(t.activation);
      out.push(
        `  ${t.activation.padEnd(6)} PyTorch ${p.seconds.toFixed(3)} s: WASM is ${(p.seconds / t.seconds).toFixed(2)}x as fast`,
      );
    }
    const ratio = Math.min(...w.training.map((t) => torchRun(t.activation).seconds / t.seconds));
    out.push(
      goal('WASM no slower than PyTorch on one thread', ratio >= 1, `${ratio.toFixed(2)}x as fast`),
    );
  }
  const gelu = w.training.find((t) => t.activation === 'gelu');
  const gflop = FLOP_PER_RUN / 1e9;
  out.push(
    `  ~${gflop.toFixed(1)} GFLOP per run (training; the evaluations not counted): ${w.training.map((t) => `WASM ${t.activation} ${ofPeak(gflop / t.seconds, pk.peak_gflops)}`).join('; ')}`,
  );
  if (gelu) {
    out.push(
      goal('gelu run in WASM <= 0.4 s', gelu.seconds <= 0.4, `${gelu.seconds.toFixed(3)} s`),
    );
  }
  out.push('');
  out.push(
    `Deep run (moons 2000, 80/20, 2-32x16-1, Adam 0.001, batch 32, 100 epochs), WASM, best of 3:`,
  );
  out.push(
    `  training ~${dr.gflop.toFixed(1)} GFLOP; each epoch's evaluation of the 1,600 training points ~${dr.eval_gflop.toFixed(1)} GFLOP more, timed apart in the same run`,
  );
  for (const r of dr.runs) {
    out.push(
      `  ${r.name.padEnd(20)} ${r.seconds.toFixed(3)} s = training ${r.train_seconds.toFixed(3)} s (${ofPeak(dr.gflop / r.train_seconds, pk.peak_gflops)}) + evaluation ${r.eval_seconds.toFixed(3)} s; 95% train accuracy at epoch ${r.reached_95 ?? 'never'}`,
    );
    const p = torchRun(r.name);
    if (p)
      out.push(
        `  ${''.padEnd(20)} PyTorch ${p.seconds.toFixed(3)} s (training and evaluation): WASM is ${(p.seconds / r.seconds).toFixed(2)}x as fast`,
      );
  }
  const slowest = Math.max(...dr.runs.map((r) => r.train_seconds));
  out.push(
    goal(
      "16x32 run's training in WASM <= 1.5 s (>= 10 GFLOP/s)",
      slowest <= 1.5,
      `slowest ${slowest.toFixed(3)} s`,
    ),
  );
  const o = dr.diagnostics;
  out.push(
    `  diagnostics, ${o.epochs} epochs of gelu He: ${o.plain_seconds.toFixed(3)} s without, ${o.diagnostics_seconds.toFixed(3)} s with`,
  );
  out.push(
    goal(
      'diagnostics cost <= 10% of an epoch',
      o.overhead <= 0.1,
      `+${(o.overhead * 100).toFixed(1)}%`,
    ),
  );
  out.push(
    "  (per epoch, grad_norm is the epoch's mean gradient and the other statistics ride on the epoch's evaluation pass)",
  );
  out.push(...renderLm(lmResult, goal, pk.peak_gflops));
  out.push(...renderLmVariants(lv));
  out.push(...renderLmCommands(lc, goal));
  out.push(...renderImages(im, goal, pk.peak_gflops));
  out.push(...renderNeuronMaps(nm, goal));
  if (ip) out.push(...renderImagesPage(ip, goal, pk.peak_gflops));
  if (b) {
    out.push('');
    if (b.error) out.push(`Chromium: not measured (${b.error})`);
    else for (const line of b.lines) out.push(line);
  }
  if (l) {
    out.push('');
    if (l.error) out.push(`Lighthouse: not measured (${l.error})`);
    else for (const line of l.lines) out.push(line);
  }
  return `${out.join('\n')}\n`;
}

function goal(text, ok, measured) {
  return `  [${ok ? 'met' : 'MISSED'}] ${text}: ${measured}`;
}
