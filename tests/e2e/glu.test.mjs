// The GLU variants figure (web/js/glu/): first the reference study (web/data/lm-glu-reference.json,
// wasm/lm-glu-reference.mjs) with Shazeer's columns, then the reader's own runs in the many-seeds
// pool, whose table and takeaway come from the core's losses, equal to `lm study`'s (the takeaway
// says what the seeds show, either way, and what they resolve); keyboard-only operation, no
// console errors, axe clean at 360 px in both languages and dark mode. That the core gives the
// reference's own losses bit for bit is tests/js/lm-glu-reference.test.mjs's (in Node, the same
// .wasm as here); the reproduction sentence is tests/js/web_glu_caption.test.mjs's.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openPage, parseNumber, setup } from './helpers.mjs';
import { axeViolations } from './axe.mjs';
import { loadModule } from '../../wasm/module.mjs';
import { runStudy } from '../../wasm/cli-lm-study.mjs';
import { summaryDigits } from '../../web/js/shared/difference-digits.js';

let env;
before(async () => (env = await setup({ figure: 'glu' })));
after(async () => env?.close());

const glu = '[data-widget="glu"]';
const HASH = '#gvariants=swiglu,geglu&gseeds=2&gsteps=4&gseed=3';
const reference = JSON.parse(
  readFileSync(new URL('../../web/data/lm-glu-reference.json', import.meta.url), 'utf8'),
);

/** Waits for the run to end in `state`. */
const finish = (page, state = 'finished') =>
  page.waitForSelector(`${glu}[data-state="${state}"]`, { timeout: 240000 });

