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
    /act must be one of relu, gelu, gelu_tanh, silu, swiglu, relu2, glu, bilinear, reglu or geglu/,
  );
});

test('lm study: Δ vs ReLU from the runs it reports, and the printed ordering is the measured one', () => {
  const args = ['lm', 'study', '--acts', 'gelu,swiglu,relu2', '--seeds', '2', '--steps', '4'];
  const study = JSON.parse(ok([...args, ...SMALL, '--json']));
  assert.deepEqual(study.seeds, [0, 1]);
  assert.equal(study.early_step, 1); // round(4 / 8)
  assert.deepEqual(
    study.rows.map((r) => r.act),
    ['relu', 'gelu', 'swiglu', 'relu2'],
  );
  const relu = study.rows[0];
  assert.equal(relu.late, null);
  for (const r of study.rows.slice(1)) {
    for (const when of ['early', 'late']) {
      const d = r.runs.map((x, i) => x[when] - relu.runs[i][when]);
      const mean = (d[0] + d[1]) / 2;
      assert.ok(Math.abs(r[when].mean_diff - mean) < 1e-12, `${r.act} ${when}`);
      // Two seeds: t(0.975, 1) = 12.706, sd of two values = |d0 − d1| / √2.
      const half = (12.7062047 * Math.abs(d[0] - d[1])) / Math.sqrt(2) / Math.sqrt(2);
      assert.ok(Math.abs(r[when].ci_high - (mean + half)) < 1e-6, `${r.act} ${when} interval`);
    }
  }
  const text = ok([...args, ...SMALL]);
  for (const when of ['early', 'late']) {
    const measured = study.rows
      .map((r) => ({ act: r.act, d: r[when] ? r[when].mean_diff : 0 }))
      .sort((a, b) => a.d - b.d)
      .map((x) => x.act);
    const line = text.split('\n').find((l) => l.startsWith(`${when}, lowest loss first: `));
    assert.ok(line, text);
    assert.deepEqual(
      [...line.matchAll(/(\w+) \(/g)].map((m) => m[1]),
      measured,
      `${when}: ${line}`,
    );
  }
  assert.match(text, /^relu {6}\d+ +0 \(reference\)/m);
});

// Summaries shaped as the core's, in either direction.
const summary = (mean, low, high) => ({ n: 3, mean_diff: mean, ci_low: low, ci_high: high });
const rows = (gelu, swiglu) => [
  { act: 'relu', params: 100, runs: [], early: null, late: null },
  { act: 'gelu', params: 100, runs: [], early: gelu, late: gelu },
  { act: 'swiglu', params: 101, runs: [], early: swiglu, late: swiglu },
];

test('lm study text: whichever way the numbers go, the ordering and the words follow them', () => {
  const better = rows(summary(0.02, 0.01, 0.03), summary(-0.05, -0.08, -0.02));
  const worse = rows(summary(-0.02, -0.03, -0.01), summary(0.05, -0.01, 0.11));
  assert.deepEqual(
    ordering(better, 'late').map((x) => x.act),
    ['swiglu', 'relu', 'gelu'],
  );
  assert.deepEqual(
    ordering(worse, 'late').map((x) => x.act),
    ['gelu', 'relu', 'swiglu'],
  );
  assert.equal(verdict(better[2].late), 'lower');
  assert.equal(verdict(better[1].late), 'higher');
  assert.equal(verdict(worse[2].late), '≈'); // the interval holds 0
  assert.equal(verdict(summary(0.1, null, null)), ''); // one seed: no interval
  const study = { seeds: [0, 1, 2], steps: 80, early_step: 10 };
  const a = studyText({ ...study, rows: better });
  assert.match(a, /^swiglu +101 +−0\.0500 \[−0\.0800, −0\.0200\] lower/m);
  assert.match(
    a,
    /^late, lowest loss first: swiglu \(−0\.0500\), relu \(0\), gelu \(\+0\.0200\)$/m,
  );
  const b = studyText({ ...study, rows: worse });
  assert.match(b, /^gelu +100 +−0\.0200 \[−0\.0300, −0\.0100\] lower/m);
  assert.match(
    b,
    /^late, lowest loss first: gelu \(−0\.0200\), relu \(0\), swiglu \(\+0\.0500\)$/m,
  );
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
