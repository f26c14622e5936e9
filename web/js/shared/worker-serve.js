// The worker's side of worker-client.js: `serve(commands, signals)` answers each request
// {id, cmd, ...args} with {id, type: 'done', result} or {id, type: 'error', message}. A command
// is (args, progress) -> result (or a promise of it); progress(fields) posts
// {id, type: 'progress', ...fields} for that request. Signals ({cmd} without id: pause, stop)
// go to `signals[cmd]`, which answers nothing. Requests run one at a time, in order, so a
// command never sees another's half-done state.
import { messageOf } from './worker-error.js';

/**
 * @typedef {(args: any, progress: (fields: Record<string, unknown>) => void) => unknown} Command
 */

/**
 * @param {Record<string, Command>} commands
 * @param {Record<string, (args: any) => void>} [signals]
 */
export function serve(commands, signals = {}) {
  /** @type {Promise<void>} */
  let queue = Promise.resolve();
  self.onmessage = ({ data }) => {
    const { id, cmd, ...args } = data ?? {};
    if (!id) {
      if (Object.hasOwn(signals, cmd)) signals[cmd](args);
      return;
    }
    queue = queue.then(async () => {
      try {
        if (!Object.hasOwn(commands, cmd)) throw new Error(`unknown command ${cmd}`);
        /** @param {Record<string, unknown>} fields */
        const progress = (fields) => postMessage({ ...fields, id, type: 'progress' });
        const result = await commands[cmd](args, progress);
        postMessage({ id, type: 'done', result });
      } catch (err) {
        postMessage({ id, type: 'error', message: messageOf(err) });
      }
    });
  };
}
