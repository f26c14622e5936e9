// The Transformer's many-seeds study, its pure parts against the real module: the settings rows
// (ranges and defaults from the core), the tasks, the pairs and the core's summary of the final
// validation losses, the verdict's direction (lower loss is better) and the exported rows.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from '../../wasm/module.mjs';
import { lmCore } from '../../web/js/shared/lm-config.js';
import { createSettings, hashStore } from '../../web/js/shared/state.js';
import { lmStudySpec, LM_PRESETS } from '../../web/js/seeds/seeds-lm.js';
import { LM_ROWS } from '../../web/js/seeds/settings.js';
import {
  EVAL_COLUMNS,
  lmEvalRows,
  lmPairs,
  lmSeedRows,
  lmStudyJson,
  lmStudyTasks,
  readLossSummary,
  summarizeLm,
} from '../../web/js/shared/lm-study.js';
import { toCsv } from '../../web/js/shared/formats.js';

let M, lm;
before(async () => {
  M = await loadModule();
  lm = lmCore({ M });
});

/** A store over a string, as an embedded element keeps its attributes. */
const memory = (hash = '#') =>
  hashStore(
    () => hash,
    (h) => (hash = h),
  );

test('rows: ranges and defaults are the core’s; bad values fall back with a reason', () => {
  const limits = JSON.parse(M.lmConfigLimitsJson());
  const rows = Object.fromEntries(
    createSettings(lm, LM_ROWS, memory()).rows.map((r) => [r.key, r]),
  );
  assert.deepEqual(rows.slseeds.limit, limits.study_seeds);
  assert.equal(rows.slseeds.initial, limits.study_defaults.seeds);
  assert.deepEqual(rows.slsteps.limit, limits.study_steps);
  assert.equal(rows.slsteps.initial, limits.study_defaults.steps);
  assert.deepEqual(rows.sla.of, limits.act);
  assert.deepEqual(rows.slinit.of, limits.init);
  assert.equal(rows.smodel.initial, 'mlp');

  const max = limits.study_seeds.max;
  const p = createSettings(lm, LM_ROWS, memory());
  p.readHash(`#smodel=transformer&sla=swiglu&slseeds=${max + 1}&slsteps=1.5&slinit=gpt2`);
  assert.equal(p.values.smodel, 'transformer');
  assert.equal(p.values.sla, 'swiglu');
  assert.equal(p.values.slinit, 'gpt2');
  assert.equal(p.errors.slseeds.kind, 'range');
  assert.equal(p.values.slseeds, limits.study_defaults.seeds);
  assert.equal(p.errors.slsteps.kind, 'integer');
  assert.equal(p.values.slsteps, limits.study_defaults.steps);
  p.readHash(`#smodel=lstm&slb=identity&slseeds=${max}`);
  assert.equal(p.errors.smodel.kind, 'choice');
  assert.equal(p.values.smodel, 'mlp');
  assert.equal(p.errors.slb.kind, 'choice', 'identity is not an FFN activation');
  assert.equal(p.values.slseeds, max);
  for (const preset of Object.values(LM_PRESETS)) {
    assert.ok(limits.act.includes(preset.sla) && limits.act.includes(preset.slb));
    assert.notEqual(preset.sla, preset.slb);
  }
});

test('spec: the reference configuration with the study’s values; the core checks the last seed', () => {
  const p = createSettings(lm, LM_ROWS, memory());
  p.readHash('#sla=relu&slb=swiglu&slseeds=2&slseed=7&slsteps=40&slinit=gpt2');
  const { spec, problem } = lmStudySpec(p, lm);
  assert.equal(problem, '');
  assert.deepEqual(spec.acts, ['relu', 'swiglu']);
  assert.equal(spec.seeds, 2);
  assert.deepEqual(spec.base, { ...lm.defaults, steps: 40, seed: 7, init: 'gpt2' });

  const seedMax = JSON.parse(M.lmConfigLimitsJson()).seed.max;
  p.readHash(`#slseeds=2&slseed=${seedMax}`);
  assert.match(lmStudySpec(p, lm).problem, /seed/);
});

test('tasks: one per seed and activation, differing only in act, seed; ~20 evaluations', () => {
  const base = { ...lm.defaults, steps: 1000, seed: 5 };
  const tasks = lmStudyTasks({ base, acts: ['gelu', 'relu'], seeds: 3 });
  assert.deepEqual(
    tasks.map((t) => t.id),
    ['5/gelu', '5/relu', '6/gelu', '6/relu', '7/gelu', '7/relu'],
  );
  for (const t of tasks) {
    assert.deepEqual(t.config, { ...base, eval_every: 50, seed: t.seed, act: t.activation });
    assert.equal(M.lmValidateConfigJson(JSON.stringify(t.config)), '');
  }
  assert.equal(
    lmStudyTasks({ base: { ...base, steps: 3 }, acts: ['gelu', 'relu'], seeds: 1 })[0].config
      .eval_every,
    1,
  );
  // an activation against itself: one run per seed serves both sides
  assert.deepEqual(
    lmStudyTasks({ base, acts: ['gelu', 'gelu'], seeds: 2 }).map((t) => t.id),
    ['5/gelu', '6/gelu'],
  );
});

