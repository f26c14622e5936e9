// A pool of module Web Workers that runs a list of independent tasks, one task per worker at a
// time, as many workers as the machine has cores (capped: each worker holds its own copy of the
// WASM module, and past a few workers the main thread's drawing competes with them).
// Cancel terminates every worker at once: a worker busy in a WASM loop cannot read messages, so
// terminating is the only way to stop it promptly. Workers exist only while tasks run.
import { workerFailed } from './worker-error.js';

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
 * Runs tasks (plain objects, posted as they are) on workers made from `url`. A worker answers a
 * task with any number of {type:'progress', ...} messages and then one {type:'result', ...} or
 * {type:'error', message}. Callbacks: onProgress(task, msg), onResult(task, msg),
 * onError(task, message). Returns { done: Promise<'finished'|'cancelled'|'failed'>, cancel(),
 * size }.
 * @template {object} Task
 * @template {{type: 'progress'}} Progress
 * @template {{type: 'result'}} Result
 * @param {URL | string} url
 * @param {Task[]} tasks
 * @param {{
 *   onProgress?: (task: Task, msg: Progress) => void,
 *   onResult?: (task: Task, msg: Result) => void,
 *   onError?: (task: Task | undefined, message: string) => void,
 *   size?: number,
 * }} [callbacks]
 */
export function runPool(url, tasks, { onProgress, onResult, onError, size } = {}) {
  /** @typedef {'finished' | 'cancelled' | 'failed'} How */
  const queue = tasks.slice();
  /** @type {Worker[]} */
  const workers = [];
  /** @type {Map<Worker, Task>} the task each worker is busy with */
  const taskOf = new Map();
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
    for (const w of workers) w.terminate();
    workers.length = 0;
    settle(how);
  }

  /** @param {Worker} worker */
  function feed(worker) {
    if (finished) return;
    const task = queue.shift();
    if (!task) {
      worker.terminate();
      if (--running === 0) end('finished');
      return;
    }
    taskOf.set(worker, task);
    worker.postMessage(task);
  }

  const count = size ?? poolSize(tasks.length);
  for (let i = 0; i < count && i < tasks.length; i++) {
    const worker = new Worker(url, { type: 'module' });
    worker.onmessage = (
      /** @type {MessageEvent<Progress | Result | {type: 'error', message: string}>} */ { data },
    ) => {
      if (finished) return;
      const task = taskOf.get(worker);
      if (!task) return; // (never: a worker speaks only after it was given a task)
      if (data.type === 'progress') onProgress?.(task, /** @type {Progress} */ (data));
      else if (data.type === 'result')
        (onResult?.(task, /** @type {Result} */ (data)), feed(worker));
      else if (data.type === 'error') (onError?.(task, data.message), feed(worker));
    };
    worker.onerror = (event) => {
      // A worker that fails to start (or throws outside its handler) cannot be trusted again:
      // report its task and let the other workers finish the queue.
      event.preventDefault();
      if (finished) return;
      onError?.(taskOf.get(worker) ?? queue[0], workerFailed(event));
      worker.terminate();
      if (--running === 0) end(queue.length ? 'failed' : 'finished');
    };
    workers.push(worker);
    running++;
    feed(worker);
  }
  if (!tasks.length) end('finished');
  return { done, cancel: () => end('cancelled'), size: count };
}
