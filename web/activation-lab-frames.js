// The iframe route's resize listener (web/README.md, "An iframe"), a classic script (no CORS
// needed, no inline code for a Content-Security-Policy to refuse), loaded once by the host page:
//   <script defer src="BASE/activation-lab-frames.js"></script>
// Each figure's page, embed.html, posts its height ({type: 'activation-lab:height', height}: its
// body's, margins included); this script sets it as the height of that page's <iframe>, so the
// frame never scrolls. It listens only to its own kind: a message counts when it comes from a
// frame of this page whose src is on this script's origin (the lab's: the sender's origin and the
// frame's src both), and a height is capped at the tallest figure's (MAX_HEIGHT, the tallest of
// the manifests' heights: tests/js/web_embed_frames.test.mjs holds it equal), so no other frame,
// and no runaway figure, can make the host page millions of pixels tall.
(() => {
  const MAX_HEIGHT = 7800;
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement)) return; // (only a classic <script src> has it)
  const lab = new URL(script.src).origin;
  addEventListener('message', (event) => {
    if (event.origin !== lab || event.data?.type !== 'activation-lab:height') return;
    const height = Number(event.data.height);
    if (!Number.isFinite(height) || height <= 0) return;
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow !== event.source) continue;
      if (new URL(frame.src, location.href).origin !== lab) return;
      frame.style.height = `${Math.min(Math.ceil(height), MAX_HEIGHT)}px`;
      return;
    }
  });
})();
