// The language model as JavaScript sees it (wasm/lm_bindings.cpp): the .d.ts matches the module,
// defaults and limits come from C++, bad input gives messages, runs are deterministic, weights
// round-trip, the swap keeps every weight. Small configs: the whole file runs in seconds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { loadModule } from '../../wasm/module.mjs';
import { scratchText } from '../../web/js/shared/lm-config.js';

const M = await loadModule();
const dts = readFileSync(new URL('../../wasm/activation-lab.d.ts', import.meta.url), 'utf8');
const corpus = scratchText(
  readFileSync(new URL('../../web/data/jargon.txt', import.meta.url), 'utf8'),
);
const SMALL = { d: 16, layers: 1, heads: 2, ctx: 16, ffn: 64, batch: 8, steps: 30, eval_every: 10 };

function declared(interfaceName, pattern) {
  const body = new RegExp(`export interface ${interfaceName} \\{([\\s\\S]*?)\\n\\}`).exec(dts)[1];
  return [...body.matchAll(pattern)].map((m) => m[1]);
}

function withRun(config, fn, text = corpus) {
  const e = new M.LmExperiment(JSON.stringify(config), text);
  try {
    return fn(e);
  } finally {
    e.delete();
  }
}

function trainToEnd(e) {
  while (e.step(5));
  return JSON.parse(e.historyJson());
}

test('LmExperiment: every method of the .d.ts exists; LmConfig keys are the core defaults', () => {
  withRun({}, (e) => {
    for (const name of declared('LmExperiment', /^\s+(\w+)\(/gm))
      assert.equal(typeof e[name], 'function', `LmExperiment.${name}`);
  });
  const keys = declared('LmConfig', /^\s+(\w+)\?:/gm);
  assert.deepEqual([...keys].sort(), Object.keys(JSON.parse(M.lmDefaultConfigJson())).sort());
  const limits = JSON.parse(M.lmConfigLimitsJson());
  const acts = /export type LmActivationName =\s*([^;]+);/.exec(dts)[1].match(/'(\w+)'/g);
  assert.deepEqual(
    acts.map((s) => s.slice(1, -1)),
    limits.act,
  );
  for (const k of keys.filter((key) => !['act', 'init'].includes(key)))
    assert.ok(limits[k] && 'min' in limits[k], `limits.${k}`);
});

test('bad configs and texts are refused with a message, never a throw', () => {
  const cases = [
    [{ d: 30, heads: 4 }, /d must be a multiple of heads/],
    [{ d: 7 }, /d must be an integer in \[8, 256\]/],
    [{ lr: 0 }, /lr must be a number in \(0, 1\]/],
    [
      { act: 'tanh' },
      /act must be one of relu, gelu, gelu_tanh, silu, swiglu, relu2, glu, bilinear, reglu, geglu, gelu_no_negative or gelu_linear_positive/,
    ],
    [{ init: 'xavier' }, /init must be bert or gpt2/],
    [{ steps: 1.5 }, /steps must be an integer/],
    [{ colour: 1 }, /unknown config key 'colour'/],
    [{ d: 256, layers: 8, ffn: 1024, ctx: 256, batch: 256 }, /too large for one step/],
    [{ d: 64, ffn: 256, ctx: 64, batch: 16, steps: 100000 }, /this run is too long/],
  ];
  for (const [config, pattern] of cases) {
    withRun(config, (e) => {
      assert.equal(e.status(), 'invalid');
      assert.match(e.error(), pattern);
      assert.equal(e.step(1), false);
      assert.equal(e.configJson(), 'null');
    });
  }
  assert.match(M.lmValidateConfigJson('{"heads":3}'), /multiple of heads/);
  assert.equal(M.lmValidateConfigJson('{}'), '');
  withRun({}, (e) => assert.match(e.error(), /too short/), 'abc');
});

test('training lowers the loss, deterministically for a seed', () => {
  const a = withRun(SMALL, trainToEnd);
  const b = withRun(SMALL, trainToEnd);
  const c = withRun({ ...SMALL, seed: 1 }, trainToEnd);
  assert.deepEqual(
    a.map((h) => h.step),
    [0, 10, 20, 30],
  );
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, c);
  assert.ok(a.at(-1).val_loss < a[0].val_loss - 0.5, JSON.stringify(a));
  assert.ok(Math.abs(a[0].val_loss - Math.log(96)) < 0.3, 'starts near ln(vocab)');
  // tok 96·16, pos 16·16, one block (LNs 4·16, qkv 48·16 + 48, proj 16·16 + 16, w1 64·16 + 64,
  // w2 16·64 + 16), final LN 2·16.
  withRun(SMALL, (e) =>
    assert.equal(e.paramCount(), 1536 + 256 + 64 + 816 + 272 + 1088 + 1040 + 32),
  );
  withRun({ d: 7 }, (e) => assert.equal(e.paramCount(), 0));
});

