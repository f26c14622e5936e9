#!/usr/bin/env node
// `npm run pretrain`: the pretrained models the page and the CLI ship, trained with the
// reference configuration (the core's defaults) on web/data/corpus.txt, deterministic:
//   web/data/lm-<act>.json      the weights, a PyTorch state_dict (tiny_lm.py's names)
//   web/data/lm-pretrained.json {act: {config, steps, train_loss, val_loss}} for each model,
//                               the losses of the fixed evaluation windows (tests check them)
// Usage: node wasm/lm-pretrain.mjs [act ...]   (default: gelu relu; each in its own process)
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { loadModule } from './module.mjs';
import { corpusPath, pretrainedPath } from './cli-lm.mjs';

const manifestPath = fileURLToPath(new URL('../web/data/lm-pretrained.json', import.meta.url));
const self = fileURLToPath(import.meta.url);

/** @param {string} act an activation name (the core checks it) */
async function trainOne(act) {
  const M = await loadModule();
  const e = new M.LmExperiment(JSON.stringify({ act }), readFileSync(corpusPath, 'utf8'));
  try {
    if (e.error()) throw new Error(e.error());
    const t0 = performance.now();
    while (e.step(50)) {
      const last = JSON.parse(e.historyJson()).at(-1);
      process.stderr.write(`\r${act}: step ${e.stepCount()}, val ${last.val_loss.toFixed(4)}  `);
    }
    process.stderr.write(`\n${act}: ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    if (e.status() !== 'done') throw new Error(`${act}: ${e.status()}`);
    writeFileSync(pretrainedPath(act), e.stateJson());
    const last = JSON.parse(e.evaluateJson());
    return {
      config: JSON.parse(e.configJson()),
      steps: last.step,
      train_loss: last.train_loss,
      val_loss: last.val_loss,
    };
  } finally {
    e.delete();
  }
}

if (process.argv[2] === '--one') {
  process.stdout.write(JSON.stringify(await trainOne(process.argv[3])));
} else {
  const acts = process.argv.length > 2 ? process.argv.slice(2) : ['gelu', 'relu'];
  const results = await Promise.all(
    acts.map(
      (act) =>
        new Promise((resolve, reject) => {
          const child = spawn(process.execPath, [self, '--one', act], {
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.on('close', (code) =>
            code === 0
              ? resolve([act, JSON.parse(out)])
              : reject(new Error(`${act}: exit ${code}`)),
          );
        }),
    ),
  );
  const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  for (const [act, r] of results) manifest[act] = r;
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}
