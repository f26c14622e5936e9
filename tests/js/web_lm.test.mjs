// The pure helpers of the Transformer figures (web/js/lm-stats.js), on hand-checkable inputs.
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

test('parseParam: numbers within the core limits, text length, lists of choices', async () => {
  const { parseParam, createParams } = await import('../../web/js/shared/lm-params.js');
  const temp = { type: 'number', limit: { min: 0, max: 2, min_open: true } };
  assert.equal(parseParam(temp, '0,8', M), 0.8);
  assert.equal(parseParam(temp, '2', M), 2);
  assert.deepEqual(parseParam(temp, '0', M), { kind: 'range', min: 0, max: 2 });
  assert.deepEqual(parseParam(temp, 'hot', M), { kind: 'number' });
  const n = { type: 'number', limit: { min: 1, max: 500, integer: true } };
  assert.equal(parseParam(n, ' 200 ', M), 200);
  assert.deepEqual(parseParam(n, '2.5', M), { kind: 'integer' });
  assert.deepEqual(parseParam(n, '501', M), { kind: 'range', min: 1, max: 500 });
  const prompt = { type: 'text', max: 4 };
  assert.equal(parseParam(prompt, ' ab ', M), ' ab '); // spaces are characters of a prompt
  assert.deepEqual(parseParam(prompt, '', M), { kind: 'empty' });
  assert.deepEqual(parseParam(prompt, 'abcde', M), { kind: 'long', max: 4 });
  const acts = { type: 'list', of: ['relu', 'gelu', 'swiglu'], min: 2, max: 3 };
  assert.deepEqual(parseParam(acts, 'relu, swiglu', M), ['relu', 'swiglu']);
  assert.deepEqual(parseParam(acts, 'relu', M), { kind: 'count', min: 2, max: 3 });
  assert.deepEqual(parseParam(acts, 'relu,relu', M), { kind: 'repeat' });
  assert.equal(parseParam(acts, 'relu,tanh', M).kind, 'choice');
  assert.equal(parseParam({ type: 'choice', of: ['bert', 'gpt2'] }, 'gpt2', M), 'gpt2');
  assert.equal(parseParam({ type: 'choice', of: ['bert', 'gpt2'] }, 'xavier', M).kind, 'choice');

  // a store: a hash string; other keys are kept, rejected values fall back and are reported
  let hash = '#a=relu&lt=9&ln=50';
  const store = { read: () => hash, write: (h) => (hash = h) };
  const p = createParams(
    [
      { key: 'lt', type: 'number', limit: temp.limit, initial: 0.8 },
      { key: 'ln', type: 'number', limit: n.limit, initial: 200 },
    ],
    store,
    M,
  );
  p.readHash();
  assert.deepEqual(p.values, { lt: 0.8, ln: 50 });
  assert.equal(p.errors.lt.kind, 'range');
  assert.equal(p.errors.lt.raw, '9');
  p.set('lt', '1.5');
  p.writeHash();
  assert.equal(hash, '#a=relu&lt=1.5&ln=50');
});

test("parseParam reads numbers in the core's one grammar, as the CLI does (issue 28)", async () => {
  const { parseParam, createParams } = await import('../../web/js/shared/lm-params.js');
  const n = { type: 'number', limit: { min: 1, max: 500, integer: true } };
  const temp = { type: 'number', limit: { min: 0, max: 2, min_open: true } };
  for (const text of ['1e3', '1e2', '0x10', '1_0', '+ 5', '-0'])
    assert.equal(parseParam(n, text, M).kind, text === '-0' ? 'range' : 'integer', text);
  assert.equal(parseParam(temp, '1e-1', M), 0.1); // a real may have an exponent
  for (const text of ['0x1', 'Infinity', 'nan', '1,2,3', '.'])
    assert.equal(parseParam(temp, text, M).kind, 'number', text);
  // A rejected value is echoed with controls and bidi marks escaped, at most 80 characters.
  let hash = `#ln=${encodeURIComponent('\u202e5\u0000')}`;
  const p = createParams(
    [{ key: 'ln', type: 'number', limit: n.limit, initial: 200 }],
    {
      read: () => hash,
      write: (h) => (hash = h),
    },
    M,
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
