// The twin-network lab: a short run to the end, pause/resume, reset, permalinks, bad values.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { moduleDefaults, openPage, screenshot, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup({ figure: 'twin' }))); // the figure under test alone
after(async () => env?.close());

const lab = '[data-widget="twin"]';
const epochsDone = (page) =>
  page.evaluate(() => Number(document.querySelector('#twin progress').value));
const sideStats = (page, side) =>
  page.locator(`${lab} [data-side="${side}"] [data-stats]`).textContent();

test('a short twin run completes and shows both test accuracies', async () => {
  const { page, context, problems, offOrigin } = await openPage(env, '#n=400&epochs=5');
  await page.click(`${lab} [data-act="play"]`);
  await page.waitForSelector(`${lab} tr[data-row="a"][data-status="done"]`, { timeout: 60000 });
  await page.waitForSelector(`${lab} tr[data-row="b"][data-status="done"]`, { timeout: 60000 });
  for (const side of ['a', 'b']) {
    const testAcc = await page
      .locator(`${lab} tr[data-row="${side}"] [data-col="test"]`)
      .textContent();
    assert.match(testAcc, /^\d{1,3}([.,]\d)?\s?%$/, `test accuracy of ${side}: ${testAcc}`);
    assert.match(
      await page.locator(`${lab} tr[data-row="${side}"] [data-col="epochs"]`).textContent(),
      /^5 \/ 5$/,
    );
  }
  assert.equal(await page.locator(`${lab} [data-act="play"]`).isDisabled(), true);
  await screenshot(page.locator(lab), 'lab-run');
  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('pause stops both networks, play resumes, reset returns to the same initial weights', async () => {
  const { page, context, problems } = await openPage(env, '#n=2000&epochs=10000');
  const play = page.locator(`${lab} [data-act="play"]`);
  await play.click();
  await page.waitForFunction(() => Number(document.querySelector('#twin progress').value) >= 4);
  await play.click(); // pause
  await page.waitForTimeout(300); // snapshots already in flight may still land
  const paused = await epochsDone(page);
  await page.waitForTimeout(700);
  assert.equal(await epochsDone(page), paused, 'no epoch while paused');
  assert.match(await play.textContent(), /Play/);
  await play.click(); // resume
  await page.waitForFunction(
    (n) => Number(document.querySelector('#twin progress').value) > n,
    paused,
  );
  await play.click(); // pause again
  await page.click(`${lab} [data-act="reset"]`);
  await page.waitForFunction(() => Number(document.querySelector('#twin progress').value) === 0);
  // one epoch from the reset weights, twice: same seed, same start, same numbers
  await page.click(`${lab} [data-act="step"]`);
  await page.waitForFunction(() => Number(document.querySelector('#twin progress').value) === 2);
  const first = [await sideStats(page, 'a'), await sideStats(page, 'b')];
  await page.click(`${lab} [data-act="reset"]`);
  await page.waitForFunction(() => Number(document.querySelector('#twin progress').value) === 0);
  await page.click(`${lab} [data-act="step"]`);
  await page.waitForFunction(() => Number(document.querySelector('#twin progress').value) === 2);
  assert.deepEqual([await sideStats(page, 'a'), await sideStats(page, 'b')], first);
  await screenshot(page.locator(lab), 'lab-reset');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a permalink restores the settings, and a change is written to the URL', async () => {
  const hash =
    '#a=silu&b=gelu_tanh&n=500&noise=0.3&dseed=7&hidden=16,8&lr=0.01&batch=16&epochs=7&seed=3';
  const { page, context, problems } = await openPage(env, hash);
  const value = (key) => page.locator(`#lab-${key}`).inputValue();
  assert.equal(await value('a'), 'silu');
  assert.equal(await value('b'), 'gelu_tanh');
  assert.equal(await value('n'), '500');
  assert.equal(await value('noise'), '0.3');
  assert.equal(await value('dseed'), '7');
  assert.equal(await value('hidden'), '16, 8');
  assert.equal(await value('lr'), '0.01');
  assert.equal(await value('batch'), '16');
  assert.equal(await value('epochs'), '7');
  assert.equal(await value('seed'), '3');
  await page.fill('#lab-n', '600');
  await page.press('#lab-n', 'Enter');
  await page.waitForFunction(() => location.hash.includes('n=600'));
  const url = page.url();
  assert.match(url, /hidden=16,8/);
  const again = await openPage(env, new URL(url).hash);
  assert.equal(await again.page.locator('#lab-n').inputValue(), '600');
  assert.equal(await again.page.locator('#lab-a').inputValue(), 'silu');
  await screenshot(again.page.locator(lab), 'lab-permalink');
  assert.deepEqual(problems, []);
  assert.deepEqual(again.problems, []);
  await again.context.close();
  await context.close();
});

test('bad values in the hash or a control are reported next to it and fall back to defaults', async () => {
  const { page, context, problems } = await openPage(
    env,
    '#n=abc&lr=5&hidden=64,x&b=swish&epochs=2.5',
  );
  const defaults = await moduleDefaults(page);
  const error = (key) => page.locator(`#lab-${key}-err`).textContent();
  for (const key of ['n', 'lr', 'hidden', 'b', 'epochs'])
    assert.notEqual(await error(key), '', `message for ${key}`);
  assert.match(await error('n'), /abc/);
  assert.equal(await page.locator('#lab-n').inputValue(), String(defaults.n));
  assert.equal(await page.locator('#lab-lr').inputValue(), String(defaults.lr));
  assert.equal(await page.locator('#lab-hidden').inputValue(), defaults.hidden.join(', '));
  assert.equal(await page.locator('#lab-b').inputValue(), defaults.activation);
  assert.equal(await page.locator('#lab-n').getAttribute('aria-invalid'), 'true');
  assert.equal(await error('noise'), '');
  // a bad value typed into a control
  await page.fill('#lab-batch', '-3');
  await page.press('#lab-batch', 'Enter');
  await page.waitForFunction(() => document.querySelector('#lab-batch-err').textContent !== '');
  assert.equal(await page.locator('#lab-batch').inputValue(), String(defaults.batch));
  // and the page still works: one epoch trains
  await page.click(`${lab} [data-act="step"]`);
  await page.waitForFunction(() => Number(document.querySelector('#twin progress').value) === 2);
  await screenshot(page.locator(lab), 'lab-bad-hash');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the identity activation draws a straight boundary and says why', async () => {
  const { page, context, problems } = await openPage(env, '#a=gelu&b=identity&n=600&epochs=60');
  assert.notEqual(await page.locator(`${lab} [data-note]`).textContent(), '');
  await page.click(`${lab} [data-act="play"]`);
  await page.waitForSelector(`${lab} tr[data-row="b"][data-status="done"]`, { timeout: 60000 });
  await page.waitForSelector(`${lab} tr[data-row="a"][data-status="done"]`, { timeout: 60000 });
  await screenshot(page.locator(lab), 'lab-identity');
  assert.deepEqual(problems, []);
  await context.close();
});
