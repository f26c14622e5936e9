// The twin lab's training worker (twin/train-worker.js) and its page side (twin/trainer.js):
// the messages they exchange, over the page's one worker protocol (shared/worker-client.js,
// shared/worker-serve.js). Types for TypeScript's checker in JSDoc mode, not shipped.
import type { Bounds, Config, EpochStats, LayerStats, Metrics, Status } from '../shared/types';

/** The request that starts a run (its progress: {message: TrainMessage}). */
export interface TrainCreate {
  config: Config;
  /** points per axis of the boundary grid, 0 for none */ grid: number;
}

/** The signals to the run. */
export type TrainSignal =
  | { cmd: 'play' | 'pause' | 'step' | 'stop' }
  /** Finer grids with the hidden units' on/off patterns (the linear pieces), or not. */
  | { cmd: 'pieces'; on: boolean }
  /** The hidden units' maps of one layer (0-based) with the snapshots, or not. */
  | { cmd: 'maps'; on: boolean; layer: number };

/** Each unit's output over the plane (Experiment.neuronMaps), unit-major, cells as grid(). */
export interface UnitMaps {
  /** 0-based hidden layer (the requested one, within the network's depth). */ layer: number;
  /** cells per axis */ n: number;
  units: number;
  values: Float32Array;
}

/** x0, x1, label triples of each split. */
export interface SplitData {
  train: Float32Array;
  val: Float32Array;
  test: Float32Array;
}

export type TrainMessage =
  | {
      type: 'created';
      status: Status;
      arch: string;
      bounds: Bounds;
      data: SplitData;
      /** Per-layer diagnostics of the initial weights, when the config asks for them. */
      init: LayerStats[] | null;
    }
  | {
      type: 'snapshot';
      epoch: number;
      /** Fraction of the epoch under way done, 0..1. */
      progress: number;
      status: Status;
      stopped: boolean;
      /** The epochs trained since the previous snapshot. */
      records: EpochStats[];
      /** P(class 1) over the boundary grid, or null without a new grid. */
      grid: Float32Array | null;
      /** Points per axis of `grid` (0 without one). */
      gridN: number;
      /** With pieces on: a hash of the hidden units' on/off pattern per grid point. */
      patterns: Uint32Array | null;
      seconds: number;
      /** With maps on, the units' maps of the current weights (at most every MAPS_MS), else null. */
      maps: UnitMaps | null;
      /** Train and test metrics, once the run has ended. */
      final: { train: Metrics; test: Metrics } | null;
    }
  | { type: 'error'; message: string };
