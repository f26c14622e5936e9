// The image subset the build writes (web/ship/images.mjs; data/fashion-mnist.bin, 7.85 MB),
// fetched once per page however many workers train on it: each worker is handed its own copy,
// transferred rather than cloned, so a Train press of three networks costs one download, not three.
// A failed fetch is forgotten, so the next press tries again.
import { fetchBytes } from '../shared/worker-error.js';

const SUBSET = 'data/fashion-mnist.bin';

/** @type {Promise<Uint8Array> | undefined} */
let bytes;

/** A fresh copy of the subset's bytes (its buffer is the caller's to transfer). */
export async function subsetCopy() {
  bytes ??= fetchBytes(SUBSET, new URL('../../', import.meta.url)).catch((err) => {
    bytes = undefined;
    throw err;
  });
  return (await bytes).slice();
}
