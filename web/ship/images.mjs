// The image subset the page trains on (the images figure, the many-seeds study on images): the
// first N training and M test images of Fashion-MNIST (Debian's dataset-fashion-mnist, MIT
// licence; IMAGES_DIR), in file order, written by the core (makeImageSubset, idx.hpp) into
// dist/data/fashion-mnist.bin. Without the files the build says so in one line and skips the
// subset; the figures that train on it then tell a reader who starts a run that it did not load
// (worker-error.js dataFailed).
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { IMAGES_DIR } from '../../wasm/cli-images.mjs';

export { IMAGES_DIR };
export const SUBSET_FILE = join('data', 'fashion-mnist.bin');
const N_TRAIN = 8000;
const N_TEST = 2000;
const FILES = [
  'train-images-idx3-ubyte.gz',
  'train-labels-idx1-ubyte.gz',
  't10k-images-idx3-ubyte.gz',
  't10k-labels-idx1-ubyte.gz',
];

/**
 * The subset file's bytes, the first nTrain and nTest images of Debian's files, made by the core
 * M; null when the files are absent (the line shipImages prints says which).
 * @param {import('../../wasm/activation-lab').ActivationLab} M
 * @param {number} nTrain
 * @param {number} nTest
 */
export function makeSubset(M, nTrain, nTest) {
  const paths = FILES.map((f) => join(IMAGES_DIR, f));
  if (paths.some((p) => !existsSync(p))) return null;
  const files = paths.map((p) => new Uint8Array(gunzipSync(readFileSync(p))));
  return M.makeImageSubset(files, nTrain, nTest);
}

/**
 * Writes the subset into `out` with the core built there; returns the line the build prints.
 * @param {string} out the dist folder
 * @returns {Promise<string>}
 */
export async function shipImages(out) {
  const absent = FILES.map((f) => join(IMAGES_DIR, f)).find((p) => !existsSync(p));
  if (absent) return `no ${absent} (apt-get install dataset-fashion-mnist): image subset skipped`;
  const mod = await import(pathToFileURL(join(out, 'wasm', 'activation-lab.mjs')).href);
  /** @type {import('../../wasm/activation-lab').ActivationLab} */
  const M = await mod.default();
  const subset = /** @type {Uint8Array} */ (makeSubset(M, N_TRAIN, N_TEST));
  await mkdir(join(out, 'data'), { recursive: true });
  await writeFile(join(out, SUBSET_FILE), subset);
  return `image subset ${SUBSET_FILE}: ${N_TRAIN} + ${N_TEST} images, ${subset.length} bytes`;
}
