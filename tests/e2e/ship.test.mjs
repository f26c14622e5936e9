// Shipping (issue 6): dist/ works from any sub-path of a plain static server, offline after a
// first visit, straight from disk (file://), under a strict Content-Security-Policy, with the
// scalar build when forced, and embedded in a blog post. No test sees a request to another origin.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { dist, launchChromium, screenshot } from './helpers.mjs';
import {
  STRICT_CSP,
  copyUnderSubPath,
  gzipReport,
  runTwin,
  startPython,
  startStatic,
  watchedPage,
} from './ship-helpers.mjs';

const SHORT = 'n=300&epochs=8'; // a twin run of a second or so
let browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => browser?.close());

const ready = (page) => page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
const KB = (n) => Math.round(n / 102.4) / 10;

test('dist/ copied under /blog/gelu/ works from python3 -m http.server; first-load size', async () => {
  const copy = await copyUnderSubPath('blog/gelu');
  const server = await startPython(copy.root);
  try {
    const base = `${server.url}blog/gelu/`;
    const w = await watchedPage(browser, server.url);
    await w.page.goto(base);
    await ready(w.page);
    assert.match(await w.page.locator('#engine').textContent(), /wasm128/);
    assert.equal(await w.page.locator('.widget-failed').count(), 0);
    await w.page.waitForTimeout(800); // what loads right after the widgets (nothing is lazy-loaded beyond)
    const rows = await gzipReport(w.loaded, base);
    const total = rows.reduce((s, r) => s + r.gzip, 0);
    // The SIMD build as the site loads it: its glue and its binary, not the single file.
    const parts = rows.filter((r) => /^wasm\/activation-lab\.(web\.mjs|wasm)$/.test(r.file));
    assert.equal(
      parts.length,
      2,
      `the SIMD glue and binary were loaded: ${rows.map((r) => r.file)}`,
    );
    assert.ok(!rows.some((r) => r.file.startsWith('wasm/') && /(?<!\.web)\.mjs$/.test(r.file)));
    const module = { gzip: parts.reduce((s, r) => s + r.gzip, 0) };
    const background = await gzipReport(w.precached, base); // the service worker's precache, after load
    const report = {
      files: rows.length,
      total_gzip: total,
      module_gzip: module.gzip,
      total_raw: rows.reduce((s, r) => s + r.bytes, 0),
      rows,
      precache_gzip: background.reduce((s, r) => s + r.gzip, 0),
      precache_files: background.length,
    };
    await mkdir(resolve(dist, '..', 'test-results', 'e2e'), { recursive: true });
    await writeFile(
      resolve(dist, '..', 'test-results', 'e2e', 'first-load.json'),
      JSON.stringify(report, null, 1),
    );
    console.log(
      `# first load: ${rows.length} files, ${KB(total)} KB gzipped (${KB(report.total_raw)} KB raw); WASM module ${KB(module.gzip)} KB gzipped; then the offline precache: ${report.precache_files} files, ${KB(report.precache_gzip)} KB gzipped`,
    );
    // As one base64 file the module was 224 KB gzipped; as glue and binary it is about 182 KB (the
    // binary carries the MLP lab, the language model, the image classifier, the packed GEMM
    // tiles, the FFN variants, GELU's two parts with the probe that measures them (lm parts) and
    // the safetensors reader). The budgets catch growth nobody meant, with about 5 % of room.
    assert.ok(module.gzip <= 190 * 1024, `module ${KB(module.gzip)} KB gzipped > 190 KB`);
    // The first load grew with the article's references, the Transformer's parts part and the GLU
    // figure's reference study (about 548 KB).
    assert.ok(total <= 575 * 1024, `first load ${KB(total)} KB gzipped > 575 KB`);
    assert.deepEqual(w.problems, []);
    assert.deepEqual(w.offOrigin, []);
    await screenshot(w.page, 'ship-subpath', { fullPage: false });
    await w.context.close();
  } finally {
    server.close();
    await copy.remove();
  }
});

test('after a first visit the page works with the network off (service worker)', async () => {
  const server = await startStatic(dist);
  const w = await watchedPage(browser, server.url);
  await w.page.goto(server.url);
  await ready(w.page);
  // The worker precaches the shell at install; `ready` resolves once there is an active worker,
  // which may still be 'activating' (deleting old caches): wait for the state change.
  const version = await w.page.evaluate(async () => {
    const { active } = await navigator.serviceWorker.ready;
    if (active.state !== 'activated') {
      await new Promise((ok) =>
        active.addEventListener('statechange', () => active.state === 'activated' && ok()),
      );
    }
    return (await caches.keys()).find((k) => k.startsWith('activation-lab-')) && active.state;
  });
  assert.equal(version, 'activated');
  await w.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await server.close(); // the server is gone, and the network is off
  await w.context.setOffline(true);
  await w.page.goto(`${server.url}#${SHORT}`);
  await ready(w.page);
  assert.match(await w.page.locator('#engine').textContent(), /wasm128/);
  await w.page.locator('[data-widget="curves"] canvas').first().waitFor();
  assert.equal(await w.page.locator('.widget-failed').count(), 0);
  await runTwin(w.page, '[data-widget="twin"]'); // the workers start from the cache too
  assert.deepEqual(w.problems, []);
  assert.deepEqual(w.offOrigin, []);
  await screenshot(w.page, 'ship-offline', { fullPage: false });
  await w.context.close();
});

