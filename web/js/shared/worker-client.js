// The page's one way to talk to a figure's worker: requests as promises, progress as callbacks,
// and Cancel as an AbortSignal. The worker side is worker-serve.js. Messages:
//   page -> worker  {id, cmd, ...args}                 a request (id > 0)
//                   {cmd, ...args}                     a signal: no answer (e.g. 'pause')
//   worker -> page  {id, type: 'progress', ...}        any number of them, then one of
//                   {id, type: 'done', result}
//                   {id, type: 'error', message}
// Cancelling a call (its signal aborts) terminates the worker, because a step of training cannot
// be interrupted from outside; every pending call then rejects with an AbortError, and the next
// call starts a fresh worker. A worker that cannot start (a CSP without our origin in
// worker-src) rejects its calls with workerFailed's marked message, which explainError turns
// into the reader's language.
import { workerFailed } from './worker-error.js';

/**
 * @typedef {{
 *   resolve: (result: any) => void,
 *   reject: (err: Error) => void,
 *   onProgress?: (m: any) => void,
 * }} Pending  (any: each call's own result type, which the figure's protocol states)
 */

/**
 * @typedef {object} CallOptions
 * @property {(m: any) => void} [onProgress]  each {type: 'progress'} message of this call
 * @property {AbortSignal} [signal]  aborting ends the worker and rejects with an AbortError
 * @property {Transferable[]} [transfer]  buffers moved to the worker rather than copied
 */

/** The error a cancelled call rejects with (err.name === 'AbortError'). */
export const abortError = () => new DOMException('cancelled', 'AbortError');

/** @param {unknown} err */
export const isAbort = (err) => err instanceof DOMException && err.name === 'AbortError';

/**
 * A client for the module worker at `url` (started on the first call, restarted after a cancel
 * or terminate()).
 * @param {URL} url
 */
export function createWorkerClient(url) {
  /** @type {Worker | null} */
  let worker = null;
  /** @type {Map<number, Pending>} */
  const calls = new Map();
  let next = 1;

  /** @param {Error} err */
  const failAll = (err) => {
    for (const c of calls.values()) c.reject(err);
    calls.clear();
  };

  const start = () => {
    const w = new Worker(url, { type: 'module' });
    w.onmessage = ({ data: m }) => {
      const c = calls.get(m?.id);
      if (!c) return;
      if (m.type === 'progress') return c.onProgress?.(m);
      calls.delete(m.id);
      if (m.type === 'error') c.reject(new Error(m.message));
      else c.resolve(m.result);
    };
    w.onerror = (event) => {
      event.preventDefault();
      stop();
      failAll(new Error(workerFailed(event)));
    };
    w.onmessageerror = () => failAll(new Error('a message from the worker could not be read'));
    return w;
  };

  const stop = () => {
    worker?.terminate();
    worker = null;
  };

  return {
    /**
     * Sends `cmd` with `args`; resolves with the worker's result.
     * @param {string} cmd
     * @param {Record<string, unknown>} [args]
     * @param {CallOptions} [options]
     * @returns {Promise<any>}
     */
    call(cmd, args = {}, { onProgress, signal, transfer = [] } = {}) {
      if (signal?.aborted) return Promise.reject(abortError());
      worker ??= start();
      const w = worker;
      const id = next++;
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (worker === w) stop();
          failAll(abortError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const done = () => signal?.removeEventListener('abort', onAbort);
        calls.set(id, {
          resolve: (result) => (done(), resolve(result)),
          reject: (err) => (done(), reject(err)),
          onProgress,
        });
        w.postMessage({ ...args, id, cmd }, transfer);
      });
    },
    /**
     * A message with no answer (pause, stop), to the worker if one is running.
     * @param {string} cmd
     * @param {Record<string, unknown>} [args]
     */
    signal(cmd, args = {}) {
      worker?.postMessage({ ...args, cmd });
    },
    /** Whether a worker is running now (tests and disposal). */
    get running() {
      return worker !== null;
    },
    /** Ends the worker; pending calls reject with an AbortError. The next call starts anew. */
    terminate() {
      stop();
      failAll(abortError());
    },
  };
}

/** @typedef {ReturnType<typeof createWorkerClient>} WorkerClient */
