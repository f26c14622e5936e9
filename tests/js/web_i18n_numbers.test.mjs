// The article's numbers are computed, never typed (DESIGN: "every claim stays computed"): every
// number in every i18n string of both languages, outside tags' attributes (link hrefs included),
// $…$ math, {name} variables and the placeholders that the core or the build fill (data-core,
// data-run, data-quoted: web/ship/numbers/fill.mjs), is a constant this list allows, each with
// its reason. A number a run or the core computes belongs in a placeholder; a number quoted from
// PyTorch or a paper in web/data/quoted.json, through data-quoted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

/** @type {{keys?: RegExp, text: RegExp, reason: string}[]} keys: where it applies (default: all) */
const ALLOWED = [
  // first: an identifier such as arXiv:2002.05202 starts with what looks like a year
  { text: /arXiv:\d+\.\d+/g, reason: 'an arXiv identifier' },
  { text: /\b(?:1[89]|20)\d\d\b/g, reason: 'a year: when something was published or released' },
  { text: /\[\d+\]/g, reason: 'a citation mark, the number of a reference' },
  {
    text: /\b95\s?%/g,
    reason: "the 95 % interval's level and the core's 95 % training-accuracy mark",
  },
  {
    text: /(?:[\p{L}+][\p{L}+]*-?\d+(?:\.\d+)?|arXiv:\d+\.\d+)/gu,
    reason: 'part of a name: float32, C++17, GPT-2, T5-base, x0, an arXiv identifier',
  },
  { text: /^\s*\d\.\s/g, reason: "a step's number in a list of steps (1. 2. 3.)" },
  {
    text: /\d+\s?[×x]\s?\d+|\d+(?:\s?[→-]\s?\d+(?:x\d+)?)+/g,
    reason: 'an architecture literal: depth × width 16×32, 2 → 64 → 64 → 1, 784-128x8-10',
  },
  {
    keys: /^(?:twin|seeds)\.preset_\w+$|^fields\.range_layers$/,
    text: /\b\d+(?:,\s?\d+)+\b/g,
    reason: 'hidden widths as a field takes them (64,64; pt writes 64, 64): a preset, an example',
  },
  {
    keys: /^(?:cost\.table_caption|images\.caption|seeds\.images_protocol|deterministic\.d1|depth-scale\.p2|cost\.p2|depth-spread\.(?:caption|chart_label)|fields\.range_layers|seeds\.preset_article)$/,
    text: /\b(?:16|32|64|128)\b/g,
    reason:
      'a layer width, a depth or a batch of a named architecture (the article setup, the paper)',
  },
  {
    keys: /^(?:curves\.caption|pictures\.\w+|tanh-error\.\w+|cost\.caption|coin-toss\.\w+|dip-zoom\.caption|depth-spread\.caption)$/,
    text: /(?:[−-]?\d+(?:[.,]\d+)?|\d{1,2} 001)/g,
    reason:
      "a figure's drawn range or sampling grid, a constant of its code (curves, tanh, dip, coin)",
  },
  {
    keys: /^(?:values\.p2|worked-values\.caption)$/,
    text: /(?<=\b(?:[Aa]t|[Ee]m) |Φ\()[−-]?\d+/g,
    reason: 'an input the worked values evaluate, chosen, not computed',
  },
  {
    keys: /^(?:glu\.(?:caption|th_his_early|th_his_late|plot_label|takeaway_early))$/,
    text: /\b(?:65,536|524,288|65\.536|524\.288|65 536|524 288|2\/3|1\/8)\b/g,
    reason: "Shazeer (2020)'s protocol (steps, the 2/3 width) and the figure's early point (1/8)",
  },
  {
    keys: /^(?:inside\.d3|lm\.init_gpt2)$/,
    text: /N\(0[,;] 0[.,]02\)/g,
    reason: "GPT-2's initialisation, a constant of its recipe",
  },
  {
    keys: /^(?:images\.dropout|deterministic\.d1|seeds\.images_setup)$/,
    text: /\b0[.,]5\b|\b784\b|\b10\b/g,
    reason: "the paper's MNIST protocol (Hendrycks & Gimpel): dropout 0.5, 784 inputs, 10 classes",
  },
  {
    keys: /^seeds\.lm_protocol$/,
    text: /\b(?:90|10)\s?%/g,
    reason: "the Transformer's fixed split of its text (the core's, wasm/activation-lab.d.ts)",
  },
  { keys: /^swap\.caption$/, text: /\b20\s?%/g, reason: "the swap's validation share, a setting" },
  {
    keys: /^depth-scale\.d1$/,
    text: /\b20\b/g,
    reason: 'the seed count of a PyTorch measurement the sentence quotes as not computed here',
  },
  {
    keys: /^(?:seeds\.preset_noisy|lm\.field_acts|glu\.takeaway_one_seed|embed\.unknown_widget)$/,
    text: /\b(?:0[.,]4|2|3|30)\b/g,
    reason: "a control's label or bound, or an example address: the page's settings, not results",
  },
  // last, after the entries that name a 1 or a 0 inside something longer (1/8, N(0, 0.02))
  {
    text: /(?<![\d.,])[01](?![\d]|[.,]\d|\s?%)/g,
    reason: 'zero and one: slopes 0 and 1, classes 0 and 1, layer 1, mean 0, sums to 1',
  },
];

/**
 * The numbers of one string that are neither in a placeholder nor allowed.
 * @param {string} key  "ns.key"
 * @param {string} html
 */
export function typedNumbers(key, html) {
  let text = html
    .replace(/<span\b[^>]*\sdata-(?:core|run|quoted)="[^"]*"[^>]*>[^<]*<\/span>/g, ' ')
    .replace(/\$\$[\s\S]+?\$\$/g, ' ')
    .replace(/(?<!\\)\$(?:\\\$|[^$])+?\$/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{[^{}]*\}/g, ' ');
  for (const { keys, text: allowed } of ALLOWED)
    if (!keys || keys.test(key)) text = text.replace(allowed, ' ');
  return text.match(/\d+(?:[.,\s]\d+)*/g)?.map((n) => n.trim()) ?? [];
}

/** @param {string} lang */
function strings(lang) {
  const dir = new URL(`../../web/i18n/${lang}/`, import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) =>
      Object.entries(JSON.parse(readFileSync(new URL(f, dir), 'utf8'))).map(([k, v]) => ({
        key: `${f.slice(0, -'.json'.length)}.${k}`,
        html: String(v),
      })),
    );
}

