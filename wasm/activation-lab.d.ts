// Types of the Activation Lab WASM module (wasm/bindings.cpp). Kept in step with
// the bindings by tests/js/module.test.mjs, which checks every name below exists.
// Defaults and ranges are not typed here: ask the module (defaultConfigJson, configLimitsJson).

/** The activations a model is built with (activationNames(): the menus). */
export type ActivationName = 'relu' | 'gelu' | 'gelu_tanh' | 'silu' | 'elu' | 'identity';
/** GELU's parts (src/activation.hpp): x > 0 ? GELU(x) : 0, and x > 0 ? x : GELU(x). Kernels that
 *  evaluate() knows and a trained Transformer's FFN can be swapped to; never a model's menu item. */
export type GeluPartName = 'gelu_no_negative' | 'gelu_linear_positive';
export type Which = 'train' | 'val' | 'test';
export type Status = 'ready' | 'running' | 'done' | 'diverged' | 'invalid';
export type DataSetName = 'moons' | 'circles' | 'xor' | 'checkerboard' | 'spirals' | 'custom';
/** One point of a data set: x0, x1, label (0 or 1). */
export type Point = [number, number, number];
export type InitName = 'default' | 'he';
export type NormName = 'none' | 'layer';

/** A configuration as JSON; every key is optional, missing keys take the core's defaults. */
export interface Config {
  activation?: ActivationName;
  /** Widths, or text: "64,64", "32x16" (16 layers of 32), "64,32x2"; configJson() gives an array. */
  hidden?: number[] | string;
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
  dataset?: DataSetName;
  /** circles only: the inner circle's radius. */
  factor?: number;
  init?: InitName;
  norm?: NormName;
  /** Per-layer statistics in every epoch record (EpochStats.layers). */
  diagnostics?: boolean;
  /**
   * dataset 'custom' only, and required by it: the data, in this order (n is their number;
   * noise and factor do not apply). Limits: configLimitsJson().points.
   */
  points?: Point[];
}

/** Statistics of one hidden layer on the training set (src/mlp/diagnostics.hpp). */
export interface LayerStats {
  pre_std: number;
  dead_fraction: number;
  grad_norm: number;
  cos_sim: number | null;
}

export interface EpochStats {
  epoch: number;
  train_loss: number;
  train_acc: number;
  val_loss: number | null;
  val_acc: number | null;
  /** The first epoch whose train accuracy was >= 0.95, or null (not yet). */
  reached_95: number | null;
  /** One per hidden layer, only when the config has diagnostics: true. */
  layers?: LayerStats[];
}

export interface Metrics {
  loss: number;
  acc: number;
}

