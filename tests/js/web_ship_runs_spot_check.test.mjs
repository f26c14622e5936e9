// The committed study runs (web/data/runs/, written by web/ship/numbers/make-runs.mjs) still say
// what the current core computes: the page's settings still give the committed config, the first
// seed of each study, run again through the page's own study code, gives the committed test
// accuracies bit for bit, and each committed summary is the core's summary of the committed
// seeds. A change of the core or of a default that moves a result fails here, instead of leaving
// a sentence of the article behind. The fix: run the script again and read the sentences.
// The images study's runs take far longer, so for it the first seed's first epochs are re-run and
// compared with the committed training losses of that seed (the same core and inputs give the
// same bits); it needs Debian's Fashion-MNIST files, as the build's image subset does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPageCore } from './core-helpers.mjs';
import {
  STUDY_RUNS,
  readRun,
  runSeeds,
  speedSummariesOf,
  studySpec,
  summariesOf,
} from '../../web/ship/numbers/study-runs.mjs';
import { trainImages } from '../../web/ship/numbers/image-runs.mjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGES_DIR } from '../../web/ship/images.mjs';

/** Epochs of the images study's first seed that the check re-runs. */
const IMAGE_EPOCHS = 2;

const core = await loadPageCore();
const rerun = (/** @type {string} */ name) =>
  `the committed result of ${name} is stale: run node web/ship/numbers/make-runs.mjs ${name}, then check the sentences that quote it`;

for (const name of Object.keys(STUDY_RUNS)) {
  const images = STUDY_RUNS[name].preset === 'images';
  const skip =
    images &&
    !existsSync(join(IMAGES_DIR, 'train-images-idx3-ubyte.gz')) &&
    `no Fashion-MNIST files in ${IMAGES_DIR} (dataset-fashion-mnist)`;
  test(`${name}: the committed run is what the current core computes`, { skip }, () => {
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
    if (images)
      for (const act of spec.acts) {
        const { losses } = trainImages(core, { ...spec.base, activation: act }, IMAGE_EPOCHS);
        const want = committed.first_epochs?.[act]?.slice(0, IMAGE_EPOCHS);
        assert.deepEqual(losses, want, rerun(name));
      }
    else assert.deepEqual(runSeeds(core, spec, { only: [first.seed] }), [first], rerun(name));
    const { counts } = STUDY_RUNS[name];
    assert.deepEqual(
      committed.summaries,
      summariesOf(core, committed.per_seed, counts),
      rerun(name),
    );
    if (spec.speed)
      assert.deepEqual(
        committed.speed,
        speedSummariesOf(core, committed.per_seed, counts),
        rerun(name),
      );
  });
}
