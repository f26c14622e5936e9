// The many-seeds study: its summary and what it says it supports, a study of one activation
// against itself, cancel, the widgets at 360 px in dark mode and Portuguese, and a preset
// interval the built prose quotes, as the study computes it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dist, openPage, parseNumber, pollUntil, screenshot, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const seeds = '[data-widget="seeds"]',
  swap = '[data-widget="swap"]',
  cost = '[data-widget="cost"]';

/** Waits for a study state; a timeout says where the study was (machines under load are slow). */
async function studyState(page, state, timeout = 90000) {
  try {
    await page.waitForSelector(`${seeds}[data-state="${state}"]`, { timeout });
  } catch (err) {
    const where = await page
      .locator(`${seeds} [data-progress]`)
      .textContent()
      .catch(() => '?');
    throw new Error(`study not ${state}: "${where}" (${err.message.split('\n')[0]})`);
  }
}

test('a 3-seed study completes and states what its summary supports', async () => {
  const { page, context, problems, offOrigin } = await openPage(env, '#seeds=3&sn=400&sepochs=10', {
    figure: 'seeds',
  });
  await page.locator(seeds).scrollIntoViewIfNeeded();
  await page.click(`${seeds} [data-act="run"]`);
  await studyState(page, 'finished');
  const rows = page.locator(`${seeds} [data-summary] tbody tr`);
  assert.equal(await rows.count(), 3);
  // the interval in the digits its half-width supports (shared/difference-digits.js)
  const ci = await page.locator(`${seeds} [data-summary] [data-ci]`).textContent();
  const [, lo, hi] = ci.match(/^\[(−?\d+(?:\.\d+)?), (−?\d+(?:\.\d+)?)\]$/) ?? [];
  assert.ok(lo && hi, ci);
  const decimals = (hi.split('.')[1] ?? '').length;
  assert.equal(decimals, (lo.split('.')[1] ?? '').length, ci);
  const half = (parseNumber(hi) - parseNumber(lo)) / 2;
  // two significant digits of the half-width (its endpoints rounded, so a little slack)
  const unit = 10 ** -decimals;
  assert.ok(half >= 9 * unit && half < 100.5 * unit, `${ci}: ${decimals} decimals`);
  const verdict = page.locator(`${seeds} [data-verdict]`);
  assert.ok(
    ['no_difference', 'a_higher', 'b_higher'].includes(await verdict.getAttribute('data-kind')),
  );
  assert.match(await verdict.textContent(), /On this task and setup, /);
  assert.equal(await page.locator(`${seeds} [data-seeds-table] tbody tr`).count(), 3);
  assert.match(await page.locator(`${seeds} [data-progress]`).textContent(), /^Done: 6 runs in/);
  // the curves' legend: one swatch per activation, in its side's colour
  const chips = page.locator(`${seeds} [data-legend] [data-chip]`);
  assert.deepEqual(await chips.evaluateAll((els) => els.map((e) => e.dataset.chip)), [
    'relu',
    'gelu',
  ]);
  assert.match(await page.locator(`${seeds} [data-protocol]`).textContent(), /evaluated once/);
  // the visit's list of studies: this setup, its seeds, the mean test accuracies and the interval
  const past = page.locator(`${seeds} [data-history] tbody tr`);
  assert.equal(await past.count(), 1);
  assert.match(
    await past.locator('th').textContent(),
    /^Two moons, 400 points, .*, lr 0\.001, 10 epochs$/,
  );
  const cells = await past.locator('td').allTextContents();
  assert.equal(cells[0], '3');
  assert.match(cells[1], /^ReLU \d+\.\d\d\s?%$/);
  assert.match(cells[3], /^\[−?\d+\.\d\d, −?\d+\.\d\d\]$/);
  // the per-seed CSV carries the three seeds and both activations
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`${seeds} [data-export="seeds-csv"]`),
  ]);
  const csv = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  assert.equal(csv.length, 4);
  assert.match(csv[0], /^seed,relu_test_acc,gelu_test_acc,diff_test_acc,/);
  await screenshot(page.locator(seeds), 'evidence-seeds');
  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('a study of one activation against itself runs each seed once and says so', async () => {
  const { page, context, problems } = await openPage(
    env,
    '#seeds=2&sn=200&sepochs=2&sa=gelu&sb=gelu',
    { figure: 'seeds' },
  );
  await page.locator(seeds).scrollIntoViewIfNeeded();
  await page.click(`${seeds} [data-act="run"]`);
  await studyState(page, 'finished');
  assert.equal(await page.locator(`${seeds} [data-verdict]`).getAttribute('data-kind'), 'same');
  assert.match(await page.locator(`${seeds} [data-progress]`).textContent(), /^Done: 2 runs in/);
  // each seed's one run serves both sides: one curve per seed, one swatch, the first side's colour
  const chips = page.locator(`${seeds} [data-legend] [data-chip]`);
  assert.deepEqual(await chips.evaluateAll((els) => els.map((e) => e.dataset.chip)), ['gelu']);
  // and the runs that never reached 95 % (none does in 2 epochs) are counted once, not per side
  assert.match(
    await page.locator(`${seeds} [data-speed-verdict]`).textContent(),
    /left out of the pairs: GELU 2\.$/,
  );
  assert.deepEqual(problems, []);
  await context.close();
});

