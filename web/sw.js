// The service worker: after the first visit, the article works with the network off.
// - Versioned: web/build.mjs stamps VERSION (a hash of every shipped file) and SHELL (the files of
//   the app shell) below, so any change to the site changes this file, which is how the browser
//   notices an update.
// - Updated safely: a new version precaches into its own cache while the old one keeps serving;
//   without skipWaiting() it takes over only once no tab runs the old version, so a page never
//   mixes the files of two versions. On activation it deletes the caches of older versions.
// - Same origin only: it never fetches from, nor caches, another origin.
// (tsc: a classic script's `self` is typed for any worker; this one is a service worker)
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = 'dev';
/** @type {string[]} */
const SHELL = [];
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

sw.addEventListener('install', (event) => {
  const files = SHELL.filter((path) => !path.startsWith(unneeded)).map(
    (path) => new URL(path, scope).href,
  );
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(files)));
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
  // Fill the cache with what the page asks for beyond the shell (e.g. KaTeX fonts, the other
  // build of the core): complete, same-origin answers only.
  if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
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
