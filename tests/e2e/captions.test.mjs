// Figures that say what they show (issue 24): each caption opens with a sentence made from the live
// numbers, and the controls offer only choices that do something, in one word per action.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const lab = '[data-widget="twin"]';
const takeaway = (page, sel) => page.locator(`${sel} figcaption [data-takeaway]`).first();

test("the twin's takeaway states the epochs to 95 % that its result table shows", async () => {
  const { page, context, problems } = await openPage(env, '#n=1000&epochs=12', { figure: 'twin' });
  const ready = await takeaway(page, lab).textContent();
  assert.match(ready, /Play/, `before a run it says what to look for: ${ready}`);
  await page.click(`${lab} [data-act="play"]`);
  for (const side of ['a', 'b'])
    await page.waitForSelector(`${lab} tr[data-row="${side}"][data-status="done"]`, {
      timeout: 60000,
    });
  await page.waitForFunction(
    (sel) => /Test accuracy/.test(document.querySelector(sel)?.textContent ?? ''),
    `${lab} figcaption [data-takeaway]`,
  );
  const said = await takeaway(page, lab).textContent();
  const cells = [];
  for (const side of ['a', 'b'])
    cells.push(
      (await page.locator(`${lab} tr[data-row="${side}"] [data-col="to95"]`).textContent()).trim(),
    );
  const reached = cells.filter((c) => /^\d+$/.test(c));
  assert.ok(reached.length > 0, `at least one network reached 95 % in 12 epochs: ${cells}`);
  for (const epochs of reached)
    assert.match(said, new RegExp(`in ${epochs} epochs`), `${said} (table: ${cells})`);
  for (const side of ['a', 'b']) {
    const acc = await page.locator(`${lab} tr[data-row="${side}"] [data-col="test"]`).textContent();
    assert.ok(said.includes(acc.trim()), `${said} names test accuracy ${acc}`);
  }
  // The end of the run is announced once, politely, with the same sentence.
  assert.equal((await page.locator(`${lab} [data-announce]`).textContent()).trim(), said.trim());
  assert.deepEqual(problems, []);
  await context.close();
});

test('the data-set factor shows for the circles only', async () => {
  const { page, context, problems } = await openPage(env, '#data=moons', { figure: 'twin' });
  const factor = page.locator(`${lab} .field[data-row="factor"]`);
  assert.equal(await factor.isVisible(), false, 'hidden for the moons');
  await page.selectOption(`${lab} select[name="data"]`, 'circles');
  await factor.waitFor({ state: 'visible' });
  await page.selectOption(`${lab} select[name="data"]`, 'xor');
  await factor.waitFor({ state: 'hidden' });
  assert.deepEqual(problems, []);
  await context.close();
});

test("the Transformer swap never offers the pretrained model's own activation", async () => {
  const { page, context, problems } = await openPage(env, '#lparts=swap', {
    figure: 'transformer',
  });
  const select = page.locator('#lm-swap select[name="lto"]');
  await select.waitFor();
  const options = await select.locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(options.length >= 2, `${options}`);
  assert.ok(!options.includes('gelu'), `no GELU → GELU: ${options}`);
  assert.match(await page.locator('#lm-swap [data-act="swap"]').textContent(), /GELU → /);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Reset has one word in Portuguese in every figure', async () => {
  const { page, context, problems } = await openPage(env, '#lparts=scratch', {}, 'pt/');
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
  await page.locator('#lm-scratch [data-act="reset"]').waitFor();
  await page.locator(`${lab} [data-act="reset"]`).waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-act="reset"]')].every((b) => b.textContent.trim()),
  );
  const words = await page
    .locator('[data-act="reset"]')
    .evaluateAll((bs) => [...new Set(bs.map((b) => b.textContent.trim()))]);
  assert.deepEqual(words, ['Repor']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the MLP swap shows what it changed: shaded flips, accuracy bars, and a takeaway with both accuracies', async () => {
  const swap = '[data-widget="swap"]';
  const { page, context, problems } = await openPage(env, '#wk=5', { figure: 'swap' });
  await page.locator(swap).scrollIntoViewIfNeeded();
  assert.match(await takeaway(page, swap).textContent(), /shaded region/);
  await page.click(`${swap} [data-act="pretrain"]`);
  await page.waitForSelector(`${swap}[data-stage="pretrained"]`, { timeout: 60000 });
  await page.click(`${swap} [data-act="swap"]`);
  await page.waitForSelector(`${swap}[data-stage="swapped"]`);
  const said = await takeaway(page, swap).textContent();
  for (const stage of ['pretrained', 'swapped']) {
    const acc = (
      await page.locator(`${swap} [data-board="${stage}"] .swap-acc`).textContent()
    ).match(/\d+(\.\d)?\s?%/)[0];
    assert.ok(said.includes(acc), `${said} names the ${stage} accuracy ${acc}`);
  }
  const share = Number(said.match(/decision on (\d+(?:\.\d)?)\s?%/)?.[1]);
  assert.ok(share > 0 && share < 100, `a GELU → ReLU swap flips part of the plane: ${said}`);
  assert.match(
    await page.locator(`${swap} [data-plot="bars"] canvas`).getAttribute('aria-label'),
    /ReLU: \d/,
  );
  assert.deepEqual(problems, []);
  await context.close();
});

