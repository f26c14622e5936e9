// The GLU figure's reference study (web/data/lm-glu-reference.json, made by `npm run reference`:
// wasm/lm-glu-reference.mjs), which `lm study --reference` prints and the figure shows first. Too
// long to re-run here (40 runs), so this holds what a reader relies on: its size resolves the
// differences it reports (≥ 5 seeds, ≥ 1000 steps, each interval within ±0.02 nats), its
// summaries are the core's of its own losses, it was made from what the core's configuration
// still is, and the current core gives one seed of two variants bit for bit (a change of the core
// or its defaults that moves a result fails here: re-run the script).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { loadModule } from '../../wasm/module.mjs';
import { readScratch } from '../../wasm/cli-lm-model.mjs';
import { REFERENCE_FILE, studyRun } from '../../wasm/cli-lm-study.mjs';

const M = await loadModule();
const record = JSON.parse(
  readFileSync(new URL(`../../web/data/${REFERENCE_FILE}`, import.meta.url), 'utf8'),
);
const io = {
  readText: (/** @type {string} */ path) => readFileSync(path, 'utf8'),
  toNumber: Number,
  fail: (/** @type {string} */ message) => assert.fail(message),
};
const AGAIN = 'rerun `npm run reference` (wasm/lm-glu-reference.mjs) and commit its result';

test('the reference study resolves what it reports: ≥ 5 seeds, ≥ 1000 steps, ±0.02 nats', () => {
  assert.ok(record.seeds.length >= 5, `${record.seeds.length} seeds`);
  assert.ok(record.steps >= 1000, `${record.steps} steps`);
  assert.equal(record.rows[0].act, 'relu');
  assert.deepEqual(
    record.rows.map((r) => r.act),
    record.acts,
  );
  for (const r of record.rows.slice(1)) {
    const half = (r.delta.ci_high - r.delta.ci_low) / 2;
    assert.ok(half <= 0.02, `${r.act}: ±${half.toFixed(4)} nats`);
  }
});

test("its summaries are the core's, of the losses it records", () => {
  const relu = record.rows[0].losses;
  for (const r of record.rows) {
    assert.equal(r.losses.length, record.seeds.length, r.act);
    const mean = r.losses.reduce((s, x) => s + x, 0) / r.losses.length;
    assert.ok(Math.abs(r.loss - mean) < 1e-12, `${r.act}: mean loss`);
    const core = JSON.parse(M.pairedSummaryJson(JSON.stringify(r.losses), JSON.stringify(relu)));
    assert.deepEqual(r.delta, r.act === 'relu' ? null : core, r.act);
  }
});

test('it was made from the configuration the core still gives its runs', () => {
  const probe = new M.LmExperiment(
    JSON.stringify({
      ...record.model,
      act: 'relu',
      steps: record.steps,
      seed: 0,
      eval_every: record.steps,
    }),
    readScratch(M, io),
  );
  try {
    const { act, seed, ...config } = JSON.parse(probe.configJson());
    assert.deepEqual(config, record.config, AGAIN);
    assert.equal(record.chars, readScratch(M, io).length);
  } finally {
    probe.delete();
  }
});

test('the current core gives its first seed of ReLU and SwiGLU bit for bit', () => {
  const spec = { acts: record.acts, seeds: record.seeds, steps: record.steps, model: record.model };
  const text = readScratch(M, io);
  for (const act of ['relu', 'swiglu']) {
    const row = record.rows.find((r) => r.act === act);
    const run = studyRun(M, text, spec, act, record.seeds[0], io);
    assert.equal(run.loss, row.losses[0], `${act}, seed ${record.seeds[0]}: ${AGAIN}`);
    assert.equal(run.params, row.params, act);
  }
});
