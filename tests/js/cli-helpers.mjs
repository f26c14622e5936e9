// Running the CLI (wasm/cli.mjs) from the tests, and its contract for refusals (wasm/README.md): one
// line on stderr, exit code 2, nothing on stdout. (Not a test file: node --test picks only
// *.test.mjs and the like.)
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runCli as runCliCommands } from '../../wasm/cli-run.mjs';

export const cli = fileURLToPath(new URL('../../wasm/cli.mjs', import.meta.url));

/**
 * Runs the CLI with `args` and `input` on its stdin: { status, stdout, stderr } as text.
 * @param {string[]} args
 */
export const runCli = (args, input = '') =>
  spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8' });

/**
 * runCli's answer computed in this process, by the function the executable calls (wasm/cli-run.mjs)
 * with the module loaded once: for a test that asks the CLI many questions about its flags, each
 * of which would otherwise start Node and load the module (a quarter of a second of a core here).
 * The executable's own part, writing the answer and setting the exit code, is what runCli tests.
 * @param {string[]} args
 * @param {string} [input]  eval's stdin
 */
export const runCliHere = (args, input) => runCliCommands(args, { input });

/**
 * runCliHere for many runs ({args, input}), one after another; their results in the same order.
 * @param {{args: string[], input?: string}[]} runs
 */
export async function runCliHereMany(runs) {
  const results = [];
  for (const { args, input } of runs) results.push(await runCliHere(args, input));
  return results;
}

/**
 * runCli for many independent runs ({args, input}), as many at a time as there are cores (each
 * run is one Node process that loads the module: seconds in a row, a fraction side by side).
 * Resolves to their results in the same order.
 * @param {{args: string[], input?: string}[]} runs
 * @returns {Promise<{status: number | null, stdout: string, stderr: string}[]>}
 */
export async function runCliMany(runs, limit = availableParallelism()) {
  /** @type {{status: number | null, stdout: string, stderr: string}[]} */
  const results = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < runs.length; i = next++)
      results[i] = await runCliAsync(runs[i].args, runs[i].input);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, runs.length)) }, lane));
  return results;
}

/**
 * @param {string[]} args
 * @returns {Promise<{status: number | null, stdout: string, stderr: string}>}
 */
function runCliAsync(args, input = '') {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cli, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
    child.stdin.on('error', () => {}); // a run that exits before reading all its input
    child.stdin.end(input);
  });
}

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
