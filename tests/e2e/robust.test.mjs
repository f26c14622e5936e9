// Hostile and careless use (issue 9): controls at the largest settings, long main-thread tasks,
// elements removed mid-run, attribute churn, odd embed fragments, a shrinking iframe; and an
// element moved within a page (out and in again in one task, as frameworks do when they reorder),
// which keeps its results and its running study, while one that stays out ends its workers
// (web/activation-lab.js, issue 63).
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { articleUrl, longTasksWith100kPoints, openPage, pollUntil, setup } from './helpers.mjs';
import { test, timedTest } from './parts.mjs';

let env;
before(async () => (env = await setup({ figure: 'twin' }))); // the figure under test alone
after(async () => env?.close());

const lab = '[data-widget="twin"]';

/** Appends [tag, id, attributes] elements to the page's body, in order (on embed.html: figures). */
const appendElements = (
  /** @type {import('playwright-core').Page} */ page,
  /** @type {[string, string, Record<string, string>][]} */ elements,
) =>
  page.evaluate((list) => {
    for (const [tag, id, attributes] of list) {
      const el = Object.assign(document.createElement(tag), { id });
      for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
      document.body.append(el);
    }
  }, elements);

/** A study long enough to be still running whenever a test removes or moves it: #s. */
const LONG_STUDY = /** @type {[string, string, Record<string, string>]} */ ([
  'activation-lab-seeds',
  's',
  { seeds: '20', epochs: '2000' },
]);

/** Starts LONG_STUDY once it is ready, and waits until it runs (its Cancel enabled). */
async function runLongStudy(/** @type {import('playwright-core').Page} */ page) {
  await page.waitForSelector('#s[ready]');
  await page.locator('#s [data-act="run"]').click();
  await page.locator('#s [data-act="cancel"]:not([disabled])').waitFor();
}

const LONG_TASK_LIMIT_MS = 500; // the goal is ~200 ms; a shared machine gets some slack

/** ms until fn(page) is true (polled). */
async function timeUntil(page, fn, arg) {
  const t0 = Date.now();
  await page.waitForFunction(fn, arg, { timeout: 20000, polling: 50 });
  return Date.now() - t0;
}
/** In the page: true when both rows of the twin's table show `status`. */
const bothAre = (status) =>
  ['a', 'b'].every((s) => document.querySelector(`tr[data-row="${s}"]`)?.dataset.status === status);

timedTest('at the largest settings every control acts within a second', async () => {
  const { page, context, problems } = await openPage(
    env,
    '#n=100000&hidden=512,512,512,512&epochs=10000',
  );
  await page.waitForFunction(bothAre, 'ready');
  const ms = {};
  await page.click(`${lab} [data-act="play"]`);
  // Mid-epoch: the first epoch of this network takes minutes.
  await page.waitForFunction(() => Number(document.querySelector('#twin progress').value) > 0);
  assert.equal(await page.locator(`${lab} [data-act="stop"]`).isDisabled(), false);
  await page.click(`${lab} [data-act="play"]`); // pause
  // Within a second of the click (snapshots already on their way may still arrive), then no more.
  await page.waitForTimeout(1000);
  const atPause = await page.evaluate(() => Number(document.querySelector('#twin progress').value));
  await page.waitForTimeout(1500);
  const paused = await page.evaluate(() => Number(document.querySelector('#twin progress').value));
  assert.ok(paused - atPause < 0.002, `no training once paused (${atPause} -> ${paused})`);
  await page.click(`${lab} [data-act="play"]`); // resume
  await page.click(`${lab} [data-act="stop"]`);
  ms.stop = await timeUntil(page, bothAre, 'stopped');
  await page.click(`${lab} [data-act="reset"]`);
  ms.reset = await timeUntil(page, bothAre, 'ready');
  await page.evaluate(() => (location.hash = '#n=99999&hidden=512,512,512,512&epochs=10000'));
  ms.hash = await timeUntil(page, bothAre, 'ready');
  console.log(`controls at max settings: ${JSON.stringify(ms)} ms`);
  // Stop acts within a slice. Reset and a hash change also build what the settings ask for (a
  // data set of 100,000 points and a network of 790,000 weights, once): a little longer.
  assert.ok(ms.stop < 1500, `stop: ${ms.stop} ms`);
  for (const control of ['reset', 'hash'])
    assert.ok(ms[control] < 3000, `${control}: ${ms[control]} ms`);
  assert.deepEqual(problems, []);
  await context.close();
});

timedTest(
  '100,000 points: no main-thread task over 500 ms, at load or on a hash change',
  async () => {
    // (the article's first layout, 13,000 px, is the browser's own work: `lab` counts from after it)
    const tasks = await longTasksWith100kPoints(
      env.browser,
      articleUrl(env.url, '#n=100000', env.figure),
    );
    console.log(
      `n=100000: longest main-thread task ${tasks.lab} ms after the first layout, ` +
        `${tasks.all} ms with it`,
    );
    assert.ok(tasks.lab < LONG_TASK_LIMIT_MS, `longest main-thread task ${tasks.lab} ms`);
  },
);

