// The many-seeds study's worker (seeds/seed-worker.js, run by shared/pool.js for study.js):
// the messages they exchange, over the page's one worker protocol (shared/worker-client.js,
// shared/worker-serve.js). Types for TypeScript's checker in JSDoc mode, not shipped.
import type { ActivationName, Config, EpochStats, Metrics, Status } from '../shared/types';

export type Choose = 'last' | 'best';

/** One run of the study: one seed, one activation. */
export interface SeedTask {
  id: string;
  seed: number;
  activation: ActivationName;
  choose: Choose;
  config: Config;
}

export interface SeedResult {
  type: 'result';
  id: string;
  status: Status;
  history: EpochStats[];
  chosen_epoch: number;
  train: Metrics;
  val: Metrics;
  test: Metrics;
  seconds: number;
}

/** The progress of a task, at most every PROGRESS_MS. */
export interface SeedProgress {
  epoch: number;
}
