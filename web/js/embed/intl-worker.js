// A worker that formats two numbers and ends. Chromium loads ICU's number-formatting data once
// per renderer process, shared by the page and its workers, and the first Intl.NumberFormat pays
// for it: tens of milliseconds on a phone, a long task if the page's main thread pays it in the
// middle of building a figure. An embedded figure starts this worker while the core downloads
// (activation-lab.js), so that by the time the figure formats its first number the data is in.
// Elsewhere it only costs a worker that lives for a moment.
for (const tag of ['en', 'pt-PT'])
  new Intl.NumberFormat(tag, { minimumFractionDigits: 2 }).format(1.5);
close();