test('a removed element ends its workers; re-inserted, it starts afresh; attribute churn coalesces', async () => {
  const { page, context, problems } = await openPage(env, '', {}, 'embed.html#widget=curves');
  const workers = () => page.workers().length;
  await appendElements(page, [
    ['activation-lab-twin', 't', { n: '300', epochs: '10000' }],
    LONG_STUDY,
  ]);
  await page.waitForSelector('#t[ready]');
  await page.locator('#t [data-act="play"]').click();
  await runLongStudy(page);
  await pollUntil(page, () => workers() >= 3);
  assert.ok(workers() >= 3, `twin and study workers run (${workers()})`);
  await page.evaluate(() => document.querySelectorAll('#t, #s').forEach((el) => el.remove()));
  const waited = await pollUntil(page, () => workers() === 0);
  console.log(`workers left ${workers()} after ${waited} ms`);
  assert.equal(workers(), 0, 'every worker ended with its element');
  // Back in the page: a fresh figure.
  await page.evaluate(() => {
    const twin = document.createElement('activation-lab-twin');
    twin.id = 't2';
    twin.setAttribute('n', '300');
    twin.setAttribute('epochs', '3');
    document.body.append(twin);
  });
  await page.waitForSelector('#t2[ready]');
  // 200 changes between a tiny and the largest network in one go: only the last one counts.
  await page.evaluate(() => {
    const el = document.getElementById('t2');
    for (let i = 0; i < 200; i++) el.setAttribute('layers', i % 2 ? '8' : '512,512,512,512');
    el.setAttribute('layers', '8');
  });
  await page.waitForFunction(
    () => document.querySelector('#t2').shadowRoot.querySelector('#lab-hidden')?.value === '8',
  );
  await page.locator('#t2 [data-act="play"]').click();
  await page.waitForFunction(
    () =>
      ['a', 'b'].every(
        (s) =>
          document.querySelector('#t2').shadowRoot.querySelector(`tr[data-row="${s}"]`)?.dataset
            .status === 'done',
      ),
    null,
    { timeout: 20000 },
  );
  assert.deepEqual(problems, []);
  await context.close();
});

test('embed.html names an unknown figure, inherited names included, and its height can shrink', async () => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    const { page, context } = await openPage(env, '', {}, `embed.html#widget=${name}`);
    await page.waitForSelector('.embed-message');
    assert.match(await page.locator('.embed-message').textContent(), new RegExp(name));
    await context.close();
  }
  const { page, context } = await openPage(env, '', {}, 'examples/blog-post.html');
  const heights = await page.evaluate(async (src) => {
    const frame = Object.assign(document.createElement('iframe'), { src, title: 'probe' });
    frame.style.width = '340px';
    frame.style.height = '200px';
    const seen = [];
    addEventListener('message', (e) => {
      if (e.data?.type === 'activation-lab:height') {
        seen.push(e.data.height);
        frame.style.height = `${e.data.height}px`; // a host that follows the posted height
      }
    });
    document.body.append(frame);
    const settle = () => new Promise((ok) => setTimeout(ok, 1000));
    while (!frame.contentDocument?.querySelector('activation-lab-curves[ready]')) await settle();
    await settle();
    const narrow = seen.at(-1);
    frame.style.width = '1100px';
    await settle();
    return { narrow, wide: seen.at(-1) };
  }, `${env.url}embed.html#widget=curves`);
  assert.ok(heights.wide < heights.narrow, `taller when narrow: ${JSON.stringify(heights)}`);
  await context.close();
});

test('a moved element keeps its running study and its workers; removed, they end', async () => {
  const { page, context, problems } = await openPage(env, '', {}, 'embed.html#widget=curves');
  const workers = () => page.workers().length;
  await appendElements(page, [['div', 'first', {}], LONG_STUDY]);
  await runLongStudy(page);
  await pollUntil(page, () => workers() >= 1);
  const running = workers();
  assert.ok(running >= 1, 'the study runs');
  // The move: removed and inserted again before another element, in one task.
  await page.evaluate(() => {
    const el = /** @type {HTMLElement} */ (document.getElementById('s'));
    el.remove();
    document.body.insertBefore(el, document.getElementById('first'));
  });
  await page.waitForTimeout(500); // past the next task, where a removal would end the workers
  assert.equal(await page.locator('#s[ready]').count(), 1, 'still ready');
  assert.equal(
    await page.locator('#s [data-act="cancel"]:not([disabled])').count(),
    1,
    'the study still runs',
  );
  // (The pool may still be starting its next worker: none may have ended.)
  assert.ok(workers() >= running, `its workers run on: ${workers()} of ${running}`);
  // Removed for good: its workers end.
  await page.evaluate(() => document.getElementById('s')?.remove());
  await pollUntil(page, () => workers() === 0);
  assert.equal(workers(), 0, 'every worker ended with its element');
  assert.deepEqual(problems, []);
  await context.close();
});
