// web/ship/stamp.mjs: build-time values written over a shipped script's placeholder lines,
// exported or not, indented or not; a name without its line is an error, not a silent skip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stampConstants } from '../../web/ship/stamp.mjs';

test('each named const line takes its value as JSON; the rest of the file is kept', async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'al-stamp-')), 'x.js');
  const source = [
    'export const VERSION = "dev";',
    '(function () {',
    '  const LIST = [];',
    '  const LISTED = [];',
    '})();',
  ].join('\n');
  await writeFile(file, source);
  await stampConstants(file, { VERSION: 'abc', LIST: ['a.js', "b'.js"] });
  assert.equal(
    await readFile(file, 'utf8'),
    [
      'export const VERSION = "abc";',
      '(function () {',
      '  const LIST = ["a.js","b\'.js"];',
      '  const LISTED = [];',
      '})();',
    ].join('\n'),
  );
  await assert.rejects(stampConstants(file, { MISSING: 1 }), /no MISSING line to stamp/);
});
