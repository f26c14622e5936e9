// The page's side of one training worker (twin/train-worker.js), through the page's worker
// client (shared/worker-client.js): `create` starts a run, whose news (created, snapshots, errors)
// go to the callback; play, pause, step, stop and pieces are signals to that run. One trainer =
// one network; the twin lab runs two at once.
import { createWorkerClient, isAbort } from '../shared/worker-client.js';
import { messageOf } from '../shared/worker-error.js';

/** @typedef {import('./protocol').TrainMessage} TrainMessage */

/** @param {(msg: TrainMessage) => void} onMessage */
export function createTrainer(onMessage) {
  const client = createWorkerClient(new URL('./train-worker.js', import.meta.url));
  /** @param {import('./protocol').TrainSignal} msg */
  const send = ({ cmd, ...args }) => client.signal(cmd, args);
  return {
    /**
     * @param {import('../shared/types').Config} config
     * @param {number} grid points per axis of the boundary grid, 0 for none
     */
    create: (config, grid) =>
      client
        .call(
          'create',
          { config, grid },
          { onProgress: (/** @type {{message: TrainMessage}} */ m) => onMessage(m.message) },
        )
        // A refused configuration, or a worker that could not start (a marked workerFailed
        // message); a terminated worker (the figure left the page) says nothing.
        .catch((err) => isAbort(err) || onMessage({ type: 'error', message: messageOf(err) })),
    play: () => send({ cmd: 'play' }),
    pause: () => send({ cmd: 'pause' }),
    step: () => send({ cmd: 'step' }),
    stop: () => send({ cmd: 'stop' }),
    /** @param {boolean} on whether snapshots carry the activation-pattern grid */
    pieces: (on) => send({ cmd: 'pieces', on }),
    /**
     * @param {boolean} on  whether snapshots carry the hidden units' maps (neuron-maps.js)
     * @param {number} layer  0-based hidden layer
     */
    maps: (on, layer) => send({ cmd: 'maps', on, layer }),
    terminate: () => client.terminate(),
  };
}
