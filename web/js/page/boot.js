// The page's first script. It is a classic script, not a module, because it must also run when
// dist/index.html is opened straight from disk: Chromium refuses module scripts and module workers
// on file:// (the page's origin is null). Over http(s) it imports the ES modules (js/page/main.js) and
// registers the service worker that makes later visits work offline. From disk it loads
// js/app.file.js instead: a classic bundle of the same modules, strings and WASM, written at build
// time by web/ship/file-bundle.mjs.
(function () {
  'use strict';
  // (a classic script run as the page parses: currentScript is this <script src> element)
  const here = /** @type {HTMLScriptElement} */ (document.currentScript).src;
  const engine = new URLSearchParams(location.search).get('engine');

  // ?engine=scalar runs the scalar build as a browser without WASM SIMD would (a test and demo
  // hook). core.js reads it from the page URL; workers have their own URL, so they get it in their
  // name, which core.js reads on their side.
  if (engine && location.protocol !== 'file:') {
    const name = 'engine=' + encodeURIComponent(engine);
    window.Worker = class Worker extends window.Worker {
      /**
       * @param {string | URL} url
       * @param {WorkerOptions} [options]
       */
      constructor(url, options) {
        super(url, Object.assign({}, options, { name }));
      }
    };
  }

  if (location.protocol === 'file:') {
    const bundle = document.createElement('script');
    bundle.src = new URL('../app.file.js', here).href;
    document.head.appendChild(bundle);
    return;
  }

  // main.js and every module it imports statically, fetched at once rather than as a chain of
  // round trips, one per level of imports (stamped by web/ship/modulepreload.mjs; empty in the
  // source tree, where the chain is slower but the same).
  /** @type {string[]} */
  const MODULE_PRELOADS = [];
  for (const path of MODULE_PRELOADS) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(path, here).href;
    document.head.appendChild(link);
  }
  import('./main.js');

  // Offline after the first visit. Registered once the page has loaded so that the precache does
  // not compete with the page for the network. ?sw=off skips it (for debugging).
  if ('serviceWorker' in navigator && new URLSearchParams(location.search).get('sw') !== 'off') {
    addEventListener('load', function () {
      navigator.serviceWorker.register(new URL('../../sw.js', here).href).catch(function (err) {
        console.info('Activation Lab: no offline copy (' + err.message + ')');
      });
    });
  }
})();