for (const lang of ['en', 'pt'])
  test(`${lang}: every number in the prose is a placeholder or an allowed constant`, () => {
    const offending = strings(lang).flatMap(({ key, html }) =>
      typedNumbers(key, html).map((n) => `${key}: ${n}`),
    );
    assert.deepEqual(
      offending,
      [],
      `typed numbers (make them data-core, data-run or data-quoted placeholders, or allow a real constant here with its reason):\n${offending.join('\n')}`,
    );
  });

test('the checker fires on a typed number, and not on placeholders, math, tags or constants', () => {
  const typed = 'the study puts ReLU 14.48 points ahead, [12.04, 16.91], over 30 seeds';
  assert.deepEqual(typedNumbers('relu-wins.p1', typed), ['14.48', '12.04', '16.91', '30']);
  assert.deepEqual(typedNumbers('relu-wins.p1', 'Portuguese 14,48 [12,04; 16,91]'), [
    '14,48',
    '12,04',
    '16,91',
  ]);
  const clean =
    'ReLU <span data-run="study.checkerboard.diff"></span> points ahead, <span data-run="study.checkerboard.ci">[12.04, 16.91]</span>' +
    ' in 2016 [1], <a href="#seeds=30">study</a>, $\\ln 96$, {n} seeds, a 95 % interval, 2 → 64 → 64 → 1, GPT-2';
  assert.deepEqual(typedNumbers('relu-wins.p1', clean), []);
  // a key-scoped constant is allowed only where its entry says
  assert.deepEqual(typedNumbers('curves.caption', 'sampled at 801 points'), []);
  assert.deepEqual(typedNumbers('relu-wins.p1', 'sampled at 801 points'), ['801']);
});
