// The embed snippets' fallback, a classic script (no CORS needed, no inline code for a page's
// Content-Security-Policy to refuse) loaded with `defer` before activation-lab.js. Each element
// of a snippet holds a neutral loading line ([data-al-wait]) and, hidden, the text that says what
// the host must send ([data-al-failed], embed-failure.js). The second replaces the first only once
// activation-lab.js truly failed: its `error` event (refused, missing, no CORS) or no element
// defined after WAIT_MS (a module that loaded but never ran): a slow connection sees no failure.
(() => {
  const WAIT_MS = 30000;
  const reveal = () => {
    const texts = document.querySelectorAll(
      ':not(:defined) > [data-al-wait], :not(:defined) > [data-al-failed]',
    );
    for (const p of texts) if (p instanceof HTMLElement) p.hidden = 'alWait' in p.dataset;
  };
  document.addEventListener(
    'error',
    (event) => {
      const el = event.target;
      if (el instanceof HTMLScriptElement && /\/activation-lab\.js(\?|$)/.test(el.src)) reveal();
    },
    true, // (a script's error event does not bubble: caught on its way down)
  );
  setTimeout(reveal, WAIT_MS);
})();
