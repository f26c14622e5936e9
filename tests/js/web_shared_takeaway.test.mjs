// The captions' first sentences choose what to say from the numbers (web/js/shared/takeaway.js): which network reached 95 % first, which run ended lowest, and
// how much of the plane a swap flipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fineTuneCase, flippedShare, lowest, speedCase } from '../../web/js/shared/takeaway.js';

test('epochs to 95 %: both, the same, one of them, or neither once the run ended', () => {
  assert.equal(speedCase(3, 5, true), 'both');
  assert.equal(speedCase(4, 4, false), 'same');
  assert.equal(speedCase(3, null, false), 'a_only');
  assert.equal(speedCase(null, 2, true), 'b_only');
  assert.equal(speedCase(null, null, false), 'ready', 'mid-run, nothing to report yet');
  assert.equal(speedCase(null, null, true), 'neither');
});

test('the lowest final loss and its margin over the next; too few finite losses, none', () => {
  const r = lowest([
    { name: 'ReLU', loss: 2.155 },
    { name: 'GELU', loss: 2.15 },
    { name: 'SwiGLU', loss: 2.11 },
  ]);
  assert.equal(r?.best, 'SwiGLU');
  assert.equal(r?.next, 'GELU');
  assert.ok(Math.abs((r?.margin ?? NaN) - 0.04) < 1e-12);
  assert.equal(
    lowest([
      { name: 'a', loss: 1 },
      { name: 'b', loss: NaN },
    ]),
    null,
  );
});

test('the share of grid cells whose decision (P ≥ 0.5) differs between two grids', () => {
  const a = Float32Array.of(0.1, 0.6, 0.5, 0.9),
    b = Float32Array.of(0.2, 0.4, 0.49, 0.95);
  assert.equal(flippedShare(a, b), 0.5);
  assert.equal(flippedShare(a, a), 0);
  assert.ok(Number.isNaN(flippedShare(a, Float32Array.of(1))));
});

test('fine-tuning after a swap: a control that got worse is said, "caught up" only when it did', () => {
  // the Transformer swap at its defaults (issue 36): the GELU control rose 1.661 -> 1.703
  assert.equal(fineTuneCase({ before: 1.661, tuned: 1.728, control: 1.703 }), 'control_rose');
  assert.equal(fineTuneCase({ before: 1.661, tuned: 1.664, control: 1.66 }), 'caught_up');
  assert.equal(fineTuneCase({ before: 1.661, tuned: 1.7, control: 1.662 }), 'behind');
  assert.equal(fineTuneCase({ before: 1.661, tuned: undefined, control: 1.662 }), null);
});
