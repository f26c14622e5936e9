// The data files every worker of a figure needs, fetched once per page however many workers train
// on them, and handed to each worker with its first request: the image subset the build writes
// (web/ship/images.mjs; data/fashion-mnist.bin, 7.85 MB), for the images figure and the many-seeds
// study on images, and the Transformer's corpus, for the many-seeds studies of the Transformer. So a
// press of Train costs one download, not one per worker. A failed fetch is forgotten, so the next
// press tries again.
import { LM_FILES, scratchText } from './lm-config.js';
import { fetchBytes, fetchData } from './worker-error.js';

/** Where the workers' files are: beside the page's js/ (dist/data/). */
const BASE = new URL('../../', import.meta.url);

/**
 * `load` run once per page: its promise, kept, unless it rejects.
 * @template T
 * @param {() => Promise<T>} load
 * @returns {() => Promise<T>}
 */
function oncePerPage(load) {
  /** @type {Promise<T> | undefined} */
  let kept;
  return () =>
    (kept ??= load().catch((err) => {
      kept = undefined;
      throw err;
    }));
}

const subset = oncePerPage(() => fetchBytes('data/fashion-mnist.bin', BASE));

/**
 * A fresh copy of the subset's bytes, its buffer the caller's to transfer: the page keeps the
 * original for the next worker, and a transfer moves the copy without a second one.
 */
export const subsetCopy = async () => (await subset()).slice();

/**
 * The from-scratch corpus (lm-config.js scratchText of data/jargon.txt). A string cannot be
 * transferred: each worker gets its own structured-clone copy (400 K characters), a copy in
 * memory rather than a download.
 */
export const lmCorpus = oncePerPage(() => fetchData(LM_FILES.corpus, BASE).then(scratchText));