test('cancel terminates the study workers and progress stops', async () => {
  const { page, context, problems } = await openPage(env, '#seeds=40&sepochs=300', {
    figure: 'seeds',
  });
  const idle = page.workers().length;
  await page.click(`${seeds} [data-act="run"]`);
  await page.waitForFunction((sel) => document.querySelector(`${sel} progress`).value > 0, seeds);
  await pollUntil(page, () => page.workers().length > idle);
  assert.ok(page.workers().length > idle, 'the pool started workers');
  await page.click(`${seeds} [data-act="cancel"]`);
  await studyState(page, 'cancelled', 10000);
  await pollUntil(page, () => page.workers().length === idle, 3000);
  assert.equal(page.workers().length, idle, 'every pool worker is gone');
  const value = await page.locator(`${seeds} progress`).evaluate((p) => p.value);
  await page.waitForTimeout(500);
  assert.equal(await page.locator(`${seeds} progress`).evaluate((p) => p.value), value);
  assert.match(await page.locator(`${seeds} [data-progress]`).textContent(), /^Cancelled/);
  assert.equal(await page.locator(`${seeds} [data-act="run"]`).isDisabled(), false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the evidence widgets fit 360 px, in dark mode and in Portuguese', async () => {
  const { page, context, problems } = await openPage(env, 'pt/#seeds=2&sn=200&sepochs=3', {
    viewport: { width: 360, height: 740 },
    colorScheme: 'dark',
  });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt-PT');
  await page.click(`${seeds} [data-act="run"]`);
  await studyState(page, 'finished');
  // two seeds on 40 test points: any verdict may come out, but always in Portuguese
  const kind = await page.locator(`${seeds} [data-verdict]`).getAttribute('data-kind');
  const pt = {
    no_spread: /^As 2 sementes deram/,
    no_difference: /^Nesta tarefa/,
    a_higher: /^Nesta tarefa/,
    b_higher: /^Nesta tarefa/,
  };
  assert.match(await page.locator(`${seeds} [data-verdict]`).textContent(), pt[kind]);
  // the visit's list of studies writes its setup's numbers the Portuguese way
  assert.match(
    await page.locator(`${seeds} [data-history] tbody th`).textContent(),
    /, ruído 0,\d\d, .*, taxa 0,001, 3 épocas$/,
  );
  for (const sel of [seeds, swap, cost]) {
    const over = await page.locator(sel).evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(over <= 1, `${sel} overflows by ${over}px`);
  }
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360);
  await screenshot(page.locator(seeds), 'evidence-seeds-360-dark-pt');
  await page.locator(cost).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${cost}[data-state="done"]`, { timeout: 60000 });
  await screenshot(page.locator(cost), 'evidence-cost-360-dark-pt');
  await screenshot(page.locator(swap), 'evidence-swap-360-dark-pt');
  assert.deepEqual(problems, []);
  await context.close();
});

// The article quotes the study's presets (relu-wins, boundary-shape) through data-run placeholders
// that the build fills from the committed runs (web/data/runs/). The node spot check
// (tests/js/web_ship_runs_spot_check.test.mjs) holds each committed run to the current core, seed
// by seed, through the page's own study code; what only the browser shows is that the page's
// pool of workers, started from the preset's link, computes the interval the built prose prints.
// One study shows it (the checkerboard's, the shortest: 10 seeds); the others run the same code.
test("the interval the built prose quotes is the one the page's study computes", async () => {
  const run = JSON.parse(
    await readFile(new URL('../../web/data/runs/study.checkerboard.json', import.meta.url)),
  );
  assert.deepEqual([run.study.preset, run.per_seed.length], ['checkerboard', 10]);
  const built = JSON.parse(await readFile(join(dist, 'i18n', 'en', 'relu-wins.json'), 'utf8'));
  const quoted = /data-run="study\.checkerboard\.ci"[^>]*>([^<]+)</.exec(built.p1)?.[1];
  assert.match(quoted ?? '', /^\[\d+(\.\d+)?, \d+(\.\d+)?\]$/, 'relu-wins.p1 quotes the interval');
  const { page, context, problems } = await openPage(env, '#sdata=checkerboard&snoise=0.05', {
    figure: 'seeds',
  });
  await page.locator(seeds).scrollIntoViewIfNeeded();
  await page.click(`${seeds} [data-act="run"]`);
  await page.waitForSelector(`${seeds}[data-state="finished"]`, { timeout: 300000 });
  assert.equal(await page.locator(`${seeds} [data-summary] [data-ci]`).textContent(), quoted);
  assert.deepEqual(problems, []);
  await context.close();
});
