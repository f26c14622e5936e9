// The page's one worker client (web/js/shared/worker-client.js) over a stand-in for Worker
// (globalThis.Worker) that answers as the page's workers do (worker-serve.js's messages): a
// result, progress in order, an error's message, Cancel by AbortSignal (an AbortError, the worker
// terminated, the next call on a fresh worker), and a worker that cannot load (workerFailed's
// marked message, which explainError turns into the reader's text).
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** Every worker made, in order. */
const made = [];
/** When set, the next constructor throws it (a browser refusing the worker outright). */
let refuse = null;

/** A Worker whose commands answer a tick later: echo, count (progress), fail, hold. */
class FakeWorker {
  onmessage = null;
  onerror = null;
  terminated = false;
  posted = [];
  constructor(url, options) {
    if (refuse) throw Object.assign(new Error(refuse), { name: 'SecurityError' });
    this.url = String(url);
    this.options = options;
    made.push(this);
  }
  reply(data) {
    if (!this.terminated) this.onmessage?.({ data });
  }
  postMessage(msg) {
    this.posted.push(msg);
    const { id, cmd } = msg;
    setTimeout(() => {
      if (cmd === 'echo') this.reply({ id, type: 'done', result: { got: msg.value } });
      else if (cmd === 'count') {
        for (let i = 1; i <= msg.n; i++) this.reply({ id, type: 'progress', i });
        this.reply({ id, type: 'done', result: 'counted' });
      } else if (cmd === 'fail') this.reply({ id, type: 'error', message: 'lr must be positive' });
      else if (cmd === 'load-fails') this.onerror?.({ preventDefault() {}, message: undefined });
      // 'hold': never answers (a long step, which only terminating ends)
    });
  }
  terminate() {
    this.terminated = true;
  }
}
globalThis.Worker = FakeWorker;
globalThis.location ??= { origin: 'http://localhost' };
const { createWorkerClient, isAbort } = await import('../../web/js/shared/worker-client.js');
const { explainError, isWorkerFailure } = await import('../../web/js/shared/worker-error.js');

const url = new URL('file:///room/some-worker.js');

test('a call resolves with its result, on one module worker started on first use', async () => {
  const before = made.length;
  const client = createWorkerClient(url);
  assert.equal(client.running, false);
  assert.deepEqual(await client.call('echo', { value: 7 }), { got: 7 });
  assert.deepEqual(await client.call('echo', { value: 8 }), { got: 8 });
  assert.equal(made.length, before + 1);
  const w = made.at(-1);
  assert.equal(w.url, url.href);
  assert.deepEqual(w.options, { type: 'module' });
  assert.deepEqual(w.posted[0], { value: 7, id: 1, cmd: 'echo' });
  client.signal('pause');
  assert.deepEqual(w.posted.at(-1), { cmd: 'pause' });
});

test('progress reaches the call it belongs to, in order, before the result', async () => {
  const client = createWorkerClient(url);
  const seen = [];
  const a = client.call('count', { n: 3 }, { onProgress: (m) => seen.push(`a${m.i}`) });
  const b = client.call('count', { n: 2 }, { onProgress: (m) => seen.push(`b${m.i}`) });
  assert.deepEqual(await Promise.all([a, b]), ['counted', 'counted']);
  assert.deepEqual(seen, ['a1', 'a2', 'a3', 'b1', 'b2']);
});

test("a worker's error rejects the call with its message; the worker goes on", async () => {
  const client = createWorkerClient(url);
  await assert.rejects(client.call('fail'), { message: 'lr must be positive' });
  assert.equal(client.running, true);
  assert.deepEqual(await client.call('echo', { value: 1 }), { got: 1 });
});

