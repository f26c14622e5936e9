#!/usr/bin/env node
// `npm run reference`: the reference study the GLU figure shows and `lm study --reference` prints:
// the FFN variants against ReLU, trained from scratch by the core over enough seeds and steps to
// resolve the differences Shazeer (2020) reports (each late interval within ±0.02 nats per
// character), too long for a build or a reader's minute. Each run is deterministic; the runs go two
// at a time, each in its own process (one core, a fresh heap). It writes
// web/data/lm-glu-reference.json: the study in `lm study --json`'s shape, with what it was made
// from (the core's full configuration of a run, the text) and how long it took on the machine that
// made it. tests/js/lm-glu-reference.test.mjs re-runs one seed of two variants bit for bit.
// Usage: node wasm/lm-glu-reference.mjs [--seeds N] [--steps S]
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { loadModule } from './module.mjs';
import { dataPath, readScratch } from './cli-lm-model.mjs';
import { REFERENCE_FILE, studyRun, studySpec, summarizeStudy } from './cli-lm-study.mjs';

const self = fileURLToPath(import.meta.url);
/** The reference's size: the core's limit of seeds, and Shazeer's 1/8-of-a-run is not read. */
export const REFERENCE_SIZE = { seeds: '8', steps: '1000' };

/** The script reads only the project's own files and flags: no bounds, errors thrown. */
/** @type {import('./cli-lm-model.mjs').Io} */
const io = {
  readText: (path) => readFileSync(path, 'utf8'),
  readBytes: (path) => readFileSync(path),
  writeText: (path, text) => writeFileSync(path, text),
  toNumber: (text) => Number(text),
  fail(message) {
    throw new Error(message);
  },
};

/** @param {string[]} argv */
function flags(argv) {
  /** @type {{[flag: string]: string}} */
  const o = { ...REFERENCE_SIZE };
  for (let i = 0; i < argv.length; i += 2) o[argv[i].replace(/^--/, '')] = argv[i + 1];
  return o;
}

/**
 * One run in a child process: `--one act seed` and the flags.
 * @param {string[]} args
 * @returns {Promise<{loss: number, params: number}>}
 */
function runInChild(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [self, '--one', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${args.join(' ')}: exit ${code}`)),
    );
  });
}

/**
 * Runs jobs, `width` at a time, in order of submission; resolves with their results in order.
 * @template T
 * @param {(() => Promise<T>)[]} jobs
 * @param {number} width
 */
async function inLanes(jobs, width) {
  /** @type {T[]} */
  const results = [];
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

if (process.argv[1] === self && process.argv[2] === '--one') {
  const [act, seed, ...rest] = process.argv.slice(3);
  const M = await loadModule();
  const spec = studySpec(M, flags(rest), io);
  const run = studyRun(M, readScratch(M, io), spec, act, Number(seed), io);
  process.stdout.write(JSON.stringify(run));
} else if (process.argv[1] === self) {
  const o = flags(process.argv.slice(2));
  const M = await loadModule();
  const spec = studySpec(M, o, io);
  const rest = Object.entries(o).flatMap(([k, v]) => [`--${k}`, v]);
  const pairs = spec.acts.flatMap((act) => spec.seeds.map((seed) => ({ act, seed })));
  const t0 = performance.now();
  let done = 0;
  const results = await inLanes(
    pairs.map(({ act, seed }) => async () => {
      const r = await runInChild([act, String(seed), ...rest]);
      process.stderr.write(`\r${++done}/${pairs.length} runs (${act}, seed ${seed})   `);
      return r;
    }),
    2,
  );
  /** @type {Record<string, {loss: number, params: number}[]>} */
  const runs = {};
  pairs.forEach(({ act }, i) => (runs[act] ??= []).push(results[i]));
  const study = summarizeStudy(M, spec, runs);
  const probe = new M.LmExperiment(
    JSON.stringify({
      ...spec.model,
      act: spec.acts[0],
      steps: spec.steps,
      seed: spec.seeds[0],
      eval_every: spec.steps,
    }),
    readScratch(M, io),
  );
  const config = JSON.parse(probe.configJson());
  probe.delete();
  const record = {
    made_by: 'wasm/lm-glu-reference.mjs (npm run reference)',
    text: 'jargon.txt',
    chars: M.lmScratchChars(),
    config: { ...config, act: undefined, seed: undefined },
    seconds: Math.round((performance.now() - t0) / 1000),
    ...study,
  };
  writeFileSync(dataPath(REFERENCE_FILE), `${JSON.stringify(record, null, 2)}\n`);
  process.stderr.write(`\nwrote ${dataPath(REFERENCE_FILE)}\n`);
  // The check a reader of the file relies on: the interval each late Δ holds.
  for (const r of study.rows.slice(1))
    process.stderr.write(
      `${r.act}: ${r.delta?.mean_diff?.toFixed(4)} ± ${(((r.delta?.ci_high ?? 0) - (r.delta?.ci_low ?? 0)) / 2).toFixed(4)}\n`,
    );
}