test("the Transformer swap's samples start from the prompt the sampler has now", async () => {
  const { page, context, problems } = await openPage(env, '#lparts=sample,swap&lto=relu&ln=20', {
    figure: 'transformer',
  });
  const prompt = page.locator('#lm-sample-lp');
  await prompt.waitFor();
  await prompt.fill('The cat ');
  await prompt.press('Enter');
  await page.waitForFunction(
    () => new URLSearchParams(location.hash.slice(1)).get('lp') === 'The cat ',
  );
  await page.click('#lm-swap [data-act="swap"]');
  await page.waitForSelector('#lm-swap tr[data-row="swapped"][data-val]:not([data-val=""])', {
    timeout: 90000,
  });
  assert.equal(
    await page.locator('#lm-swap [data-sample="swapped"] .lm-text b').textContent(),
    'The cat ',
  );
  assert.equal(
    new URL(page.url()).hash.includes('lp=The+cat+'),
    true,
    'the swap kept it in the link',
  );
  assert.deepEqual(problems, []);
  await context.close();
});

test('the signal panel shows dead units for ReLU only, and says why for GELU', async () => {
  const { page, context, problems } = await openPage(env, '#a=relu&b=gelu&n=300&epochs=2', {
    figure: 'twin',
  });
  const dead = (side) => page.locator(`${lab} [data-side="${side}"] [data-metric="dead_fraction"]`);
  await page.waitForFunction(
    (sel) => document.querySelectorAll(sel).length > 0,
    `${lab} [data-side="b"] .signals-table tbody tr`,
  );
  assert.equal(await dead('a').getAttribute('hidden'), null, 'ReLU: shown');
  assert.equal(await dead('b').getAttribute('hidden'), '', 'GELU: hidden');
  assert.match(
    await page.locator(`${lab} [data-side="b"] .signals-note`).textContent(),
    /dead units.*GELU/,
  );
  const geluRow = await page
    .locator(`${lab} [data-side="b"] .signals-table tbody tr`)
    .first()
    .locator('td')
    .allTextContents();
  assert.equal(geluRow.at(-1), '–');
  assert.deepEqual(problems, []);
  await context.close();
});

test("the seeds study's takeaway quotes the interval of its summary table", async () => {
  const seeds = '[data-widget="seeds"]';
  const { page, context, problems } = await openPage(env, '#seeds=3&sn=400&sepochs=10', {
    figure: 'seeds',
  });
  await page.locator(seeds).scrollIntoViewIfNeeded();
  assert.match(await takeaway(page, seeds).textContent(), /Run the study/);
  await page.click(`${seeds} [data-act="run"]`);
  await page.waitForSelector(`${seeds}[data-state="finished"]`, { timeout: 120000 });
  const ci = await page.locator(`${seeds} [data-summary] [data-ci]`).textContent();
  const said = await takeaway(page, seeds).textContent();
  assert.ok(said.includes(ci), `${said} quotes ${ci}`);
  const kind = await page.locator(`${seeds} [data-verdict]`).getAttribute('data-kind');
  assert.match(
    said,
    kind === 'no_difference' ? /no significant difference in test accuracy/ : /scored a higher/,
  );
  // and the interval of the epochs to 95 %, once it has one (caption.js; tests/js/web_seeds_caption)
  const speedCi = page.locator(`${seeds} [data-speed] [data-ci]`);
  if (await speedCi.isVisible()) assert.ok(said.includes(await speedCi.textContent()), said);
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a 360 px phone the twin table keeps "Epochs to 95 %", the column its caption cites', async () => {
  for (const path of ['', 'pt/']) {
    const { page, context, problems } = await openPage(
      env,
      '',
      { figure: 'twin', viewport: { width: 360, height: 740 } },
      path,
    );
    await page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
    await page.locator(`${lab} [data-results]`).scrollIntoViewIfNeeded();
    const shown = async (col) =>
      page.locator(`${lab} [data-results] th[data-col="${col}"]`).isVisible();
    assert.equal(await shown('to95'), true, path);
    assert.equal(await shown('test'), true, path);
    assert.equal(
      await shown('train'),
      false,
      'the training accuracy gives way (its curve shows it)',
    );
    const fits = await page
      .locator(`${lab} [data-results]`)
      .evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    assert.ok(fits, `${path}: the table fits without sideways scrolling`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("the Transformer swap's takeaway states both models' changes and says 'caught up' only when so", async () => {
  const { page, context, problems } = await openPage(env, '#lto=relu&lk=10&ln=120', {
    figure: 'transformer',
    viewport: { width: 1200, height: 1700 },
  });
  await page.locator('#lm-swap').scrollIntoViewIfNeeded();
  await page.click('#lm-swap [data-act="swap"]');
  await page.waitForSelector('#lm-swap tr[data-row="swapped"][data-val]:not([data-val=""])', {
    timeout: 30000,
  });
  await page.click('#lm-swap [data-act="tune"]');
  await page.waitForSelector('#lm-swap tr[data-row="control"][data-val]:not([data-val=""])', {
    timeout: 60000,
  });
  const row = (r) => page.locator(`#lm-swap tr[data-row="${r}"]`);
  const val = async (r) => Number(await row(r).getAttribute('data-val'));
  const shown = async (r) => (await row(r).locator('[data-col="val"]').textContent()).trim();
  const said = await takeaway(page, '#lm-swap').textContent();
  for (const r of ['before', 'swapped', 'tuned', 'control'])
    assert.ok(said.includes(await shown(r)), `${said} quotes the ${r} loss`);
  const [pretrained, tuned, control] = [
    await val('before'),
    await val('tuned'),
    await val('control'),
  ];
  assert.equal(
    /caught up/.test(said),
    control - pretrained <= 0.005 && tuned - control <= 0.005,
    said,
  );
  assert.equal(/made the control worse too/.test(said), control - pretrained > 0.005, said);
  assert.deepEqual(problems, []);
  await context.close();
});
