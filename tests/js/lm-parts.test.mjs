// `activation-lab lm parts` (src/lm/lm_parts.hpp): which part of GELU the shipped model uses,
// against PyTorch on the same weights and windows (tests/fixtures/make_gelu_parts_fixtures.py,
// torch_lm_parts.json); the table; and a weight file's own fault named by every lm command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertUsageError, runCli as run } from './cli-helpers.mjs';

const fixture = (/** @type {string} */ name) =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const torch = fixture('torch_lm_parts.json');

function ok(/** @type {string[]} */ args) {
  const r = run(args);
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

const parts = JSON.parse(ok(['lm', 'parts', '--json']));

test('lm parts --json: the losses of each stand-in as PyTorch computes them', () => {
  assert.equal(parts.base.name, 'gelu');
  assert.ok(Math.abs(parts.base.val_loss - torch.base.val_loss) < 1e-5, JSON.stringify(parts.base));
  assert.deepEqual(
    parts.parts.map((/** @type {{name: string}} */ p) => p.name),
    ['relu', 'gelu_no_negative', 'gelu_linear_positive', 'gelu_tanh', 'silu'],
  );
  for (const want of torch.parts) {
    const got = parts.parts.find((/** @type {{name: string}} */ p) => p.name === want.name);
    assert.ok(Math.abs(got.val_loss - want.val_loss) < 1e-5, `${want.name}: ${got.val_loss}`);
    assert.ok(Math.abs(got.delta - want.delta) < 1e-5, `${want.name}: Δ ${got.delta}`);
    assert.equal(got.delta, got.val_loss - parts.base.val_loss);
  }
  // What the measurement says: the dip carries the cost of ReLU, the positive side hardly any.
  const delta = (/** @type {string} */ name) =>
    parts.parts.find((/** @type {{name: string}} */ p) => p.name === name).delta;
  assert.ok(delta('gelu_no_negative') > 10 * delta('gelu_linear_positive'));
});

test("lm parts --json: each block's FFN inputs as PyTorch sees them", () => {
  assert.equal(parts.blocks.length, torch.blocks.length);
  for (const [i, want] of torch.blocks.entries()) {
    const got = parts.blocks[i];
    assert.equal(got.block, i);
    assert.equal(got.count, want.count);
    assert.ok(Math.abs(got.mean - want.mean) < 1e-4, `block ${i} mean ${got.mean}`);
    assert.ok(Math.abs(got.sd - want.sd) < 1e-4, `block ${i} sd ${got.sd}`);
    // Shares and bins: the same count, or one value apart (an input a rounding away from 0, the
    // dip or a bin's edge in one of the two).
    for (const key of ['share_nonpositive', 'share_below_dip'])
      assert.ok(Math.abs(got[key] - want[key]) * want.count <= 1, `block ${i} ${key}`);
    const h = got.histogram;
    assert.equal(h.counts.reduce((a, b) => a + b, 0) + h.underflow + h.overflow, got.count);
    // A bin's edges meet ~1.5 million inputs: a few a rounding away from one move to its
    // neighbour (one or two a bin, a dozen in all; a wrong bin width would move thousands).
    let moved = 0;
    for (const [j, c] of want.histogram.counts.entries()) {
      assert.ok(Math.abs(h.counts[j] - c) <= 3, `block ${i} bin ${j}: ${h.counts[j]} vs ${c}`);
      moved += Math.abs(h.counts[j] - c);
    }
    assert.ok(moved <= 20, `block ${i}: ${moved} inputs in other bins`);
    assert.equal(h.underflow, want.histogram.underflow);
    assert.equal(h.overflow, want.histogram.overflow);
  }
  assert.equal(parts.dip, torch.dip);
});

test('lm parts: a table by default, with every stand-in and block', () => {
  const text = ok(['lm', 'parts']);
  for (const p of parts.parts) assert.match(text, new RegExp(`^  ${p.name} +\\d`, 'm'));
  assert.match(text, /^ {2}0 +-\d/m);
  assert.match(text, /^ {2}1 +-\d/m);
});

test('a weight file that does not load is refused with its own fault, by every lm command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lm-parts-'));
  try {
    const good = readFileSync(new URL('../../web/data/lm-gelu.safetensors', import.meta.url));
    const n = Number(good.readBigUInt64LE(0));
    const header = JSON.parse(good.subarray(8, 8 + n).toString());
    // A non-finite value: the first float of lnf.weight set to NaN.
    const nan = Buffer.from(good);
    nan.writeFloatLE(NaN, 8 + n + header['lnf.weight'].data_offsets[0]);
    const nanPath = join(dir, 'nan.safetensors');
    writeFileSync(nanPath, nan);
    for (const args of [
      ['lm', 'parts', '--weights', nanPath],
      ['lm', 'sample', '--weights', nanPath, '--n', '5'],
      ['lm', 'swap', '--act', 'relu', '--finetune', '0', '--weights', nanPath],
    ])
      assertUsageError(run(args), /--weights: .*tensor "lnf\.weight" value 0 is not finite/);
    // An unknown tensor: lnf.bias renamed in the header (same length, so the offsets stay).
    const renamed = Buffer.from(good);
    const at = renamed.indexOf('"lnf.bias"', 8);
    renamed.write('"lnf.bia5"', at);
    const renamedPath = join(dir, 'renamed.safetensors');
    writeFileSync(renamedPath, renamed);
    assertUsageError(
      run(['lm', 'sample', '--weights', renamedPath, '--n', '5']),
      /--weights: .*unexpected tensor "lnf\.bia5"/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("GELU's parts are a swap's targets only: lm train and lm study refuse them", () => {
  assertUsageError(
    run(['lm', 'train', '--act', 'gelu_no_negative', '--steps', '1']),
    /--act: unknown activation 'gelu_no_negative' \(expected relu, gelu/,
  );
  assertUsageError(
    run(['lm', 'study', '--acts', 'relu,gelu_linear_positive', '--seeds', '1', '--steps', '1']),
    /--acts: unknown activation 'gelu_linear_positive'/,
  );
});
