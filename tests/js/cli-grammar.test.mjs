// One grammar for the page and the CLI: the core's parseLayers and parseNumber bindings (which
// the page calls) accept and refuse the same texts as the CLI's --hidden, --seed and --lr, with
// the same messages, over one table of texts, good and bad.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from '../../wasm/module.mjs';
import { runCliHere } from './cli-helpers.mjs';
import { TEXTS } from './grammar-texts.mjs';

const M = await loadModule();

// The CLI's own run, small enough to train in a moment when the text is accepted.
const SMALL = ['train', '--epochs', '1', '--n', '20'];

/**
 * The CLI's answers to each of `argsList`, computed in this process (runCliHere): {ok, config} or
 * {ok: false, message} (its one stderr line, unprefixed).
 * @param {string[][]} argsList
 */
async function cliMany(argsList) {
  const answers = [];
  for (const args of argsList) answers.push(answer(await runCliHere([...SMALL, ...args])));
  return answers;
}

/** @param {{status: number | null, stdout: string, stderr: string}} r */
function answer(r) {
  if (r.status === 0) return { ok: true, config: JSON.parse(r.stdout).config };
  assert.equal(r.status, 2, `exit code, stderr: ${r.stderr}`);
  assert.equal(r.stdout, '', 'nothing on stdout');
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line on stderr: ${r.stderr}`);
  return { ok: false, message: lines[0].replace(/^activation-lab: (train: )?/, '') };
}

test('parseLayers and --hidden accept and refuse the same texts, with the same messages', async () => {
  let accepted = 0;
  const answers = await cliMany(TEXTS.map((text) => [`--hidden=${text}`]));
  for (const [i, text] of TEXTS.entries()) {
    const got = JSON.parse(M.parseLayers(text));
    const want = answers[i];
    const shown = JSON.stringify(text);
    assert.equal(
      got.ok,
      want.ok,
      `${shown}: binding ${got.message ?? 'ok'}, CLI ${want.message ?? 'ok'}`,
    );
    if (got.ok) {
      accepted += 1;
      assert.deepEqual(got.layers, want.config.hidden, shown);
      assert.deepEqual(Object.keys(got), ['ok', 'layers']);
    } else {
      assert.equal(got.message, want.message, shown);
      assert.deepEqual(Object.keys(got), ['ok', 'message']);
    }
  }
  // The table holds both kinds, so neither half of the comparison is empty.
  assert.ok(accepted >= 5 && accepted <= TEXTS.length - 10, `${accepted} accepted`);
});

test('parseLayers reads what the page needs: counts, repetitions, the limits', () => {
  const layers = (text) => JSON.parse(M.parseLayers(text));
  assert.deepEqual(layers('64,32x2'), { ok: true, layers: [64, 32, 32] });
  assert.deepEqual(layers(' 32x16 ').layers, Array(16).fill(32));
  assert.match(layers('32x17').message, /^hidden must have 1 to 16 layers \(got "32x17"\)$/);
  assert.match(layers('64×64').message, /^hidden must be widths like "64,64" or "32x16"/);
  assert.equal(layers('0').message, 'hidden[0] must be an integer in [1, 512] (got 0)');
  assert.match(layers('8\n8').message, /\(got "8U\+000A8"\)$/);
});

test('parseNumber and the CLI read integers and reals alike', async () => {
  const limits = JSON.parse(M.configLimitsJson());
  const seeds = await cliMany(TEXTS.map((text) => ['--hidden', '2', `--seed=${text}`]));
  const lrs = await cliMany(TEXTS.map((text) => ['--hidden', '2', `--lr=${text}`]));
  for (const [i, text] of TEXTS.entries()) {
    const shown = JSON.stringify(text);
    // Integers: --seed, a uint32.
    const seed = M.parseNumber(text, 'integer');
    const bySeed = seeds[i];
    if (seed === null) {
      assert.equal(bySeed.message, `--seed: not an integer: ${M.quoteInput(text)}`, shown);
    } else if (seed >= limits.seed.min && seed <= limits.seed.max) {
      assert.ok(bySeed.ok, `${shown}: ${bySeed.message}`);
      assert.equal(bySeed.config.seed, seed, shown);
    } else {
      assert.match(bySeed.message ?? '', /seed must be an integer in \[0, 4294967295\]/, shown);
    }
    // Reals: --lr, in (0, 1].
    const lr = M.parseNumber(text, 'real');
    const byLr = lrs[i];
    if (lr === null) {
      assert.equal(byLr.message, `--lr: not a number: ${M.quoteInput(text)}`, shown);
    } else if (lr > 0 && lr <= 1) {
      assert.ok(byLr.ok, `${shown}: ${byLr.message}`);
      assert.equal(byLr.config.lr, lr, shown);
    } else {
      assert.equal(byLr.ok, false, shown);
      assert.match(byLr.message ?? '', /lr/, shown);
    }
  }
});

test('parseNumber: what an integer and a real are', () => {
  const cases = [
    [' 8 ', 8, 8],
    ['-3', -3, -3],
    ['+8', 8, 8],
    ['1e1', null, 10],
    ['8.0', null, 8],
    ['0,3', null, 0.3],
    ['.5', null, 0.5],
    ['1e-3', null, 0.001],
    ['0x10', null, null],
    ['', null, null],
    ['nan', null, null],
    ['inf', null, null],
    ['８', null, null],
    ['1_000', null, null],
  ];
  for (const [text, integer, real] of cases) {
    assert.equal(M.parseNumber(text, 'integer'), integer, `integer ${JSON.stringify(text)}`);
    assert.equal(M.parseNumber(text, 'real'), real, `real ${JSON.stringify(text)}`);
  }
  assert.ok(Number.isNaN(M.parseNumber('nan', 'any')));
  assert.equal(M.parseNumber('-Infinity', 'any'), -Infinity);
});
