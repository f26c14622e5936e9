// What web/sw.js knows of the build it serves, stamped into its constant lines: VERSION (a hash
// of every shipped file, so any change to the site changes sw.js and the browser notices an
// update), SHELL (the files it precaches) and FILES (each shipped file's own hash, which the
// worker checks every file it caches against, so that a page of one version never receives, nor
// caches, a file of the next one deployed at the same origin).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { walk } from './file-bundle.mjs';
import { stampConstants } from './stamp.mjs';

/** Hex digits kept of a file's SHA-256: what sw.js compares (64 bits tell two versions apart). */
export const FILE_HASH_DIGITS = 16;

/**
 * The version and each file's hash of the site in `out` (sw.js itself excluded: it holds them).
 * @param {string} out
 */
export async function siteHashes(out) {
  const files = (await walk(out)).filter((f) => f !== 'sw.js');
  const version = createHash('sha256');
  /** @type {Record<string, string>} */
  const hashes = {};
  for (const file of files) {
    const bytes = await readFile(join(out, file));
    version.update(file).update(bytes);
    hashes[file] = createHash('sha256').update(bytes).digest('hex').slice(0, FILE_HASH_DIGITS);
  }
  return { files, version: version.digest('hex').slice(0, 12), hashes };
}

/**
 * Replaces the lines `const NAME = …;` of out/sw.js by the values given, as JSON.
 * @param {string} out
 * @param {{VERSION?: string, SHELL?: string[], FILES?: Record<string, string>}} values
 */
export const stampServiceWorker = (out, values) => stampConstants(join(out, 'sw.js'), values);
