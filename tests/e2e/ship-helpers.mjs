// Servers and probes for the shipping tests (ship.test.mjs): dist/ copied under a sub-path and
// served by Python's plain http.server, web/serve.mjs adding headers (a CSP), a blog post's own
// origin (startBlog), pages that record console problems, CSP violations, off-origin requests and what they loaded.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from '../../web/serve.mjs';
import { dist, startFiguresEagerly } from './helpers.mjs';

/** The policy the page and the widgets need over http (README). */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'";

/** A copy of dist/ at <tmp>/blog/gelu/, as a reader would upload it; returns <tmp>. */
export async function copyUnderSubPath(sub = 'blog/gelu') {
  const root = await mkdtemp(join(tmpdir(), 'al-ship-'));
  await cp(dist, join(root, ...sub.split('/')), { recursive: true });
  return {
    root,
    async remove() {
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** `python3 -m http.server` on a free port over dir: no special headers, no rules. */
export function startPython(dir) {
  return new Promise((ok, fail) => {
    const child = spawn(
      '/usr/bin/python3',
      ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`python http.server did not start: ${out}`)),
      10000,
    );
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const port = /port (\d+)/.exec(out)?.[1];
      if (port) {
        clearTimeout(timer);
        ok({ url: `http://127.0.0.1:${port}/`, close: () => child.kill() });
      }
    });
    child.on('error', fail);
  });
}

/**
 * web/serve.mjs over dir, adding `headers` to every answer (e.g. a Content-Security-Policy), at
 * 127.0.0.1 (an origin apart from the article's localhost in helpers.mjs).
 * @param {string} dir
 * @param {Record<string, string>} [headers]
 */
export async function startStatic(dir, headers = {}) {
  const { port, close } = await startServer({ dir, port: 0, headers });
  return { url: `http://127.0.0.1:${port}/`, close };
}

/**
 * A blog on its own origin: a scratch folder holding `files` ({name: text}), served by startStatic
 * with `headers`; close() also removes the folder.
 * @param {Record<string, string>} files
 * @param {Record<string, string>} [headers]
 */
export async function startBlog(files, headers = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'al-blog-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const server = await startStatic(dir, headers);
  return { ...server, close: async () => (await server.close(), rm(dir, { recursive: true })) };
}

/**
 * A context + page that record console errors and warnings, page errors, CSP violations (also
 * from shadow roots), every request to another origin, and the same-origin responses it loaded.
 */
export async function watchedPage(browser, origin, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...options });
  await startFiguresEagerly(context);
  const page = await context.newPage();
  const rec = { problems: [], offOrigin: [], loaded: [], precached: [] };
  page.on(
    'console',
    (m) => ['error', 'warning'].includes(m.type()) && rec.problems.push(`${m.type()}: ${m.text()}`),
  );
  page.on('pageerror', (e) => rec.problems.push(`pageerror: ${e.message}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  context.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !/^(data|blob|file):/.test(u)) rec.offOrigin.push(u);
  });
  // What the page loads, apart from what the service worker fetches in the background.
  context.on(
    'response',
    (r) =>
      r.url().startsWith(origin) &&
      (r.request().serviceWorker() ? rec.precached : rec.loaded).push(r.url()),
  );
  return { context, page, ...rec };
}

/** Waits for both networks of a twin lab (page or shadow root) to finish. */
export async function runTwin(page, scope = '') {
  await page.locator(`${scope} [data-act="play"]`).first().click();
  for (const side of ['a', 'b']) {
    await page
      .locator(`${scope} tr[data-row="${side}"][data-status="done"]`)
      .first()
      .waitFor({ timeout: 30000 });
  }
}

/** Gzip sizes (level 9) of the dist/ files behind the loaded URLs under base. */
export async function gzipReport(urls, base) {
  const files = [...new Set(urls.map((u) => new URL(u).pathname))]
    .map((p) => (p.endsWith('/') ? `${p}index.html` : p))
    .filter((p) => p.startsWith(new URL(base).pathname))
    .map((p) => p.slice(new URL(base).pathname.length));
  const rows = [];
  for (const file of files) {
    const bytes = await readFile(join(dist, file));
    rows.push({ file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return rows.sort((a, b) => b.gzip - a.gzip);
}

/**
 * Waits until the page's height holds for two animation frames: a resize's layout is done (at
 * most 120 frames).
 */
export const settledLayout = (page) =>
  page.evaluate(async () => {
    const frame = () => new Promise((ok) => requestAnimationFrame(ok));
    let last = -1;
    for (let same = 0, frames = 0; same < 2 && frames < 120; frames++) {
      await frame();
      const h = document.documentElement.scrollHeight;
      same = h === last ? same + 1 : 0;
      last = h;
    }
  });
