// The worker's side of worker-client.js: `serve(commands, signals)` answers each request
// {id, cmd, ...args} with {id, type: 'done', result} or {id, type: 'error', message}. A command
// is (args, progress) -> result (or a promise of it); progress(fields, transfer?) posts
// {id, type: 'progress', ...fields} for that request. A result made by transferred(result,
// buffers) moves those buffers rather than copying them. Signals ({cmd} without id: pause,
// stop) go to `signals[cmd]` at once, even while a command runs, and answer nothing.
// Commands start in the order their requests arrive, each as soon as it arrives: a long one
// (a training run that yields between slices) does not hold back the others, so a command
// that must not overlap another refuses it itself (lm-worker's 'already training').
import { messageOf } from './worker-error.js';

/**
 * @typedef {(args: any, progress: (fields: Record<string, unknown>, transfer?: Transferable[])
 *   => void) => unknown} Command
 */

const TRANSFER = Symbol('transfer');

/**
 * A command's result whose `buffers` are moved to the page (a grid, weights) rather than copied.
 * @template T
 * @param {T} result
 * @param {Transferable[]} buffers
 * @returns {T}
 */
export const transferred = (result, buffers) => /** @type {T} */ ({ [TRANSFER]: buffers, result });

/**
 * @param {unknown} value
 * @returns {value is {[TRANSFER]: Transferable[], result: unknown}}
 */
const isTransferred = (value) => typeof value === 'object' && value !== null && TRANSFER in value;

/**
 * Answers the page's requests with `commands` and its signals with `signals`. The handler
 * returns the request's promise (tests await it; the browser ignores it).
 * @param {Record<string, Command>} commands
 * @param {Record<string, (args: any) => void>} [signals]
 */
export function serve(commands, signals = {}) {
  globalThis.onmessage = async (/** @type {MessageEvent} */ { data }) => {
    const { id, cmd, ...args } = data ?? {};
    if (!id) {
      if (Object.hasOwn(signals, cmd)) signals[cmd](args);
      return;
    }
    try {
      if (!Object.hasOwn(commands, cmd)) throw new Error(`unknown command ${cmd}`);
      /** @type {(fields: Record<string, unknown>, transfer?: Transferable[]) => void} */
      const progress = (fields, transfer = []) =>
        postMessage({ ...fields, id, type: 'progress' }, { transfer });
      const answer = await commands[cmd](args, progress);
      if (isTransferred(answer))
        postMessage({ id, type: 'done', result: answer.result }, { transfer: answer[TRANSFER] });
      else postMessage({ id, type: 'done', result: answer });
    } catch (err) {
      postMessage({ id, type: 'error', message: messageOf(err) });
    }
  };
}
