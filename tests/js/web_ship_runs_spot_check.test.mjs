// The committed study runs (web/data/runs/, written by web/ship/numbers/make-runs.mjs) still say
// what the current core computes: the page's settings still give the committed config, the first
// seed of each study, run again through the page's own study code, gives the committed test
// accuracies bit for bit, and each committed summary is the core's summary of the committed
// seeds. A change of the core or of a default that moves a result fails here, instead of leaving
// a sentence of the article behind. The fix: run the script again and read the sentences.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPageCore } from './core-helpers.mjs';
import {
  STUDY_RUNS,
  readRun,
  runSeeds,
  studySpec,
  summariesOf,
} from '../../web/ship/numbers/study-runs.mjs';

const core = await loadPageCore();
const rerun = (/** @type {string} */ name) =>
  `the committed result of ${name} is stale: run node web/ship/numbers/make-runs.mjs ${name}, then check the sentences that quote it`;

for (const name of Object.keys(STUDY_RUNS)) {
  test(`${name}: the committed run is what the current core computes`, () => {
    const committed = readRun(name);
    const spec = studySpec(core, name);
    assert.deepEqual(committed.study, STUDY_RUNS[name], rerun(name));
    assert.deepEqual(committed.config, spec.base, rerun(name));
    assert.deepEqual([committed.acts, committed.choose], [spec.acts, spec.choose], rerun(name));
    assert.deepEqual(
      committed.per_seed.map((p) => p.seed),
      Array.from({ length: spec.seeds }, (_, i) => spec.base.seed + i),
      rerun(name),
    );
    const [first] = committed.per_seed;
    assert.deepEqual(runSeeds(core, spec, { only: [first.seed] }), [first], rerun(name));
    assert.deepEqual(
      committed.summaries,
      summariesOf(core, committed.per_seed, STUDY_RUNS[name].counts),
      rerun(name),
    );
  });
}
