// The pretrained swap's worker (swap/swap-worker.js) and its page side (swap/swap.js):
// the messages they exchange, over the page's one worker protocol (shared/worker-client.js,
// shared/worker-serve.js). Types for TypeScript's checker in JSDoc mode, not shipped.
import type { ActivationName, Bounds, Config, EpochStats } from '../shared/types';

export type SwapCommand =
  | { cmd: 'pretrain'; config: Config & { epochs: number }; grid: number }
  | { cmd: 'import'; config: Config; file: Blob; grid: number } // the worker reads it; hidden from it
  | { cmd: 'swap'; to: ActivationName }
  | { cmd: 'finetune'; epochs: number }
  | { cmd: 'export' }
  /** A pretrained network again, silently (after the page ended a worker to cancel a long step). */
  | { cmd: 'restore'; config: Config; state: Uint8Array; grid: number };

export type SwapStage = 'pretrained' | 'swapped' | 'finetuned';

/** Validation accuracy after each fine-tuning epoch (epoch 0: right after the swap). */
export type FinetuneCurve = { epoch: number; val_acc: number | null }[];

export interface SwapStageMessage {
  type: 'stage';
  stage: SwapStage;
  activation: ActivationName;
  /** Validation accuracy. */
  acc: number;
  grid: Float32Array;
  /** The network's output at fixed probe points, in full precision. */
  probe: number[];
  bounds: Bounds;
  /** Train and validation points (pretrained stage only). */
  data?: { train: Float32Array; val: Float32Array };
  history?: EpochStats[];
  imported?: boolean;
  /** An imported file's hidden widths, as the worker read them. */
  hidden?: number[];
  /** The pretrained weights' JSON in UTF-8 (pretrained stage), kept by the page for a restore. */
  state?: Uint8Array;
  /** Largest change of the output over the grid and the data points (swapped stage). */
  maxDiff?: number;
  start?: number;
  curve?: FinetuneCurve;
}

export type SwapMessage =
  | {
      type: 'progress';
      stage: 'pretrain' | 'finetune';
      epoch: number;
      of: number;
      curve?: FinetuneCurve;
    }
  | SwapStageMessage
  | {
      type: 'state';
      bytes: Uint8Array<ArrayBuffer>;
      activation: ActivationName;
      hidden: number[] | null;
    }
  | { type: 'restored' }
  | { type: 'error'; cmd?: string; message: string; hidden?: number[] };