test('dist/index.html opened straight from disk (file://) works, workers included', async () => {
  const w = await watchedPage(browser, 'file://');
  await w.page.goto(`file://${join(dist, 'index.html')}#${SHORT}`);
  await ready(w.page);
  assert.match(await w.page.locator('#engine').textContent(), /wasm128/);
  assert.equal(await w.page.locator('.widget-failed').count(), 0);
  await runTwin(w.page, '[data-widget="twin"]');
  assert.deepEqual(w.problems, []);
  assert.deepEqual(w.offOrigin, []);
  await screenshot(w.page.locator('[data-widget="twin"]'), 'ship-file');
  await w.context.close();
});

test('?engine=scalar runs the scalar build on the page and in the workers, and says so', async () => {
  const server = await startStatic(dist);
  const w = await watchedPage(browser, server.url);
  await w.page.goto(`${server.url}?engine=scalar&sw=off#${SHORT}`);
  await ready(w.page);
  assert.match(await w.page.locator('#engine').textContent(), /scalar/);
  await runTwin(w.page, '[data-widget="twin"]');
  const modules = w.loaded.filter((u) => u.includes('/wasm/'));
  assert.ok(
    modules.some((u) => u.endsWith('activation-lab-scalar.wasm')),
    `${modules}`,
  );
  assert.ok(
    !modules.some((u) => /\/activation-lab\.(web\.mjs|wasm|mjs)$/.test(u)),
    `SIMD build loaded: ${modules}`,
  );
  assert.deepEqual(w.problems, []);
  await w.context.close();
  await server.close();
});

test('under the stated CSP (HTTP header) the article, a training run and embed.html raise no violation', async () => {
  const server = await startStatic(dist, { 'Content-Security-Policy': STRICT_CSP });
  const w = await watchedPage(browser, server.url);
  await w.page.goto(`${server.url}?sw=off#${SHORT}`);
  await ready(w.page);
  assert.equal(await w.page.locator('.widget-failed').count(), 0);
  await runTwin(w.page, '[data-widget="twin"]');
  await w.page.goto(`${server.url}embed.html#widget=curves&lang=pt`);
  await w.page.waitForSelector('activation-lab-curves[ready]', { timeout: 30000 });
  assert.match(
    await w.page.locator('activation-lab-curves figcaption').textContent(),
    /ativaç|núcleo/i,
  );
  assert.deepEqual(w.problems, []);
  assert.deepEqual(w.offOrigin, []);
  await screenshot(w.page, 'ship-embed-iframe-route', { fullPage: false });
  await w.context.close();
  await server.close();
});

test('the blog example renders both embedded widgets and runs the twin lab', async () => {
  const server = await startStatic(dist);
  const w = await watchedPage(browser, server.url, { viewport: { width: 820, height: 900 } });
  await w.page.goto(`${server.url}examples/blog-post.html`);
  for (const tag of ['activation-lab-curves', 'activation-lab-twin']) {
    await w.page.waitForSelector(`${tag}[ready]`, { timeout: 30000 });
    const box = await w.page.locator(tag).boundingBox();
    assert.ok(box.height > 200, `${tag} is ${box.height}px tall`);
  }
  // Sized to the container: the blog's text column, not the page.
  const widths = await w.page.evaluate(() =>
    ['article', 'activation-lab-twin'].map(
      (s) => document.querySelector(s).getBoundingClientRect().width,
    ),
  );
  assert.ok(widths[1] <= widths[0], `widget ${widths[1]}px wider than the column ${widths[0]}px`);
  // Styles are isolated: the blog's serif does not reach the widget, and its URL is untouched.
  const font = await w.page
    .locator('activation-lab-twin .btn')
    .first()
    .evaluate((el) => getComputedStyle(el).fontFamily);
  assert.doesNotMatch(font, /Georgia/);
  await runTwin(w.page, 'activation-lab-twin');
  assert.equal(new URL(w.page.url()).hash, '');
  assert.deepEqual(w.problems, []);
  assert.deepEqual(w.offOrigin, []);
  await screenshot(w.page, 'ship-blog-post');
  await w.context.close();
  await server.close();
});

test('a blog on another origin embeds the figures from where dist/ is hosted (CORS), training included', async () => {
  const host = await startStatic(dist, { 'Access-Control-Allow-Origin': '*' });
  const copy = await copyUnderSubPath('unused'); // a scratch folder for the blog
  await writeFile(
    join(copy.root, 'post.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>post</title>
    <link rel="icon" href="data:,"><script type="module" src="${host.url}activation-lab.js"></script></head>
    <body><p>Text.</p><activation-lab-twin n="300" epochs="8" theme="dark"></activation-lab-twin></body></html>`,
  );
  const blog = await startStatic(copy.root);
  const w = await watchedPage(browser, blog.url);
  await w.page.goto(`${blog.url}post.html`);
  await w.page.waitForSelector('activation-lab-twin[ready]', { timeout: 30000 });
  await runTwin(w.page, 'activation-lab-twin');
  assert.deepEqual(w.problems, []);
  assert.ok(
    w.offOrigin.every((u) => u.startsWith(host.url)),
    `requests beyond the two origins: ${w.offOrigin}`,
  );
  await screenshot(w.page.locator('activation-lab-twin'), 'ship-cross-origin-dark');
  await w.context.close();
  await Promise.all([blog.close(), host.close(), copy.remove()]);
});
