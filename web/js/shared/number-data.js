// Number formatting's data, loaded off the main thread. Chromium loads ICU's number data once per
// renderer process, shared by a page and its workers, and the first Intl.NumberFormat pays for
// it: about 20 ms on a desktop, over 100 ms on a phone, one long task if the main thread pays it
// while it fills in the prose's numbers or builds a figure. A worker that formats two numbers
// and ends (number-data-worker.js) pays it instead, while the core downloads.

let warmed = false;

export function warmNumberFormats() {
  // From disk a worker would start the whole page's bundle (web/ship/file-bundle.mjs): not worth it.
  if (warmed || typeof Worker === 'undefined' || location.protocol === 'file:') return;
  warmed = true;
  try {
    const worker = new Worker(new URL('./number-data-worker.js', import.meta.url), {
      type: 'module',
    });
    worker.onerror = (event) => event.preventDefault(); // only a head start: the page works without
  } catch {
    // (no worker: the first number is formatted on the main thread, as it would be anyway)
  }
}
