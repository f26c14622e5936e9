// The page's side of one training worker (twin/train-worker.js): sends commands, hands every
// message to the callback. One trainer = one network; the twin lab runs two at once.
import { workerFailed } from '../shared/worker-error.js';

/** @typedef {import('../shared/types').TrainCommand} TrainCommand */
/** @typedef {import('../shared/types').TrainMessage} TrainMessage */

/** @param {(msg: TrainMessage) => void} onMessage */
export function createTrainer(onMessage) {
  const worker = new Worker(new URL('./train-worker.js', import.meta.url), {
    type: 'module',
  });
  worker.onmessage = (/** @type {MessageEvent<TrainMessage>} */ { data }) => onMessage(data);
  worker.onerror = (event) => {
    event.preventDefault();
    onMessage({ type: 'error', message: workerFailed(event) });
  };
  /** @param {TrainCommand} command */
  const send = (command) => worker.postMessage(command);
  return {
    /**
     * @param {import('../shared/types').Config} config
     * @param {number} grid points per axis of the boundary grid, 0 for none
     */
    create: (config, grid) => send({ cmd: 'create', config, grid }),
    play: () => send({ cmd: 'play' }),
    pause: () => send({ cmd: 'pause' }),
    step: () => send({ cmd: 'step' }),
    stop: () => send({ cmd: 'stop' }),
    /** @param {boolean} on whether snapshots carry the activation-pattern grid */
    pieces: (on) => send({ cmd: 'pieces', on }),
    terminate: () => worker.terminate(),
  };
}
