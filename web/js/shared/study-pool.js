// A many-seeds study's runs in a pool of workers (pool.js), tracked: each result with its seed and
// activation, each error, the study's state when the pool ends, and its progress with a time-left
// estimate. Every study of the page runs through it (the MLP's, the images', the Transformer's,
// the FFN variants'); what a study's tasks are and what its results mean stay with the study.
import { runPool } from './pool.js';

/**
 * @typedef {object} StudyProgress
 * @property {number} fraction
 * @property {number} units  work done (epochs, or the Transformer's steps) of `total`
 * @property {number} total
 * @property {number} elapsed seconds
 * @property {number | null} left seconds, once there is enough to estimate it
 * @property {number} runsDone
 */

/**
 * @template {{id: string, seed: number, activation: string}} Task
 * @template {{type: 'result'}} Result
 * @typedef {object} PooledStudy  what trackPool reads and updates in a study
 * @property {Map<string, Result & {seed: number, activation: Task['activation']}>} results
 * @property {{seed?: number, activation?: Task['activation'], message: string}[]} errors
 * @property {'running' | 'finished' | 'cancelled' | 'failed'} state
 * @property {number} startedAt
 * @property {number | null} endedAt
 */

/**
 * Runs a study's tasks in a pool of workers from `url` (pool.js) and keeps the study up to date:
 * each result (with its seed and activation) or error, its state when the pool ends, and its
 * progress in units of work (epochs or steps: `each` per run; doneOf reads how many a progress
 * message reports). data: what each worker's first request carries (pool.js: the page's one copy
 * of a data file). Returns what completes the study: workers, cancel(), done and progress().
 * Every many-seeds study runs through it: the MLP's and the images' (seeds/study.js,
 * seeds/image-study.js), the Transformer's (lm-study.js) and the FFN variants' (glu/glu-study.js).
 * @template {{id: string, seed: number, activation: string}} Task
 * @template {{type: 'progress'}} Progress
 * @template {{type: 'result'}} Result
 * @template {PooledStudy<Task, Result>} S
 * @param {S} study
 * @param {URL} url
 * @param {Task[]} tasks
 * @param {{each: number, doneOf: (msg: Progress) => number, onUpdate: (study: S) => void,
 *   data?: () => Promise<import('./pool.js').PoolData>}} how
 * @returns {{workers: number, cancel: () => void, done: Promise<S>, progress: () => StudyProgress}}
 */
export function trackPool(study, url, tasks, { each, doneOf, onUpdate, data }) {
  /** @type {Map<string, number>} task id -> units done so far */
  const live = new Map();
  const pool = runPool(url, tasks, {
    data,
    /** @param {Progress} msg */
    onProgress(task, msg) {
      live.set(task.id, doneOf(msg));
      onUpdate(study);
    },
    /** @param {Result} msg */
    onResult(task, msg) {
      live.delete(task.id);
      study.results.set(task.id, { ...msg, seed: task.seed, activation: task.activation });
      onUpdate(study);
    },
    onError(task, message) {
      if (task) live.delete(task.id);
      study.errors.push({ seed: task?.seed, activation: task?.activation, message });
      onUpdate(study);
    },
  });
  const done = pool.done.then((how) => {
    study.state = how === 'cancelled' ? 'cancelled' : study.errors.length ? 'failed' : 'finished';
    study.endedAt = performance.now();
    onUpdate(study);
    return study;
  });
  const progress = () => {
    const total = tasks.length * each;
    let units = (study.results.size + study.errors.length) * each;
    for (const n of live.values()) units += n;
    const elapsed = ((study.endedAt ?? performance.now()) - study.startedAt) / 1000;
    const fraction = total ? Math.min(1, units / total) : 1;
    // Rate so far, once there is enough of it to mean something (workers start in ~0.1 s).
    const left =
      fraction > 0.02 && elapsed > 0.5 && study.state === 'running'
        ? (elapsed * (1 - fraction)) / fraction
        : null;
    return { fraction, units, total, elapsed, left, runsDone: study.results.size };
  };
  return { workers: pool.size, cancel: () => pool.cancel(), done, progress };
}
