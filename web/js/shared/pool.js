// A pool of module Web Workers that runs a list of independent tasks, one task per worker at a
// time, as many workers as the machine has cores (capped: each worker holds its own copy of the
// WASM module, and past a few workers the main thread's drawing competes with them).
// Cancel terminates every worker at once: a worker busy in a WASM loop cannot read messages, so
// terminating is the only way to stop it promptly. Workers exist only while tasks run.
// What every worker needs (the image subset, the corpus) the page fetches once and hands to each
// worker with its first request (`data`), rather than each worker fetching it again.
import { createWorkerClient, isAbort } from './worker-client.js';
import { isWorkerFailure, messageOf } from './worker-error.js';

const MAX_WORKERS = 8;

/**
 * How many workers to start for `tasks` tasks on this machine.
 * @param {number} tasks
 */
export function poolSize(tasks, cores = navigator.hardwareConcurrency) {
  const n = Number.isInteger(cores) && cores > 0 ? cores : 2;
  return Math.max(1, Math.min(n, MAX_WORKERS, tasks));
}

/**
 * Runs tasks (plain objects) on workers made from `url`, each through the page's worker client
 * (worker-client.js): a task is the request {cmd: 'train', task}, whose progress messages go to
 * onProgress(task, msg) and whose result (a {type: 'result', ...} object) to onResult(task,
 * result); a refused task's message goes to onError(task, message). A worker that cannot start
 * (workerFailed's message) reports its task and leaves the queue to the others. data(), when
 * given, is what a worker's first request carries besides its task ({args, transfer}), and again
 * after a failed request (the client may have started a fresh worker); when it rejects, the task
 * reports that and the worker leaves the queue, as one that cannot start. Returns
 * { done: Promise<'finished'|'cancelled'|'failed'>, cancel(), size }.
 * @template {object} Task
 * @template {{type: 'progress'}} Progress
 * @template {{type: 'result'}} Result
 * @param {URL} url
 * @param {Task[]} tasks
 * @param {{
 *   onProgress?: (task: Task, msg: Progress) => void,
 *   onResult?: (task: Task, msg: Result) => void,
 *   onError?: (task: Task | undefined, message: string) => void,
 *   data?: () => Promise<PoolData>,
 *   size?: number,
 * }} [callbacks]
 */
export function runPool(url, tasks, { onProgress, onResult, onError, data, size } = {}) {
  /** @typedef {'finished' | 'cancelled' | 'failed'} How */
  const queue = tasks.slice();
  /** @type {WorkerClient[]} */
  const clients = [];
  let running = 0,
    finished = false;
  /** @type {(how: How) => void} */
  let settle = () => {};
  /** @type {Promise<How>} */
  const done = new Promise((ok) => (settle = ok));

  /** @param {How} how */
  function end(how) {
    if (finished) return;
    finished = true;
    for (const c of clients) c.terminate();
    clients.length = 0;
    settle(how);
  }

  /** One worker's share: tasks from the queue until it is empty, the pool ends or it fails. */
  async function slot() {
    const client = createWorkerClient(url);
    clients.push(client);
    let handed = !data; // whether this worker holds what data() gives
    for (let task = queue.shift(); task && !finished; task = queue.shift()) {
      try {
        const given = handed ? undefined : await data?.();
        if (finished) return;
        handed = true;
        /** @type {Result} */
        const result = await client.call(
          'train',
          { task, ...given?.args },
          { onProgress: (m) => finished || onProgress?.(task, m), transfer: given?.transfer },
        );
        if (!finished) onResult?.(task, result);
      } catch (err) {
        if (finished || isAbort(err)) return;
        onError?.(task, messageOf(err));
        const noData = !handed;
        handed = false;
        // A worker that fails to start cannot be trusted again, nor one without its data (the
        // others would fail alike): the others finish the queue.
        if (noData || isWorkerFailure(messageOf(err))) {
          client.terminate();
          if (--running === 0) end(queue.length ? 'failed' : 'finished');
          return;
        }
      }
    }
    client.terminate();
    if (--running === 0) end('finished');
  }

  const count = size ?? poolSize(tasks.length);
  running = Math.min(count, tasks.length);
  for (let i = 0; i < running; i++) slot();
  if (!tasks.length) end('finished');
  return { done, cancel: () => end('cancelled'), size: count };
}

/** @typedef {import('./worker-client.js').WorkerClient} WorkerClient */
/** @typedef {{args: object, transfer?: Transferable[]}} PoolData what a worker's first request adds */
