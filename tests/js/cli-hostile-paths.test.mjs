// Issue 28: the CLI shows file paths and flags as the core shows any input (control and bidi
// characters escaped, as U+001B and U+202E), and eval reads stdin no further than its bound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertUsageError as refused, cli, runCli as run } from './cli-helpers.mjs';

test('paths and flags with control or bidi characters are shown escaped in every refusal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'al-paths-'));
  try {
    // ESC [31m would turn the terminal red; U+202E would show the rest of the line reversed.
    const bad = join(dir, '\u001b[31mx\u202eab');
    const cases = [
      ['train', '--init', bad],
      ['train', '--epochs', '1', '--n', '50', '--save', join(bad, 'out.json')],
      ['train', '--data', 'fashion-mnist', '--images', bad],
      ['lm', 'sample', '--weights', bad],
      ['lm', 'train', '--steps', '1', '--text', bad],
      ['lm', 'train', '--steps', '1', '--init', bad],
      ['\u001b[31mtrain\u202e'],
      ['train', '--\u001b[31mx\u202e'],
      ['train', '--epochs', '1', 'x\u001b[31m\u202e'],
    ];
    for (const args of cases) {
      const r = run(args);
      refused(r, /U\+001B\[31m.*U\+202E/);
      // (one line: no control character but its final newline, no bidi override)
      const raw = [...r.stderr.trimEnd()].filter(
        (c) => c < ' ' || c === '\u007f' || (c >= '\u202a' && c <= '\u202e'),
      );
      assert.deepEqual(raw, [], args.join(' '));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('eval stops reading stdin at its bound: an endless stream ends with one line', async () => {
  const child = spawn(process.execPath, [cli, 'eval', '--fn', 'gelu'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '',
    stderr = '',
    written = 0,
    open = true;
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.on('error', () => (open = false)); // EPIPE once the CLI has stopped reading
  const exited = new Promise((ok) => child.on('close', (code) => ((open = false), ok(code))));
  const chunk = Buffer.from('0.5 '.repeat(1 << 16)); // 256 kB of valid numbers
  const LIMIT = 64 * 2 ** 20; // four times the bound: a CLI still reading then reads it all
  while (open && written < LIMIT) {
    written += chunk.length;
    if (!child.stdin.write(chunk))
      await new Promise((ok) => {
        child.stdin.once('drain', ok);
        child.once('close', ok);
      });
  }
  child.stdin.destroy();
  if (written >= LIMIT) child.kill(); // (before the fix it went on to gigabytes)
  const code = await exited;
  assert.ok(written < LIMIT, `the CLI was still reading after ${written} bytes`);
  refused(
    { status: code, stdout, stderr },
    /^activation-lab: eval: cannot read stdin: larger than \d+ bytes$/,
  );
});
