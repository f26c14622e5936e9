// The images figure's worker (images/image-worker.js, one per activation for images.js): the
// messages they exchange over the page's one worker protocol (shared/worker-client.js,
// shared/worker-serve.js). Types for TypeScript's checker in JSDoc mode, not shipped.
import type { ImagePredictions } from '../../../wasm/activation-lab';

/** One epoch's numbers (the core's lastEpochJson). */
export interface ImageEpoch {
  epoch: number;
  train_loss: number;
  test_loss: number;
  train_acc: number;
  test_acc: number;
}

/** train's progress, once per epoch. */
export interface ImageProgress {
  epoch: ImageEpoch;
}

/** train's result: one finished run (one activation, one seed). */
export interface ImageRunResult {
  last: ImageEpoch;
  /** The core's guess for every test image, in file order. */
  predictions: ImagePredictions;
  /** The images the gallery shows (image-stats.js galleryIndices) and their pixels (0..255). */
  gallery: { indices: number[]; pixels: Uint8Array[] };
}
