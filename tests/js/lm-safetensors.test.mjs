// The Transformer's weight files in safetensors (src/lm/lm_safetensors.hpp): the shipped models
// hold exactly the float32 values of the JSON state_dicts they replaced, PyTorch reads them
// (tests/fixtures/safetensors_torch.py: TinyLM.load_state_dict, strict) and scores what the core
// scores, and the core reads what PyTorch writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { loadModule } from '../../wasm/module.mjs';
import { scratchText } from '../../web/js/shared/lm-config.js';

const M = await loadModule();
const data = (/** @type {string} */ name) => new URL(`../../web/data/${name}`, import.meta.url);
const fixtures = (/** @type {string} */ name) => new URL(`../fixtures/${name}`, import.meta.url);
const golden = JSON.parse(readFileSync(fixtures('torch_lm_safetensors.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(data('lm-pretrained.json'), 'utf8'));

/** The header and the data of a safetensors file, read here without the core. */
function parts(/** @type {Buffer} */ bytes) {
  const n = Number(bytes.readBigUInt64LE(0));
  return {
    header: JSON.parse(bytes.subarray(8, 8 + n).toString('utf8')),
    data: bytes.subarray(8 + n),
  };
}

// SHA-256 of the float32 values of web/data/lm-<act>.json (each number of the state_dict, in its
// order, as little-endian float32), computed from the JSON files before they were removed.
const JSON_VALUES_SHA256 = {
  gelu: '9058f45babee458c53b6635b1cf19992194dd86cdcdb4cb4566353eaba09178e',
  relu: 'eb5a99ee3c0eb4c6ce6df00e4ec8917f7200d5b6e5c85de074ef9f5c574ab125',
};

for (const act of /** @type {('gelu' | 'relu')[]} */ (['gelu', 'relu'])) {
  test(`lm-${act}.safetensors: the old JSON's float32 values, F32 tensors, its config recorded`, () => {
    const bytes = readFileSync(data(`lm-${act}.safetensors`));
    const { header, data: values } = parts(bytes);
    assert.equal(createHash('sha256').update(values).digest('hex'), JSON_VALUES_SHA256[act]);
    assert.ok(bytes.length < 450000, `${bytes.length} bytes`);
    const { __metadata__: meta, ...tensors } = header;
    assert.deepEqual(JSON.parse(meta.config), manifest[act].config);
    const shapes = Object.fromEntries(Object.entries(tensors).map(([k, t]) => [k, t.shape]));
    assert.deepEqual(shapes, golden.shipped.shapes, "PyTorch's names and shapes");
    for (const t of Object.values(tensors)) assert.equal(t.dtype, 'F32');
    const config = JSON.parse(M.lmSafetensorsConfigJson(bytes)).config;
    assert.deepEqual(config, manifest[act].config);
  });
}

/**
 * The core's evaluation of a safetensors file under `config` on `text`, and its own bytes of it.
 * @param {object} config
 * @param {string} text
 * @param {Uint8Array} bytes
 */
function coreEval(config, text, bytes) {
  const e = new M.LmExperiment(JSON.stringify(config), text);
  try {
    assert.equal(e.error(), '');
    assert.equal(e.loadStateSafetensors(bytes), '');
    return { eval: JSON.parse(e.evaluateJson()), bytes: Buffer.from(e.stateSafetensors()) };
  } finally {
    e.delete();
  }
}

test('PyTorch and the core score the shipped GELU model alike (forward pass, 128 windows)', () => {
  const { shipped } = golden;
  assert.deepEqual(shipped.config, manifest.gelu.config);
  const bytes = readFileSync(data(shipped.file));
  const core = coreEval(shipped.config, readFileSync(data(shipped.text), 'utf8'), bytes);
  for (const k of ['train_loss', 'val_loss'])
    assert.ok(
      Math.abs(core.eval[k] - shipped.eval[k]) < 1e-6,
      `${k}: ${core.eval[k]} vs ${shipped.eval[k]}`,
    );
  // A mutant would not pass: the untrained loss is 2 nats away.
  assert.equal(core.eval.val_loss, manifest.gelu.val_loss);
  // The core writes the very bytes it read.
  assert.ok(core.bytes.equals(bytes));
});

test("the core reads PyTorch's file: same losses, the same float32 values written back", () => {
  const { tiny } = golden;
  const bytes = readFileSync(fixtures(tiny.file));
  assert.equal(tiny.text, 'scratch');
  const core = coreEval(tiny.config, scratchText(readFileSync(data('jargon.txt'), 'utf8')), bytes);
  for (const k of ['train_loss', 'val_loss'])
    assert.ok(
      Math.abs(core.eval[k] - tiny.eval[k]) < 1e-6,
      `${k}: ${core.eval[k]} vs ${tiny.eval[k]}`,
    );
  assert.ok(parts(core.bytes).data.equals(parts(bytes).data));
});

test('a malformed file is one line, never a crash; the weights stay', () => {
  const { shipped } = golden;
  const e = new M.LmExperiment(
    JSON.stringify(shipped.config),
    readFileSync(data(shipped.text), 'utf8'),
  );
  try {
    const before = Buffer.from(e.stateSafetensors());
    const good = readFileSync(data(shipped.file));
    for (const [bytes, pattern] of /** @type {[Uint8Array, RegExp][]} */ ([
      [new Uint8Array(3), /^safetensors: the file has 3 bytes, too short/],
      [good.subarray(0, 1000), /^safetensors: the header length \d+ goes beyond the file/],
      [good.subarray(0, good.length - 4), /beyond the data/],
      [
        readFileSync(fixtures('lm_tiny_torch.safetensors')),
        /^safetensors: tensor "tok\.weight" has shape \[\d+, 8\], this model's is \[\d+, 64\]$/,
      ],
    ])) {
      assert.match(e.loadStateSafetensors(bytes), pattern);
      assert.ok(Buffer.from(e.stateSafetensors()).equals(before));
    }
    assert.match(JSON.parse(M.lmSafetensorsConfigJson(new Uint8Array(2))).error, /too short/);
  } finally {
    e.delete();
  }
});