test("the reference study first: its losses and Δ, beside Shazeer's", async () => {
  const { page, context, problems, offOrigin } = await openPage(env, '');
  await page.locator(glu).scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (sel) =>
      /reference study/.test(document.querySelector(`${sel} [data-source]`)?.textContent ?? ''),
    glu,
  );
  assert.match(
    await page.locator(`${glu} [data-source]`).textContent(),
    new RegExp(`${reference.seeds.length} seeds × ${reference.steps} steps`),
  );
  const rows = page.locator(`${glu} tbody tr`);
  assert.equal(await rows.count(), reference.rows.length);
  for (const [i, r] of reference.rows.entries()) {
    const cells = await rows.nth(i).locator('td').allTextContents();
    assert.equal(parseNumber(cells[0]), Number(r.loss.toFixed(3)), r.act);
    if (r.delta) {
      const digits = summaryDigits(r.delta, { fallback: 3 }); // as its interval supports
      assert.equal(parseNumber(cells[1].split(' ')[0]), Number(r.delta.mean_diff.toFixed(digits)));
    }
  }
  // Shazeer's T5-base row for SwiGLU: loss 1.636, Δ −0.041 = −2.44 % of ReLU's 1.677.
  const swiglu = reference.rows.findIndex((r) => r.act === 'swiglu');
  assert.deepEqual((await rows.nth(swiglu).locator('td').allTextContents()).slice(3), [
    '1.636',
    '−2.44 %',
  ]);
  assert.match(
    await page.locator(`${glu} [data-takeaway]`).textContent(),
    /^In the reference study, after \d+ steps, over \d seeds: /,
  );
  assert.equal(await page.locator(`${glu} [data-act="reference"]`).isVisible(), false);
  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('a short run: the table, the plot and a takeaway from the seeds, no console errors', async () => {
  const { page, context, problems, offOrigin } = await openPage(env, HASH);
  await page.locator(glu).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${glu}[data-state="ready"]`);
  assert.deepEqual(
    await page
      .locator(`${glu} [name="gvariants"]:checked`)
      .evaluateAll((els) => els.map((e) => e.value)),
    ['swiglu', 'geglu'],
  );
  assert.match(await page.locator(`${glu} [data-progress]`).textContent(), /^6 runs of 4 steps/);
  await page.click(`${glu} [data-act="run"]`);
  await finish(page);
  assert.match(
    await page.locator(`${glu} [data-source]`).textContent(),
    /your run, 2 seeds × 4 steps/,
  );
  const rows = page.locator(`${glu} tbody tr`);
  assert.equal(await rows.count(), 3);
  assert.deepEqual(await rows.locator('th').allTextContents(), ['ReLU', 'SwiGLU', 'GEGLU']);
  const swiglu = await rows.nth(1).locator('td').allTextContents();
  assert.match(swiglu[1], /^[+−]\d(\.\d+)? \[[+−]?\d(\.\d+)?, [+−]?\d(\.\d+)?\]$/); // Δ [95 %]
  assert.match(swiglu[2], /^[+−]\d\.\d{2} %$/);
  assert.deepEqual(swiglu.slice(3), ['1.636', '−2.44 %']);
  assert.deepEqual((await rows.nth(0).locator('td').allTextContents()).slice(1), [
    'reference',
    'reference',
    '1.677',
    'reference',
  ]);
  // The same study by `lm study` in Node (the same .wasm): the page's losses and Δ are the core's.
  const M = await loadModule();
  const io = {
    readText: (/** @type {string} */ p) => readFileSync(p, 'utf8'),
    toNumber: (/** @type {string} */ s) => Number(s),
    fail: (/** @type {string} */ m) => assert.fail(m),
  };
  const cli = runStudy(M, { acts: 'swiglu,geglu', seeds: '2', steps: '4', seed: '3' }, io);
  const shown = await rows.locator('td:nth-of-type(2)').allTextContents();
  assert.deepEqual(
    shown.slice(1).map((x) => parseNumber(x.split(' ')[0])),
    cli.rows
      .slice(1)
      .map((r) => Number(r.delta.mean_diff.toFixed(summaryDigits(r.delta, { fallback: 3 })))),
  );
  const takeaway = await page.locator(`${glu} [data-takeaway]`).textContent();
  assert.match(takeaway, /^After 4 steps, over 2 seeds: .*SwiGLU.*cannot be told from zero\.$/);
  assert.match(await page.locator(`${glu} [data-announce]`).textContent(), /^Training finished\./);
  // Back to the reference study, and its reading.
  await page.click(`${glu} [data-act="reference"]`);
  assert.match(await page.locator(`${glu} [data-source]`).textContent(), /reference study/);
  assert.equal(await rows.count(), reference.rows.length);
  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('keyboard only: a variant chip and Run, then Cancel', async () => {
  const { page, context, problems } = await openPage(env, '#gvariants=gelu&gseeds=2&gsteps=3000');
  await page.locator(`${glu} [value="swiglu"]`).focus();
  await page.keyboard.press('Space');
  assert.match(await page.evaluate(() => location.hash), /gvariants=gelu(%2C|,)swiglu/);
  await page.locator(`${glu} [data-act="run"]`).focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector(`${glu}[data-state="running"]`);
  // Run disabled itself: the focus moved to Cancel, so Enter cancels, and comes back to Run.
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-act'));
  assert.equal(await focused(), 'cancel');
  await page.keyboard.press('Enter');
  await finish(page, 'cancelled');
  assert.equal(await page.locator(`${glu} [data-progress]`).textContent(), 'Cancelled.');
  assert.equal(await focused(), 'run');
  // A value outside the core's limits is refused with its range.
  await page.fill('#glu-gseeds', '99');
  await page.keyboard.press('Tab');
  assert.match(await page.locator('#glu-gseeds-err').textContent(), /1.*8/);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, path] of [
  ['en', ''],
  ['pt', 'pt/'],
]) {
  test(`360 px, dark, ${lang}: readable and axe clean after a run`, async () => {
    const { page, context, problems } = await openPage(
      env,
      `${HASH}`,
      {
        viewport: { width: 360, height: 800 },
        colorScheme: 'dark',
      },
      path,
    );
    await page.locator(glu).scrollIntoViewIfNeeded();
    await page.click(`${glu} [data-act="run"]`);
    await finish(page);
    const width = await page.evaluate(
      (sel) => document.querySelector(sel).getBoundingClientRect().width,
      glu,
    );
    assert.ok(width <= 360, `the figure is ${width} px wide`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(overflow <= 360, `the page scrolls sideways (${overflow} px)`);
    if (lang === 'pt')
      assert.match(
        await page.locator(`${glu} [data-takeaway]`).textContent(),
        /^Após 4 passos, com 2 sementes/,
      );
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
