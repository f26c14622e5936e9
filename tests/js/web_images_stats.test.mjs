// The images figure's numbers (web/js/images/image-stats.js) against sums done by hand here:
// medians of odd and even counts, per-epoch median curves over runs of unequal length, the
// median run, the confusion matrix's diagonal and row sums, and the gallery's choice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  accuracyOf,
  confusion,
  galleryIndices,
  median,
  medianCurve,
  medianRunIndex,
} from '../../web/js/images/image-stats.js';

test('median: the middle value, the mean of the two middle ones, NaN for none', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([0.25]), 0.25);
  assert.ok(Number.isNaN(median([])));
  const xs = [5, 1, 4];
  median(xs);
  assert.deepEqual(xs, [5, 1, 4], 'the input is not sorted in place');
});

test('medianCurve: per epoch over the runs that reached it, with the lowest and highest', () => {
  const c = medianCurve([
    [1.0, 0.5, 0.2],
    [0.8, 0.6],
    [1.2, 0.4, 0.3],
  ]);
  assert.deepEqual(c, [
    { epoch: 1, median: 1.0, min: 0.8, max: 1.2, n: 3 },
    { epoch: 2, median: 0.5, min: 0.4, max: 0.6, n: 3 },
    { epoch: 3, median: 0.25, min: 0.2, max: 0.3, n: 2 },
  ]);
  assert.deepEqual(medianCurve([]), []);
});

test('medianRunIndex: the run of the median accuracy (lower middle for an even count)', () => {
  assert.equal(medianRunIndex([0.8, 0.9, 0.7]), 0);
  assert.equal(medianRunIndex([0.9, 0.7, 0.8, 0.6]), 1); // sorted 0.6 0.7 0.8 0.9: 0.7 is run 1
  assert.equal(medianRunIndex([0.5]), 0);
  assert.equal(medianRunIndex([]), -1);
  assert.equal(medianRunIndex([0.7, 0.7, 0.7]), 1, 'ties: by position');
});

test('confusion: rows are true classes; diagonal = correct, row sums = label counts', () => {
  const labels = [0, 1, 2, 2, 1, 0, 2];
  const guesses = [0, 2, 2, 1, 1, 0, 2];
  const m = confusion(labels, guesses, 3);
  assert.deepEqual(m, [
    [2, 0, 0],
    [0, 1, 1],
    [0, 1, 2],
  ]);
  const correct = labels.filter((y, i) => guesses[i] === y).length;
  assert.equal(m[0][0] + m[1][1] + m[2][2], correct);
  assert.deepEqual(
    m.map((row) => row.reduce((s, c) => s + c, 0)),
    [0, 1, 2].map((k) => labels.filter((y) => y === k).length),
  );
  assert.equal(accuracyOf(m), correct / labels.length);
  assert.throws(() => confusion([0, 1], [0], 2), /one guess per label/);
});

test('galleryIndices: the first image of each class, then the next ones, ascending', () => {
  const labels = [3, 3, 1, 0, 1, 2, 0, 3];
  assert.deepEqual(galleryIndices(labels, 4), [0, 2, 3, 5]);
  assert.deepEqual(galleryIndices(labels, 6), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(galleryIndices(labels, 3), [0, 2, 3], 'fewer than the classes: the first seen');
  assert.deepEqual(galleryIndices([1, 1], 12), [0, 1], 'a small set gives what it has');
});
