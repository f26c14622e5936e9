// The pure helpers of the Transformer figures (web/js/transformer/lm-stats.js), on hand-checkable inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  differInterval,
  fractionWithin,
  histogram,
  moments,
  unknownCharacters,
} from '../../web/js/transformer/lm-stats.js';
import { loadPageCore } from './core-helpers.mjs';

const { M } = await loadPageCore();
// A core for tables of rows that carry their own limits (state.js asks it only for the grammar).
const C = { M, limits: {}, activations: [], defaults: {} };

test('histogram: equal bins, edges go right, outliers and non-finite values are counted apart', () => {
  const h = histogram([-2, -1, -0.5, 0, 0.25, 0.99, 1, 3, NaN, Infinity], {
    lo: -1,
    hi: 1,
    bins: 4,
  });
  assert.equal(h.width, 0.5);
  // bins [-1,-0.5) [-0.5,0) [0,0.5) [0.5,1)
  assert.deepEqual(h.counts, [1, 1, 2, 1]);
  assert.equal(h.under, 1); // -2
  assert.equal(h.over, 2); // 1 and 3: hi is open
  assert.equal(h.bad, 2);
  assert.equal(h.n, 10);
  assert.throws(() => histogram([], { lo: 1, hi: 1, bins: 3 }));
  assert.throws(() => histogram([], { lo: 0, hi: 1, bins: 0 }));
});

test('moments: population sd, non-finite values skipped', () => {
  const m = moments(Float32Array.of(1, 2, 3, 4, NaN));
  assert.equal(m.n, 4);
  assert.equal(m.mean, 2.5);
  assert.equal(m.sd, Math.sqrt(1.25));
  assert.deepEqual([m.min, m.max], [1, 4]);
  assert.ok(Number.isNaN(moments([]).mean));
});

test('fractionWithin: closed interval over finite values', () => {
  assert.equal(fractionWithin([-3, -1, 0, 1, 3, NaN], -1, 1), 3 / 5);
  assert.ok(Number.isNaN(fractionWithin([], 0, 1)));
});

test('differInterval: first and last grid points where two curves differ by more than eps', () => {
  const xs = [-3, -2, -1, 0, 1, 2, 3];
  const relu = xs.map((x) => Math.max(0, x));
  // a hand-made "smooth" curve that differs from ReLU by 0.2 at -1..1 and 0.001 elsewhere
  const soft = relu.map((y, i) => y + (Math.abs(xs[i]) <= 1 ? 0.2 : 0.001));
  assert.deepEqual(differInterval(xs, soft, relu, 0.01), [-1, 1]);
  assert.equal(differInterval(xs, relu, relu, 0), null);
});

test('unknownCharacters: each missing character once, in order', () => {
  assert.deepEqual(unknownCharacters('héllo wörld é', 'helo wrd'), ['é', 'ö']);
  assert.deepEqual(unknownCharacters('', 'abc'), []);
  assert.deepEqual(unknownCharacters('abc', 'abc'), []);
});

test('parseSetting: numbers within the core limits, text length, lists of choices', async () => {
  const { parseSetting, createSettings, hashStore } = await import('../../web/js/shared/state.js');
  const temp = { type: 'number', limit: { min: 0, max: 2, min_open: true } };
  assert.equal(parseSetting(temp, '0,8', C), 0.8);
  assert.equal(parseSetting(temp, '2', C), 2);
  assert.deepEqual(parseSetting(temp, '0', C), { kind: 'range', min: 0, max: 2 });
  assert.deepEqual(parseSetting(temp, 'hot', C), { kind: 'number' });
  const n = { type: 'number', limit: { min: 1, max: 500, integer: true } };
  assert.equal(parseSetting(n, ' 200 ', C), 200);
  assert.deepEqual(parseSetting(n, '2.5', C), { kind: 'integer' });
  assert.deepEqual(parseSetting(n, '501', C), { kind: 'range', min: 1, max: 500 });
  const prompt = { type: 'text', max: 4 };
  assert.equal(parseSetting(prompt, ' ab ', C), ' ab '); // spaces are characters of a prompt
  assert.deepEqual(parseSetting(prompt, '', C), { kind: 'empty' });
  assert.deepEqual(parseSetting(prompt, 'abcde', C), { kind: 'long', max: 4 });
  const acts = { type: 'list', of: ['relu', 'gelu', 'swiglu'], min: 2, max: 3 };
  assert.deepEqual(parseSetting(acts, 'relu, swiglu', C), ['relu', 'swiglu']);
  assert.deepEqual(parseSetting(acts, 'relu', C), { kind: 'count', min: 2, max: 3 });
  assert.deepEqual(parseSetting(acts, 'relu,relu', C), { kind: 'repeat' });
  assert.equal(parseSetting(acts, 'relu,tanh', C).kind, 'choice');
  assert.equal(parseSetting({ type: 'choice', of: ['bert', 'gpt2'] }, 'gpt2', C), 'gpt2');
  assert.equal(parseSetting({ type: 'choice', of: ['bert', 'gpt2'] }, 'xavier', C).kind, 'choice');

  // a store: a hash string; other keys are kept, rejected values fall back and are reported
  let hash = '#a=relu&lt=9&ln=50';
  const store = hashStore(
    () => hash,
    (h) => (hash = h),
  );
  const p = createSettings(
    C,
    [
      { key: 'lt', type: 'number', limit: temp.limit, initial: 0.8 },
      { key: 'ln', type: 'number', limit: n.limit, initial: 200 },
    ],
    store,
  );
  p.readHash();
  assert.deepEqual(p.values, { lt: 0.8, ln: 50 });
  assert.equal(p.errors.lt.kind, 'range');
  assert.equal(p.errors.lt.raw, '9');
  p.set('lt', '1.5');
  p.writeHash();
  assert.equal(hash, '#a=relu&lt=1.5&ln=50');
});

