// tests/run.sh's runner of the paired browser files: node:test's own run(), which starts the files
// in the order given (the CLI, `node --test FILES`, sorts them by name first, so a long file late
// in the alphabet starts last and leaves the other slot idle at the end). Usage:
//   node tests/e2e/run-in-order.mjs CONCURRENCY FILE...   (exit 1 if any test fails)
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

const [concurrency, ...files] = process.argv.slice(2);
if (!(Number(concurrency) >= 1) || files.length === 0)
  throw new Error('usage: node tests/e2e/run-in-order.mjs CONCURRENCY FILE...');
const stream = run({ files, concurrency: Number(concurrency) });
stream.on('test:fail', () => (process.exitCode = 1));
stream.compose(spec).pipe(process.stdout);
