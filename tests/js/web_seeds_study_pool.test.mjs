// trackPool (web/js/seeds/study.js), the pool wiring both many-seeds studies share (study.js for the MLP,
// lm-study.js for the Transformer), over a scripted stand-in for Worker: results carry their seed
// and activation, errors are kept with theirs, progress counts units of work (epochs or steps),
// and the study's state says how the pool ended.
import { test } from 'node:test';
import assert from 'node:assert/strict';

globalThis.navigator ??= { hardwareConcurrency: 2 }; // (pool.js sizes the pool from it)

/** A Worker that answers each task, a tick later, as the task's `script` says (worker-serve.js's
 * messages: the request {id, cmd: 'train', task}, progress, then its result or its error). */
class ScriptedWorker {
  onmessage = null;
  terminated = false;
  postMessage({ id, cmd, task }) {
    assert.equal(cmd, 'train');
    setTimeout(() => {
      if (this.terminated) return;
      const { progress, error, hold } = task.script;
      for (const step of progress) this.onmessage({ data: { type: 'progress', id, step } });
      if (hold) return; // still running: the test cancels it
      const data = error
        ? { type: 'error', id, message: error }
        : {
            type: 'done',
            id,
            result: { type: 'result', id: task.id, final: { val_loss: task.seed / 10 } },
          };
      this.onmessage({ data });
    });
  }
  terminate() {
    this.terminated = true;
  }
}
globalThis.Worker = ScriptedWorker;
const { trackPool } = await import('../../web/js/seeds/study.js');

const task = (seed, activation, script) => ({
  id: `${seed}/${activation}`,
  seed,
  activation,
  script,
});
const newStudy = () => ({
  results: new Map(),
  errors: [],
  state: 'running',
  startedAt: performance.now(),
  endedAt: null,
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Starts tasks through trackPool, 10 steps each; counts the study's updates. */
function start(tasks) {
  const study = newStudy();
  let updates = 0;
  const tracked = trackPool(study, new URL('file:///worker.js'), tasks, {
    each: 10,
    doneOf: (msg) => msg.step,
    onUpdate: (s) => (assert.equal(s, study), updates++),
  });
  return { study, tracked, updates: () => updates };
}

test('results carry seed and activation; an error fails the study but keeps the others', async () => {
  const { study, tracked, updates } = start([
    task(1, 'relu', { progress: [5, 10] }),
    task(1, 'gelu', { progress: [5], error: 'diverged badly' }),
    task(2, 'relu', { progress: [] }),
  ]);
  assert.equal(tracked.workers, 2);
  assert.equal(await tracked.done, study);
  assert.equal(study.state, 'failed');
  assert.ok(study.endedAt >= study.startedAt);
  assert.deepEqual([...study.results.keys()].sort(), ['1/relu', '2/relu']);
  assert.deepEqual(study.results.get('2/relu'), {
    type: 'result',
    id: '2/relu',
    final: { val_loss: 0.2 },
    seed: 2,
    activation: 'relu',
  });
  assert.deepEqual(study.errors, [{ seed: 1, activation: 'gelu', message: 'diverged badly' }]);
  // Every run is over: a failed one counts as done work too.
  const p = tracked.progress();
  assert.deepEqual([p.fraction, p.units, p.total, p.left, p.runsDone], [1, 30, 30, null, 2]);
  assert.equal(updates(), 3 + 3 + 1); // 3 progress messages, 3 endings, the end of the pool
});

test('progress counts the units of running tasks; cancel ends the study as cancelled', async () => {
  const { study, tracked } = start([
    task(7, 'gelu', { progress: [10] }),
    task(7, 'silu', { progress: [2, 3], hold: true }),
  ]);
  await tick();
  assert.equal(study.state, 'running');
  const p = tracked.progress();
  assert.deepEqual([p.units, p.total, p.fraction, p.runsDone], [13, 20, 0.65, 1]);
  tracked.cancel();
  assert.equal(await tracked.done, study);
  assert.equal(study.state, 'cancelled');
  assert.equal(study.errors.length, 0);
});

test('a study whose runs all end well is finished', async () => {
  const { study, tracked } = start([task(3, 'relu', { progress: [4] })]);
  await tracked.done;
  assert.equal(study.state, 'finished');
  assert.equal(tracked.workers, 1);
  assert.equal(tracked.progress().fraction, 1);
});
