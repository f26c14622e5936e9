// The page's side of one training worker (workers/train-worker.js): sends commands, hands every message to
// the callback. One trainer = one network; the twin lab runs two at once.
import { workerFailed } from './worker-error.js';

export function createTrainer(onMessage) {
  const worker = new Worker(new URL('./workers/train-worker.js', import.meta.url), {
    type: 'module',
  });
  worker.onmessage = ({ data }) => onMessage(data);
  worker.onerror = (event) => {
    event.preventDefault();
    onMessage({ type: 'error', message: workerFailed(event) });
  };
  const send = (cmd, extra = {}) => worker.postMessage({ cmd, ...extra });
  return {
    create: (config, grid) => send('create', { config, grid }),
    play: () => send('play'),
    pause: () => send('pause'),
    step: () => send('step'),
    stop: () => send('stop'),
    pieces: (on) => send('pieces', { on }),
    terminate: () => worker.terminate(),
  };
}
