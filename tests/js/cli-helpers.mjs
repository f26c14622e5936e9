// Running the CLI (wasm/cli.mjs) from the tests, and its contract for refusals (wasm/README.md): one
// line on stderr, exit code 2, nothing on stdout. (Not a test file: node --test picks only
// *.test.mjs and the like.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const cli = fileURLToPath(new URL('../../wasm/cli.mjs', import.meta.url));

/**
 * Runs the CLI with `args` and `input` on its stdin: { status, stdout, stderr } as text.
 * @param {string[]} args
 */
export const runCli = (args, input = '') =>
  spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8' });

/**
 * A refusal as the contract says: exit code 2, nothing on stdout, one line on stderr that
 * matches `pattern`.
 * @param {{status: number | null, stdout: string, stderr: string}} r
 * @param {RegExp} pattern
 */
export function assertUsageError(r, pattern) {
  assert.equal(r.status, 2, `exit code, stderr: ${r.stderr}`);
  assert.equal(r.stdout, '', 'nothing on stdout');
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line on stderr: ${r.stderr}`);
  assert.match(lines[0], pattern);
}
