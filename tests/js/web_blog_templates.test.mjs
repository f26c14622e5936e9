// The blog templates a release carries, web/hugo/activation-lab.html (the Hugo shortcode, which
// tests/e2e/hugo.test.mjs builds with a real Hugo) and web/jekyll/activation-lab.html (the Jekyll
// include, read here only: no Jekyll in the toolchain): each writes the element's fallback texts
// as the "Embed this figure" dialog does (embed-failure.js's fallbackTexts), in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fallbackTexts } from '../../web/js/shared/embed-failure.js';

const read = (path) => readFileSync(new URL(`../../web/${path}`, import.meta.url), 'utf8');
const TEMPLATES = {
  'hugo/activation-lab.html': { figure: '%s' },
  'jekyll/activation-lab.html': { figure: '{{ figure }}' },
};

for (const [path, { figure }] of Object.entries(TEMPLATES)) {
  test(`${path}: the fallback texts of both languages, as the embed dialog writes them`, () => {
    const template = read(path);
    for (const lang of /** @type {const} */ (['en', 'pt'])) {
      const { loading, failed } = fallbackTexts(lang, figure);
      assert.ok(template.includes(loading), `${lang} loading line: ${loading}`);
      assert.ok(template.includes(failed), `${lang} advice: ${failed}`);
    }
    // The two scripts of the one-tag embed, from `base`.
    assert.match(
      template,
      /<script defer src="\{\{ \$?base \}\}activation-lab-fallback\.js"><\/script>/,
    );
    assert.match(
      template,
      /<script type="module" src="\{\{ \$?base \}\}activation-lab\.js"><\/script>/,
    );
  });
}
