// Types of the Activation Lab WASM module (wasm/bindings.cpp). Kept in step with
// the bindings by tests/js/module.test.mjs, which checks every name below exists.
// Defaults and ranges are not typed here: ask the module (defaultConfigJson, configLimitsJson).

export type ActivationName = 'relu' | 'gelu' | 'gelu_tanh' | 'silu' | 'identity';
export type Which = 'train' | 'val' | 'test';
export type Status = 'ready' | 'running' | 'done' | 'diverged' | 'invalid';

/** A configuration as JSON; every key is optional, missing keys take the core's defaults. */
export interface Config {
  activation?: ActivationName;
  hidden?: number[];
  lr?: number;
  batch?: number;
  epochs?: number;
  seed?: number;
  n?: number;
  noise?: number;
  data_seed?: number;
  test_fraction?: number;
  val_fraction?: number;
  shuffle?: boolean;
  weight_decay?: number;
}

export interface EpochStats {
  epoch: number;
  train_loss: number;
  train_acc: number;
  val_loss: number | null;
  val_acc: number | null;
}

export interface Metrics { loss: number; acc: number; }

/** One training run (Embind class: call delete() when done). */
export interface Experiment {
  /** Trains one epoch; false when there was nothing left to train (finished, diverged, invalid). */
  step(): boolean;
  epoch(): number;
  status(): Status;
  /** Why the experiment is invalid or diverged; "" otherwise. */
  error(): string;
  configJson(): string;
  lastEpochJson(): string;                 // EpochStats
  historyJson(): string;                   // EpochStats[]
  evaluateJson(which: Which): string;      // Metrics
  /** A view into WASM memory (copy it before the next call): P(class 1), row-major, row 0 = ymin. */
  grid(nx: number, ny: number, xmin: number, xmax: number, ymin: number, ymax: number): Float32Array;
  /** A view into WASM memory: x0, x1, label triples. */
  data(which: Which): Float32Array;
  /** P(class 1) for x0, x1 pairs (a copy). */
  predict(xy: Float32Array): Float32Array;
  /** Swaps the hidden activation, keeping every weight; "" or an error. */
  setActivation(name: ActivationName): string;
  activation(): ActivationName;
  /** Sets the number of epochs to train in total (e.g. to fine-tune after a swap); "" or an error. */
  setEpochs(epochs: number): string;
  /** The weights as a PyTorch nn.Sequential state_dict JSON. */
  stateJson(): string;
  /** Loads such a JSON, validated (names, shapes, finite numbers); "" or an error. */
  loadStateJson(json: string): string;
  delete(): void;
}

export interface ActivationLab {
  activationNames(): string;               // JSON: ActivationName[]
  simdArch(): string;
  /** Bytes currently allocated by malloc inside the module (for leak tests). */
  heapBytesInUse(): number;
  defaultConfigJson(): string;             // Required<Config>
  configLimitsJson(): string;              // allowed ranges, for the UI's own checks
  /** "" when valid, else "field: message (allowed range)". */
  validateConfigJson(json: string): string;
  /** f(x) or f'(x); SIMD kernel or scalar reference. Throws RangeError on an unknown name. */
  evaluate(fn: ActivationName, grad: boolean, scalar: boolean, xs: Float32Array | number[]): Float32Array;
  normalCdf(x: number): number;
  /** Elements per second of a kernel over n floats (best of reps). */
  benchActivation(fn: ActivationName, grad: boolean, scalar: boolean, n: number, reps: number): number;
  /** "" when make_moons accepts (n, noise, seed), else the error. */
  validateMoons(n: number, noise: number, seed: number): string;
  /** scikit-learn's make_moons: x0, x1, label triples. */
  makeMoons(n: number, noise: number, seed: number): Float64Array;
  /** Paired statistics of two equal-length lists as JSON. */
  pairedSummaryJson(aJson: string, bJson: string): string;
  Experiment: { new (configJson: string): Experiment };
}

declare function createActivationLab(options?: { wasmBinary?: ArrayBuffer }): Promise<ActivationLab>;
export default createActivationLab;
