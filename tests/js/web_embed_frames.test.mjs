// web/activation-lab-frames.js, the iframe route's resize listener, run in a stand-in page: it
// sizes only the lab's frames (the sender on the script's origin, the frame's src too), caps the
// height at the tallest figure's (MAX_HEIGHT = the manifests' tallest height), and ignores the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { COMPACT_HEIGHTS, IFRAME_HEIGHTS } from '../../web/js/embed/embed-attributes.js';

const source = readFileSync(new URL('../../web/activation-lab-frames.js', import.meta.url), 'utf8');
const LAB = 'https://lab.example';

test('MAX_HEIGHT is the tallest height of any figure, compact or not', () => {
  const all = [...Object.values(IFRAME_HEIGHTS), ...Object.values(COMPACT_HEIGHTS)];
  const tallest = Math.max(...all.flat());
  assert.equal(Number(/const MAX_HEIGHT = (\d+);/.exec(source)?.[1]), tallest);
});

/** A page holding `frames` (each {src}) with the script loaded from LAB; returns its dispatcher. */
function page(frames) {
  /** @type {(event: object) => void} */
  let listener = () => {};
  class HTMLScriptElement {
    src = `${LAB}/gelu/activation-lab-frames.js`;
  }
  const iframes = frames.map(({ src }) => ({ src, contentWindow: {}, style: { height: '' } }));
  runInNewContext(source, {
    URL,
    HTMLScriptElement,
    location: { href: 'https://blog.example/post/' },
    document: { currentScript: new HTMLScriptElement(), querySelectorAll: () => iframes },
    addEventListener: (/** @type {string} */ type, /** @type {any} */ fn) => {
      if (type === 'message') listener = fn;
    },
  });
  return { iframes, post: (/** @type {object} */ event) => listener(event) };
}

test('a lab frame takes its height; other frames and other senders do not', () => {
  const { iframes, post } = page([
    { src: `${LAB}/gelu/embed.html#widget=twin` },
    { src: 'https://other.example/ad.html' },
  ]);
  const [lab, other] = iframes;
  const height = (/** @type {unknown} */ h) => ({ type: 'activation-lab:height', height: h });
  post({ origin: LAB, source: lab.contentWindow, data: height(812.4) });
  assert.equal(lab.style.height, '813px');
  // A hostile frame: its own origin, or claiming to be the lab's frame by another origin.
  post({ origin: 'https://other.example', source: other.contentWindow, data: height(33554432) });
  post({ origin: 'https://other.example', source: lab.contentWindow, data: height(10) });
  assert.deepEqual([lab.style.height, other.style.height], ['813px', '']);
  // A frame whose src is elsewhere that navigated to the lab's origin is not the lab's frame.
  post({ origin: LAB, source: other.contentWindow, data: height(10) });
  assert.equal(other.style.height, '');
  // A window that is no frame of the page; other kinds of message; nonsense heights.
  post({ origin: LAB, source: {}, data: height(10) });
  post({ origin: LAB, source: lab.contentWindow, data: { type: 'other', height: 10 } });
  for (const h of [-5, 0, 'tall', NaN, Infinity, null])
    post({ origin: LAB, source: lab.contentWindow, data: height(h) });
  assert.equal(lab.style.height, '813px');
  // The lab's own frame, however tall it claims to be, stops at the tallest figure.
  post({ origin: LAB, source: lab.contentWindow, data: height(33554432) });
  assert.equal(lab.style.height, `${Math.max(...Object.values(IFRAME_HEIGHTS).flat())}px`);
});
