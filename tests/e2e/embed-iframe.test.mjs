// web/README.md's iframe (issue 37): compact by default, and at 700 px, the usual blog column, it
// never scrolls and its credit line shows, with its resize listener (activation-lab-frames.js: the
// frame follows the figure to the pixel, the body's margins counted) and without it (the fixed height, the
// tallest compact twin, fits: COMPACT_HEIGHTS, at most 1000 px in a 700 px column, en and pt).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { dist, launchChromium, screenshot } from './helpers.mjs';
import { runTwin, startBlog, startStatic, watchedPage } from './ship-helpers.mjs';
import { readmeFixture } from './publish-helpers.mjs';
import { COMPACT_HEIGHTS, compactHeight } from '../../web/js/embed/embed-attributes.js';

let browser, site;
before(async () => {
  browser = await launchChromium();
  site = await startStatic(dist, { 'Access-Control-Allow-Origin': '*' });
});
after(async () => Promise.all([browser?.close(), site?.close()]));

/** The base of web/README.md's snippets, which each test replaces by its copy's address. */
const CDN_BASE = /https:\/\/[^"]*\/dist\//;

/** A blog post on its own origin: the README's iframe (on this copy), with `extra` after it. */
async function framePost(lang, extra = '') {
  const frame = (await readmeFixture('iframe'))
    .replace(CDN_BASE, site.url)
    .replace(/lang=en/, `lang=${lang}`)
    .replace(/ loading="lazy"/, '');
  return startBlog({
    'post.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>post</title>
    <link rel="icon" href="data:,"></head><body><main style="max-width:700px">${frame}</main>${extra}</body></html>`,
  });
}

/**
 * After a finished run, waits until the frame has settled (the figure still moves after `ready`:
 * its boards take the data's aspect when the workers report); returns the frame's height and
 * its document's scroll height (never less than the frame) and its body's height.
 * @param {import('playwright-core').Page} page
 */
async function settledFrame(page) {
  const inner = page.frameLocator('iframe');
  await inner.locator('activation-lab-twin[ready]').waitFor({ timeout: 60000 });
  await runTwin(inner, 'activation-lab-twin');
  let last = [0, -1, 0],
    now = [-1, 0, 0];
  for (let t0 = Date.now(); now.join() !== last.join() && Date.now() - t0 < 15000;) {
    last = now;
    await page.waitForTimeout(400);
    now = await Promise.all([
      page.locator('iframe').evaluate((f) => f.clientHeight),
      inner.locator(':root').evaluate((r) => r.scrollHeight),
      inner.locator('body').evaluate((b) => Math.ceil(b.getBoundingClientRect().height)),
    ]);
  }
  return { frame: now[0], content: now[1], body: now[2], inner };
}

/** The credit line is inside the frame's visible box. */
async function creditShown(page, inner) {
  const credit = inner.locator('activation-lab-twin .al-credit');
  const bottom = await credit.evaluate((c) => c.getBoundingClientRect().bottom);
  const frame = await page.locator('iframe').evaluate((f) => f.clientHeight);
  return (await credit.isVisible()) && bottom <= frame;
}

for (const listener of [true, false]) {
  test(`the README's compact iframe at 700 px ${listener ? 'with' : 'without'} the resize listener: no scrollbar, the credit shows`, async () => {
    assert.match(await readmeFixture('iframe'), /&compact&/, 'compact by default');
    for (const lang of listener ? ['en'] : ['en', 'pt']) {
      const resize = (await readmeFixture('iframe-resize')).replace(CDN_BASE, site.url);
      const host = await framePost(lang, listener ? resize : '');
      const w = await watchedPage(browser, host.url, { viewport: { width: 700, height: 900 } });
      await w.page.goto(`${host.url}post.html`);
      const { frame, content, body, inner } = await settledFrame(w.page);
      assert.ok(content <= frame, `${lang}: ${content} px of page in a ${frame} px frame`);
      if (listener)
        assert.ok(Math.abs(frame - body) <= 2, `the listener sized it: ${frame} for ${body}`);
      else assert.ok(frame === compactHeight('twin'), `the fixed height: ${frame}`);
      assert.ok(await creditShown(w.page, inner), `${lang}: the credit line shows`);
      if (!listener) {
        // The compact twin fits one screen of a 700 px column, and the table says so.
        assert.ok(body <= COMPACT_HEIGHTS.twin[1], `${lang}: ${body} > ${COMPACT_HEIGHTS.twin[1]}`);
        assert.ok(body <= 1000, `${lang}: the compact twin is ${body} px at 700 px`);
        console.log(`# compact twin at 700 px, ${lang}: ${body} px`);
      }
      await screenshot(
        w.page.locator('iframe'),
        `embed-iframe-${listener ? 'listener' : 'fixed'}-${lang}`,
      );
      assert.deepEqual(w.problems, []);
      await w.context.close();
      await host.close();
    }
  });
}
