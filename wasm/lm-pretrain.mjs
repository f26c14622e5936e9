#!/usr/bin/env node
// `npm run pretrain`: the language models the page and the CLI ship, deterministic, each in its
// own process and one after the other (a run has one core and a fresh heap):
//   pretrained  the pretrained configuration (PRETRAINED below, larger than the core's
//               from-scratch defaults) on the whole Jargon File lexicon (web/data/jargon.txt):
//     web/data/lm-<act>.safetensors  the weights, float32 safetensors (src/lm/lm_safetensors.hpp;
//                                 tiny_lm_torch.py's names, the config in its __metadata__)
//     web/data/lm-pretrained.json {act: {config, text, steps, train_loss, val_loss, seconds}}: the
//                                 configuration and text every user of the weights loads them
//                                 with, the losses of the fixed evaluation windows (tests check
//                                 them) and how long the run took on the machine that made it
//   scratch     the core's defaults on the lexicon's start (its first lmScratchChars()
//               characters, src/lm/corpus.hpp), what a reader trains from scratch:
//     web/data/lm-scratch.json    the same record, no weights (the page's from-scratch picture)
// Usage: node wasm/lm-pretrain.mjs [pretrained|scratch] [act ...]  (default: both, gelu relu)
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { loadModule } from './module.mjs';
import { dataPath, pretrainedPath } from './cli-lm-model.mjs';

const self = fileURLToPath(import.meta.url);

// The pretrained configuration: twice the from-scratch width, context 48, batch 16, 10,000 steps
// (everything not listed takes the core's defaults). Chosen by timing candidates on this machine:
// a step costs 0.54 GFLOP (about 30 ms idle), so fine-tuning 200 steps stays near a page's 10 s
// budget and a run near 15 minutes of one core (GELU 915 s, ReLU 1,929 s with the machine
// shared); 1,500 steps of it reached 1.92 nats per character, 10,000 reach 1.66 (goal 1.8).
export const PRETRAINED = {
  d: 64,
  layers: 2,
  heads: 4,
  ctx: 48,
  ffn: 256,
  batch: 16,
  steps: 10000,
  warmup: 200,
  eval_every: 500,
};
export const PRETRAINED_TEXT = 'jargon.txt';

/** What each kind of run trains on (a scratch run, the lexicon's start), where it records itself. */
const KINDS = {
  pretrained: { config: PRETRAINED, text: PRETRAINED_TEXT, record: 'lm-pretrained.json' },
  scratch: { config: {}, text: 'jargon.txt', scratch: true, record: 'lm-scratch.json' },
};

/**
 * @param {'pretrained' | 'scratch'} kind
 * @param {string} act an activation name (the core checks it)
 */
async function trainOne(kind, act) {
  const M = await loadModule();
  /** @type {{config: object, text: string, scratch?: boolean}} */
  const { config, text, scratch } = KINDS[kind];
  const chars = scratch ? M.lmScratchChars() : undefined;
  const e = new M.LmExperiment(
    JSON.stringify({ ...config, act }),
    readFileSync(dataPath(text), 'utf8').slice(0, chars),
  );
  try {
    if (e.error()) throw new Error(e.error());
    const t0 = performance.now();
    while (e.step(50)) {
      const last = JSON.parse(e.historyJson()).at(-1);
      process.stderr.write(
        `\r${kind} ${act}: step ${e.stepCount()}, val ${last.val_loss.toFixed(4)}  `,
      );
    }
    const seconds = Number(((performance.now() - t0) / 1000).toFixed(1));
    process.stderr.write(`\n${kind} ${act}: ${seconds} s\n`);
    if (e.status() !== 'done') throw new Error(`${act}: ${e.status()}`);
    if (kind === 'pretrained') writeFileSync(pretrainedPath(act), e.stateSafetensors());
    const last = JSON.parse(e.evaluateJson());
    return {
      config: JSON.parse(e.configJson()),
      text,
      ...(chars ? { chars } : {}),
      steps: last.step,
      train_loss: last.train_loss,
      val_loss: last.val_loss,
      seconds,
    };
  } finally {
    e.delete();
  }
}

/**
 * @param {'pretrained' | 'scratch'} kind
 * @param {string} act
 */
function trainInChild(kind, act) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [self, '--one', kind, act], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${kind} ${act}: exit ${code}`)),
    );
  });
}

// Run as a script (imported, e.g. by the tests, it only lends PRETRAINED).
// The child: --one KIND ACT.
if (process.argv[1] === self && process.argv[2] === '--one') {
  const kind = process.argv[3] === 'scratch' ? 'scratch' : 'pretrained';
  process.stdout.write(JSON.stringify(await trainOne(kind, process.argv[4])));
} else if (process.argv[1] === self) {
  const args = process.argv.slice(2);
  const kinds = /** @type {('pretrained' | 'scratch')[]} */ (
    args[0] === 'pretrained' || args[0] === 'scratch' ? [args.shift()] : ['scratch', 'pretrained']
  );
  const acts = args.length > 0 ? args : ['gelu', 'relu'];
  for (const kind of kinds) {
    for (const act of acts) {
      const result = await trainInChild(kind, act);
      // Written after each model, so a finished one is kept if a later one fails.
      const path = dataPath(KINDS[kind].record);
      const record = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
      record[act] = result;
      writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
    }
  }
}
