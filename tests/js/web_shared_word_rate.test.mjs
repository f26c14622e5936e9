// The word rate (web/js/shared/word-rate.js): which runs are words, which words count, and the shipped
// dictionary (web/data/words.txt, from Debian's wamerican).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { parseWordList, wordRate } from '../../web/js/shared/word-rate.js';

const shipped = parseWordList(
  readFileSync(new URL('../../web/data/words.txt', import.meta.url), 'utf8'),
);
const small = parseWordList("# a comment, not a word\nthe\nhacker\nhacker's\nUnix\n\n  port  \n");

test('a word list: one word a line, comments and blank lines skipped, spaces trimmed', () => {
  assert.deepEqual([...small].sort(), ["hacker's", 'Unix', 'hacker', 'port', 'the'].sort());
});

test('words are runs of letters with inner apostrophes; only whole words count', () => {
  // "The" is known capitalised, "UNIX" as "Unix", "hacker's" whole; "zorp" is not a word; the
  // final "por" reaches the end of the text (cut off) and is not counted.
  assert.deepEqual(wordRate('', "The hacker's UNIX zorp, the-port por", small), {
    words: 6,
    known: 5,
    rate: 5 / 6,
  });
  // After a prompt that ends inside a word, the first run only finishes it.
  assert.deepEqual(wordRate('The hack', 'er port ', small), { words: 1, known: 1, rate: 1 });
  assert.deepEqual(wordRate('The hacker ', 'er port ', small), { words: 2, known: 1, rate: 0.5 });
  // Digits and punctuation separate words; no whole word, no rate.
  assert.deepEqual(wordRate('', '42 -- ', small), { words: 0, known: 0, rate: null });
  assert.deepEqual(wordRate('', 'the2port.', small), { words: 2, known: 2, rate: 1 });
  assert.deepEqual(wordRate('', "'the' ", small), { words: 1, known: 1, rate: 1 });
});

test('the shipped dictionary: common and jargon-file words in, made-up ones out', () => {
  assert.ok(shipped.size > 100000, String(shipped.size));
  assert.ok(!shipped.has('#'));
  const r = wordRate('', 'The hacker wrote a program for the computer and its users. ', shipped);
  assert.deepEqual(r, { words: 11, known: 11, rate: 1 });
  const made = wordRate('', 'ha called is term a systlic buffulle, Intern is dearced ', shipped);
  assert.equal(made.words, 10);
  assert.equal(made.known, 7); // systlic, buffulle, dearced are not words
});
