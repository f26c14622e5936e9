// Shared setup of the browser tests: the static server on a free port over dist/, Debian's
// chromium through playwright-core, and a page that records console problems and requests.
import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../web/serve.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dist = join(root, 'dist');
const shots = join(root, 'test-results', 'e2e');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (or CHROMIUM_PATH), headless, with the suites' flags. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });

/**
 * Server + browser for one test file: one browser, launched in `before` and closed in `after`,
 * each test in its own context (openPage). `figure`: the figure(s) the file tests, e.g. `twin` or
 * `worked-values,curves`: the article then mounts only those (main.js's `?figure=`), not all of
 * them. `pageUrl`: the article's address with that query.
 * @param {{figure?: string}} [options]
 */
export async function setup({ figure } = {}) {
  if (!existsSync(join(dist, 'index.html')))
    throw new Error('dist/ is missing: run npm run build first');
  const { server, url } = await startServer({ dir: dist, port: 0 });
  const browser = await launchChromium();
  await mkdir(shots, { recursive: true });
  return {
    url,
    pageUrl: articleUrl(url, '', figure),
    figure,
    browser,
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
    },
  };
}

/**
 * The address of `rest` (a path, a query and/or a hash, e.g. `pt/#seeds=2`) under the server's
 * `base`; on an article page (index.html in either language) with `?figure=` for `figure`.
 * AL_E2E_EVERY_FIGURE=1 leaves the query out: every test then runs on the whole article, to see
 * that a figure alone behaves as it does among the others.
 * @param {string} base
 * @param {string} rest
 * @param {string} [figure]
 */
export function articleUrl(base, rest, figure) {
  // (as written: a URL object would re-encode the hash)
  if (!figure || process.env.AL_E2E_EVERY_FIGURE === '1') return base + rest;
  const target = new URL(rest, base);
  if (/\/(index\.html)?$/.test(target.pathname)) target.searchParams.set('figure', figure);
  return target.href;
}

/**
 * The article starts each figure as it nears the viewport (main.js); a test that drives figures
 * far down the page starts them all at once, as this does for every page of `context`.
 */
export const startFiguresEagerly = (context) =>
  context.addInitScript(() => (globalThis.ACTIVATION_LAB_EAGER = true));

/**
 * The longest main-thread tasks (PerformanceObserver 'longtask', from the first script on) while
 * the twin lab builds and draws 100,000 points: `all` over the whole visit, `lab` from 1 s after
 * both networks are ready (the rest of the page's start has settled) through a hash change to
 * another such set. e2e robust bounds it; the bench prints it.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url  the page with `#n=100000` (articleUrl's address when one figure mounts)
 * @param {number} [readyTimeoutMs]  how long the page may take to become ready
 * @returns {Promise<{lab: number, all: number}>} milliseconds
 */
export async function longTasksWith100kPoints(browser, url, readyTimeoutMs = 30000) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  try {
    await startFiguresEagerly(context);
    await context.addInitScript(() => {
      globalThis.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) globalThis.__longTasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const bothReady = () =>
      ['a', 'b'].every(
        (s) => document.querySelector(`tr[data-row="${s}"]`)?.dataset.status === 'ready',
      );
    await page.goto(url);
    await page.waitForSelector('html[data-ready="true"]', { timeout: readyTimeoutMs });
    await page.waitForFunction(bothReady);
    await page.waitForTimeout(1000); // the rest of the page's start (figures mounting) settles
    const ready = await page.evaluate(() => performance.now());
    await page.evaluate(() => (location.hash = '#n=99999'));
    await page.waitForFunction(bothReady);
    await page.waitForTimeout(500);
    /** @param {number} since  ms of the page's clock */
    const longest = (since) =>
      page.evaluate(
        (t) =>
          Math.round(
            Math.max(0, ...globalThis.__longTasks.filter(([s]) => s >= t).map(([, d]) => d)),
          ),
        since,
      );
    return { lab: await longest(ready), all: await longest(0) };
  } finally {
    await context.close();
  }
}

/**
 * Polls done() every 50 ms until it holds or timeoutMs pass; returns the milliseconds waited (the
 * caller then asserts). For what the test process learns late: the browser reports each worker
 * that starts or ends to page.workers() a little after it does, more so on a busy machine.
 * @param {import('playwright-core').Page} page
 * @param {() => boolean} done
 * @param {number} [timeoutMs]
 * @returns {Promise<number>}
 */
export async function pollUntil(page, done, timeoutMs = 5000) {
  const t0 = Date.now();
  while (!done() && Date.now() - t0 < timeoutMs) await page.waitForTimeout(50);
  return Date.now() - t0;
}

