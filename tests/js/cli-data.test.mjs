// The CLI's data sets and deep-network flags (issue 11): `data --set`, and `train` with --data,
// --factor, --init default|he, --norm, --hidden 32x16 and --diagnostics.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertUsageError, runCli as run } from './cli-helpers.mjs';

const rows = (csv) =>
  csv
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').map(Number));

/** The rows of one case of tests/fixtures/datasets.txt (make_datasets.py). */
function golden(set, n, noise, factor, seed) {
  const lines = readFileSync(new URL('../fixtures/datasets.txt', import.meta.url), 'utf8').split(
    '\n',
  );
  const at = lines.findIndex((l) => {
    const f = l.split(' ');
    return f[0] === set && [n, noise, factor, seed].every((v, i) => Number(f[i + 1]) === v);
  });
  assert.ok(at >= 0, `${set} ${n} ${noise} ${factor} ${seed}`);
  return lines.slice(at + 1, at + 1 + n).map((l) => l.split(' ').map(Number));
}

test('data writes every set as CSV, equal to the NumPy/scikit-learn goldens', () => {
  for (const [set, n, noise, factor, seed] of [
    ['circles', 64, 0.15, 0.5, 42],
    ['xor', 101, 0.05, 0.5, 42],
    ['checkerboard', 200, 0.05, 0.5, 42],
    ['spirals', 100, 0.05, 0.5, 42],
  ]) {
    const args = ['data', '--set', set, '--n', `${n}`, '--noise', `${noise}`, '--seed', `${seed}`];
    const r = run(set === 'circles' ? [...args, '--factor', `${factor}`] : args);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.split('\n')[0], 'x0,x1,label');
    const got = rows(r.stdout);
    const want = golden(set, n, noise, factor, seed);
    assert.equal(got.length, n);
    got.forEach((row, i) => {
      assert.equal(row[2], want[i][2], `${set} label ${i}`);
      assert.ok(Math.abs(row[0] - want[i][0]) <= 1e-12 && Math.abs(row[1] - want[i][1]) <= 1e-12);
    });
  }
  // moons through `data` is the `moons` command, byte for byte.
  const moons = run(['moons', '--n', '50', '--noise', '0.2', '--seed', '7']).stdout;
  assert.equal(
    run(['data', '--set', 'moons', '--n', '50', '--noise', '0.2', '--seed', '7']).stdout,
    moons,
  );
});

test('data rejects bad input naming the flag', () => {
  const base = ['--n', '10', '--noise', '0.1', '--seed', '1'];
  assertUsageError(run(['data', ...base]), /--set is required/);
  assertUsageError(
    run(['data', '--set', 'iris', ...base]),
    /^activation-lab: data: set must be one of moons, circles/,
  );
  assertUsageError(
    run(['data', '--set', 'xor', '--n', '10', '--noise', '0.7', '--seed', '1']),
    /noise must be a number in \[0, 0.5\] for xor/,
  );
  assertUsageError(run(['data', '--set', 'circles', ...base, '--factor', '1']), /factor/);
  assertUsageError(
    run(['data', '--set', 'spirals', '--n', '10', '--noise', '0.1', '--seed=-1']),
    /seed must be/,
  );
});

test('train: --data, --hidden 8x3, --init he, --norm layer, --diagnostics', () => {
  const dir = mkdtempSync(join(tmpdir(), 'al-cli-deep-'));
  const save = join(dir, 'state.json');
  const args = ['train', '--data', 'xor', '--noise', '0.05', '--n', '200', '--hidden', '8x3'];
  const r = run([
    ...args,
    '--init',
    'he',
    '--norm',
    'layer',
    '--diagnostics',
    '--epochs',
    '2',
    '--save',
    save,
  ]);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.config.hidden, [8, 8, 8]);
  assert.equal(out.config.dataset, 'xor');
  assert.equal(out.config.init, 'he');
  assert.equal(out.config.norm, 'layer');
  assert.deepEqual(
    out.epochs.map((e) => e.epoch),
    [0, 1, 2],
  );
  for (const e of out.epochs) {
    assert.equal(e.layers.length, 3);
    for (const l of e.layers)
      assert.deepEqual(Object.keys(l), ['pre_std', 'dead_fraction', 'grad_norm', 'cos_sim']);
  }
  assert.ok('reached_95' in out.epochs[1]);
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(save, 'utf8'))), [
    ...['0.weight', '0.bias', '1.weight', '1.bias', '3.weight', '3.bias', '4.weight', '4.bias'],
    ...['6.weight', '6.bias', '7.weight', '7.bias', '9.weight', '9.bias'],
  ]);
  // Without --diagnostics there is no epoch 0 and no layers; He and default init differ.
  const he = JSON.parse(run([...args, '--init', 'he', '--epochs', '1']).stdout);
  const std = JSON.parse(run([...args, '--init', 'default', '--epochs', '1']).stdout);
  assert.equal(he.epochs.length, 1);
  assert.equal(he.epochs[0].layers, undefined);
  assert.notEqual(he.epochs[0].train_loss, std.epochs[0].train_loss);
  // circles takes --factor.
  const c = JSON.parse(
    run(['train', '--data', 'circles', '--factor', '0.3', '--n', '100', '--epochs', '1']).stdout,
  );
  assert.equal(c.config.factor, 0.3);
});

test('train rejects bad deep settings naming the field', () => {
  assertUsageError(run(['train', '--norm', 'batch']), /norm must be one of none, layer/);
  assertUsageError(run(['train', '--data', 'iris']), /dataset must be one of/);
  assertUsageError(run(['train', '--hidden', '32x17']), /hidden must have 1 to 16 layers/);
  assertUsageError(run(['train', '--hidden', '512x16']), /work budget/);
  assertUsageError(run(['train', '--data', 'checkerboard', '--noise', '0.9']), /noise/);
});
