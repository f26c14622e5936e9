// The build's cache of the no-script pictures' runs (web/ship/pictures/run-cache.mjs): the same
// inputs give the kept result without running, a changed input (a script, a module it imports, a
// data file) runs again, AL_PICTURES_FRESH runs again, and a result JSON cannot keep is not kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedRun, filesUnder, moduleGraph, runKey } from '../../web/ship/pictures/run-cache.mjs';

const scratch = () => mkdtempSync(join(tmpdir(), 'al-picture-cache-'));

/** A counting run: how many times it really ran. */
function counted(result) {
  const run = () => (run.calls++, result);
  run.calls = 0;
  return run;
}

test('the same key reads the kept result without running; another key runs', async () => {
  const dir = scratch();
  const run = counted({ accs: [0.96, 0.97], text: 'kept' });
  const first = await cachedRun({ name: 'seedsRun', key: 'k1', dir, fresh: false }, run);
  assert.deepEqual(first, { result: { accs: [0.96, 0.97], text: 'kept' }, cached: false });
  const again = await cachedRun({ name: 'seedsRun', key: 'k1', dir, fresh: false }, run);
  assert.deepEqual(again, { result: first.result, cached: true });
  assert.equal(run.calls, 1);
  const changed = await cachedRun({ name: 'seedsRun', key: 'k2', dir, fresh: false }, run);
  assert.equal(changed.cached, false);
  assert.equal(run.calls, 2);
  // the result under the old inputs is gone: only the newest is kept per run
  assert.deepEqual(readdirSync(dir), ['seedsRun.k2.json']);
});

test('fresh runs again even when the key is kept', async () => {
  const dir = scratch();
  const run = counted([1, 2, 3]);
  await cachedRun({ name: 'r', key: 'k', dir, fresh: false }, run);
  const forced = await cachedRun({ name: 'r', key: 'k', dir, fresh: true }, run);
  assert.equal(forced.cached, false);
  assert.equal(run.calls, 2);
});

test('a result JSON would change (NaN, a typed array) is never kept', async () => {
  const dir = scratch();
  for (const [name, result] of [
    ['nan', { loss: NaN }],
    ['typed', { ys: Float32Array.of(1, 2) }],
  ]) {
    const run = counted(result);
    await cachedRun({ name, key: 'k', dir, fresh: false }, run);
    const again = await cachedRun({ name, key: 'k', dir, fresh: false }, run);
    assert.equal(again.cached, false, name);
    assert.equal(again.result, result, name);
    assert.equal(run.calls, 2, name);
  }
  assert.deepEqual(readdirSync(dir), []);
});

test('the key follows the bytes of every input, and a script brings what it imports', () => {
  const dir = scratch();
  const settings = join(dir, 'settings.mjs');
  const script = join(dir, 'picture.mjs');
  const data = join(dir, 'data.bin');
  writeFileSync(settings, 'export const EPOCHS = 20;\n');
  writeFileSync(
    script,
    "import { EPOCHS } from './settings.mjs';\nexport const run = () => EPOCHS;\n",
  );
  writeFileSync(data, 'abc');
  const graph = moduleGraph(script);
  assert.deepEqual(graph, [script, settings].sort());
  const key = () => runKey('run', [...moduleGraph(script), ...filesUnder(data)]);
  const k0 = key();
  assert.equal(key(), k0, 'same inputs, same key');
  writeFileSync(settings, 'export const EPOCHS = 21;\n');
  const k1 = key();
  assert.notEqual(k1, k0, 'an imported setting changed');
  writeFileSync(data, 'abd');
  assert.notEqual(key(), k1, 'a data file changed');
  assert.notEqual(runKey('other', [data]), runKey('run', [data]), 'another run');
  assert.deepEqual(filesUnder(join(dir, 'absent')), []);
  assert.deepEqual(filesUnder(dir), [data, script, settings].sort());
});