/**
 * page.waitForSelector(`${figure}${state}`), whose timeout says where the figure stopped: its
 * data-* attributes, what it announced and shows as status, its disabled buttons, and the
 * page's console problems so far. A run that stalls on a loaded machine then tells the stage it
 * reached, or the error it met, instead of only the selector it never matched.
 * @param {import('playwright-core').Page} page
 * @param {string} figure  the figure's selector, e.g. '[data-widget="swap"]'
 * @param {string} state  what to wait for on it or in it, e.g. '[data-stage="pretrained"]'
 * @param {{timeout: number, problems?: string[]}} options
 */
export async function waitForFigure(page, figure, state, { timeout, problems = [] }) {
  try {
    return await page.waitForSelector(`${figure}${state}`, { timeout });
  } catch (err) {
    const where = await page
      .evaluate((f) => {
        const el = document.querySelector(f);
        if (!el) return 'not in the page';
        const attrs = Object.entries(/** @type {HTMLElement} */ (el).dataset)
          .map(([k, v]) => `data-${k}="${String(v).slice(0, 60)}"`)
          .join(' ');
        const said = [...el.querySelectorAll('[data-announce], [role="status"], [aria-live]')]
          .map((n) => n.textContent?.trim())
          .filter(Boolean)
          .join(' | ');
        const disabled = [...el.querySelectorAll('button:disabled')]
          .map((b) => /** @type {HTMLElement} */ (b).dataset.act || b.textContent?.trim())
          .join(', ');
        return `${attrs}; says: ${said || 'nothing'}; disabled: ${disabled || 'none'}`;
      }, figure)
      .catch((/** @type {Error} */ e) => `unreadable (${e.message})`);
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(
      `${message}\n  ${figure}: ${where}\n  console: ${problems.join(' | ') || 'nothing'}`,
    );
  }
}

/** Playwright's own console note that it blocked the page's service worker, as openPage asks. */
const BLOCKED_NOTE = 'Service Worker registration blocked by Playwright';

/**
 * A fresh page (own context, so own localStorage) that records console errors and warnings,
 * uncaught exceptions and every request (`requests`, the page's and its workers', from the first
 * on; `offOrigin`, those to another origin). `path`: another page than the article (`pt/` the
 * Portuguese one), which the caller waits for.
 * `options`: the browser context's, plus `figure` (this page's figures instead of setup's; `''`:
 * all of them). Without a service worker unless `options.serviceWorkers` says 'allow': a fresh
 * context's worker would precache the whole app shell (254 files) behind every test, which cost
 * the browser and the server about as much CPU as the page itself. The worker's own tests
 * (first-visit, ship) open their pages with it.
 */
export async function openPage(env, hash = '', options = {}, path = '') {
  const { figure = env.figure, serviceWorkers = 'block', ...contextOptions } = options;
  const context = await env.browser.newContext({
    viewport: { width: 1200, height: 900 },
    serviceWorkers,
    ...contextOptions,
  });
  await startFiguresEagerly(context);
  const page = await context.newPage();
  const origin = new URL(env.url).origin;
  const problems = [];
  const requests = [];
  const offOrigin = [];
  page.on('console', (m) => {
    if (serviceWorkers === 'block' && m.text() === BLOCKED_NOTE) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  context.on('request', (r) => {
    const u = r.url();
    requests.push(u);
    if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'))
      offOrigin.push(u);
  });
  await page.goto(articleUrl(env.url, path + hash, figure));
  // (the article marks itself ready; another page, e.g. embed.html, is the caller's to wait for)
  if (!path) await page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
  return { page, context, problems, requests, offOrigin };
}

/**
 * Saves a screenshot of a page (full length) or of a locator under test-results/e2e/, for a
 * person to look at: only with AL_E2E_SHOTS=1. No test reads them, and each costs 3–5 s of
 * rendering (a full page more), so `npm test` leaves them out.
 */
export async function screenshot(target, name, options = {}) {
  if (process.env.AL_E2E_SHOTS !== '1') return;
  const path = join(shots, `${name}.png`);
  // The article is long: a full-page capture (also used for elements taller than the viewport)
  // takes tens of seconds on a loaded machine, past playwright's default 30 s.
  const timeout = 120000;
  if (typeof target.goto === 'function')
    await target.screenshot({ path, fullPage: true, timeout, ...options });
  else await target.screenshot({ path, timeout, ...options });
}

/** "−0,1587" or "−0.1587" -> -0.1587 (the page writes a real minus and, in pt-PT, a comma). */
export const parseNumber = (text) =>
  Number(
    text
      .trim()
      .replace('−', '-')
      .replace(',', '.')
      .replace(/[^\d.eE+-]/g, ''),
  );

/** The module's own defaults, asked of the core the page itself loaded. */
export function moduleDefaults(page) {
  return page.evaluate(async () => {
    const { loadCore } = await import(new URL('js/shared/core.js', document.baseURI).href);
    return (await loadCore()).defaults;
  });
}