test('abort rejects with an AbortError and terminates; the next call starts a fresh worker', async () => {
  const client = createWorkerClient(url);
  const controller = new AbortController();
  const held = client.call('hold', {}, { signal: controller.signal });
  const other = client.call('hold');
  await new Promise((r) => setTimeout(r, 5));
  const w = made.at(-1);
  controller.abort();
  await assert.rejects(held, (err) => isAbort(err) && err.name === 'AbortError');
  await assert.rejects(other, isAbort); // the same worker: its calls end with it
  assert.equal(w.terminated, true);
  assert.equal(client.running, false);
  // An already aborted signal never reaches a worker.
  await assert.rejects(client.call('echo', {}, { signal: controller.signal }), isAbort);
  assert.equal(made.at(-1), w);
  assert.deepEqual(await client.call('echo', { value: 2 }), { got: 2 });
  assert.notEqual(made.at(-1), w);
  assert.equal(made.at(-1).terminated, false);
  // A finished call's signal aborting later changes nothing.
  const late = new AbortController();
  await client.call('echo', { value: 3 }, { signal: late.signal });
  late.abort();
  assert.equal(client.running, true);
  client.terminate();
  assert.equal(made.at(-1).terminated, true);
});

test("a worker that cannot load rejects with workerFailed's text, in the reader's language", async () => {
  const i18n = {
    language: () => 'pt',
    t: (key, vars) => `${key} ${vars.origin} ${vars.detail}`,
  };
  const client = createWorkerClient(url);
  const err = await client.call('load-fails').then(
    () => assert.fail('resolved'),
    (e) => e,
  );
  assert.ok(isWorkerFailure(err.message), err.message);
  assert.ok(explainError(i18n, err.message).startsWith('common.worker_failed '));
  assert.equal(client.running, false);
  // A browser that refuses the worker in its constructor: the same marked message, a rejection
  // rather than a throw, and the next call tries again.
  refuse = 'worker-src blocked';
  const refused = client.call('echo', { value: 1 });
  refuse = null;
  await assert.rejects(refused, (e) => isWorkerFailure(e.message) && /worker-src/.test(e.message));
  assert.deepEqual(await client.call('echo', { value: 4 }), { got: 4 });
});

test("the worker's side: results, progress, errors, signals during a long command, transfers", async () => {
  const posted = [];
  globalThis.postMessage = (m, options) => posted.push({ m, transfer: options?.transfer ?? [] });
  const { serve, transferred } = await import('../../web/js/shared/worker-serve.js');
  let stop = () => {};
  serve(
    {
      add: ({ a, b }) => a + b,
      count: ({ n }, progress) => {
        for (let i = 1; i <= n; i++) progress({ i });
        return 'counted';
      },
      fail: () => {
        throw new Error('lr must be positive');
      },
      // A long run that yields: it ends when the 'stop' signal says so.
      run: () => new Promise((resolve) => (stop = () => resolve('stopped'))),
      grid: () => {
        const g = new Float32Array(4);
        return transferred({ g }, [g.buffer]);
      },
    },
    { stop: () => stop() },
  );
  const send = (data) => globalThis.onmessage({ data });
  await send({ id: 1, cmd: 'add', a: 2, b: 3 });
  assert.deepEqual(posted.pop().m, { id: 1, type: 'done', result: 5 });
  await send({ id: 2, cmd: 'count', n: 2 });
  assert.deepEqual(
    posted.splice(0).map((p) => p.m),
    [
      { i: 1, id: 2, type: 'progress' },
      { i: 2, id: 2, type: 'progress' },
      { id: 2, type: 'done', result: 'counted' },
    ],
  );
  await send({ id: 3, cmd: 'fail' });
  assert.deepEqual(posted.pop().m, { id: 3, type: 'error', message: 'lr must be positive' });
  await send({ id: 4, cmd: 'toString' });
  assert.deepEqual(posted.pop().m, { id: 4, type: 'error', message: 'unknown command toString' });
  // A request during a long run is answered at once, and a signal reaches the run.
  const running = send({ id: 5, cmd: 'run' });
  await send({ id: 6, cmd: 'add', a: 1, b: 1 });
  assert.deepEqual(posted.pop().m, { id: 6, type: 'done', result: 2 });
  send({ cmd: 'stop' });
  await running;
  assert.deepEqual(posted.pop().m, { id: 5, type: 'done', result: 'stopped' });
  await send({ id: 7, cmd: 'grid' });
  const { m, transfer } = posted.pop();
  assert.equal(m.result.g.length, 4);
  assert.deepEqual(transfer, [m.result.g.buffer]);
});