/** A finished study's data with these final validation losses per seed: {seed: [a, b]}. */
function fakeStudy(losses, acts = ['gelu', 'relu']) {
  const results = new Map();
  for (const [seed, pair] of Object.entries(losses)) {
    pair.forEach((val_loss, i) => {
      if (val_loss === undefined) return;
      const activation = acts[i];
      results.set(`${seed}/${activation}`, {
        type: 'result',
        id: `${seed}/${activation}`,
        status: 'done',
        seed: Number(seed),
        activation,
        evals: [
          { step: 0, train_loss: 4.6, val_loss: 4.6 },
          { step: 10, train_loss: val_loss - 0.1, val_loss },
        ],
        final: { step: 10, train_loss: val_loss - 0.1, val_loss },
        seconds: 1.5,
      });
    });
  }
  return { acts, seeds: Object.keys(losses).map(Number), results, base: {}, errors: [] };
}

test('pairs and summary: a − b of the final validation loss, from the core; unfinished seeds left out', () => {
  const s = fakeStudy({ 0: [2.5, 2.4], 1: [2.6, 2.45], 2: [2.55, 2.5], 3: [2.5, undefined] });
  const p = lmPairs(s);
  assert.deepEqual(
    p.map((x) => x.seed),
    [0, 1, 2],
  );
  assert.ok(Math.abs(p[1].diff - 0.15) < 1e-12);
  const sum = summarizeLm(M, s);
  assert.deepEqual(sum, JSON.parse(M.pairedSummaryJson('[2.5,2.6,2.55]', '[2.4,2.45,2.5]')));
  assert.equal(sum.n, 3);
  // a diverged run (no finite loss) has no pair
  assert.equal(lmPairs(fakeStudy({ 0: [NaN, 2.4] })).length, 0);
  assert.equal(summarizeLm(M, fakeStudy({})), null);
});

test('verdict: lower loss wins; the sign of a − b decides which side', () => {
  const base = { n: 3, mean_a: 2.5, sd_a: 0.02, mean_b: 2.4, sd_b: 0.02, sd_diff: 0.02 };
  // a − b > 0 everywhere in the interval: b has the lower loss
  assert.equal(
    readLossSummary({ ...base, mean_diff: 0.1, ci_low: 0.05, ci_high: 0.15 }).kind,
    'b_lower',
  );
  assert.equal(
    readLossSummary({ ...base, mean_diff: -0.1, ci_low: -0.15, ci_high: -0.05 }).kind,
    'a_lower',
  );
  const none = readLossSummary({ ...base, mean_diff: 0.001, ci_low: -0.004, ci_high: 0.006 });
  assert.equal(none.kind, 'no_difference');
  assert.equal(none.bounded, true); // under a hundredth of a nat per character
  const tiny = readLossSummary({ ...base, mean_diff: 0.004, ci_low: 0.002, ci_high: 0.006 });
  assert.equal(tiny.kind, 'b_lower');
  assert.equal(tiny.negligible, true);
  assert.equal(readLossSummary(null).kind, 'too_few');
  assert.equal(readLossSummary({ ...base, n: 1, ci_low: NaN, ci_high: NaN }).kind, 'too_few');
  // on a real study's numbers
  const real = summarizeLm(M, fakeStudy({ 0: [2.5, 2.4], 1: [2.6, 2.45], 2: [2.55, 2.5] }));
  assert.equal(readLossSummary(real).kind, real.ci_low > 0 ? 'b_lower' : 'no_difference');
});

test('exported rows: one per seed with both losses and their difference; one per evaluation', () => {
  const s = fakeStudy({ 1: [2.6, 2.45], 0: [2.5, 2.4] });
  const rows = lmSeedRows(s);
  assert.deepEqual(Object.keys(rows[0]), [
    'seed',
    'gelu_val_loss',
    'relu_val_loss',
    'diff_val_loss',
    'gelu_train_loss',
    'relu_train_loss',
    'gelu_seconds',
    'relu_seconds',
  ]);
  assert.deepEqual(
    rows.map((r) => r.seed),
    [0, 1],
  );
  assert.equal(rows[1].gelu_val_loss, 2.6);
  assert.equal(rows[1].relu_val_loss, 2.45);
  assert.ok(Math.abs(rows[1].diff_val_loss - 0.15) < 1e-12);
  const csv = toCsv(rows, Object.keys(rows[0])).split('\n');
  assert.equal(csv[0], Object.keys(rows[0]).join(','));
  assert.equal(csv.length, 4); // header, two seeds, final newline

  const evals = lmEvalRows(s);
  assert.equal(evals.length, 8);
  assert.deepEqual(
    evals.slice(0, 3).map((r) => [r.seed, r.activation, r.step]),
    [
      [0, 'gelu', 0],
      [0, 'gelu', 10],
      [0, 'relu', 0],
    ],
  );
  assert.deepEqual(Object.keys(evals[0]), EVAL_COLUMNS);
  const doc = lmStudyJson({ ...s, base: { steps: 10 } }, null);
  assert.equal(doc.runs.length, 4);
  assert.ok(!('type' in doc.runs[0]) && !('id' in doc.runs[0]));
  assert.match(doc.metric, /lower is better/);
});