test('state round-trips exactly; loads are validated', () => {
  withRun(SMALL, (e) => {
    e.step(10);
    const state = e.stateJson();
    const before = JSON.parse(e.evaluateJson());
    withRun({ ...SMALL, seed: 5 }, (f) => {
      assert.equal(f.loadStateJson(state), '');
      assert.equal(f.stateJson(), state);
      const after = JSON.parse(f.evaluateJson());
      assert.equal(after.val_loss, before.val_loss);
      const sd = JSON.parse(state);
      assert.deepEqual(sd['blocks.0.w1.weight'].length, 64);
      sd['blocks.0.w1.weight'][3][2] = 'x';
      assert.match(
        f.loadStateJson(JSON.stringify(sd)),
        /"blocks\.0\.w1\.weight"\[3\]\[2\] must be a number/,
      );
      sd['blocks.0.w1.weight'][3][2] = 0;
      delete sd['lnf.bias'];
      assert.match(
        f.loadStateJson(JSON.stringify(sd)),
        /^state_dict: missing key "lnf\.bias" \(shape \[16\]\)$/,
      );
      assert.equal(f.stateJson(), state, 'a refused load changes nothing');
    });
    withRun({ ...SMALL, d: 32 }, (f) => assert.match(f.loadStateJson(state), /shape/));
  });
});

test('the swap keeps every weight; swiglu cannot be swapped; fine-tuning at a constant lr', () => {
  withRun(SMALL, (e) => {
    trainToEnd(e);
    const state = e.stateJson();
    const gelu = JSON.parse(e.evaluateJson()).val_loss;
    assert.equal(e.setActivation('relu'), '');
    assert.equal(e.activation(), 'relu');
    assert.equal(e.stateJson(), state);
    assert.notEqual(JSON.parse(e.evaluateJson()).val_loss, gelu);
    assert.match(e.setActivation('swiglu'), /cannot swap relu for swiglu/);
    assert.match(e.setActivation('elu'), /unknown activation 'elu'/);
    assert.equal(e.status(), 'done');
    assert.equal(e.setSteps(40), '');
    assert.equal(e.setConstantLr(1e-3), '');
    assert.match(e.setConstantLr(0), /lr must be/);
    assert.equal(e.status(), 'running');
    trainToEnd(e);
    assert.equal(e.stepCount(), 40);
    assert.equal(JSON.parse(e.configJson()).act, 'relu');
  });
});

test('sampling: seeded, validated, unknown characters refused', () => {
  withRun(SMALL, (e) => {
    e.step(10);
    const s = e.sample('The hacker', 50, 0.8, 3);
    assert.equal([...s].length, 50);
    assert.equal(e.sample('The hacker', 50, 0.8, 3), s);
    assert.throws(
      () => e.sample('The \u00e9\u{1F600}hacker', 50, 0.8, 3),
      /^RangeError: sample: prompt: the model never saw these characters: \u00e9 \u{1F600}$/u,
    );
    assert.equal(e.sample('', 5, 0, 0).length, 5);
    assert.throws(() => e.sample('a', 0, 1, 0), /n must be an integer in \[1, 5000\]/);
    assert.throws(() => e.sample('a', 5, -1, 0), /temperature must be/);
    assert.throws(() => e.sample('a', 5, NaN, 0), /temperature must be/);
  });
});

test('ffnPreactivations: a copy of [windows·ctx][ffn] values, the layer validated', () => {
  withRun(SMALL, (e) => {
    const h = e.ffnPreactivations(0);
    assert.ok(h instanceof Float32Array);
    assert.equal(h.length, 8 * 16 * 64);
    assert.ok(h.every(Number.isFinite));
    assert.throws(() => e.ffnPreactivations(1), /layer must be an integer in \[0, 0\]/);
  });
  withRun({ ...SMALL, act: 'swiglu' }, (e) => {
    assert.equal(e.ffnPreactivations(0).length, 8 * 16 * 2 * Math.round((2 * 64) / 3));
  });
});

test('any UTF-8 text: the vocabulary is its code points; texts over the limits are refused', () => {
  const text = 'h\u00e9llo w\u00f6rld \u{1F600} '.repeat(200);
  withRun(
    { ...SMALL, steps: 2 },
    (e) => {
      assert.equal(e.error(), '');
      while (e.step(1));
      const s = e.sample('h\u00e9', 20, 1, 0);
      assert.equal([...s].length, 20);
      for (const ch of s) assert.ok('h\u00e9lo w\u00f6rd\u{1F600}'.includes(ch), ch);
    },
    text,
  );
  const many = Array.from({ length: 300 }, (_, i) => String.fromCodePoint(0x100 + i)).join('');
  withRun(
    SMALL,
    (e) => assert.match(e.error(), /300 distinct characters, at most 256/),
    many.repeat(3),
  );
  const limits = JSON.parse(M.lmConfigLimitsJson());
  withRun(
    SMALL,
    (e) => assert.match(e.error(), /bytes, at most/),
    'a'.repeat(limits.max_text_bytes + 1),
  );
});