/** One training run (Embind class: call delete() when done). */
export interface Experiment {
  /** Trains one epoch; false when there was nothing left to train (finished, diverged, invalid). */
  step(): boolean;
  /**
   * At most `budget` rows of work (at least one chunk: ≤ 512 rows, fewer for large networks), so
   * that a worker answers its messages between calls; true when this call recorded an epoch.
   * Slicing never changes the result.
   */
  advance(budget: number): boolean;
  /** Fraction of the current epoch's work done, in [0, 1). */
  epochProgress(): number;
  /** Drops a partly trained epoch: weights and optimiser back to the last recorded epoch. */
  cancelEpoch(): void;
  epoch(): number;
  status(): Status;
  /** Why the experiment is invalid or diverged; "" otherwise. */
  error(): string;
  configJson(): string;
  lastEpochJson(): string; // EpochStats
  historyJson(): string; // EpochStats[]
  evaluateJson(which: Which): string; // Metrics
  /** evaluateJson in pieces: begin, continue (≤ budget rows per call) until true, then the JSON. */
  beginEvaluation(which: Which): void;
  continueEvaluation(budget: number): boolean;
  evaluationJson(): string; // Metrics, equal to evaluateJson's
  /** A view into WASM memory (copy it before the next call): P(class 1), row-major, row 0 = ymin. */
  grid(
    nx: number,
    ny: number,
    xmin: number,
    xmax: number,
    ymin: number,
    ymax: number,
  ): Float32Array;
  /** A view into WASM memory (copy it before the next call): per cell, a hash of which hidden
   * units are on (pre-activation > 0); cells with equal hashes share a linear piece. Same grid. */
  patternGrid(
    nx: number,
    ny: number,
    xmin: number,
    xmax: number,
    ymin: number,
    ymax: number,
  ): Uint32Array;
  /** LayerStats[] of the current weights (before the first step: at init). */
  diagnosticsJson(): string;
  /** The same grid in pieces: fills cells [first, first + count) and returns the view of all of it. */
  gridCells(
    nx: number,
    ny: number,
    xmin: number,
    xmax: number,
    ymin: number,
    ymax: number,
    first: number,
    count: number,
  ): Float32Array;
  /**
   * A view into WASM memory (copy it before the next call): the neuron maps of hidden layer
   * `layer` (0-based), the output of each unit (after its LayerNorm and activation) at each cell
   * of grid()'s grid; unit-major: value [u * nx * ny + k] is unit u at cell k (grid()'s order).
   * Length width(layer) × nx × ny (at most 2^22). One batched forward pass up to that layer.
   * RangeError for a bad layer or grid.
   */
  neuronMaps(
    layer: number,
    nx: number,
    ny: number,
    xmin: number,
    xmax: number,
    ymin: number,
    ymax: number,
  ): Float32Array;
  /** The same maps in pieces (as gridCells): cells [first, first + count) of every unit. */
  neuronMapsCells(
    layer: number,
    nx: number,
    ny: number,
    xmin: number,
    xmax: number,
    ymin: number,
    ymax: number,
    first: number,
    count: number,
  ): Float32Array;
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

// ---- Images (src/mlp/image_experiment.hpp): Fashion-MNIST, 10 classes ----

/** Keys of an image run's config (src/mlp/image_config.hpp); ranges: imageConfigLimitsJson. */
export interface ImageConfig {
  dataset?: 'fashion-mnist';
  activation?: ActivationName;
  hidden?: number[] | string;
  dropout?: number;
  lr?: number;
  batch?: number;
  epochs?: number;
  seed?: number;
  n_train?: number;
  n_test?: number;
  shuffle?: boolean;
  init?: 'default' | 'he';
}

/** predictionsJson's answer: per image its class, the arg-max guess and that guess's probability. */
export interface ImagePredictions {
  first: number;
  labels: number[];
  guesses: number[];
  probabilities: number[];
}

export interface ImageExperiment {
  /** Trains one epoch; false when done, diverged or invalid. */
  step(): boolean;
  /** As Experiment's: at most `budget` rows of work; true when this call recorded an epoch. */
  advance(budget: number): boolean;
  /** Fraction of the current epoch's work done, in [0, 1). */
  epochProgress(): number;
  /** Drops a partly trained epoch: weights and optimiser back to the last recorded epoch. */
  cancelEpoch(): void;
  epoch(): number;
  status(): 'ready' | 'running' | 'done' | 'diverged' | 'invalid';
  error(): string;
  configJson(): string;
  /** JSON {epoch, train_loss, test_loss, train_acc, test_acc} or "null". */
  lastEpochJson(): string;
  evaluateJson(which: 'train' | 'test'): string; // {loss, acc}
  stateJson(): string;
  loadStateJson(json: string): string;
  /**
   * Test images first .. first + count - 1 under the current weights (dropout off), JSON
   * ImagePredictions; RangeError when first + count > n_test or either is not whole.
   */
  predictionsJson(first: number, count: number): string;
  /** The pixels (0..255, 28 × 28 row-major) of test image i < n_test. */
  testPixels(i: number): Uint8Array;
  /** Tests: dropout masks [pass][hidden layer][unit] (0/1) for the coming training passes. */
  injectDropoutMasksJson(json: string): string;
  delete(): void;
}

// ---- The character-level Transformer (src/lm/, wasm/lm_bindings.cpp) ----

export type LmActivationName =
  | 'relu'
  | 'gelu'
  | 'gelu_tanh'
  | 'silu'
  | 'swiglu'
  | 'relu2'
  | 'glu'
  | 'bilinear'
  | 'reglu'
  | 'geglu'
  | GeluPartName; // swap-only: lmConfigLimitsJson()'s swap_only_act, not its act

/** One block's FFN function over the validation windows (src/lm/lm_parts.hpp). */
export interface LmFfnBlockStats {
  block: number;
  count: number; // inputs w1·LN(x) + b seen
  mean: number;
  sd: number; // the population's
  share_nonpositive: number; // inputs ≤ 0
  share_below_dip: number; // inputs below geluDip(), where GELU falls as its input grows
  share_zero_output: number; // outputs exactly 0 (ReLU's silenced units)
  /** Every input counted: counts[i] over [lo + i·w, lo + (i+1)·w), w = (hi − lo)/counts.length. */
  histogram: { lo: number; hi: number; counts: number[]; underflow: number; overflow: number };
}
/** ffnStatsJson(): the validation loss with the model's own function, and its FFN per block. */
export interface LmFfnStats {
  val_loss: number;
  share_zero_output: number; // over every block
  blocks: LmFfnBlockStats[];
}
/** geluPartsJson(): the validation loss with each stand-in for the model's FFN function. */
export interface LmGeluParts {
  dip: number; // geluDip()
  base: { name: LmActivationName; val_loss: number };
  parts: { name: LmActivationName; val_loss: number; delta: number }[];
  blocks: LmFfnBlockStats[];
}

/**
 * A language-model configuration as JSON; every key is optional (defaults: lmDefaultConfigJson(),
 * the reference run; ranges: lmConfigLimitsJson()). d must be a multiple of heads, and one step
 * plus one evaluation, and the whole run, must fit the compute budget (max_call_flops,
 * max_run_flops in the limits).
 */
export interface LmConfig {
  act?: LmActivationName;
  d?: number; // model width
  layers?: number; // Transformer blocks
  heads?: number; // attention heads
  ctx?: number; // context, characters
  ffn?: number; // FFN hidden width (gated: round(2·ffn/3), same parameter count)
  batch?: number; // sequences per step
  steps?: number; // optimiser steps of the schedule
  lr?: number; // peak learning rate
  warmup?: number; // linear warm-up steps, then cosine decay
  lr_floor?: number; // the cosine ends at lr_floor·lr
  beta1?: number; // AdamW
  beta2?: number;
  weight_decay?: number; // AdamW's decoupled decay, on every parameter
  clip?: number; // gradient-norm clipping; 0 = none
  eval_every?: number; // steps between recorded evaluations
  init?: 'bert' | 'gpt2'; // N(0, 0.02·√(768/d)) or N(0, 0.02); residual projections /√(2·layers)
  seed?: number; // initial weights (RandomState(seed)) and batches (RandomState(seed ^ 0x5eed))
}

/** Mean cross-entropy (nats per character) on the fixed evaluation windows of each split. */
export interface LmEval {
  step: number;
  train_loss: number;
  val_loss: number;
}

/**
 * One language-model run over a text (90 % trains, 10 % validates; the vocabulary is the text's
 * distinct characters). Embind class: call delete() when done. An invalid config or text does not
 * throw: status() is 'invalid' and error() says why.
 * Fine-tuning after a swap: setActivation(name), setSteps(stepCount() + K), setConstantLr(lr),
 * then step() until it returns false.
 */
export interface LmExperiment {
  /** Trains at most maxSteps optimiser steps (one evaluation is recorded before the first step
   *  and every eval_every steps); false when finished, invalid or diverged. */
  step(maxSteps: number): boolean;
  stepCount(): number;
  /** Number of parameters (0 when invalid). */
  paramCount(): number;
  status(): Status;
  /** Why the experiment is invalid; "" otherwise. */
  error(): string;
  configJson(): string; // Required<LmConfig>, with the current act and steps
  evaluateJson(): string; // LmEval, now
  historyJson(): string; // LmEval[]
  /** n new characters after prompt (a character outside the vocabulary is refused), sampled
   *  with softmax(logits/temperature) from seed; temperature 0 = most likely. Throws RangeError
   *  on a bad n, temperature or seed. */
  sample(prompt: string, n: number, temperature: number, seed: number): string;
  /** Swaps the FFN activation keeping every weight (not to or from swiglu); AdamW restarts.
   *  "" or an error. */
  setActivation(name: LmActivationName): string;
  activation(): LmActivationName;
  /** Total steps (a finished run can go on); "" or an error. */
  setSteps(total: number): string;
  /** From now on a constant learning rate instead of warm-up and cosine; "" or an error. */
  setConstantLr(lr: number): string;
  /** The weights as a PyTorch state_dict JSON (the names of tests/fixtures/tiny_lm_torch.py). */
  stateJson(): string;
  /** Loads such a JSON, validated (names, shapes, finite numbers); AdamW restarts. "" or an error. */
  loadStateJson(json: string): string;
  /** The same weights as a safetensors file (src/lm/lm_safetensors.hpp): float32, the config in
   *  __metadata__. */
  stateSafetensors(): Uint8Array;
  /** Loads such bytes, validated (header, dtype, offsets, names, shapes, finite values); AdamW
   *  restarts. "" or a one-line error. */
  loadStateSafetensors(bytes: Uint8Array): string;
  /** Layer's FFN pre-activations (w1·LN(x) + b1) on fixed validation windows, a copy:
   *  [windows·ctx][ffn] (swiglu: [gate | up], 2·round(2·ffn/3) per row). Throws on a bad layer. */
  ffnPreactivations(layer: number): Float32Array;
  /** LmFfnStats JSON (forward passes on the validation windows of evaluateJson), or {error}. */
  ffnStatsJson(): string;
  /** LmGeluParts JSON: the model's own function (the base) and, in this order, gelu, relu,
   *  gelu_no_negative, gelu_linear_positive, gelu_tanh, silu standing in for it (the base left
   *  out), forward passes only; {error} for a gated FFN or an invalid experiment. */
  geluPartsJson(): string;
  delete(): void;
}

export interface ActivationLab {
  activationNames(): string; // JSON: ActivationName[]
  simdArch(): string;
  /** Bytes currently allocated by malloc inside the module (for leak tests). */
  heapBytesInUse(): number;
  defaultConfigJson(): string; // Required<Config>
  configLimitsJson(): string; // allowed ranges, for the UI's own checks
  /** "" when valid, else "field: message (allowed range)". */
  validateConfigJson(json: string): string;
  /**
   * The one number grammar of the page and the CLI (src/text_input.hpp), surrounding whitespace
   * ignored: the value, or null when `text` is not a number of that kind. 'integer': an optional
   * sign and digits ("8", "-3", " 8 "; not "1e1", "8.0", "0x10"), for counts, seeds and steps;
   * 'real': also a fraction and an exponent, with '.' or ',' ("0,3", "1e-3", ".5"), for rates and
   * fractions; 'any': also nan, inf, infinity (any case), for activation inputs. Ranges are not
   * checked here: validateConfigJson and the limits tables do that.
   */
  parseNumber(text: string, kind: 'integer' | 'real' | 'any'): number | null;
  /**
   * Hidden-layer widths as the CLI's `--hidden TEXT` and a config's "hidden" string read them
   * ("64,64", "32x16" = sixteen layers of 32, "64,32x2"), checked against the layer count and
   * width limits (configLimitsJson's hidden): JSON `{"ok":true,"layers":[64,64]}` or
   * `{"ok":false,"message":"…"}` with the CLI's message. The work budget, which depends on n, is
   * validateConfigJson's.
   */
  parseLayers(text: string): string;
  /** `text` quoted for a message, at most ~80 characters of it, controls and bidi marks as U+XXXX. */
  quoteInput(text: string): string;
  /** `text` as quoteInput shows it, without the quotes: how the page echoes rejected input. */
  showInput(text: string): string;
  /** JSON {hidden: number[]} (the hidden widths of a state_dict file) or {error: string}. */
  stateDictHiddenJson(text: string): string;
  /** The largest state_dict file the MLP's reader reads, in bytes (the CLI reads no further). */
  stateDictMaxBytes(): number;
  /**
   * f(x) or f'(x), SIMD kernel or scalar reference, as a new Float32Array (xs is left as it is).
   * Float64Array and number[] inputs are rounded to float32 first. Typed arrays are copied in one
   * call. Throws RangeError on an unknown name, TypeError on another kind of xs.
   */
  evaluate(
    fn: ActivationName | GeluPartName,
    grad: boolean,
    scalar: boolean,
    xs: Float32Array | Float64Array | number[],
  ): Float32Array;
  normalCdf(x: number): number;
  /** GELU's minimum, where GELU′ = Φ(x) + x·φ(x) = 0: −0.7517915… (src/activation.hpp). */
  geluDip(): number;
  /** Elements per second of a kernel over n floats (best of reps). */
  benchActivation(
    fn: ActivationName | GeluPartName,
    grad: boolean,
    scalar: boolean,
    n: number,
    reps: number,
  ): number;
  /** FLOP/s of register-only SIMD mul+add chains: the CPU's ceiling here (best of reps). */
  benchSimdPeak(reps: number): number;
  /** FLOP/s of one m×n×k product (A transposed: the weight gradient's layout), best of reps. */
  benchGemm(m: number, n: number, k: number, transposeA: boolean, reps: number): number;
  /** "" when make_moons accepts (n, noise, seed), else the error. */
  validateMoons(n: number, noise: number, seed: number): string;
  /** scikit-learn's make_moons: x0, x1, label triples. */
  makeMoons(n: number, noise: number, seed: number): Float64Array;
  /** The data set of a config (validated; throws RangeError): x0, x1, label triples. */
  makeData(configJson: string): Float64Array;
  /**
   * A CSV file of points (optional header x0,x1,label; one point per line) read as `train --data
   * FILE.csv` reads it: '{"points":[[x0,x1,label],...]}' or '{"error":"line 3: ..."}'. Never throws.
   */
  pointsFromCsvJson(text: string): string;
  /** Points (a config's "points" as JSON) as that CSV, %.17g; RangeError for points a config refuses. */
  pointsToCsv(pointsJson: string): string;
  /** Paired statistics of two equal-length lists as JSON. */
  pairedSummaryJson(aJson: string, bJson: string): string;
  Experiment: { new (configJson: string): Experiment };
  imageConfigLimitsJson(): string; // dropout, n_train, n_test ranges and the work budget
  /** "" when an image run's config is valid, else the error. */
  validateImageConfigJson(json: string): string;
  /** The shipped subset file (src/mlp/idx.hpp) from the four inflated IDX files; throws on bad files. */
  makeImageSubset(files: Uint8Array[], nTrain: number, nTest: number): Uint8Array;
  /** files: the four inflated IDX files (train images, labels, test images, labels) or [subset]. */
  ImageExperiment: { new (configJson: string, files: Uint8Array[]): ImageExperiment };
  lmDefaultConfigJson(): string; // Required<LmConfig>
  /** How many characters of the lexicon (data/jargon.txt) a run from scratch learns: its start. */
  lmScratchChars(): number;
  lmConfigLimitsJson(): string; // ranges, act and init names, budget, sampling limits
  /** "" when valid (without the budget, which depends on the text), else the error. */
  lmValidateConfigJson(json: string): string;
  /** Floating-point operations {step, eval, run, vocab} of a config on a text; "null" if invalid. */
  lmFlopsJson(configJson: string, text: string): string;
  /** JSON {config} of a safetensors file's __metadata__, or {error} if malformed or absent. */
  lmSafetensorsConfigJson(bytes: Uint8Array): string;
  LmExperiment: { new (configJson: string, text: string): LmExperiment };
}

declare function createActivationLab(options?: {
  wasmBinary?: ArrayBuffer;
  /** Emscripten's hook: instantiate the binary with these imports, then call receive. */
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance) => void,
  ) => object;
}): Promise<ActivationLab>;
export default createActivationLab;
