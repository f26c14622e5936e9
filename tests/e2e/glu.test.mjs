// The GLU variants figure (web/js/glu/): a short run of two variants over two seeds in the
// many-seeds pool, whose table and takeaway come from the core's losses (the takeaway says what
// the seeds show, either way), Shazeer's columns beside them; keyboard-only operation, no
// console errors, axe clean at 360 px in both languages and dark mode.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openPage, parseNumber, setup } from './helpers.mjs';
import { axeViolations } from './axe.mjs';
import { loadModule } from '../../wasm/module.mjs';
import { runStudy } from '../../wasm/cli-lm-study.mjs';

let env;
before(async () => (env = await setup({ figure: 'glu' })));
after(async () => env?.close());

const glu = '[data-widget="glu"]';
const HASH = '#gvariants=swiglu,geglu&gseeds=2&gsteps=4&gseed=3';

/** Waits for the run to end in `state`. */
const finish = (page, state = 'finished') =>
  page.waitForSelector(`${glu}[data-state="${state}"]`, { timeout: 120000 });

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
  // Before a run: the chosen variants beside Shazeer's numbers, no result of ours yet.
  const idle = await page.locator(`${glu} tbody tr:nth-child(2) td`).allTextContents();
  assert.deepEqual(idle, ['–', '–', '1.944 (−0.053)', '1.636 (−0.041)']);
  await page.click(`${glu} [data-act="run"]`);
  await finish(page);
  const rows = page.locator(`${glu} tbody tr`);
  assert.equal(await rows.count(), 3);
  assert.deepEqual(await rows.locator('th').allTextContents(), ['ReLU', 'SwiGLU', 'GEGLU']);
  const swiglu = await rows.nth(1).locator('td').allTextContents();
  assert.match(swiglu[0], /^[+−]\d\.\d{3} \[[+−]?\d\.\d{3}, [+−]?\d\.\d{3}\]$/); // Δ [95 %]
  assert.match(swiglu[1], /^[+−]\d\.\d{3} \[/);
  assert.equal(swiglu[2], '1.944 (−0.053)'); // his, at 65,536 steps
  assert.equal(swiglu[3], '1.636 (−0.041)'); // and 524,288
  assert.deepEqual(await rows.nth(0).locator('td').allTextContents(), [
    'reference',
    'reference',
    '1.997',
    '1.677',
  ]);
  // The same study by `lm study` in Node (the same .wasm): the page's Δ are the core's.
  const M = await loadModule();
  const io = {
    readText: (/** @type {string} */ p) => readFileSync(p, 'utf8'),
    toNumber: (/** @type {string} */ s) => Number(s),
    fail: (/** @type {string} */ m) => assert.fail(m),
  };
  const cli = runStudy(M, { acts: 'swiglu,geglu', seeds: '2', steps: '4', seed: '3' }, io);
  const late = cli.rows.map((r) => (r.late ? r.late.mean_diff : null));
  const shown = await rows.locator('td:nth-of-type(2)').allTextContents();
  assert.deepEqual(
    shown.slice(1).map((x) => parseNumber(x.split(' ')[0])),
    late.slice(1).map((x) => Number(x.toFixed(3))),
  );
  assert.match(await page.locator(`${glu} thead`).textContent(), /step 1.*step 4/s);
  const takeaway = await page.locator(`${glu} [data-takeaway]`).textContent();
  assert.match(
    takeaway,
    /^At the end \(step 4\), over 2 seeds: .*SwiGLU.*After 1\/8 of the run \(step 1\)/,
  );
  assert.match(await page.locator(`${glu} [data-announce]`).textContent(), /^Training finished\./);
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
        /^No fim \(passo 4\)/,
      );
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