test("parseSetting reads numbers in the core's one grammar, as the CLI does (issue 28)", async () => {
  const { parseSetting, createSettings, hashStore } = await import('../../web/js/shared/state.js');
  const n = { type: 'number', limit: { min: 1, max: 500, integer: true } };
  const temp = { type: 'number', limit: { min: 0, max: 2, min_open: true } };
  for (const text of ['1e3', '1e2', '0x10', '1_0', '+ 5', '-0'])
    assert.equal(parseSetting(n, text, C).kind, text === '-0' ? 'range' : 'integer', text);
  assert.equal(parseSetting(temp, '1e-1', C), 0.1); // a real may have an exponent
  for (const text of ['0x1', 'Infinity', 'nan', '1,2,3', '.'])
    assert.equal(parseSetting(temp, text, C).kind, 'number', text);
  // A rejected value is echoed with controls and bidi marks escaped, at most 80 characters.
  let hash = `#ln=${encodeURIComponent('\u202e5\u0000')}`;
  const p = createSettings(
    C,
    [{ key: 'ln', type: 'number', limit: n.limit, initial: 200 }],
    hashStore(
      () => hash,
      (h) => (hash = h),
    ),
  );
  p.readHash();
  assert.equal(p.errors.ln.raw, 'U+202E5U+0000');
  p.set('ln', 'x'.repeat(1000000));
  assert.equal(p.errors.ln.raw, `${'x'.repeat(80)}…`);
});

test('blockSvg: one labelled image; softmax, LayerNorm and the activation are marked; text escaped', async () => {
  const { blockSvg } = await import('../../web/js/transformer/lm-block-svg.js');
  const t = (key, vars) => `${key}${vars ? `(${vars.d},${vars.ffn},${vars.activation})` : ''}`;
  const svg = blockSvg(t, { d: 32, ffn: 128, heads: 2, layers: 2, ctx: 32, activation: 'A<&>' });
  assert.match(svg, /^<svg [^>]*role="img" aria-labelledby="lm-svg-title lm-svg-desc"/);
  assert.match(svg, /<title id="lm-svg-title">lm\.svg_title/);
  assert.match(svg, /<desc id="lm-svg-desc">lm\.svg_desc\(32,128,A&lt;&amp;&gt;\)<\/desc>/);
  for (const tag of ['g', 'text', 'title'])
    assert.equal(
      svg.match(new RegExp(`<${tag}[ >]`, 'g')).length,
      svg.match(new RegExp(`</${tag}>`, 'g')).length,
      `balanced <${tag}>`,
    );
  assert.equal(svg.match(/class="lm-box lm-softmax"/g).length, 2); // attention's and the output's
  assert.equal(svg.match(/class="lm-box lm-norm"/g).length, 3); // before attention, FFN; final
  assert.match(
    svg,
    /class="lm-box lm-act" data-part="activation">.*\n.*\n.*>A&lt;&amp;&gt;<\/text>/,
  );
  assert.match(svg, /lm\.svg_linear/);
  assert.doesNotMatch(svg, /A<&>/); // never unescaped
});
