// `activation-lab lm ...`: JSON outputs, the shipped pretrained model, and errors as one stderr
// line with exit code 2 and nothing on stdout (the CLI contract of wasm/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertUsageError, cli, runCli as run, runCliMany } from './cli-helpers.mjs';
import { parseWordList, wordRate } from '../../web/js/shared/word-rate.js';

const dir = mkdtempSync(join(tmpdir(), 'al-lm-cli-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const words = parseWordList(
  readFileSync(new URL('../../web/data/words.txt', import.meta.url), 'utf8'),
);
const SMALL = ['--d', '16', '--ctx', '16', '--batch', '8', '--ffn', '32', '--layers', '1'];

function ok(args) {
  return okOf(run(args));
}

/** @param {{status: number | null, stdout: string, stderr: string}} r */
function okOf(r) {
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

/** Runs side by side, each expected to succeed: their stdouts. */
const okMany = async (/** @type {string[][]} */ argsList) =>
  (await runCliMany(argsList.map((args) => ({ args })))).map(okOf);

// The swap to ReLU with 20 fine-tuning steps: run once for the two tests that read it.
const SWAP_RELU = ['lm', 'swap', '--act', 'relu', '--finetune', '20', '--seed', '1'];
/** @type {Promise<string> | undefined} */
let swapRelu;
const swapReluOnce = () => (swapRelu ??= okMany([SWAP_RELU]).then(([out]) => out));

test('lm train: JSON report with evaluations; --save then --init reproduces the weights', () => {
  const save = join(dir, 'a.safetensors');
  const json = join(dir, 'a.json');
  const args = ['lm', 'train', '--act', 'relu', '--steps', '6', '--eval-every', '3', ...SMALL];
  const report = JSON.parse(ok([...args, '--save', save]));
  assert.deepEqual(Object.keys(report), ['config', 'params', 'evals', 'final', 'seconds']);
  assert.equal(report.config.act, 'relu');
  assert.equal(report.config.d, 16);
  assert.deepEqual(
    report.evals.map((e) => e.step),
    [0, 3, 6],
  );
  assert.equal(report.final.val_loss, report.evals.at(-1).val_loss);
  assert.ok(report.final.val_loss < report.evals[0].val_loss);
  // Same seed, same run; --save writes what the name says: safetensors, or JSON for .json.
  const again = JSON.parse(ok([...args, '--save', json]));
  assert.deepEqual(again.evals, report.evals);
  const bytes = readFileSync(save);
  const n = Number(bytes.readBigUInt64LE(0));
  const header = JSON.parse(bytes.subarray(8, 8 + n).toString('utf8'));
  assert.deepEqual(JSON.parse(header.__metadata__.config), report.config);
  assert.equal(header['tok.weight'].dtype, 'F32');
  assert.equal(bytes.length, 8 + n + 4 * report.params);
  assert.ok(Array.isArray(JSON.parse(readFileSync(json, 'utf8'))['tok.weight']));
  // Either file loads back as the starting point of another run.
  for (const init of [save, json]) {
    const resumed = JSON.parse(ok([...args, '--init', init, '--init-scale', 'gpt2']));
    assert.equal(resumed.evals[0].val_loss, report.final.val_loss);
    assert.equal(resumed.config.init, 'gpt2');
  }
  // lm sample finds this model's (non-default) configuration in the file's __metadata__.
  const written = ok(['lm', 'sample', '--act', 'relu', '--weights', save, '--n', '20']);
  assert.equal([...written.trimEnd()].length, 20);
});

test('lm train: bad input is one line on stderr, exit 2', () => {
  assertUsageError(run(['lm', 'train', '--d', '7']), /d must be an integer in \[8, 256\]/);
  assertUsageError(run(['lm', 'train', '--act', 'tanh']), /--act: unknown activation 'tanh'/);
  assertUsageError(run(['lm', 'train', '--init-scale', 'xavier']), /init must be bert or gpt2/);
  assertUsageError(run(['lm', 'train', '--lr', 'inf']), /--lr: not a number: 'inf'/); // the core's one grammar
  assertUsageError(run(['lm', 'train', '--steps', 'many']), /--steps: not an integer: 'many'/);
  assertUsageError(run(['lm', 'train', '--init', join(dir, 'none.json')]), /--init: cannot read/);
  assertUsageError(run(['lm', 'train', '--colour', 'red']), /Unknown option '--colour'/);
  assertUsageError(run(['lm', 'fly']), /lm: unknown subcommand 'fly'/);
  assertUsageError(run(['lm']), /lm: missing subcommand/);
});

test('lm sample: the shipped GELU model writes seeded text; bad values are refused', async () => {
  const sample = (/** @type {string} */ seed) => [
    'lm',
    'sample',
    '--prompt',
    'The hacker',
    '--n',
    '120',
    '--seed',
    seed,
  ];
  const [a, same, other] = await okMany([sample('4'), sample('4'), sample('5')]);
  assert.equal([...a.replace(/\n$/, '')].length, 120);
  assert.equal(same, a);
  assert.notEqual(other, a);
  // A trained model writes mostly letters and spaces, and real short words.
  assert.ok(/ (the|of|a|to|and|is|in) /.test(a), a);
  assertUsageError(run(['lm', 'sample', '--n', '0']), /n must be an integer in \[1, 5000\]/);
  assertUsageError(run(['lm', 'sample', '--temperature=-1']), /temperature must be/);
  assertUsageError(run(['lm', 'sample', '--act', 'swiglu']), /no pretrained model for swiglu/);
});

test('lm swap: GELU -> ReLU costs loss, fine-tuning recovers some; GELU -> tanh form is free', async () => {
  const [relu, tanh] = await Promise.all([
    swapReluOnce(),
    okMany([['lm', 'swap', '--act', 'gelu_tanh', '--finetune', '0']]),
  ]);
  const r = JSON.parse(relu);
  assert.deepEqual(Object.keys(r), [
    'from',
    'to',
    'finetune',
    'lr',
    'seed',
    'before',
    'after_swap',
    'after_finetune',
    'control',
    'zero_outputs',
  ]);
  assert.equal(r.from, 'gelu');
  assert.ok(r.after_swap > r.before + 0.02, JSON.stringify(r));
  assert.ok(r.after_finetune < r.after_swap, JSON.stringify(r));
  const t = JSON.parse(tanh[0]);
  assert.ok(Math.abs(t.after_swap - t.before) < 1e-3, JSON.stringify(t));
  assert.equal(t.control, t.before);
  assertUsageError(
    run(['lm', 'swap', '--act', 'swiglu', '--finetune', '1']),
    /cannot swap gelu for swiglu/,
  );
  assertUsageError(run(['lm', 'swap', '--act', 'relu']), /--finetune is required/);
  assertUsageError(run(['lm', 'swap', '--act', 'relu', '--finetune=-1']), /--finetune must be/);
  assertUsageError(
    run(['lm', 'swap', '--act', 'relu', '--finetune', '1', '--weights', cli]),
    /--weights: safetensors: the header length \d+ goes beyond the file/,
  );
});

test('lm swap --sample: the three texts, each with its word rate beside its validation loss', async () => {
  const args = [...SWAP_RELU, '--sample', '150'];
  const [[out, again, sampled], plain] = await Promise.all([
    okMany([args, args, ['lm', 'sample', '--prompt', 'The hacker ', '--n', '150', '--seed', '1']]),
    swapReluOnce(),
  ]);
  const r = JSON.parse(out);
  const s = r.samples;
  assert.deepEqual(Object.keys(s), [
    'prompt',
    'n',
    'temperature',
    'seed',
    'pretrained',
    'swapped',
    'finetuned',
  ]);
  assert.deepEqual([s.prompt, s.n, s.temperature, s.seed], ['The hacker ', 150, 0.8, 1]);
  // Each stage's loss is the swap's own number at that stage.
  assert.equal(s.pretrained.val_loss, r.before);
  assert.equal(s.swapped.val_loss, r.after_swap);
  assert.equal(s.finetuned.val_loss, r.after_finetune);
  for (const stage of [s.pretrained, s.swapped, s.finetuned]) {
    assert.deepEqual(Object.keys(stage), ['val_loss', 'word_rate', 'words', 'text']);
    assert.equal([...stage.text].length, 150);
    const rate = wordRate(s.prompt, stage.text, words);
    assert.equal(stage.word_rate, rate.rate);
    assert.equal(stage.words, rate.words);
    assert.ok(stage.words > 10, stage.text);
  }
  // The same prompt and seed, three models: three texts; the first is what `lm sample` writes.
  assert.notEqual(s.swapped.text, s.pretrained.text);
  assert.notEqual(s.finetuned.text, s.swapped.text);
  assert.equal(`${s.pretrained.text}\n`, sampled);
  assert.equal(again, out, 'deterministic');
  // Without --sample the report is as before; its flags alone are refused.
  const before = JSON.parse(plain);
  assert.equal(before.samples, undefined);
  assert.deepEqual({ ...r, samples: undefined }, { ...before, samples: undefined });
  assertUsageError(
    run(['lm', 'swap', '--act', 'relu', '--finetune', '0', '--prompt', 'x']),
    /--prompt and --temperature need --sample N/,
  );
  assertUsageError(
    run(['lm', 'swap', '--act', 'relu', '--finetune', '0', '--sample', '0']),
    /--sample must be an integer in \[1, 5000\]/,
  );
  assertUsageError(
    run(['lm', 'swap', '--act', 'relu', '--finetune', '0', '--sample', '9', '--temperature=-1']),
    /temperature must be/,
  );
});
