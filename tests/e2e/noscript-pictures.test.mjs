// Without JavaScript, the Transformer's figures show their build-time pictures at a sensible size
// (issue 62): a diagram as drawn, never blown up to the column (at 1280 px an SVG with only a
// viewBox once filled it, two screens of giant boxes), beside the plot of a run it goes with, and
// a note that says whether each is a drawing or a picture of a run; at 360 px nothing overflows.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const NOTES = {
  block: 'meta.figure_noscript_mixed',
  swap: 'meta.figure_noscript_drawing',
  parts: 'meta.figure_noscript',
};

for (const width of [1280, 360])
  test(`${width} px, no JavaScript: the Transformer's pictures at their size, labelled`, async () => {
    const context = await env.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width, height: 800 },
    });
    const page = await context.newPage();
    await page.goto(env.url);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#inside img')].every((i) => i.complete && i.naturalWidth),
    );
    for (const [part, note] of Object.entries(NOTES)) {
      const figure = page.locator(`#lm-part-${part}`);
      const images = await figure.locator('img').evaluateAll((els) =>
        els.map((e) => ({
          narrow: e.classList.contains('picture-narrow'),
          drawn: [Number(e.getAttribute('width')), Number(e.getAttribute('height'))],
          shown: [e.getBoundingClientRect().width, e.getBoundingClientRect().height],
        })),
      );
      assert.ok(images.length > 0, part);
      for (const { narrow, drawn, shown } of images) {
        const where = `${width} px ${part}: drawn ${drawn}, shown ${shown}`;
        // as drawn, or smaller to fit a phone; the drawing's own proportions either way
        if (narrow) assert.ok(shown[0] <= drawn[0] + 0.5, where);
        assert.ok(shown[1] <= Math.max(drawn[1] * 1.5, 560), where);
        assert.ok(Math.abs(shown[0] / shown[1] - drawn[0] / drawn[1]) < 0.02, where);
        assert.ok(shown[0] <= width, where);
      }
      assert.equal(await figure.locator('.figure-noscript').getAttribute('data-i18n'), note);
    }
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width);
    await context.close();
  });
