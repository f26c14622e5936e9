// The drawing queue of web/js/plots/canvas.js: one animation frame at a time asked for, however
// the drawings queue more work. A drawing that queued another used to leave two requests for the
// next frame, and each of those asked again: the callbacks per frame grew without end while a
// figure drew, each with its own slice of the budget (frames of 100+ ms on a phone).
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** @type {FrameRequestCallback[]} */
let pending = [];
globalThis.requestAnimationFrame = (fn) => pending.push(fn);
const { later } = await import('../../web/js/plots/canvas.js');

/** Runs one frame: the callbacks asked for before it, as a browser does. */
function frame() {
  const now = [...pending];
  pending = [];
  for (const fn of now) fn(performance.now());
  return now.length;
}

test('a drawing that queues more work leaves one request for the next frame', () => {
  let drawn = 0;
  const slow = () => {
    const until = performance.now() + 8; // over the frame's budget: the rest waits a frame
    while (performance.now() < until);
    drawn++;
  };
  // each drawing queues the next, five deep, beside three independent ones
  const chain = (/** @type {number} */ n) => () => (slow(), n > 0 && later(chain(n - 1)));
  later(chain(5));
  for (let i = 0; i < 3; i++) later(() => slow());
  assert.equal(pending.length, 1);
  let frames = 0;
  while (pending.length) {
    assert.equal(frame(), 1, `frame ${frames}: one callback`);
    assert.ok(pending.length <= 1, `frame ${frames}: ${pending.length} requests for the next`);
    assert.ok(++frames < 50, 'the queue never empties');
  }
  assert.equal(drawn, 9);
});
