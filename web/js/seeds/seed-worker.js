// A pool worker of the many-seeds study (pool.js): trains one network of one seed to the end and
// reports it (seed-train.js: the test set evaluated once, after training).
// It answers the pool's request {cmd:'train', task} (shared/worker-serve.js):
//   task:     {id, config, choose: 'last' | 'best'}
//   progress: {epoch}   (at most every PROGRESS_MS)
//   result:   {type:'result', id, status, history, chosen_epoch, train, val, test, seconds}
//   (a refused config: the request's error, with the core's message)
import { loadCore } from '../shared/core.js';
import { serve } from '../shared/worker-serve.js';
import { trainSeed } from './seed-train.js';

const core = loadCore();

serve({
  /**
   * @param {{task: import('./protocol').SeedTask}} args
   * @param {(fields: {epoch: number}) => void} progress
   */
  train: async ({ task }, progress) => trainSeed((await core).M, task, progress),
});
