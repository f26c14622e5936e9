// The pictures' runs train real networks (seconds per build); their results follow from the
// picture's script (its settings live there, with what it imports), the core's bytes and the data
// files it reads, and nothing else. So each run is kept in build/picture-runs/, under a hash of
// those inputs, and a build whose inputs did not change draws from the kept result. A changed
// input is a new hash, so a stale result is never read; AL_PICTURES_FRESH=1 runs every one again.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const RUN_CACHE_DIR = join(root, 'build', 'picture-runs');

/**
 * The module at `file` and every module it imports by a relative path, transitively: their
 * absolute paths, sorted (a script's settings may live in what it imports, e.g. js/…/settings.js;
 * modules its JSDoc types name are counted too, which at worst runs a picture once more).
 * @param {string} file
 * @param {Set<string>} [seen]
 */
export function moduleGraph(file, seen = new Set()) {
  if (seen.has(file)) return [...seen].sort();
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const path = resolve(dirname(file), spec);
    if (existsSync(path)) moduleGraph(path, seen); // (a JSDoc type import names a .d.ts without it)
  }
  return [...seen].sort();
}

/**
 * Every file under `path` (or `path` itself), sorted; none when it does not exist.
 * @param {string} path
 * @returns {string[]}
 */
export function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/**
 * The key of one run: a hash of its name and of the bytes of each input file with its path.
 * @param {string} name
 * @param {string[]} inputs absolute paths
 */
export function runKey(name, inputs) {
  const hash = createHash('sha256').update(name);
  for (const file of inputs) hash.update(`\0${file}\0`).update(readFileSync(file));
  return hash.digest('hex').slice(0, 20);
}

/**
 * run()'s result, from the cache when a run with this key is kept there, else run now and kept
 * (only when JSON gives it back whole: a result with NaN or a typed array is run every time).
 * @template T
 * @param {{name: string, key: string, dir?: string, fresh?: boolean}} where
 * @param {() => T | Promise<T>} run
 * @returns {Promise<{result: T, cached: boolean}>}
 */
export async function cachedRun(
  { name, key, dir = RUN_CACHE_DIR, fresh = process.env.AL_PICTURES_FRESH === '1' },
  run,
) {
  const file = join(dir, `${name}.${key}.json`);
  if (!fresh && existsSync(file))
    return { result: JSON.parse(await readFile(file, 'utf8')), cached: true };
  const result = await run();
  const text = JSON.stringify(result);
  if (text !== undefined && isDeepStrictEqual(JSON.parse(text), result)) {
    await mkdir(dir, { recursive: true });
    for (const old of readdirSync(dir).filter((f) => f.startsWith(`${name}.`)))
      await rm(join(dir, old)); // the same run under older inputs: never read again
    await writeFile(file, text);
  }
  return { result, cached: false };
}
