// The deep-network additions of the page (issue 11): data set, depth ("32x16"), init and
// LayerNorm settings in the twin lab and the study, the signal panel, the linear-pieces toggle,
// a deep preset of the study, and the prose links that set the lab. Short runs only.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, screenshot, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup({ figure: 'twin' }))); // the figure under test alone
after(async () => env?.close());

const lab = '[data-widget="twin"]';
// For review, not for pass/fail: a large element's screenshot can take long on a busy machine.
const SHOT = { timeout: 90000 };
const seeds = '[data-widget="seeds"]';
const signalRows = (page, side) =>
  page.locator(`${lab} [data-side="${side}"] .signals-table tbody tr`);

test('deep settings come from the hash, the signal panel shows every layer from epoch 0', async () => {
  const { page, context, problems, offOrigin } = await openPage(
    env,
    '#a=relu&b=gelu&hidden=32x16&init=he&norm=layer&data=circles&factor=0.6&n=300&epochs=4',
  );
  const value = (key) => page.locator(`#lab-${key}`).inputValue();
  assert.equal(await value('hidden'), '32x16');
  assert.equal(await value('init'), 'he');
  assert.equal(await value('norm'), 'layer');
  assert.equal(await value('data'), 'circles');
  assert.equal(await value('factor'), '0.6');
  // Epoch 0: the core's diagnostics of the initial weights, one row per hidden layer.
  for (const side of ['a', 'b']) {
    await page.waitForFunction(
      (sel) => document.querySelectorAll(sel).length === 16,
      `${lab} [data-side="${side}"] .signals-table tbody tr`,
    );
  }
  const firstRow = await signalRows(page, 'a').first().locator('td').allTextContents();
  assert.equal(firstRow.length, 4);
  assert.match(firstRow[1], /× 10|^0$/, `gradient norm in scientific form: ${firstRow[1]}`);
  // One epoch: the panel follows (solid = epoch 1, dashed = init).
  await page.click(`${lab} [data-act="step"]`);
  await page.waitForFunction(() => Number(document.querySelector('#twin progress').value) === 2);
  await page.waitForFunction(
    (sel) => /epoch 1\b/.test(document.querySelector(sel).textContent),
    `${lab} [data-side="b"] .signals-note`,
  );
  const label = await page
    .locator(`${lab} [data-side="b"] [data-metric="grad_norm"] .signal-plot`)
    .getAttribute('aria-label');
  assert.match(label, /16 hidden layers after epoch 1/);
  // LayerNorm before each activation: the pre-activation spread is near 1 in every layer.
  const spreads = await signalRows(page, 'a').evaluateAll((rows) =>
    rows.map((r) => Number(r.querySelectorAll('td')[0].textContent)),
  );
  for (const s of spreads) assert.ok(s > 0.5 && s < 1.5, `LayerNorm keeps the scale: ${spreads}`);
  await screenshot(page.locator(lab), 'deep-signals', SHOT);
  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('bad deep settings are refused with the core message and fall back', async () => {
  const { page, context, problems } = await openPage(env, '#init=xavier&data=squares&hidden=32x99');
  const error = (key) => page.locator(`#lab-${key}-err`).textContent();
  assert.match(await error('init'), /xavier.*init must be one of/);
  assert.match(await error('data'), /squares.*dataset must be one of/);
  assert.match(await error('hidden'), /32x99/);
  assert.equal(await page.locator('#lab-init').inputValue(), 'default');
  assert.equal(await page.locator('#lab-data').inputValue(), 'moons');
  // XOR's noise is a fraction of labels flipped: the core names its own range.
  await page.selectOption('#lab-data', 'xor');
  await page.fill('#lab-noise', '0.9');
  await page.press('#lab-noise', 'Enter');
  await page.waitForFunction(() => document.querySelector('#lab-noise-err').textContent !== '');
  assert.match(await error('noise'), /flipped/);
  assert.match(page.url(), /data=xor/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the linear pieces: a polygon for ReLU, a smooth curve for GELU, off again', async () => {
  const { page, context, problems } = await openPage(env, '#a=relu&b=gelu&n=300&epochs=8');
  await page.check(`${lab} [data-pieces-toggle]`);
  assert.match(page.url(), /pieces=on/);
  await page.click(`${lab} [data-act="play"]`);
  await page.waitForSelector(`${lab} tr[data-row="a"][data-status="done"]`, { timeout: 60000 });
  await page.waitForSelector(`${lab} tr[data-row="b"][data-status="done"]`, { timeout: 60000 });
  const pieces = (side) => page.locator(`${lab} [data-side="${side}"] [data-pieces]`);
  await page.waitForFunction(
    (sel) => /\d/.test(document.querySelector(sel).textContent),
    `${lab} [data-side="a"] [data-pieces]`,
  );
  const relu = await pieces('a').textContent();
  const n = Number(/crosses (\d+) regions/.exec(relu)?.[1]);
  assert.match(relu, /polygon/);
  assert.ok(n >= 1, relu);
  assert.match(await pieces('b').textContent(), /smooth curve/);
  await screenshot(page.locator(lab), 'deep-pieces', SHOT);
  await page.uncheck(`${lab} [data-pieces-toggle]`);
  await page.waitForFunction(
    (sel) => document.querySelector(sel).textContent === '',
    `${lab} [data-side="a"] [data-pieces]`,
  );
  assert.doesNotMatch(page.url(), /pieces=on/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a deep preset of the study runs and reports epochs to 95 % paired by seed', async () => {
  const { page, context, problems } = await openPage(env, '#seeds=2&sn=300&sepochs=3', {
    figure: 'seeds',
  });
  await page.locator(seeds).scrollIntoViewIfNeeded();
  await page.click(`${seeds} [data-preset="deep_he"]`);
  assert.equal(await page.locator('#seeds-shidden').inputValue(), '32x16');
  assert.equal(await page.locator('#seeds-sinit').inputValue(), 'he');
  // The preset returns every other field to the article's setup: shorten it again.
  for (const [key, text] of [
    ['sn', '300'],
    ['sepochs', '3'],
    ['seeds', '2'],
  ]) {
    await page.fill(`#seeds-${key}`, text);
    await page.press(`#seeds-${key}`, 'Enter');
  }
  await page.click(`${seeds} [data-act="run"]`);
  await page.waitForSelector(`${seeds}[data-state="finished"]`, { timeout: 90000 });
  const speed = await page.locator(`${seeds} [data-speed-verdict]`).textContent();
  assert.match(speed, /95 %/);
  const cells = await page
    .locator(`${seeds} [data-seeds-table] tbody tr`)
    .first()
    .locator('td')
    .allTextContents();
  assert.match(cells.at(-1), /^(\d+|–) \/ (\d+|–)$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('prose links set the lab; 360 px, dark mode and Portuguese fit', async () => {
  const { page, context, problems } = await openPage(env, '', {
    viewport: { width: 360, height: 740 },
    colorScheme: 'dark',
  });
  await page.click('[data-lang="pt"]');
  await page.waitForFunction(() => document.documentElement.lang === 'pt-PT');
  // pt/ is a page of its own: its figures come up after the navigation.
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.click('#depth a[data-goto="twin"][href*="init=he"]');
  await page.waitForFunction(() => document.querySelector('#lab-hidden').value === '32x16');
  assert.equal(await page.locator('#lab-init').inputValue(), 'he');
  await page.waitForFunction(
    (sel) => document.querySelectorAll(sel).length === 16,
    `${lab} [data-side="a"] .signals-table tbody tr`,
  );
  assert.match(
    await page.locator(`${lab} [data-side="a"] .signals > summary`).textContent(),
    /Sinais/,
  );
  const over = await page.locator(lab).evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.ok(over <= 1, `the lab overflows by ${over}px`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360);
  await screenshot(page.locator(lab), 'deep-lab-360-dark-pt', SHOT);
  assert.deepEqual(problems, []);
  await context.close();
});
