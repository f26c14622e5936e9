// The cost panel's bench worker (cost/bench-worker.js) and its page side (cost/cost.js):
// the messages they exchange, over the page's one worker protocol (shared/worker-client.js,
// shared/worker-serve.js). Types for TypeScript's checker in JSDoc mode, not shipped.
import type { ActivationName, Config } from '../shared/types';

export interface BenchRequest {
  fns: ActivationName[];
  /** Elements per kernel pass. */
  n: number;
  /** Timings per kernel and round, of which the core keeps the best (benchActivation's reps). */
  reps: number;
  epochConfig: Config;
  /** Interleaved rounds: every kernel and every epoch is timed this many times. */
  rounds: number;
}

export type BenchMessage =
  | {
      type: 'kernel';
      fn: ActivationName;
      grad: boolean;
      scalar: boolean;
      /** elements/s */ rate: number;
      round: number;
    }
  | { type: 'epoch'; fn: ActivationName; seconds: number; round: number };
