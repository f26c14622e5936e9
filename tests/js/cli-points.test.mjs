// `train --data FILE.csv` (issue 29): the CLI reads a file of points through the core's CSV reader,
// so it trains on exactly the points the page would, and refuses the same files with the same
// message as pointsFromCsvJson (one table of texts); hostile files end with one line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadModule } from '../../wasm/module.mjs';
import { runTraining } from '../../wasm/cli-train.mjs';
import { assertUsageError, runCli as run, runCliHereMany } from './cli-helpers.mjs';

const M = await loadModule();
const dir = mkdtempSync(join(tmpdir(), 'al-points-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** `text` in a file of the temporary folder. @param {string} name @param {string | Buffer} text */
function file(name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The report without its timing. @param {string} stdout */
const untimed = (stdout) => {
  const { seconds, ...rest } = JSON.parse(stdout);
  assert.ok(seconds >= 0);
  return rest;
};

test('train --data FILE.csv trains on the file moons wrote: the same epochs as those points in a config', () => {
  const moons = run(['moons', '--n', '120', '--noise', '0.2', '--seed', '5']);
  assert.equal(moons.status, 0, moons.stderr);
  const path = file('moons.csv', moons.stdout);
  const flags = ['--epochs', '3', '--hidden', '8,8', '--data-seed', '5', '--val-fraction', '0.1'];
  const r = run(['train', '--data', path, ...flags]);
  assert.equal(r.status, 0, r.stderr);
  const fromFile = untimed(r.stdout);
  assert.equal(fromFile.config.dataset, 'custom');
  assert.equal(fromFile.config.n, 120);
  assert.equal(fromFile.epochs.length, 3);
  // The same points given in the config, trained in this process.
  const points = JSON.parse(M.pointsFromCsvJson(moons.stdout)).points;
  const config = { dataset: 'custom', points, epochs: 3, hidden: [8, 8], data_seed: 5 };
  const inProcess = runTraining(M, { ...config, val_fraction: 0.1 });
  assert.ok('report' in inProcess);
  const { seconds, ...report } = /** @type {any} */ (inProcess.report);
  assert.ok(seconds >= 0);
  assert.deepEqual(fromFile, report);
  // And they are the generated set itself: --data moons with its n, noise and seed.
  const generated = untimed(
    run(['train', '--data', 'moons', '--n', '120', '--noise', '0.2', ...flags]).stdout,
  );
  assert.deepEqual(fromFile.epochs, generated.epochs);
  assert.deepEqual(fromFile.final, generated.final);
});

test('train --data FILE.csv reads what spreadsheets write: lone CR line ends, quoted decimal commas', () => {
  const moons = run(['moons', '--n', '40', '--noise', '0.2', '--seed', '3']);
  assert.equal(moons.status, 0, moons.stderr);
  const rows = moons.stdout.trim().split('\n').slice(1);
  const cr = `x0,x1,label\r${rows.join('\r')}\r`;
  const quoted = `"x0";"x1";"label"\r\n${rows
    .map((r) =>
      r
        .split(',')
        .map((v) => `"${v.replace('.', ',')}"`)
        .join(';'),
    )
    .join('\r\n')}\r\n`;
  const flags = ['--epochs', '2', '--hidden', '4', '--data-seed', '3'];
  const want = untimed(run(['train', '--data', file('lf.csv', moons.stdout), ...flags]).stdout);
  for (const [name, text] of [
    ['cr.csv', cr],
    ['quoted.csv', quoted],
  ]) {
    const r = run(['train', '--data', file(name, text), ...flags]);
    assert.equal(r.status, 0, `${name}: ${r.stderr}`);
    assert.deepEqual(untimed(r.stdout), want, name);
  }
});

// Texts the reader refuses: the CLI says what pointsFromCsvJson says, after the quoted path.
const BAD = [
  '',
  'x0,x1,label\n',
  'x0,x1,label\n0,0,0\n1,1,1\n',
  '0,0\n',
  '0,0,0,0\n',
  '0,zero,1\n',
  'x,y,label\n0,0,1\n',
  '0,0,0.5\n',
  '0,0,-1\n',
  '0,inf,1\n',
  'nan,0,1\n',
  '11,0,1\n',
  '\u0000\u0001\u0002,\u001b[31m,1\n',
  '0.5,0.5,1\n'.repeat(12),
  'x0,x1,label\n' + '0.25,0.5,0\n0.5,0.25,1\n'.repeat(1001),
  '1;2;0\n'.repeat(20),
];

test('the CLI and pointsFromCsvJson refuse the same texts with the same messages', async () => {
  const paths = BAD.map((text, i) => file(`bad-${i}.csv`, text));
  const runs = await runCliHereMany(
    paths.map((path) => ({ args: ['train', '--data', path, '--epochs', '1'] })),
  );
  BAD.forEach((text, i) => {
    const want = JSON.parse(M.pointsFromCsvJson(text)).error;
    assert.equal(typeof want, 'string', JSON.stringify(text));
    assert.ok(!want.includes('\n'));
    assertUsageError(runs[i], /./);
    assert.equal(
      runs[i].stderr,
      `activation-lab: train: --data ${M.quoteInput(paths[i])}: ${want}\n`,
    );
  });
  // And a good text is accepted by both.
  const good = '0,0,0\n1,1,1\n'.repeat(5);
  assert.ok(JSON.parse(M.pointsFromCsvJson(good)).points);
  assert.equal(run(['train', '--data', file('good.csv', good), '--epochs', '1']).status, 0);
});

test('hostile files end with one line, exit 2 and bounded memory', () => {
  const max = JSON.parse(M.configLimitsJson()).points.csv_max_bytes;
  const tooLarge = `the file is larger than ${max} bytes`;
  assert.deepEqual(JSON.parse(M.pointsFromCsvJson('\n'.repeat(max + 1))), { error: tooLarge });
  const huge = file('huge.csv', '0,0,0\n'.repeat(1e6)); // 6 MB, a million lines
  const binary = file(
    'binary.csv',
    Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 97) % 256)),
  );
  mkdirSync(join(dir, 'folder.csv'));
  const cases = [
    ['/dev/zero', new RegExp(`^activation-lab: train: --data '/dev/zero': ${tooLarge}$`)],
    [huge, new RegExp(`: ${tooLarge}$`)],
    [binary, /^activation-lab: train: --data '.*binary\.csv': line \d+: /],
    [join(dir, 'folder.csv'), /^activation-lab: --data: cannot read '.*folder\.csv': EISDIR$/],
    [join(dir, 'none.csv'), /^activation-lab: --data: cannot read '.*none\.csv': ENOENT$/],
  ];
  for (const [path, message] of cases) assertUsageError(run(['train', '--data', path]), message);
});

test("--data FILE.csv refuses the generators' flags; set names stay set names", () => {
  const path = file('flags.csv', '0,0,0\n1,1,1\n'.repeat(5));
  for (const flag of ['--n', '--noise', '--factor'])
    assertUsageError(
      run(['train', '--data', path, flag, '1']),
      new RegExp(`^activation-lab: train: ${flag} does not apply to --data FILE\\.csv`),
    );
  assertUsageError(
    run(['train', '--data', 'custom']),
    /^activation-lab: train: --data custom takes its points from a file: --data FILE\.csv$/,
  );
  assertUsageError(run(['train', '--data', 'iris']), /dataset must be one of moons, .*custom/);
});
