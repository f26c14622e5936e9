// `train --data fashion-mnist` at the CLI: the refusals (one line, exit 2), gzipped and raw IDX
// files, the golden first bytes of the real files, the shipped subset, and `eval --fn elu`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runCli, assertUsageError } from './cli-helpers.mjs';
import {
  IDX_FILES,
  SUBSET_PATH,
  readMaybeGzipped,
  IMAGES_DIR as IMAGES,
} from '../../wasm/cli-images.mjs';

const skip = existsSync(IMAGES) ? false : `no ${IMAGES} (apt-get install dataset-fashion-mnist)`;
const dir = mkdtempSync(join(tmpdir(), 'al-cli-images-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const small = ['--n-train', '64', '--n-test', '32', '--hidden', '8', '--epochs', '1'];

test('eval --fn elu: e^x − 1 below 0, x above', () => {
  const r = runCli(['eval', '--fn', 'elu'], '-1\n0\n2\n-1e-7\n');
  assert.equal(r.status, 0, r.stderr);
  const [a, b, c, d] = r.stdout.trim().split('\n').map(Number);
  assert.ok(Math.abs(a - Math.expm1(-1)) < 1e-7);
  assert.equal(b, 0);
  assert.equal(c, 2);
  // expm1, not exp − 1 (which would give -1.19e-7 in float32): within 1 ulp.
  const want = Math.expm1(Math.fround(-1e-7));
  assert.ok(Math.abs(d - want) <= Math.abs(want) * 2 ** -23, `${d} vs ${want}`);
});

test('fashion-mnist flags are refused with one line', () => {
  const img = ['train', '--data', 'fashion-mnist', '--images', dir];
  assertUsageError(runCli([...img, '--dropout', '1']), /dropout must be a number in \[0, 1\)/);
  assertUsageError(runCli([...img, '--dropout=-0.5']), /dropout must be a number in \[0, 1\)/);
  assertUsageError(
    runCli([...img, '--noise', '0.1']),
    /--noise does not apply to --data fashion-mnist/,
  );
  assertUsageError(
    runCli([...img, '--n-train', '60001']),
    /n_train must be an integer in \[1, 60000\]/,
  );
  assertUsageError(
    runCli(['train', '--dropout', '0.2']),
    /--dropout applies to --data fashion-mnist only/,
  );
  assertUsageError(
    runCli(['train', '--images', dir]),
    /--images applies to --data fashion-mnist only/,
  );
  assertUsageError(runCli([...img]), /--images: no '.*train-images-idx3-ubyte' or '.*\.gz'/);
  assertUsageError(runCli([...img, '--hidden', '512x16', '--n-train', '60000']), /work budget/);
});

test('malformed IDX files are refused with one line, gzipped or not', () => {
  for (const f of IDX_FILES) writeFileSync(join(dir, f), new Uint8Array([0, 0, 8, 9]));
  assertUsageError(
    runCli(['train', '--data', 'fashion-mnist', '--images', dir]),
    /train: train images: not an IDX file .*bad magic number/,
  );
  writeFileSync(join(dir, IDX_FILES[0]), new Uint8Array([0x1f, 0x8b, 1, 2, 3]));
  assertUsageError(
    runCli(['train', '--data', 'fashion-mnist', '--images', dir]),
    /not a valid gzip file/,
  );
});

test('the real files: golden first bytes and labels, a short run', { skip }, () => {
  const images = readMaybeGzipped(join(IMAGES, 'train-images-idx3-ubyte'));
  const labels = readMaybeGzipped(join(IMAGES, 'train-labels-idx1-ubyte'));
  assert.deepEqual(
    [...images.subarray(0, 16)],
    [0, 0, 8, 3, 0, 0, 0xea, 0x60, 0, 0, 0, 28, 0, 0, 0, 28],
  );
  assert.deepEqual([...labels.subarray(8, 18)], [9, 0, 0, 3, 0, 2, 7, 2, 5, 5]);
  // Image 0 (an ankle boot): pixels 380..391 and the byte sums of images 0 and 1.
  const px = images.subarray(16);
  assert.deepEqual(
    [...px.subarray(380, 392)],
    [228, 240, 232, 213, 218, 223, 234, 217, 217, 209, 92, 0],
  );
  const sum = (/** @type {Uint8Array} */ a) => a.reduce((t, v) => t + v, 0);
  assert.equal(sum(px.subarray(0, 784)), 76247);
  assert.equal(sum(px.subarray(784, 1568)), 84598);
  const r = runCli([
    'train',
    '--data',
    'fashion-mnist',
    '--images',
    IMAGES,
    ...small,
    '--act',
    'elu',
    '--dropout',
    '0.2',
  ]);
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.config.dropout, 0.2);
  assert.equal(report.epochs.length, 1);
  for (const k of ['train_loss', 'test_loss', 'train_acc', 'test_acc'])
    assert.ok(Number.isFinite(report.epochs[0][k]), k);
  // The same files inflated: the same run, bit for bit.
  for (const f of IDX_FILES)
    writeFileSync(join(dir, f), gunzipSync(readFileSync(join(IMAGES, `${f}.gz`))));
  const raw = runCli([
    'train',
    '--data',
    'fashion-mnist',
    '--images',
    dir,
    ...small,
    '--act',
    'elu',
    '--dropout',
    '0.2',
  ]);
  assert.equal(raw.status, 0, raw.stderr);
  assert.deepEqual(JSON.parse(raw.stdout).epochs, report.epochs);
});

test(
  'the shipped subset (dist/data, npm run build) trains as the first images of the IDX files',
  { skip: skip || (existsSync(SUBSET_PATH) ? false : `no ${SUBSET_PATH} (npm run build)`) },
  () => {
    const args = ['train', '--data', 'fashion-mnist', ...small, '--seed', '5'];
    const shipped = runCli(args);
    assert.equal(shipped.status, 0, shipped.stderr);
    const idx = runCli([...args, '--images', IMAGES]);
    assert.equal(idx.status, 0, idx.stderr);
    assert.deepEqual(JSON.parse(shipped.stdout).epochs, JSON.parse(idx.stdout).epochs);
    // Its default sizes are the page's: 8,000 and 2,000 images, 20 + 10,000 · 785 bytes.
    assert.equal(readFileSync(SUBSET_PATH).length, 20 + 10000 * 785);
    assertUsageError(
      runCli([...args, '--n-test', '2001']),
      /n_test is 2001 but the test set has 2000/,
    );
  },
);

test('an IDX file that never ends (/dev/zero) stops at the limit, with one line', () => {
  const endless = mkdtempSync(join(tmpdir(), 'al-cli-endless-'));
  try {
    for (const f of IDX_FILES) symlinkSync('/dev/zero', join(endless, f));
    assertUsageError(
      runCli(['train', '--data', 'fashion-mnist', '--images', endless]),
      /cannot read '.*train-images-idx3-ubyte': larger than \d+ bytes/,
    );
  } finally {
    rmSync(endless, { recursive: true, force: true });
  }
});
