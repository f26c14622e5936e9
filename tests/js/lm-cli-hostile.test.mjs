// `activation-lab lm ...` under hostile input (issue 28): bounded file reads, the one number
// grammar, negative values that reach the range check, the one weight reader, escaped prompts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertUsageError, runCli, runCliHereMany, runCliMany } from './cli-helpers.mjs';
import { loadModule } from '../../wasm/module.mjs';
import { scratchText } from '../../web/js/shared/lm-config.js';

const dir = mkdtempSync(join(tmpdir(), 'al-lm-hostile-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
// The shipped GELU model as a JSON state_dict, the format of weight files before safetensors.
const gelu = join(dir, 'gelu.json');
{
  const M = await loadModule();
  const data = (/** @type {string} */ name) => new URL(`../../web/data/${name}`, import.meta.url);
  const entry = JSON.parse(readFileSync(data('lm-pretrained.json'), 'utf8')).gelu;
  const e = new M.LmExperiment(
    JSON.stringify(entry.config),
    readFileSync(data(entry.text), 'utf8'),
  );
  assert.equal(e.loadStateSafetensors(readFileSync(data('lm-gelu.safetensors'))), '');
  writeFileSync(gelu, e.stateJson());
  e.delete();
}
// Reading /dev/zero without a bound grows by gigabytes; with one it ends in well under this.
const run = (/** @type {string[]} */ args) => ({ timeout: 60000, ...runCli(args) });

test('files are read no further than the core limit: /dev/zero ends in one line, exit 2', () => {
  for (const [args, flag] of [
    [['lm', 'train', '--steps', '5', '--text', '/dev/zero'], '--text'],
    [['lm', 'sample', '--weights', '/dev/zero'], '--weights'],
    [['lm', 'swap', '--act', 'relu', '--finetune', '0', '--weights', '/dev/zero'], '--weights'],
    [['train', '--init', '/dev/zero'], '--init'],
  ]) {
    const t0 = Date.now();
    const r = run(args);
    assert.equal(r.error, undefined, `${args.join(' ')} ended (${r.error})`);
    assertUsageError(
      r,
      new RegExp(`^activation-lab: ${flag}: cannot read '/dev/zero': larger than \\d+ bytes$`),
    );
    console.log(`${args.join(' ')}: ${Date.now() - t0} ms`);
  }
});

test('lm numbers are read in the one grammar: 1e1 is not an integer, -1 reaches the range check', async () => {
  /** @type {[string[], RegExp][]} */
  const notIntegers = [
    [['lm', 'train', '--steps', '1e1'], /--steps: not an integer: '1e1'$/],
    [['lm', 'sample', '--n', '1e2'], /--n: not an integer: '1e2'$/],
    [['lm', 'sample', '--seed', '0x10'], /--seed: not an integer: '0x10'$/],
    [['lm', 'swap', '--act', 'relu', '--finetune', '1e1'], /--finetune: not an integer: '1e1'$/],
  ];
  const negatives = [
    ['lm', 'train', '--steps', '-1'],
    ['lm', 'sample', '--n', '-5'],
    ['moons', '--n', '-1', '--noise', '0.1', '--seed', '0'],
  ];
  const runs = await runCliHereMany(
    [...notIntegers.map(([args]) => args), ...negatives].map((args) => ({ args })),
  );
  notIntegers.forEach(([, pattern], i) => assertUsageError(runs[i], pattern));
  negatives.forEach((args, i) => {
    const r = runs[notIntegers.length + i];
    assertUsageError(r, /-[15]\b/);
    assert.doesNotMatch(r.stderr, /ambiguous/, args.join(' '));
  });
  assertUsageError(runs[notIntegers.length], /lm train: steps .*-1/);
});

test('lm sample without --weights names the shipped models when there is none for --act', () => {
  const r = run(['lm', 'sample', '--act', 'silu']);
  assertUsageError(
    r,
    /^activation-lab: lm sample: no pretrained model for silu \(there are: [a-z_, ]*gelu/,
  );
  assert.doesNotMatch(r.stderr, /--weights: cannot read/);
});

test('lm sample refuses characters the model never saw, controls and bidi marks escaped', () => {
  assertUsageError(
    run(['lm', 'sample', '--prompt', '😀😀😀abc']),
    /prompt: the model never saw these characters: 😀$/,
  );
  const r = run(['lm', 'sample', '--prompt', '\u202eabc\u0007']);
  assertUsageError(r, /never saw these characters: U\+202E U\+0007$/);
  assert.ok(!r.stderr.includes('\u202e'), 'no raw override in the message');
});

test('old JSON weights are read by the MLP reader: a BOM is skipped, a 1 MB key is quoted at 80', async () => {
  const bom = join(dir, 'bom.json');
  writeFileSync(bom, `\ufeff${readFileSync(gelu, 'utf8')}`);
  const key = join(dir, 'key.json');
  writeFileSync(key, JSON.stringify({ ['k'.repeat(1000000)]: [1] }));
  const [a, shipped, r, mlp] = await runCliMany(
    [
      ['lm', 'sample', '--weights', bom, '--n', '20'],
      ['lm', 'sample', '--n', '20'],
      ['lm', 'sample', '--weights', key],
      ['train', '--init', key],
    ].map((args) => ({ args })),
  );
  assert.equal(a.status, 0, a.stderr);
  assert.equal(a.stdout, shipped.stdout);
  assertUsageError(
    r,
    /--weights: state_dict: unexpected key "k{80}…" \(1000000 characters\) \(this model has tok\.weight/,
  );
  // The MLP's reader says the same about the same key.
  assertUsageError(mlp, /state_dict: unexpected key "k{80}…" \(1000000 characters\)/);
});

test('weights that load but overflow float32 (3e38) are refused with the reason, exit 2 (issue 63)', async () => {
  const huge = join(dir, 'huge.json');
  // Every number of a state_dict (nested arrays) becomes 3e38: the shipped model's, and one of
  // the core's default configuration on the from-scratch text, which `lm train` starts from.
  const overflow = (/** @type {string} */ json) =>
    JSON.stringify(JSON.parse(json, (_, v) => (typeof v === 'number' ? 3e38 : v)));
  writeFileSync(huge, overflow(readFileSync(gelu, 'utf8')));
  const hugeInit = join(dir, 'huge-init.json');
  {
    const M = await loadModule();
    const lexicon = readFileSync(new URL('../../web/data/jargon.txt', import.meta.url), 'utf8');
    const e = new M.LmExperiment(M.lmDefaultConfigJson(), scratchText(lexicon));
    writeFileSync(hugeInit, overflow(e.stateJson()));
    e.delete();
  }
  const runs = await runCliMany(
    [
      [['lm', 'sample', '--weights', huge, '--n', '20'], '--weights'],
      [['lm', 'swap', '--act', 'relu', '--finetune', '0', '--weights', huge], '--weights'],
      [['lm', 'parts', '--weights', huge], '--weights'],
      [['lm', 'train', '--steps', '1', '--init', hugeInit], '--init'],
    ].map(([args]) => ({ args: /** @type {string[]} */ (args) })),
  );
  for (const [i, flag] of ['--weights', '--weights', '--weights', '--init'].entries())
    assertUsageError(
      runs[i],
      new RegExp(
        `^activation-lab: ${flag}: its forward pass is not finite \\(train_loss, val_loss`,
      ),
    );
});
