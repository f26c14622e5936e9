// Runs the studies of study-runs.mjs in Node, with the page's study code and the built module, and
// writes each result with its inputs to web/data/runs/<name>.json (committed: a build only reads
// it). Run it after a change of the core or of a default moves a result (the spot check,
// tests/js/web_ship_runs_spot_check.test.mjs, says so):
//   node web/ship/numbers/make-runs.mjs [name …]     (no name: every run)
import { mkdir, writeFile } from 'node:fs/promises';
import { loadModule, modulePath } from '../../../wasm/module.mjs';
import { describeCore } from '../../js/shared/core.js';
import {
  RUNS_DIR,
  STUDY_RUNS,
  moduleIdentity,
  runFile,
  runSeeds,
  speedSummariesOf,
  studySpec,
  summariesOf,
} from './study-runs.mjs';
import { runImageSeeds } from './image-runs.mjs';

const names = process.argv.slice(2);
for (const name of names)
  if (!(name in STUDY_RUNS)) {
    console.error(`make-runs: no run ${name} (known: ${Object.keys(STUDY_RUNS).join(', ')})`);
    process.exit(2);
  }
const core = describeCore(await loadModule());
await mkdir(RUNS_DIR, { recursive: true });
for (const name of names.length ? names : Object.keys(STUDY_RUNS)) {
  const t0 = performance.now();
  const spec = studySpec(core, name);
  /** @param {import('./study-runs.mjs').SeedPair} p */
  const onSeed = (p) => process.stderr.write(`${name}: ${JSON.stringify(p)}\n`);
  /** @type {Record<string, number[]>} */
  const firstEpochs = {};
  const perSeed = spec.images
    ? runImageSeeds(core, spec, {
        onSeed,
        onRun: (seed, act, losses) => {
          if (seed === spec.base.seed) firstEpochs[act] = losses;
        },
      })
    : runSeeds(core, spec, { onSeed });
  const { counts } = STUDY_RUNS[name];
  const result = {
    name,
    study: STUDY_RUNS[name],
    config: spec.base,
    acts: spec.acts,
    choose: spec.choose,
    module: moduleIdentity(modulePath()),
    per_seed: perSeed,
    summaries: summariesOf(core, perSeed, counts),
    ...(spec.speed ? { speed: speedSummariesOf(core, perSeed, counts) } : {}),
    ...(spec.images ? { first_epochs: firstEpochs } : {}),
  };
  await writeFile(runFile(name), `${JSON.stringify(result, null, 2)}\n`);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`make-runs: ${name}: ${perSeed.length} seeds in ${seconds} s -> ${runFile(name)}`);
}
