// One version per page across a deploy (issue 63): with build A's page open and build B deployed
// at the same origin, a file A's page fetches for the first time (a figure's data, cached lazily)
// is B's on the server. A's service worker must neither hand it over nor cache it, and B's worker,
// once it takes over, serves B's files. B is a copy of dist/ with two data files changed and
// sw.js re-stamped by the build's own code (web/ship/sw-stamp.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFile, cp, mkdtemp, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dist, launchChromium } from './helpers.mjs';
import { startStatic, watchedPage } from './ship-helpers.mjs';
import { siteHashes, stampServiceWorker } from '../../web/ship/sw-stamp.mjs';

const MARK = 'deployed-later';
let browser, root;
before(async () => {
  browser = await launchChromium();
  root = await mkdtemp(join(tmpdir(), 'al-versions-'));
  await cp(dist, join(root, 'a'), { recursive: true });
  await cp(dist, join(root, 'b'), { recursive: true });
  for (const file of ['data/jargon.txt', 'data/words.txt'])
    await appendFile(join(root, 'b', file), `\n${MARK}\n`);
  const { version, hashes } = await siteHashes(join(root, 'b'));
  await stampServiceWorker(join(root, 'b'), { VERSION: version, FILES: hashes });
  await symlink(join(root, 'a'), join(root, 'site'));
});
after(async () => {
  await browser?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Points the server's folder at version `name` in one step (as a host's atomic deploy). */
async function deploy(name) {
  await symlink(join(root, name), join(root, 'next'));
  await rename(join(root, 'next'), join(root, 'site'));
}

/** The names of the worker's caches and the data/ files each holds, in the page. */
const cachedData = (page) =>
  page.evaluate(async () => {
    /** @type {Record<string, string[]>} */
    const out = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      out[name] = keys.map((r) => new URL(r.url).pathname).filter((p) => p.startsWith('/data/'));
    }
    return out;
  });

/** What the page gets for `path`: status and whether the text is version B's. */
const get = (page, path, mark = MARK) =>
  page.evaluate(
    async ([p, m]) => {
      const r = await fetch(p);
      const text = await r.text();
      return { status: r.status, fromB: text.includes(m), text: text.slice(0, 200) };
    },
    [path, mark],
  );

test("A's open page never receives nor caches B's data files; B serves them once it takes over", async () => {
  const site = await startStatic(join(root, 'site'));
  try {
    const w = await watchedPage(browser, site.url);
    await w.page.goto(`${site.url}?figure=curves`);
    await w.page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
    await w.page.evaluate(async () => {
      const { active } = await navigator.serviceWorker.ready;
      if (active.state !== 'activated')
        await new Promise((ok) =>
          active.addEventListener('statechange', () => active.state === 'activated' && ok()),
        );
    });
    await w.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // A data file fetched under A: A's, and cached by A's worker.
    const wordsA = await get(w.page, 'data/words.txt');
    assert.deepEqual([wordsA.status, wordsA.fromB], [200, false]);
    const [cacheA] = Object.keys(await cachedData(w.page));
    assert.deepEqual((await cachedData(w.page))[cacheA], ['/data/words.txt']);

    await deploy('b');
    // B's worker installs (its precache checked against B's hashes) and waits while A's page is open.
    await w.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
      while (!registration?.waiting) await new Promise((ok) => setTimeout(ok, 100));
    });
    const jargon = await get(w.page, 'data/jargon.txt');
    assert.equal(jargon.status, 409, `A's page got ${jargon.status}: ${jargon.text}`);
    assert.equal(jargon.fromB, false);
    assert.match(jargon.text, /reload the page/);
    const wordsAgain = await get(w.page, 'data/words.txt');
    assert.deepEqual(
      [wordsAgain.status, wordsAgain.fromB],
      [200, false],
      'still A’s, from its cache',
    );
    const caches = await cachedData(w.page);
    assert.deepEqual(caches[cacheA], ['/data/words.txt'], "A's cache holds A's file only");
    assert.equal(
      Object.keys(caches).length,
      2,
      `B precached into its own cache: ${Object.keys(caches)}`,
    );
    const cacheB = Object.keys(caches).find((name) => name !== cacheA);
    assert.deepEqual(caches[cacheB ?? ''], [], 'B precaches no data file');

    // A's page gone, B takes over (seen from the worker itself, no page open): a new page gets
    // B's files, cached in B's cache only.
    await w.page.close();
    for (let t0 = Date.now(); ; await new Promise((ok) => setTimeout(ok, 100))) {
      assert.ok(Date.now() - t0 < 20000, 'B activated once no page runs A');
      const states = await Promise.all(
        w.context.serviceWorkers().map((worker) =>
          worker
            .evaluate(async (name) => {
              const self_ = /** @type {any} */ (globalThis);
              const names = await caches.keys();
              return self_.registration.active?.state === 'activated' && names.join() === name;
            }, cacheB)
            .catch(() => false),
        ),
      );
      if (states.includes(true)) break;
    }
    const page = await w.context.newPage();
    await page.goto(`${site.url}?figure=curves`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    for (const file of ['data/jargon.txt', 'data/words.txt']) {
      const got = await get(page, file);
      assert.deepEqual([got.status, got.fromB], [200, true], `${file} under B: ${got.text}`);
    }
    assert.deepEqual((await cachedData(page))[cacheB ?? ''].sort(), [
      '/data/jargon.txt',
      '/data/words.txt',
    ]);
    assert.deepEqual(
      w.problems,
      ['error: Failed to load resource: the server responded with a status of 409 (Conflict)'],
      "the console's only error: A's page refused B's jargon.txt",
    );
    await w.context.close();
  } finally {
    await site.close();
  }
});
