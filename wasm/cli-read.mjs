// The CLI's one way to read a file: at most `maxBytes` bytes are ever read, so `--text /dev/zero`
// or a 10 GB file ends with one line (exit 2) and bounded memory instead of filling the RAM.
// The limits are the core's (what it would refuse after reading anyway).
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK = 1 << 20;

export class FileTooLarge extends Error {}

/**
 * readSync that waits when a pipe has nothing yet (stdin can be non-blocking: EAGAIN).
 * @param {number} fd
 * @param {Buffer} chunk
 */
function readSome(fd, chunk) {
  for (;;) {
    try {
      return readSync(fd, chunk, 0, chunk.length, null);
    } catch (e) {
      if (/** @type {NodeJS.ErrnoException} */ (e).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5); // 5 ms, then again
    }
  }
}

/**
 * The file's bytes (`path`, or an open descriptor such as 0 for stdin, left open); throws
 * FileTooLarge past maxBytes, or Node's error (ENOENT, EISDIR...).
 * @param {string | number} path
 * @param {number} maxBytes
 * @returns {Buffer}
 */
export function readBoundedBytes(path, maxBytes) {
  const fd = typeof path === 'number' ? path : openSync(path, 'r');
  try {
    /** @type {Buffer[]} */
    const chunks = [];
    let total = 0;
    for (;;) {
      // One byte past the limit is enough to know the file is too large.
      const want = Math.min(CHUNK, maxBytes + 1 - total);
      const chunk = Buffer.allocUnsafe(want);
      const got = readSome(fd, chunk);
      if (got === 0) break;
      chunks.push(got === want ? chunk : chunk.subarray(0, got));
      total += got;
      if (total > maxBytes) throw new FileTooLarge(`larger than ${maxBytes} bytes`);
    }
    return Buffer.concat(chunks, total);
  } finally {
    if (fd !== path) closeSync(fd);
  }
}

/**
 * The file as UTF-8 text, read as readBoundedBytes reads it.
 * @param {string | number} path
 * @param {number} maxBytes
 */
export const readBounded = (path, maxBytes) => readBoundedBytes(path, maxBytes).toString('utf8');
