// The CLI contract of wasm/README.md: output formats, and errors as one stderr line, exit 2, empty stdout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertUsageError, runCli as run, runCliMany } from './cli-helpers.mjs';

/** Distance in float32 units in the last place. */
function ulpDistance(a, b) {
  const f = new Float32Array([a, b]);
  const i = new Int32Array(f.buffer);
  const key = (v) => (v < 0 ? -2147483648 - v : v); // monotone order of float bits
  return Math.abs(key(i[0]) - key(i[1]));
}

test('eval gelu prints the correctly rounded float32 values, %.9g', () => {
  const r = run(['eval', '--fn', 'gelu'], '-1 2\n');
  assert.equal(r.status, 0, r.stderr);
  const [a, b] = r.stdout.trim().split('\n');
  // GELU(-1) = -0.158655253931..., GELU(2) = 1.954499736103... (x·Φ(x), exact in double)
  assert.ok(ulpDistance(Number(a), -0.158655253931457) <= 1, a);
  assert.ok(ulpDistance(Number(b), 1.95449973610364) <= 1, b);
  assert.match(a, /^-0\.158655\d{3}$/);
});

test('eval --scalar runs the scalar kernel: a smoke test (evaluate.test.mjs and the C++ suites compare every kernel)', async () => {
  // GELU's gradient, the kernel with the most terms, over [-8, 8] in steps of 1/16.
  const xs = Array.from({ length: 257 }, (_, i) => (-8 + i / 16).toString()).join(' ');
  const [simd, scalar] = (
    await runCliMany([
      { args: ['eval', '--fn', 'gelu', '--grad'], input: xs },
      { args: ['eval', '--fn', 'gelu', '--grad', '--scalar'], input: xs },
    ])
  ).map((r) => {
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.trim().split('\n').map(Number);
  });
  assert.equal(simd.length, 257);
  assert.equal(scalar.length, 257);
  // 4 float32 ulp of the larger of |y| and 1: near a derivative's zero crossing the terms, not
  // the result, set the scale (the C++ suites test the accuracy itself).
  simd.forEach((y, i) =>
    assert.ok(
      Math.abs(y - scalar[i]) <= 4 * 2 ** -23 * Math.max(Math.abs(y), 1),
      `gelu' at ${xs.split(' ')[i]}: ${y} vs ${scalar[i]}`,
    ),
  );
  assert.equal(run(['eval', '--fn', 'gelu', '--grad'], '0').stdout, '0.5\n');
});

test('eval reads nan and inf', () => {
  const [nan, inf, minusInf] = run(['eval', '--fn', 'gelu'], 'nan inf -inf')
    .stdout.trim()
    .split('\n');
  assert.equal(nan, 'nan');
  assert.equal(inf, 'inf');
  assert.ok(Number(minusInf) === 0, minusInf); // GELU(-inf) = 0 (either sign)
});

test('eval errors: one line, exit 2, nothing on stdout', () => {
  assertUsageError(run(['eval', '--fn', 'tanhh'], '1'), /unknown --fn 'tanhh'/);
  assertUsageError(run(['eval'], '1'), /--fn is required/);
  assertUsageError(run(['eval', '--fn', 'gelu'], '1 abc 2'), /input 2: not a number: 'abc'/);
  assertUsageError(run(['eval', '--fn', 'gelu', '--bogus'], '1'), /bogus/);
  assertUsageError(run(['nope']), /unknown command 'nope'/);
  assertUsageError(run([]), /missing command/);
});

test('moons writes CSV with %.17g coordinates and 0/1 labels', () => {
  const r = run(['moons', '--n', '11', '--noise', '0.1', '--seed', '3']);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines[0], 'x0,x1,label');
  assert.equal(lines.length, 12);
  const labels = lines.slice(1).map((l) => l.split(',')[2]);
  assert.equal(labels.filter((l) => l === '1').length, 6); // n_in = n - n//2
  assert.ok(labels.every((l) => l === '0' || l === '1'));
  assertUsageError(run(['moons', '--n', '-5', '--noise', '0.1', '--seed', '3']), /\bn\b/);
  assertUsageError(
    run(['moons', '--n', '10', '--noise', 'x', '--seed', '3']),
    /--noise: not a number/,
  );
});

test("train prints the JSON of wasm/README.md's CLI section and round-trips --save/--init", () => {
  const dir = mkdtempSync(join(tmpdir(), 'al-cli-'));
  const save = join(dir, 'state.json');
  const args = [
    'train',
    '--act',
    'relu',
    '--epochs',
    '3',
    '--n',
    '200',
    '--hidden',
    '8,8',
    '--seed',
    '4',
  ];
  const r = run([...args, '--save', save]);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.epochs.length, 3);
  assert.deepEqual(Object.keys(out.epochs[0]), [
    'epoch',
    'train_loss',
    'test_loss',
    'train_acc',
    'test_acc',
    'reached_95',
  ]);
  assert.equal(out.config.activation, 'relu');
  assert.deepEqual(out.config.hidden, [8, 8]);
  assert.ok(out.final.test_acc >= 0 && out.final.test_acc <= 1);
  assert.ok(out.seconds >= 0);
  const state = JSON.parse(readFileSync(save, 'utf8'));
  assert.deepEqual(Object.keys(state), [
    '0.weight',
    '0.bias',
    '2.weight',
    '2.bias',
    '4.weight',
    '4.bias',
  ]);
  // Starting from the saved weights with 0 further change: evaluating them gives the same accuracy.
  const again = JSON.parse(run([...args, '--epochs', '1', '--init', save, '--no-shuffle']).stdout);
  assert.equal(again.epochs.length, 1);
});

test('train rejects bad values naming the field', () => {
  assertUsageError(run(['train', '--lr', '-1']), /lr/);
  assertUsageError(run(['train', '--hidden', '64,x']), /hidden must be widths like/);
  assertUsageError(run(['train', '--act', 'tanh']), /activation/);
  assertUsageError(run(['train', '--epochs', '2.5']), /epochs/);
  const dir = mkdtempSync(join(tmpdir(), 'al-cli-'));
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, '{"0.weight": [[1, 2]]}');
  assertUsageError(run(['train', '--init', bad, '--epochs', '1']), /--init/);
  assertUsageError(run(['train', '--init', join(dir, 'missing.json')]), /--init: cannot read/);
});
