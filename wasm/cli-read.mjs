// The CLI's one way to read a file: at most `maxBytes` bytes are ever read, so `--text /dev/zero`
// or a 10 GB file ends with one line (exit 2) and bounded memory instead of filling the RAM.
// The limits are the core's (what it would refuse after reading anyway).
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK = 1 << 20;

export class FileTooLarge extends Error {}

/**
 * The file's bytes; throws FileTooLarge past maxBytes, or Node's error (ENOENT, EISDIR...).
 * @param {string} path
 * @param {number} maxBytes
 * @returns {Buffer}
 */
export function readBoundedBytes(path, maxBytes) {
  const fd = openSync(path, 'r');
  try {
    /** @type {Buffer[]} */
    const chunks = [];
    let total = 0;
    for (;;) {
      // One byte past the limit is enough to know the file is too large.
      const want = Math.min(CHUNK, maxBytes + 1 - total);
      const chunk = Buffer.allocUnsafe(want);
      const got = readSync(fd, chunk, 0, want, null);
      if (got === 0) break;
      chunks.push(got === want ? chunk : chunk.subarray(0, got));
      total += got;
      if (total > maxBytes) throw new FileTooLarge(`larger than ${maxBytes} bytes`);
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/**
 * The file as UTF-8 text, read as readBoundedBytes reads it.
 * @param {string} path
 * @param {number} maxBytes
 */
export const readBounded = (path, maxBytes) => readBoundedBytes(path, maxBytes).toString('utf8');
