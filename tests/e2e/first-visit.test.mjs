// A reader pays only for what they read (issue 37): the first visit, the service worker's precache
// included, transfers at most 1.5 MB (each response counted as a compressing host sends it: its
// file gzipped, as ship.test's first-load report; the test server itself sends files raw); the
// precache is the app shell, no data/ file (each is cached the first time a figure asks for it,
// and then works offline); the page never fetches the ReLU weights (lm-relu.safetensors, CLI only).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { dist, launchChromium } from './helpers.mjs';
import { startStatic, watchedPage } from './ship-helpers.mjs';

const BUDGET = 1.5 * 1024 * 1024;
const NEVER = /\/data\/lm-relu\.safetensors$/;
let browser, site;
before(async () => {
  browser = await launchChromium();
  // As a static host serves it (GitHub Pages sends max-age=600): the workers' imports of the core
  // and the service worker's precache of what the page already loaded come from the HTTP cache.
  site = await startStatic(dist, { 'Cache-Control': 'max-age=600' });
});
after(async () => Promise.all([browser?.close(), site?.close()]));

test('sw.js precaches the app shell only: no data/ file', async () => {
  const sw = await readFile(join(dist, 'sw.js'), 'utf8');
  const shell = JSON.parse(/^const SHELL = (.*);$/m.exec(sw)?.[1] ?? 'null');
  assert.ok(Array.isArray(shell) && shell.includes('index.html'), 'a stamped shell list');
  assert.deepEqual(
    shell.filter((f) => f.startsWith('data/')),
    [],
  );
});

test('first visit: at most 1.5 MB transferred with the precache; data cached on first use; never lm-relu', async () => {
  const w = await watchedPage(browser, site.url, { viewport: { width: 1100, height: 900 } });
  /** @type {{url: string, bytes: number, sw: boolean}[]} */
  const transfers = [];
  const pending = [];
  /** What a compressing host sends for `url`: its dist/ file, gzipped. */
  const gzipped = async (/** @type {string} */ url) => {
    const path = new URL(url).pathname.replace(/\/$/, '/index.html');
    return gzipSync(await readFile(join(dist, decodeURIComponent(path))), { level: 9 }).length;
  };
  // Each URL counted once for the page (its workers share its HTTP cache: on a host that sends
  // max-age their imports of the core are cache hits, though concurrent ones may show here as
  // requests) and once for the service worker's precache; answers from the worker are not
  // transfers.
  const seen = new Set();
  /** @param {import('playwright-core').Request} r */
  const transferred = async (r) => {
    const response = await r.response();
    const key = `${r.serviceWorker() ? 'sw' : 'page'} ${new URL(r.url()).pathname}`;
    if (!response || response.fromServiceWorker() || seen.has(key)) return 0;
    seen.add(key);
    return gzipped(r.url());
  };
  w.context.on('requestfinished', (r) =>
    pending.push(
      transferred(r).then(
        (bytes) => transfers.push({ url: r.url(), bytes, sw: Boolean(r.serviceWorker()) }),
        () => {}, // (not a file of dist/: a data: URL, a 404)
      ),
    ),
  );
  await w.page.goto(site.url);
  await w.page.waitForSelector('html[data-ready="true"]', { timeout: 60000 });
  await w.page.evaluate(async () => {
    const { active } = await navigator.serviceWorker.ready;
    if (active.state !== 'activated')
      await new Promise((ok) =>
        active.addEventListener('statechange', () => active.state === 'activated' && ok()),
      );
  });
  await w.page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const total = transfers.reduce((s, t) => s + t.bytes, 0);
  const precache = transfers.filter((t) => t.sw);
  const data = transfers.filter((t) => new URL(t.url).pathname.includes('/data/'));
  console.log(
    `# first visit: ${transfers.filter((t) => t.bytes).length} transfers, ${(total / 1e6).toFixed(2)} MB (precache ${precache.length} files, ${(precache.reduce((s, t) => s + t.bytes, 0) / 1e6).toFixed(2)} MB; data/ ${(data.reduce((s, t) => s + t.bytes, 0) / 1e6).toFixed(2)} MB)`,
  );
  const largest = [...transfers].sort((a, b) => b.bytes - a.bytes).slice(0, 12);
  console.log(
    `# largest: ${largest.map((t) => `${new URL(t.url).pathname}${t.sw ? ' (sw)' : ''} ${t.bytes}`).join(', ')}`,
  );
  assert.ok(total <= BUDGET, `first visit ${total} bytes > ${BUDGET}`);
  assert.deepEqual(
    precache.filter((t) => t.url.includes('/data/')).map((t) => t.url),
    [],
    'the precache holds no data/ file',
  );
  // Every figure brought near the view: each fetches its data once, cached for offline use.
  for (let y = 0, end = 1; y < end; y += 700) {
    end = await w.page.evaluate((top) => (scrollTo(0, top), document.body.scrollHeight), y);
    await w.page.waitForTimeout(60);
  }
  await w.page
    .locator('figure[data-widget="transformer"] [data-stats]')
    .first()
    .filter({ hasText: /\S/ })
    .waitFor({ timeout: 60000 });
  // The figure shows its stats before its worker has fetched the model: under load that fetch
  // can start after the network first falls idle, so the cache is polled, not read once.
  const cachedNow = () =>
    w.page.evaluate(async () => {
      const name = (await caches.keys()).find((k) => k.startsWith('activation-lab-'));
      const cache = await caches.open(name ?? '');
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
  let cached = await cachedNow();
  for (const t0 = Date.now(); Date.now() - t0 < 30000; cached = await cachedNow()) {
    if (cached.some((p) => p.endsWith('/data/lm-gelu.safetensors'))) break;
    await w.page.waitForTimeout(200);
  }
  await w.page.waitForLoadState('networkidle');
  await Promise.all(pending);
  assert.ok(
    cached.some((p) => p.endsWith('/data/lm-gelu.safetensors')),
    `the model is cached once fetched: ${cached.filter((p) => p.includes('data/'))}`,
  );
  const never = transfers.map((t) => t.url).filter((u) => NEVER.test(new URL(u).pathname));
  assert.deepEqual(never, [], 'the page never fetches the ReLU weights');
  assert.deepEqual(w.problems, []);
  await w.context.close();
});
