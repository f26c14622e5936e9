// The Transformer's worker (transformer/lm-worker.js) and its page side (lm-client.js):
// the messages they exchange, over the page's one worker protocol (shared/worker-client.js,
// shared/worker-serve.js). Types for TypeScript's checker in JSDoc mode, not shipped.
import type { LmActivationName, LmConfig, LmEval, LmTrained } from '../shared/types';
import type { LmFfnStats, LmGeluParts } from '../../../wasm/activation-lab';

export type { LmFfnStats, LmGeluParts };

/** The share of the FFN function's outputs that are exactly 0, overall and per block. */
export interface LmZeros {
  overall: number;
  blocks: number[];
}

export interface LmInfo {
  config: Required<LmConfig>;
  /** The distinct characters of the corpus: the model's tokens. */
  vocabulary: string;
  activation: LmActivationName;
  step: number;
  trained: LmTrained | null;
}

export interface LmSampleArgs {
  prompt: string;
  n: number;
  temperature: number;
  seed: number;
}

export type LmHistogram = ReturnType<typeof import('./lm-stats.js').histogram> & {
  layer: number;
  moments: ReturnType<typeof import('./lm-stats.js').moments>;
  /** Where GELU and ReLU differ by more than eps, or null. */
  region: [number, number] | null;
  /** The share of the values inside region. */
  inRegion: number;
};

export interface LmRunResult {
  reason: 'done' | 'paused' | 'stopped' | 'diverged';
  step: number;
  seconds: number;
  error?: string;
}

/** shared/word-rate.js: the whole words of a text and how many the dictionary has. */
export interface WordRate {
  words: number;
  known: number;
  rate: number | null;
}

/** Per command of the worker: what the request carries and what its answer holds. */
export interface LmCalls {
  init: {
    args: { config?: LmConfig; pretrained?: boolean; overrides?: LmConfig };
    result: LmInfo;
  };
  evaluate: { args: {}; result: LmEval };
  sample: {
    args: LmSampleArgs & { words?: boolean };
    result: { text: string; ms: number; rate: WordRate | null };
  };
  histogram: {
    args: { layer: number; lo: number; hi: number; bins: number; eps: number };
    result: LmHistogram;
  };
  parts: { args: {}; result: LmGeluParts & { ms: number } };
  zeros: { args: {}; result: LmZeros };
  activation: { args: { name: LmActivationName }; result: { activation: LmActivationName } };
  extend: { args: { steps: number; lr: number }; result: { step: number; until: number } };
  run: { args: { sample?: LmSampleArgs | null }; result: LmRunResult };
}

/** Signals, no answer of their own: end the 'run' in progress. */
export type LmSignal = 'pause' | 'stop';

/** Progress of a 'run', at most every slice of training. */
export interface LmProgress {
  step: number;
  until: number;
  /** The core's new evaluation records since the previous message. */
  evals: LmEval[];
  /** A text written after the latest of them, or null. */
  sample: string | null;
  seconds: number;
}
