// The many-seeds study set to the tiny Transformer: a two-seed study of a few steps whose exported
// losses are the core's own for the same configurations (run again here in Node), the summary
// and the verdict from them, Cancel ending the workers, the article's link into it, and axe on the
// finished study in English and Portuguese (360 px, dark).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dist, openPage, pollUntil, setup } from './helpers.mjs';
import { axeViolations } from './axe.mjs';
import { loadModule } from '../../wasm/module.mjs';
import { scratchText } from '../../web/js/shared/lm-config.js';

let env;
before(async () => (env = await setup({ figure: 'seeds' }))); // the figure under test alone
after(async () => env?.close());

const seeds = '[data-widget="seeds"]';
const STEPS = 6;
const HASH = `#smodel=transformer&sla=gelu&slb=relu&slseeds=2&slseed=5&slsteps=${STEPS}`;

async function finish(page, state = 'finished') {
  await page.waitForSelector(`${seeds}[data-state="${state}"]`, { timeout: 120000 });
}

/** The final validation loss of one run, computed by the module in Node (the same .wasm). */
async function coreLoss(M, corpus, config) {
  const e = new M.LmExperiment(JSON.stringify(config), corpus);
  try {
    assert.equal(e.status(), 'ready', e.error());
    while (e.step(50));
    return JSON.parse(e.evaluateJson()).val_loss;
  } finally {
    e.delete();
  }
}

