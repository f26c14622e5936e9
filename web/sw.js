// The service worker: after the first visit, the article works with the network off.
// - Versioned: web/build.mjs stamps VERSION (a hash of every shipped file), SHELL (the files of
//   the app shell) and FILES (each file's own hash) below (web/ship/sw-stamp.mjs), so any change
//   to the site changes this file, which is how the browser notices an update.
// - Updated safely: a new version precaches into its own cache while the old one keeps serving;
//   without skipWaiting() it takes over only once no tab runs the old version. On activation it
//   deletes the caches of older versions.
// - One version per page: every file it caches, at install or later (the data files a figure
//   fetches when the reader opens it), must have the hash FILES gives it. Once the next version
//   is deployed, the server answers the old page's lazy requests with the new files: the worker
//   neither caches nor hands them over, it answers 409 (the page asks the reader to reload).
// - Same origin only: it never fetches from, nor caches, another origin.
// (tsc: a classic script's `self` is typed for any worker; this one is a service worker)
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = 'dev';
/** @type {string[]} */
const SHELL = [];
/** @type {Record<string, string>} */
const FILES = {};
const PREFIX = 'activation-lab-';
const CACHE = PREFIX + VERSION;
const scope = new URL(sw.registration.scope);

// The smallest module using a SIMD128 instruction (as in js/shared/core.js): the worker precaches only the
// build of the core that this browser will run.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15,
  253, 98, 11,
]);
const simd = (() => {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
})();
// The other build's glue and binary (wasm/<build>.web.mjs, .wasm; js/shared/core.js).
const unneeded = simd ? 'wasm/activation-lab-scalar.' : 'wasm/activation-lab.';

/**
 * Whether a response's bytes are this version's file at `path` (FILES: the first hex digits of its
 * SHA-256). A file FILES does not name is not this version's.
 * @param {string} path  relative to the scope
 * @param {Response} response
 */
async function isOwnFile(path, response) {
  const expected = FILES[path];
  if (!expected) return false;
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', await response.arrayBuffer()),
  );
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  return hex.startsWith(expected);
}

/** @param {string} href  a cache key (keyOf) */
const pathOf = (href) => href.slice(scope.href.length);

/**
 * The answer to a request for a file of another version: not the file.
 * @param {string} path
 */
const otherVersion = (path) =>
  new Response(
    `${path} has changed on the server since this page (version ${VERSION}) loaded: reload the page.\n`,
    {
      status: 409,
      statusText: 'Conflict',
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    },
  );

sw.addEventListener('install', (event) => {
  const files = SHELL.filter((path) => !path.startsWith(unneeded));
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // As cache.addAll, but a file that is not this version's (a deploy under way) fails the
      // install, which the browser retries on a later visit.
      await Promise.all(
        files.map(async (path) => {
          const url = new URL(path, scope).href;
          const response = await fetch(url);
          if (!response.ok || !(await isOwnFile(path, response.clone())))
            throw new Error(`${path}: not the file of version ${VERSION}`);
          await cache.put(url, response);
        }),
      );
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      // The first visit's page is not controlled yet: claim it so that what it loads later (the
      // other language, fonts, the worker scripts) is cached too.
      await sw.clients.claim();
    })(),
  );
});

/**
 * The cache key of a request: the URL without query or hash (the files are static: ?engine=scalar
 * or the embed script's i18n.js?lang=pt are the same file), and the folder as its index.html.
 * @param {Request} request
 */
function keyOf(request) {
  const url = new URL(request.url);
  url.hash = '';
  url.search = '';
  if (url.pathname.endsWith('/')) url.pathname += 'index.html';
  return url.href;
}

/** @param {Request} request */
async function respond(request) {
  const cache = await caches.open(CACHE);
  const key = keyOf(request);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(request);
  // Fill the cache with what the page asks for beyond the shell (the data files, KaTeX fonts, the
  // other build of the core): complete, same-origin answers of this version's files only.
  if (!response.ok || response.type !== 'basic') return response;
  const path = pathOf(key);
  if (!(path in FILES)) return response; // not a file of the site: pass it on, uncached
  if (!(await isOwnFile(path, response.clone()))) return otherVersion(path);
  await cache.put(key, response.clone());
  return response;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (
    request.method !== 'GET' ||
    url.origin !== scope.origin ||
    !url.pathname.startsWith(scope.pathname)
  )
    return;
  event.respondWith(respond(request));
});
