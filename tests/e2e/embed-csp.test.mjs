// Each embedding route of web/README.md under its own Content-Security-Policy, with its own
// snippet, on a blog's origin with the figures on another: the one script tag under csp-script-tag
// and the iframe with its resize listener under csp-iframe (the policy as a <meta> before the
// snippet: a blog that cannot set headers does the same). Nothing is refused (a refusal is a
// console error). And the listener sizes only the lab's frames: a hostile frame that claims a
// height of 33,554,432 px changes nothing, and a lab frame stops at the tallest figure's height.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dist, launchChromium } from './helpers.mjs';
import { readmeFixture } from './publish-helpers.mjs';
import { startServer } from '../../web/serve.mjs';
import { COMPACT_HEIGHTS, IFRAME_HEIGHTS } from '../../web/js/embed/embed-attributes.js';

/** The copy's origin and base in web/README.md's snippets and policies. */
const CDN = 'https://cdn.jsdelivr.net';
const CDN_BASE = /https:\/\/cdn\.jsdelivr\.net\/npm\/[^/"]+\/dist\//g;
const TALLEST = Math.max(
  ...[...Object.values(IFRAME_HEIGHTS), ...Object.values(COMPACT_HEIGHTS)].flat(),
);

let browser, lab, blog, dir;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'al-csp-'));
  lab = await startServer({ dir: dist, port: 0, cors: true });
  blog = await startServer({ dir, port: 0 });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  for (const s of [lab, blog]) if (s) await new Promise((ok) => s.server.close(ok));
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * Writes a post on the blog's origin (`policy`: a fixture's CSP, or none) and opens it; the page
 * records console errors and warnings from every frame.
 * @param {string} name
 * @param {string} body
 * @param {string} [policy]
 */
async function openPost(name, body, policy) {
  const meta = policy
    ? `<meta http-equiv="Content-Security-Policy" content="${policy
        .replace(/\s+/g, ' ')
        .trim()
        .replaceAll(CDN, new URL(lab.url).origin)}">`
    : '';
  await writeFile(
    join(dir, name),
    `<!doctype html><html lang="en"><head><meta charset="utf-8">${meta}<title>post</title>
    <link rel="icon" href="data:,"></head><body><main>
    <p>Text.</p>${body.replace(CDN_BASE, lab.url)}</main></body></html>`,
  );
  const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(`${blog.url}${name}`);
  return { page, context, problems };
}

test('the one script tag under its policy: the figures mount, nothing refused', async () => {
  const { page, context, problems } = await openPost(
    'script.html',
    await readmeFixture('cdn-embed'),
    await readmeFixture('csp-script-tag'),
  );
  for (const name of ['curves', 'twin'])
    await page.waitForSelector(`activation-lab-${name}[ready]`, { timeout: 60000 });
  assert.deepEqual(problems, []);
  await context.close();
});

test('the iframe and its listener under their policy: the frame mounts and is sized, borderless', async () => {
  const policy = await readmeFixture('csp-iframe');
  const snippet = (await readmeFixture('iframe')).replace(' loading="lazy"', '');
  const { page, context, problems } = await openPost(
    'frame.html',
    snippet + (await readmeFixture('iframe-resize')),
    policy,
  );
  const frame = page.locator('iframe');
  await page
    .frameLocator('iframe')
    .locator('activation-lab-twin[ready]')
    .waitFor({ timeout: 60000 });
  // The listener set the frame to its figure's height (the snippet's fixed height is taller).
  await page.waitForFunction(() => document.querySelector('iframe')?.style.height.endsWith('px'));
  // (the figure still settles after `ready`: its boards take the data's aspect)
  const inner = page.frameLocator('iframe').locator('body');
  let height = 0,
    body = -1;
  for (const t0 = Date.now(); Math.abs(height - body) > 2 && Date.now() - t0 < 15000;) {
    await page.waitForTimeout(300);
    [height, body] = await Promise.all([
      frame.evaluate((f) => f.clientHeight),
      inner.evaluate((b) => Math.ceil(b.getBoundingClientRect().height)),
    ]);
  }
  assert.ok(Math.abs(height - body) <= 2, `the listener sized it: ${height} for ${body}`);
  assert.equal(await frame.evaluate((f) => getComputedStyle(f).borderTopWidth), '0px');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the listener resizes no other frame, and caps the lab frame at the tallest figure', async () => {
  // A frame of the blog's own origin that claims to be a figure, over and over.
  await writeFile(
    join(dir, 'hostile.html'),
    `<!doctype html><title>ad</title><script>
      setInterval(() => parent.postMessage({ type: 'activation-lab:height', height: 33554432 }, '*'), 50);
    </script>`,
  );
  const { page, context, problems } = await openPost(
    'hostile-post.html',
    `<iframe id="hostile" src="${blog.url}hostile.html" title="ad"></iframe>
     <iframe id="lab-file" src="${lab.url}favicon.svg" title="a file of the lab"></iframe>
     ${await readmeFixture('iframe-resize')}`,
  );
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForTimeout(500); // ten claims of the hostile frame
  const heights = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('iframe')].map((f) => [f.id, f.getBoundingClientRect().height]),
    );
  assert.deepEqual(await heights(), [
    ['hostile', 154], // the default 150 px and its 2 px borders
    ['lab-file', 154],
  ]);
  // The page posting to itself (no frame), then a document on the lab's origin, in a frame of the
  // page, claiming the same height: that one is the lab's frame, so it grows, to the cap.
  const claim = { type: 'activation-lab:height', height: 33554432 };
  await page.evaluate((c) => postMessage(c, '*'), claim);
  const labFrame = page.frames().find((f) => f.url().startsWith(lab.url));
  assert.ok(labFrame, 'the lab-origin frame');
  await labFrame.evaluate((c) => parent.postMessage(c, '*'), claim);
  await page.waitForFunction(() => document.querySelector('#lab-file')?.style.height !== '');
  assert.deepEqual(await heights(), [
    ['hostile', 154],
    ['lab-file', TALLEST + 4],
  ]);
  assert.deepEqual(problems, []);
  await context.close();
});