test('a two-seed Transformer study: the core’s losses, its paired summary, exports', async () => {
  const { page, context, problems, offOrigin } = await openPage(env, HASH);
  await page.locator(seeds).scrollIntoViewIfNeeded();
  assert.equal(await page.locator('#seeds-smodel').inputValue(), 'transformer');
  assert.equal(await page.locator(`${seeds} [data-mlp-form]`).isHidden(), true);
  assert.match(await page.locator(`${seeds} [data-protocol]`).textContent(), /Lower is better/);
  assert.match(await page.locator(`${seeds} figcaption`).textContent(), /tiny Transformer/);
  await page.click(`${seeds} [data-act="run"]`);
  await finish(page);
  assert.match(await page.locator(`${seeds} [data-progress]`).textContent(), /^Done: 4 runs in/);
  assert.equal(await page.locator(`${seeds} [data-lm-seeds-table] tbody tr`).count(), 2);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`${seeds} [data-lm-export="json"]`),
  ]);
  const doc = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(doc.kind, 'activation-lab/transformer-seeds-study');
  assert.deepEqual(doc.seeds, [5, 6]);
  assert.equal(doc.runs.length, 4);

  // The same runs in Node: the losses are the core's, bit for bit (one .wasm for both).
  const M = await loadModule();
  const corpus = scratchText(await readFile(join(dist, 'data', 'jargon.txt'), 'utf8'));
  const defaults = JSON.parse(M.lmDefaultConfigJson());
  const losses = {};
  for (const run of doc.runs) {
    const config = { ...defaults, steps: STEPS, seed: run.seed, act: run.activation };
    config.eval_every = run.evals[1].step; // the study's choice, read back from its curves
    const expected = await coreLoss(M, corpus, config);
    assert.equal(run.final.val_loss, expected, `${run.seed}/${run.activation}`);
    assert.ok(Number.isFinite(expected) && expected > 0);
    losses[`${run.seed}/${run.activation}`] = expected;
  }
  const a = [5, 6].map((s) => losses[`${s}/gelu`]),
    b = [5, 6].map((s) => losses[`${s}/relu`]);
  assert.deepEqual(
    doc.summary,
    JSON.parse(M.pairedSummaryJson(JSON.stringify(a), JSON.stringify(b))),
  );
  // The visit's list of studies has it too, beside the networks' ones: its mean final losses.
  const row = page.locator(`${seeds} [data-history] tbody tr`);
  assert.equal(await row.count(), 1);
  assert.match(await row.locator('th').textContent(), new RegExp(`^Transformer: .*${STEPS} steps`));
  const means = await row.locator('td').allTextContents();
  assert.equal(means[0], '2');
  assert.equal(means[1], `GELU ${doc.summary.mean_a.toFixed(3)} nats`);
  assert.equal(means[2], `ReLU ${doc.summary.mean_b.toFixed(3)} nats`);
  // The table shows those numbers (4 decimals) and the difference a − b per seed.
  const cell = (seed, which) =>
    page
      .locator(`${seeds} [data-lm-seeds-table] tr[data-seed="${seed}"] [data-val="${which}"]`)
      .textContent();
  for (const [i, seed] of [5, 6].entries()) {
    assert.equal(Number(await cell(seed, 'a')), Number(a[i].toFixed(4)));
    assert.equal(
      Number((await cell(seed, 'diff')).replace('−', '-')),
      Number((a[i] - b[i]).toFixed(4)),
    );
  }
  const kind = await page.locator(`${seeds} [data-lm-verdict]`).getAttribute('data-kind');
  assert.match(kind, /^(no_difference|no_spread|a_lower|b_lower)$/);
  assert.match(await page.locator(`${seeds} [data-lm-verdict]`).textContent(), /loss/);
  // the CSV per seed: a header and two seeds
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`${seeds} [data-lm-export="seeds-csv"]`),
  ]);
  const lines = (await readFile(await csv.path(), 'utf8')).trim().split('\n');
  assert.equal(lines.length, 3);
  assert.match(lines[0], /^seed,gelu_val_loss,relu_val_loss,diff_val_loss/);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('a Transformer preset picks the model; Cancel ends every worker of its study at once', async () => {
  const { page, context, problems } = await openPage(env);
  await page.locator(seeds).scrollIntoViewIfNeeded();
  await page.click(`${seeds} [data-preset="lm_swiglu_gelu"]`);
  assert.equal(await page.locator('#seeds-smodel').inputValue(), 'transformer');
  assert.equal(await page.locator('#seeds-sla').inputValue(), 'swiglu');
  assert.equal(await page.locator('#seeds-slb').inputValue(), 'gelu');
  assert.match(page.url(), /smodel=transformer/);
  const studyWorkers = () => page.workers().filter((w) => /lm-seed-worker/.test(w.url())).length;
  await page.click(`${seeds} [data-act="run"]`);
  await page.waitForFunction((sel) => document.querySelector(`${sel} progress`).value > 0, seeds, {
    timeout: 60000,
  });
  await pollUntil(page, () => studyWorkers() >= 1);
  assert.ok(studyWorkers() >= 1, 'the study runs in workers');
  await page.click(`${seeds} [data-act="cancel"]`);
  await finish(page, 'cancelled');
  await pollUntil(page, () => studyWorkers() === 0);
  assert.equal(studyWorkers(), 0, 'no study worker left');
  assert.match(await page.locator(`${seeds} [data-progress]`).textContent(), /^Cancelled/);
  assert.equal(await page.locator(`${seeds} [data-act="run"]`).isDisabled(), false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the article’s link sets the study to the Transformer; Portuguese, 360 px, dark: axe clean', async () => {
  const { page, context, problems } = await openPage(
    env,
    '',
    {
      viewport: { width: 360, height: 800 },
      colorScheme: 'dark',
    },
    'pt/',
  );
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
  await page.click('a[data-goto="seeds"][href*="smodel=transformer"]');
  await page.waitForFunction(
    () => document.querySelector('#seeds-smodel')?.value === 'transformer',
  );
  assert.equal(await page.locator('#seeds-sla').inputValue(), 'gelu');
  assert.equal(await page.locator('#seeds-slb').inputValue(), 'relu');
  // a quick study from there: one seed, a few steps
  await page.fill('#seeds-slsteps', '3');
  await page.press('#seeds-slsteps', 'Enter');
  await page.fill('#seeds-slseeds', '99');
  await page.press('#seeds-slseeds', 'Enter');
  assert.match(await page.locator('#seeds-slseeds-err').textContent(), /99/);
  await page.fill('#seeds-slseeds', '2');
  await page.press('#seeds-slseeds', 'Enter');
  assert.match(page.url(), /slsteps=3/);
  await page.click(`${seeds} [data-act="run"]`);
  await finish(page);
  assert.match(await page.locator(`${seeds} [data-lm-verdict]`).textContent(), /perda/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `no sideways scroll at 360 px (${width})`);
  // axe on the whole page at a desktop width: at 360 px other figures' tables scroll (not ours)
  await page.setViewportSize({ width: 1200, height: 900 });
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});
