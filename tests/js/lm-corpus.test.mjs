// One text ships (issue 37.1): the from-scratch corpus is the start of the lexicon,
// web/data/jargon.txt, cut where the core says (lmScratchChars; the page's copy in
// web/js/shared/lm-config.js); that prefix is byte for byte
// the web/data/corpus.txt it replaced, and every reader of it (page, CLI, pretrain, PyTorch
// fixtures) takes the same one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

import { SCRATCH_CHARS, scratchText } from '../../web/js/shared/lm-config.js';
import { loadModule } from '../../wasm/module.mjs';

const file = (/** @type {string} */ path) => new URL(`../../${path}`, import.meta.url);
// SHA-256 and size of web/data/corpus.txt when it was removed.
const CORPUS_SHA256 = '8d9b580a278d8efe041f5d3db39f8e7a42fa6ab00b628da9a91f6f8707deed6d';
const CORPUS_BYTES = 399856;

test('the from-scratch text is the first 399,856 bytes of jargon.txt, the old corpus.txt', () => {
  const lexicon = readFileSync(file('web/data/jargon.txt'));
  assert.ok(!existsSync(file('web/data/corpus.txt')), 'one text ships');
  // Printable ASCII (make_corpus.py), so characters and bytes are one: slicing either agrees.
  assert.ok(lexicon.every((b) => b === 10 || (b >= 32 && b < 127)));
  const text = scratchText(lexicon.toString('utf8'));
  assert.equal(SCRATCH_CHARS, CORPUS_BYTES);
  assert.equal(Buffer.byteLength(text), CORPUS_BYTES);
  assert.equal(createHash('sha256').update(text).digest('hex'), CORPUS_SHA256);
  assert.ok(text.endsWith('\n') && lexicon.length > 3 * CORPUS_BYTES);
});

test('the page, the PyTorch fixtures and the pretrain record cut the lexicon where the core says', async () => {
  const M = await loadModule();
  assert.equal(SCRATCH_CHARS, M.lmScratchChars());
  const torch = readFileSync(file('tests/fixtures/tiny_lm_torch.py'), 'utf8');
  assert.equal(Number(/^SCRATCH_CHARS = (\d+)$/m.exec(torch)?.[1]), SCRATCH_CHARS);
  const record = JSON.parse(readFileSync(file('web/data/lm-scratch.json'), 'utf8'));
  for (const entry of Object.values(record)) {
    assert.equal(entry.text, 'jargon.txt');
    assert.equal(entry.chars, SCRATCH_CHARS);
  }
});
