// The many-seeds study's data files, fetched once per page (web/js/shared/page-data.js) and handed
// to each pool worker with its first request, not fetched by each worker: an images study with
// two or more workers requests the subset exactly once, and the Transformer's study its corpus
// once; a subset that cannot be fetched ends the study failed, with the file's explanation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup({ figure: 'seeds' }))); // the figure under test alone
after(async () => env?.close());

const seeds = '[data-widget="seeds"]';
// Two seeds of two activations: four runs, a short epoch each.
const IMAGES =
  '#smodel=images&sia=relu&sib=gelu&siseeds=2&siseed=1&siepochs=1&sintrain=200&sintest=100';
const LM = '#smodel=transformer&sla=gelu&slb=relu&slseeds=2&slseed=5&slsteps=3';
const SUBSET = /\/data\/fashion-mnist\.bin$/;
const CORPUS = /\/data\/jargon\.txt$/;

/**
 * A page whose pool starts at least `workers` workers whatever the machine's cores (pool.js sizes
 * it from navigator.hardwareConcurrency), with every request for a file matching `file` and
 * every study worker (matching `worker`) counted.
 */
async function studyPage(hash, file, worker, workers = 3) {
  const opened = await openPage(env, hash);
  const { page, context } = opened;
  await context.addInitScript(
    (n) => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => n }),
    workers,
  );
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
  const requests = [];
  const started = [];
  // (the page's and its workers' requests; once the service worker controls the reloaded page,
  // it fetches each again on their behalf, which is not another request of theirs)
  context.on('request', (r) => !r.serviceWorker() && file.test(r.url()) && requests.push(r.url()));
  page.on('worker', (w) => worker.test(w.url()) && started.push(w.url()));
  await page.locator(seeds).scrollIntoViewIfNeeded();
  return { ...opened, requests, started };
}

const ended = (page) =>
  page.waitForSelector(`${seeds}:is([data-state="finished"], [data-state="failed"])`, {
    timeout: 180000,
  });

test('an images study of four runs on three workers fetches the subset once', async () => {
  const { page, context, problems, offOrigin, requests, started } = await studyPage(
    IMAGES,
    SUBSET,
    /image-seed-worker\.js/,
  );
  assert.equal(await page.locator('#seeds-smodel').inputValue(), 'images');
  assert.deepEqual(requests, [], 'nothing fetched before Run');
  await page.click(`${seeds} [data-act="run"]`);
  await ended(page);
  assert.equal(
    await page.getAttribute(seeds, 'data-state'),
    'finished',
    await page.locator(`${seeds} [data-errors]`).textContent(),
  );
  assert.match(await page.locator(`${seeds} [data-progress]`).textContent(), /^Done: 4 runs in/);
  assert.ok(started.length >= 2, `at least two pool workers: ${started.length}`);
  assert.equal(requests.length, 1, `the subset fetched once: ${requests.join(', ')}`);
  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('a Transformer study on three workers fetches its corpus once', async () => {
  const { page, context, problems, requests, started } = await studyPage(
    LM,
    CORPUS,
    /lm-seed-worker\.js/,
  );
  await page.click(`${seeds} [data-act="run"]`);
  await ended(page);
  assert.equal(await page.getAttribute(seeds, 'data-state'), 'finished');
  assert.ok(started.length >= 2, `at least two pool workers: ${started.length}`);
  assert.equal(requests.length, 1, `the corpus fetched once: ${requests.join(', ')}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a subset that cannot be fetched ends the images study failed, saying which file', async () => {
  const { page, context, requests } = await studyPage(IMAGES, SUBSET, /image-seed-worker\.js/);
  await context.route(SUBSET, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.click(`${seeds} [data-act="run"]`);
  await ended(page);
  assert.equal(await page.getAttribute(seeds, 'data-state'), 'failed');
  const errors = await page.locator(`${seeds} [data-errors]`).textContent();
  assert.match(errors, /data\/fashion-mnist\.bin is missing from .*HTTP 404/, errors);
  assert.equal(await page.locator(`${seeds} [data-act="run"]`).isDisabled(), false, 'can retry');
  assert.ok(requests.length >= 1, 'it was asked for');
  await context.close();
});
