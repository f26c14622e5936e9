// trackPool (web/js/shared/study-pool.js), the pool wiring every many-seeds study shares
// (seeds/study.js for the MLP, shared/lm-study.js for the Transformer, glu/glu-study.js for the FFN
// variants), over a scripted stand-in for Worker: results carry their seed and activation, errors
// are kept with theirs, progress counts units of work (epochs or steps), and the study's state
// says how the pool ended; the data the page hands its workers (pool.js `data`) goes with each
// worker's first request only, and a failure to get it fails the study.
import { test } from 'node:test';
import assert from 'node:assert/strict';

globalThis.navigator ??= { hardwareConcurrency: 2 }; // (pool.js sizes the pool from it)

/** A Worker that answers each task, a tick later, as the task's `script` says (worker-serve.js's
 * messages: the request {id, cmd: 'train', task}, progress, then its result or its error). */
class ScriptedWorker {
  static all = [];
  onmessage = null;
  terminated = false;
  /** @type {{message: object, transfer: unknown[]}[]} every request, as posted */
  posted = [];
  constructor() {
    ScriptedWorker.all.push(this);
  }
  postMessage(message, transfer) {
    const { id, cmd, task } = message;
    this.posted.push({ message, transfer });
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
const { trackPool } = await import('../../web/js/shared/study-pool.js');

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
function start(tasks, data) {
  const study = newStudy();
  let updates = 0;
  ScriptedWorker.all = [];
  const tracked = trackPool(study, new URL('file:///worker.js'), tasks, {
    each: 10,
    doneOf: (msg) => msg.step,
    onUpdate: (s) => (assert.equal(s, study), updates++),
    data,
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

test("data: each worker's first request carries it (and its transfer list), later ones do not", async () => {
  let asked = 0;
  const data = async () => {
    const bytes = new Uint8Array([++asked, 2, 3]);
    return { args: { subset: bytes }, transfer: [bytes.buffer] };
  };
  const tasks = [1, 2, 3].map((seed) => task(seed, 'relu', { progress: [10] }));
  const { study, tracked } = start(tasks, data);
  await tracked.done;
  assert.equal(study.state, 'finished');
  assert.equal(study.results.size, 3);
  assert.equal(asked, 2, 'asked once per worker (the page fetches once: shared/page-data.js)');
  const workers = ScriptedWorker.all;
  assert.deepEqual(
    workers.map((w) => w.posted.length),
    [2, 1],
  );
  for (const w of workers) {
    const [first, ...rest] = w.posted;
    assert.ok(first.message.subset instanceof Uint8Array, 'the first request has the bytes');
    assert.deepEqual(first.transfer, [first.message.subset.buffer], 'and transfers them');
    for (const r of rest) assert.equal(r.message.subset, undefined, 'later ones do not');
  }
  // Each worker its own copy: a transfer detaches the buffer it moves.
  assert.notEqual(workers[0].posted[0].message.subset, workers[1].posted[0].message.subset);
});

test('data sent again after a failed request (the client may have started a fresh worker)', async () => {
  let asked = 0;
  const data = async () => ({ args: { corpus: `text ${++asked}` } });
  const { study, tracked } = start(
    [
      task(1, 'relu', { progress: [], error: 'refused' }),
      task(2, 'relu', { progress: [] }),
      task(3, 'relu', { progress: [] }),
    ],
    data,
  );
  await tracked.done;
  assert.equal(study.state, 'failed');
  assert.equal(study.results.size, 2);
  // The first worker's run 1 fails, so its run 3 has the data again; the second's run 2 has it.
  assert.deepEqual(
    ScriptedWorker.all.map((w) => w.posted.map((p) => [p.message.task.seed, p.message.corpus])),
    [
      [
        [1, 'text 1'],
        [3, 'text 3'],
      ],
      [[2, 'text 2']],
    ],
  );
});

test('data that cannot be had (a failed fetch) fails the study, with its message, and trains nothing', async () => {
  const data = async () => {
    throw new Error('activation-lab:data-failed {"status":404}');
  };
  const tasks = [1, 2, 3].map((seed) => task(seed, 'relu', { progress: [10] }));
  const { study, tracked } = start(tasks, data);
  assert.equal(await tracked.done, study);
  assert.equal(study.state, 'failed');
  assert.equal(study.results.size, 0);
  // One error per worker: a worker without its data leaves the queue, as one that cannot start.
  assert.deepEqual(
    study.errors.map((e) => e.message),
    Array(tracked.workers).fill('activation-lab:data-failed {"status":404}'),
  );
  assert.deepEqual(
    ScriptedWorker.all.map((w) => w.posted.length),
    Array(ScriptedWorker.all.length).fill(0),
    'no request sent',
  );
});
