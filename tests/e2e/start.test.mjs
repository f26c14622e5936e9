// `npm start` on a fresh clone (issue 25), the pieces that can be tried without a fresh machine:
// web/build.mjs names a missing npm package in one line (no import error first), wasm/build.sh
// refuses an unknown option, and toolchain.sh's al_ensure_node_modules runs `npm ci` exactly
// when node_modules lacks a dependency. (serve.mjs --cors: embed-failure.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dist } from './helpers.mjs';
import { root } from './publish-helpers.mjs';

test('web/build.mjs without node_modules/katex: one line naming it, exit 2', async () => {
  const tmp = await mkdtemp(join(tmpdir(), 'al-fresh-'));
  try {
    // web/ and wasm/ (the build and what it imports: the pictures run the CLI's study), in a
    // checkout without node_modules.
    for (const dir of ['web', 'wasm'])
      await cp(join(root, dir), join(tmp, dir), { recursive: true });
    const r = spawnSync(
      process.execPath,
      [join(tmp, 'web', 'build.mjs'), '--wasm-dir', join(dist, 'wasm')],
      { encoding: 'utf8', env: { ...process.env, NODE_PATH: '' } },
    );
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /^web\/build\.mjs: node_modules\/katex is missing \(run npm ci/);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});

test('wasm/build.sh: an unknown option is refused before anything is built', () => {
  const r = spawnSync('bash', [join(root, 'wasm', 'build.sh'), '--sight'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.equal(r.stderr.trim(), 'wasm/build.sh: unknown option --sight (known: --site)');
});

test('al_ensure_node_modules runs npm ci when a dependency is missing, and only then', async () => {
  const tmp = await mkdtemp(join(tmpdir(), 'al-deps-'));
  try {
    await writeFile(join(tmp, 'package.json'), '{"devDependencies": {"katex": "1", "left": "2"}}');
    // A stand-in npm that records how it was called.
    await mkdir(join(tmp, 'bin'));
    await writeFile(join(tmp, 'bin', 'npm'), `#!/bin/sh\necho "$@" >> "${tmp}/npm.log"\n`);
    await chmod(join(tmp, 'bin', 'npm'), 0o755);
    const run = () =>
      spawnSync(
        'bash',
        ['-c', `source "${join(root, 'wasm', 'toolchain.sh')}" && al_ensure_node_modules "${tmp}"`],
        { encoding: 'utf8', env: { ...process.env, PATH: `${tmp}/bin:${process.env.PATH}` } },
      );
    await mkdir(join(tmp, 'node_modules', 'katex'), { recursive: true });
    await writeFile(join(tmp, 'node_modules', 'katex', 'package.json'), '{}');
    let r = run(); // "left" is missing
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /installing the npm dependencies \(npm ci\)/);
    assert.equal((await readFile(join(tmp, 'npm.log'), 'utf8')).trim(), 'ci --no-audit --no-fund');
    await mkdir(join(tmp, 'node_modules', 'left'));
    await writeFile(join(tmp, 'node_modules', 'left', 'package.json'), '{}');
    await rm(join(tmp, 'npm.log'));
    r = run();
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
    await assert.rejects(readFile(join(tmp, 'npm.log')), 'npm not called when all are there');
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});
