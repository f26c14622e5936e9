// web/ship/numbers/fill.mjs: the build's fill of data-run and data-quoted placeholders, in each
// language's format, with a tooltip; an unknown name or quantity fails with the string's name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from '../../wasm/module.mjs';
import * as i18n from '../../web/js/shared/i18n.js';
import { createProseNumbers } from '../../web/ship/numbers/fill.mjs';
import { readRun } from '../../web/ship/numbers/study-runs.mjs';

const fill = createProseNumbers({ M: await loadModule() });
/** @param {'en' | 'pt'} lang */
const language = (lang) => {
  i18n.useLanguage(lang);
  return { t: (key) => `(${key})`, num: i18n.num, interval: i18n.interval };
};

test('a run quantity is the committed summary in points, as each language writes it', () => {
  const s = readRun('study.circles').summaries[10];
  const span = '<span data-run="study.circles.ci" data-seeds="10"></span>';
  const en = fill(span, 'test', language('en'));
  const points = (/** @type {number} */ x) => (x * 100).toFixed(2).replace('-', '−');
  assert.match(en, new RegExp(`>\\[${points(s.ci_low)}, ${points(s.ci_high)}\\]</span>$`));
  assert.match(en, /class="core-value run-value" title="\(common.run_value_title\)"/);
  const pt = fill(span, 'test', language('pt'));
  assert.match(pt, new RegExp(`>\\[${points(s.ci_low).replace('.', ',')}; `));
  const quoted = fill(
    '<span data-quoted="pytorch.checkerboard.diff" data-digits="1"></span>',
    'test',
    language('pt'),
  );
  assert.match(quoted, /class="core-value quoted-value"[^>]*>3,4</);
});

test('an unknown run, quantity, count or quoted name, or a typed placeholder, fails with where it is', () => {
  const lang = language('en');
  for (const [span, message] of [
    [
      '<span data-run="study.nope.ci"></span>',
      /web\/i18n\/en\/x.json k: data-run="study.nope.ci": unknown run "study.nope"/,
    ],
    ['<span data-run="study.xor.median"></span>', /unknown quantity "median"/],
    ['<span data-run="study.xor.ci" data-seeds="10"></span>', /no summary of 10 seeds/],
    ['<span data-quoted="pytorch.moons"></span>', /unknown quoted number "pytorch.moons"/],
    ['<span data-run="study.xor.ci">[0.1, 0.2]</span>', /must be empty in the source/],
  ])
    assert.throws(() => fill(span, 'web/i18n/en/x.json k', lang), message);
});
