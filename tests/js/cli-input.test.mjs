// The CLI reads numbers in the core's one grammar (what the page reads), quotes input at a bounded
// length, and gives the page's verdict on weight files (issue 9, items 8-10).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModule } from '../../wasm/module.mjs';
import { assertUsageError as refused, runCli as run } from './cli-helpers.mjs';

test('integers are digits: 0x10, 0b11 and 1e1 are refused wherever an integer is documented', () => {
  refused(
    run(['moons', '--n', '0x10', '--noise', '0.1', '--seed', '1']),
    /--n: not an integer: '0x10'/,
  );
  refused(run(['moons', '--n', '20', '--noise', '0.1', '--seed', '1e1']), /--seed: not an integer/);
  refused(run(['train', '--epochs', '0b11']), /--epochs: not an integer: '0b11'/);
  refused(run(['train', '--batch', '1e1']), /--batch: not an integer/);
  refused(run(['train', '--seed', '0x1']), /--seed: not an integer/);
  // Widths are the core's to read ("64,32x2" = 64,32,32): "0x8" reads as 8 layers of width 0.
  refused(run(['train', '--hidden', '8,0x8']), /hidden\[1\] must be an integer in \[1, 512\]/);
  refused(run(['train', '--hidden', '8,0b11']), /hidden must be widths like/);
  refused(run(['eval', '--fn', 'relu'], '1 0x10'), /eval: input 2: not a number: '0x10'/);
  // Reals take '.' or ',' (as the page's fields do); eval input also takes nan and inf.
  const ok = run(['train', '--epochs', '1', '--n', '100', '--lr', '0,01', '--hidden', '4']);
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(JSON.parse(ok.stdout).config.lr, 0.01);
  assert.equal(run(['eval', '--fn', 'relu'], '-inf 2,5').stdout, '0\n2.5\n');
});

test('the page and the CLI read numbers with the same grammar: the core decides', async () => {
  const M = await loadModule();
  const cases = ['42', '0x10', '0b11', '1e1', ' 7 ', '0,3', '.5', '1e400', 'inf', '', '1_0'];
  const table = cases.map((t) => [t, M.parseNumber(t, 'integer'), M.parseNumber(t, 'real')]);
  assert.deepEqual(table, [
    ['42', 42, 42],
    ['0x10', null, null],
    ['0b11', null, null],
    ['1e1', null, 10],
    [' 7 ', 7, 7],
    ['0,3', null, 0.3],
    ['.5', null, 0.5],
    ['1e400', null, Infinity],
    ['inf', null, null],
    ['', null, null],
    ['1_0', null, null],
  ]);
});

test('a megabyte of input is quoted in at most ~80 characters', () => {
  const dir = mkdtempSync(join(tmpdir(), 'al-cli-input-'));
  const file = join(dir, 'w.json');
  writeFileSync(file, `{"${'k'.repeat(1_000_000)}": 1}`);
  const r = run(['train', '--epochs', '1', '--n', '100', '--init', file]);
  refused(r, /unexpected key "k{80}…" \(1000000 characters\)/);
  assert.ok(r.stderr.length < 400, `${r.stderr.length} characters`);
  refused(run(['eval', '--fn', 'x'.repeat(100000)]), /unknown --fn 'x{80}…'/);
  refused(run(['train', `--${'y'.repeat(100000)}`]), /^.{0,440}$/s);
  refused(
    run(['moons', '--n', '9'.repeat(5000) + 'x', '--noise', '0', '--seed', '0']),
    /\(5001 characters\)/,
  );
});

test('weight files: a byte-order mark is read, duplicates and 1e309 refused, as on the page', async () => {
  const M = await loadModule();
  const dir = mkdtempSync(join(tmpdir(), 'al-cli-input-'));
  const exp = new M.Experiment(JSON.stringify({ hidden: [4], n: 100, epochs: 1 }));
  const state = exp.stateJson();
  exp.delete();
  const files = {
    bom: `\ufeff${state}`,
    dup: `{"0.bias":[0,0,0,0],${state.slice(1)}`,
    huge: state.replace(/^\{"0\.weight":\[\[[^,\]]+/, '{"0.weight":[[1e309'),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const train = (name) =>
    run(['train', '--epochs', '1', '--n', '100', '--hidden', '4', '--init', join(dir, name)]);
  assert.equal(train('bom').status, 0, train('bom').stderr);
  // The page asks the same two core functions (stateDictHiddenJson, then loadStateJson).
  assert.deepEqual(JSON.parse(M.stateDictHiddenJson(files.bom.replace(/^\ufeff/, ''))), {
    hidden: [4],
  });
  for (const name of ['dup', 'huge']) {
    const page = JSON.parse(M.stateDictHiddenJson(files[name])).error;
    assert.ok(page, `${name} refused by the page's reader`);
    refused(train(name), new RegExp(`--init: ${page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n?$`));
  }
  assert.match(JSON.parse(M.stateDictHiddenJson(files.huge)).error, /out of the range of a double/);
});
