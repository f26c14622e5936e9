// `activation-lab lm train --act <variant>` and `lm study`: the FFN variants of Shazeer 2020 from
// the command line. The study's Δ are the core's paired summaries of the runs it reports, and the
// orderings it prints follow the measured numbers whichever way they go (checked on a real run and
// on made-up rows pointing both ways).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertUsageError, runCli as run } from './cli-helpers.mjs';
import { ordering, studyText, verdict } from '../../wasm/cli-lm-study.mjs';

const SMALL = ['--d', '16', '--ctx', '16', '--batch', '8', '--ffn', '32', '--layers', '1'];

function ok(args) {
  const r = run(args);
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('lm train --act: each variant trains, with its parameter count within 1 % of ReLU', () => {
  const params = (act) => {
    const report = JSON.parse(ok(['lm', 'train', '--act', act, '--steps', '2', ...SMALL]));
    assert.equal(report.config.act, act);
    assert.ok(report.final.val_loss > 0 && report.final.status === 'done', act);
    return report.params;
  };
  const relu = params('relu');
  for (const act of ['relu2', 'glu', 'bilinear', 'reglu', 'geglu', 'swiglu']) {
    const n = params(act);
    assert.ok(Math.abs(n / relu - 1) < 0.01, `${act}: ${n} parameters, relu ${relu}`);
  }
  assertUsageError(
    run(['lm', 'train', '--act', 'swish']),
    /--act: unknown activation 'swish' \(expected relu, gelu, gelu_tanh, silu, swiglu, relu2, glu, bilinear, reglu, geglu\)/,
  );
});

test('lm study: Δ vs ReLU from the runs it reports, and the printed ordering is the measured one', () => {
  const args = ['lm', 'study', '--acts', 'gelu,swiglu,relu2', '--seeds', '2', '--steps', '4'];
  const study = JSON.parse(ok([...args, ...SMALL, '--json']));
  assert.deepEqual(study.seeds, [0, 1]);
  assert.equal(study.steps, 4);
  assert.deepEqual(study.acts, ['relu', 'gelu', 'swiglu', 'relu2']);
  assert.deepEqual(
    study.rows.map((r) => r.act),
    study.acts,
  );
  const relu = study.rows[0];
  assert.equal(relu.delta, null);
  for (const r of study.rows) {
    assert.equal(r.losses.length, 2);
    assert.ok(Math.abs(r.loss - (r.losses[0] + r.losses[1]) / 2) < 1e-12, `${r.act} mean`);
  }
  for (const r of study.rows.slice(1)) {
    const d = r.losses.map((x, i) => x - relu.losses[i]);
    const mean = (d[0] + d[1]) / 2;
    assert.ok(Math.abs(r.delta.mean_diff - mean) < 1e-12, r.act);
    // Two seeds: t(0.975, 1) = 12.706, sd of two values = |d0 − d1| / √2.
    const half = (12.7062047 * Math.abs(d[0] - d[1])) / Math.sqrt(2) / Math.sqrt(2);
    assert.ok(Math.abs(r.delta.ci_high - (mean + half)) < 1e-6, `${r.act} interval`);
  }
  const text = ok([...args, ...SMALL]);
  const measured = study.rows
    .map((r) => ({ act: r.act, d: r.delta ? r.delta.mean_diff : 0 }))
    .sort((a, b) => a.d - b.d)
    .map((x) => x.act);
  const line = text.split('\n').find((l) => l.startsWith('lowest loss first: '));
  assert.ok(line, text);
  assert.deepEqual(
    [...line.matchAll(/(\w+) \(/g)].map((m) => m[1]),
    measured,
    line,
  );
  assert.match(text, /^relu {6}\d+ +\d\.\d{4} +0 \(reference\)/m);
});

test("lm study: its defaults are the core's GLU study (seeds, steps, variants)", async () => {
  const { loadModule } = await import('../../wasm/module.mjs');
  const { studySpec } = await import('../../wasm/cli-lm-study.mjs');
  const M = await loadModule();
  const limits = JSON.parse(M.lmConfigLimitsJson());
  const io = { toNumber: Number, fail: (m) => assert.fail(m) };
  const spec = studySpec(M, {}, io);
  const { seeds, steps, variants } = limits.glu_defaults;
  assert.equal(spec.seeds.length, seeds);
  assert.equal(spec.steps, steps);
  assert.deepEqual(spec.acts, variants);
  assert.equal(variants[0], 'relu');
  for (const a of variants) assert.ok(limits.act.includes(a), a);
});

test("lm study --reference prints the committed reference study, in lm study's JSON", () => {
  const study = JSON.parse(ok(['lm', 'study', '--reference', '--json']));
  assert.deepEqual(Object.keys(study).sort(), ['acts', 'model', 'rows', 'seeds', 'steps']);
  assert.deepEqual(
    study.rows.map((r) => r.act),
    study.acts,
  );
  assert.match(ok(['lm', 'study', '--reference']), /^lowest loss first: /m);
  assertUsageError(
    run(['lm', 'study', '--reference', '--seeds', '2']),
    /--reference takes no --seeds/,
  );
});

// Summaries shaped as the core's, in either direction.
const summary = (mean, low, high) => ({ n: 3, mean_diff: mean, ci_low: low, ci_high: high });
const rows = (gelu, swiglu) => [
  { act: 'relu', params: 100, losses: [], loss: 2, delta: null },
  { act: 'gelu', params: 100, losses: [], loss: 2, delta: gelu },
  { act: 'swiglu', params: 101, losses: [], loss: 2, delta: swiglu },
];

test('lm study text: whichever way the numbers go, the ordering and the words follow them', () => {
  const better = rows(summary(0.02, 0.01, 0.03), summary(-0.05, -0.08, -0.02));
  const worse = rows(summary(-0.02, -0.03, -0.01), summary(0.05, -0.01, 0.11));
  assert.deepEqual(
    ordering(better).map((x) => x.act),
    ['swiglu', 'relu', 'gelu'],
  );
  assert.deepEqual(
    ordering(worse).map((x) => x.act),
    ['gelu', 'relu', 'swiglu'],
  );
  assert.equal(verdict(better[2].delta), 'lower');
  assert.equal(verdict(better[1].delta), 'higher');
  assert.equal(verdict(worse[2].delta), '≈'); // the interval holds 0
  assert.equal(verdict(summary(0.1, null, null)), ''); // one seed: no interval
  const study = { acts: ['relu', 'gelu', 'swiglu'], seeds: [0, 1, 2], steps: 80, model: {} };
  const a = studyText({ ...study, rows: better });
  // Δ % of ReLU's loss: −0.05 of 2 nats is −2.50 %.
  assert.match(a, /^swiglu +101 +2\.0000 +−0\.0500 \[−0\.0800, −0\.0200\] lower +−2\.50 %$/m);
  assert.match(a, /^lowest loss first: swiglu \(−0\.0500\), relu \(0\), gelu \(\+0\.0200\)$/m);
  const b = studyText({ ...study, rows: worse });
  assert.match(b, /^gelu +100 +2\.0000 +−0\.0200 \[−0\.0300, −0\.0100\] lower +−1\.00 %$/m);
  assert.match(b, /^lowest loss first: gelu \(−0\.0200\), relu \(0\), swiglu \(\+0\.0500\)$/m);
});

test('lm study: bad input is one line on stderr, exit 2', () => {
  assertUsageError(
    run(['lm', 'study', '--acts', 'relu,tanh']),
    /--acts: unknown activation 'tanh' \(choices: relu, gelu, .*geglu\)/,
  );
  assertUsageError(
    run(['lm', 'study', '--acts', 'gelu,gelu']),
    /--acts: an activation is repeated/,
  );
  assertUsageError(run(['lm', 'study', '--seeds', '9']), /--seeds must be an integer in \[1, 8\]/);
  assertUsageError(
    run(['lm', 'study', '--steps', '0']),
    /--steps must be an integer in \[1, 3000\]/,
  );
  assertUsageError(run(['lm', 'study', '--steps', 'x']), /--steps: not an integer: 'x'/);
  assertUsageError(run(['lm', 'study', '--d', '7']), /d must be an integer in \[8, 256\]/);
  assertUsageError(run(['lm', 'study', '--colour', 'red']), /Unknown option '--colour'/);
});
