// `activation-lab train --data fashion-mnist`: the image files (IDX, gzipped or not, or the
// subset the build ships) -> the core's ImageExperiment -> today's train JSON. Inflating happens
// here with node:zlib: the WASM core has no zlib and reads raw bytes.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { readBoundedBytes } from './cli-read.mjs';
import { trainToEnd } from './cli-train.mjs';

/** @typedef {import('./activation-lab').ActivationLab} ActivationLab */

export const IMAGE_DATA = 'fashion-mnist';
/**
 * The folder of Fashion-MNIST's four gzipped IDX files that the build, the tests and the bench
 * read: AL_FASHION_MNIST_DIR, else where Debian's dataset-fashion-mnist puts them. (The CLI itself
 * reads --images DIR, else the shipped subset.)
 */
export const IMAGES_DIR = process.env.AL_FASHION_MNIST_DIR || '/usr/share/datasets/fashion-mnist';
/** The four IDX files of --images DIR, in the order ImageExperiment takes them. */
export const IDX_FILES = [
  'train-images-idx3-ubyte',
  'train-labels-idx1-ubyte',
  't10k-images-idx3-ubyte',
  't10k-labels-idx1-ubyte',
];
/** Where the build writes the shipped subset (web/ship/images.mjs). */
export const SUBSET_PATH = join(
  dirname(dirname(fileURLToPath(import.meta.url))),
  'dist',
  'data',
  'fashion-mnist.bin',
);
// Fashion-MNIST's training images are 47 MB inflated; nothing we read is larger.
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * A file's bytes, inflated if it is gzip (magic 1f 8b); `name.gz` is tried after `name`.
 * @param {string} path
 * @param {(text: string) => string} quote  how a message shows a path (the CLI passes the core's
 *   quoteInput)
 * @returns {Uint8Array}
 */
export function readMaybeGzipped(path, quote = JSON.stringify) {
  const found = [path, `${path}.gz`].find((p) => existsSync(p));
  if (!found) throw new Error(`--images: no ${quote(path)} or ${quote(`${path}.gz`)}`);
  // Bounded like every file the CLI reads: /dev/zero or a huge file stops at the limit.
  let raw;
  try {
    raw = readBoundedBytes(found, MAX_BYTES);
  } catch (e) {
    // (Node's code, not its message: the message repeats the path unquoted)
    const reason =
      /** @type {NodeJS.ErrnoException} */ (e)?.code ?? (e instanceof Error ? e.message : e);
    throw new Error(`cannot read ${quote(found)}: ${reason}`);
  }
  let bytes = raw;
  if (raw.length >= 2 && raw[0] === 0x1f && raw[1] === 0x8b) {
    try {
      bytes = gunzipSync(raw, { maxOutputLength: MAX_BYTES });
    } catch (e) {
      throw new Error(
        `${quote(found)}: not a valid gzip file (${e instanceof Error ? e.message : e})`,
      );
    }
  }
  if (bytes.length > MAX_BYTES) throw new Error(`${quote(found)}: larger than ${MAX_BYTES} bytes`);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/**
 * The files ImageExperiment reads: the four IDX files of `dir`, or the shipped subset.
 * @param {string | undefined} dir
 * @param {(text: string) => string} quote  how a message shows a path (the core's quoteInput)
 */
export function imageFiles(dir, quote = JSON.stringify) {
  if (dir !== undefined) return IDX_FILES.map((f) => readMaybeGzipped(join(dir, f), quote));
  if (!existsSync(SUBSET_PATH))
    throw new Error(
      `no shipped image subset (${SUBSET_PATH}): run npm run build with Debian's ` +
        'dataset-fashion-mnist installed, or give --images DIR',
    );
  return [new Uint8Array(readBoundedBytes(SUBSET_PATH, MAX_BYTES))];
}

/**
 * Trains to the end; returns {report, state} or {error}. Records as `train`'s: per epoch
 * train_loss, test_loss, train_acc, test_acc.
 * @param {ActivationLab} M
 * @param {object} config
 * @param {Uint8Array[]} files
 * @param {string} [initJson]
 * @returns {{report: object, state: string} | {error: string}}
 */
export function runImageTraining(M, config, files, initJson) {
  const experiment = new M.ImageExperiment(JSON.stringify(config), files);
  try {
    if (experiment.status() === 'invalid') return { error: experiment.error() };
    if (initJson !== undefined) {
      const error = experiment.loadStateJson(initJson);
      if (error) return { error: `--init: ${error}` };
    }
    return trainToEnd(experiment, [], 0, () => JSON.parse(experiment.lastEpochJson()));
  } finally {
    experiment.delete();
  }
}
