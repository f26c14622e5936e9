// The page's study and swap workers, run in Node on the built site (dist/): their messages, the
// test set read once after training, the epoch chosen on validation, and swaps that always start
// from the same pretrained weights.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';

const dist = new URL('../../dist/js/', import.meta.url);
const skip =
  !existsSync(new URL('seeds/seed-worker.js', dist)) && 'dist/ is missing: npm run build';

/** Loads a worker module with postMessage captured; returns send(msg) -> messages posted. */
async function loadWorker(file) {
  const posted = [];
  globalThis.onmessage = null;
  globalThis.postMessage = (m) => posted.push(m);
  await import(new URL(file, dist));
  const handler = globalThis.onmessage;
  return async (msg, withProgress = false) => {
    posted.length = 0;
    globalThis.postMessage = (m) => posted.push(m);
    await handler({ data: msg });
    return withProgress ? posted.slice() : posted.filter((m) => m.type !== 'progress');
  };
}

const small = {
  hidden: [16],
  n: 300,
  epochs: 12,
  val_fraction: 0.2,
  test_fraction: 0.2,
  seed: 3,
  lr: 0.01,
};

test(
  'a study run reports every epoch on validation, picks its epoch there, tests once',
  { skip },
  async () => {
    const send = await loadWorker('seeds/seed-worker.js');
    // The pool's request (worker-serve.js): its result, or the error message itself.
    const train = async (/** @type {object} */ task) => {
      const [m] = await send({ id: 1, cmd: 'train', task });
      return m.type === 'done' ? m.result : m;
    };
    const last = await train({ id: 'a', config: { ...small, activation: 'gelu' }, choose: 'last' });
    assert.equal(last.type, 'result', last.message);
    assert.equal(last.history.length, 12);
    assert.equal(last.chosen_epoch, 12);
    assert.ok(last.history.every((h) => h.val_acc !== null && !('test_acc' in h)));
    assert.ok(last.test.acc > 0.5 && last.test.acc <= 1);
    const best = await train({ id: 'b', config: { ...small, activation: 'gelu' }, choose: 'best' });
    const lowest = best.history.reduce((m, h) => (h.val_loss < m.val_loss ? h : m));
    assert.equal(best.chosen_epoch, lowest.epoch);
    assert.ok(
      Math.abs(best.val.loss - lowest.val_loss) < 1e-6,
      'the kept weights are those of that epoch',
    );
    const bad = await train({ id: 'c', config: { ...small, lr: -1 }, choose: 'last' });
    assert.equal(bad.type, 'error');
    assert.match(bad.message, /lr/);
  },
);

test(
  'swaps start from the pretrained weights every time; fine-tuning moves on from the swap',
  { skip },
  async () => {
    const post = await loadWorker('swap/swap-worker.js');
    // A request (worker-serve.js): what the command sent (its progress messages' news, but the
    // progress itself), or its error as the page hears it.
    let id = 0;
    const send = async ({ cmd, ...args }) =>
      (await post({ ...args, cmd, id: ++id }, true)).flatMap((m) =>
        m.type === 'error'
          ? [{ type: 'error', cmd, message: m.message }]
          : m.type === 'progress' && m.message.type !== 'progress'
            ? [m.message]
            : [],
      );
    const [pre] = await send({
      cmd: 'pretrain',
      config: { ...small, activation: 'gelu' },
      grid: 8,
    });
    assert.equal(pre.stage, 'pretrained', pre.message);
    const [first] = await send({ cmd: 'swap', to: 'relu' });
    assert.equal(first.activation, 'relu');
    const [tuned] = await send({ cmd: 'finetune', epochs: 3 });
    assert.deepEqual(
      tuned.curve.map((c) => c.epoch),
      [0, 1, 2, 3],
    );
    const [again] = await send({ cmd: 'swap', to: 'relu' });
    assert.deepEqual(again.probe, first.probe);
    assert.equal(again.maxDiff, first.maxDiff);
    const [back] = await send({ cmd: 'swap', to: 'gelu' });
    assert.deepEqual(back.probe, pre.probe, 'swapping to the same activation changes nothing');
    assert.equal(back.maxDiff, 0);
    const [state] = await send({ cmd: 'export' });
    const [imported] = await send({
      cmd: 'import',
      config: { ...small, activation: 'gelu' },
      file: new Blob([state.bytes]), // the page hands the worker the chosen File
      grid: 8,
    });
    assert.deepEqual(imported.probe, pre.probe);
    const [refused] = await send({
      cmd: 'import',
      config: { ...small, activation: 'gelu' },
      file: new Blob(['{"0.weight": [[1]]}']),
      grid: 8,
    });
    assert.equal(refused.type, 'error');
    assert.equal(refused.cmd, 'import');
  },
);

test(
  "the twin's run: its news are the create request's progress; the next create ends it",
  { skip, timeout: 60000 },
  async () => {
    const posted = [];
    globalThis.onmessage = null;
    globalThis.postMessage = (m) => posted.push(m);
    await import(new URL('twin/train-worker.js', dist));
    const handler = globalThis.onmessage;
    const news = (id) => posted.filter((m) => m.id === id && m.type === 'progress');
    // Two creates in a row (Reset pressed twice): each replaces the one before, and says so.
    const first = handler({ data: { id: 1, cmd: 'create', config: small, grid: 4 } });
    const second = handler({
      data: { id: 2, cmd: 'create', config: { ...small, seed: 4 }, grid: 4 },
    });
    await first;
    assert.deepEqual(
      posted.find((m) => m.id === 1 && m.type === 'done'),
      { id: 1, type: 'done', result: { replaced: true } },
    );
    assert.equal(news(1)[0].message.type, 'created');
    assert.equal(news(2)[0].message.type, 'created');
    // Signals act on the latest run: play it, then stop it; its last snapshot has the final numbers.
    await handler({ data: { cmd: 'play' } });
    const until = (done) =>
      new Promise((resolve) => {
        const poll = () => (done() ? resolve() : setTimeout(poll, 20));
        poll();
      });
    await until(() => news(2).some((m) => m.message.records?.length));
    await handler({ data: { cmd: 'stop' } });
    await until(() => news(2).some((m) => m.message.final));
    const last = news(2).at(-1).message;
    assert.equal(last.type, 'snapshot');
    assert.equal(last.stopped, true);
    assert.ok(last.final.test.acc >= 0 && last.final.test.acc <= 1);
    assert.equal(news(1).length > 0 && news(1).every((m) => m.message.type !== 'error'), true);
    // A refused configuration fails its request with the core's message.
    await handler({ data: { id: 3, cmd: 'create', config: { ...small, lr: -1 }, grid: 0 } });
    assert.match(posted.find((m) => m.id === 3 && m.type === 'error').message, /lr/);
    await second; // (replaced by the refused create: its run was ended first)
  },
);
