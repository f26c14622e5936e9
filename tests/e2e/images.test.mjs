// The paper's test on images (web/js/images/): nothing is fetched before Train; a short run on a
// small part of the subset draws a loss curve per activation and states each test accuracy (in
// the table, the caption and the "More" text of the section); Cancel ends every worker; a bad
// setting gets the core's one line and no run.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, pollUntil, screenshot, setup } from './helpers.mjs';
import { axeViolations } from './axe.mjs';

let env;
before(async () => (env = await setup()));
after(() => env.close());

const FIG = 'figure[data-widget="images"]';
const SUBSET = /data\/fashion-mnist\.bin$/;
const ACTS = ['relu', 'elu', 'gelu'];

/** Per activation: the table's epoch and accuracy cells, and data-acc. */
const rows = (page) =>
  page.$$eval(`${FIG} tbody tr`, (trs) =>
    trs.map((tr) => ({
      act: tr.getAttribute('data-act'),
      epoch: tr.querySelector('[data-col="epoch"]')?.textContent,
      acc: Number(tr.getAttribute('data-acc')),
    })),
  );

/** Workers running the image worker now. */
const imageWorkers = (page) => page.workers().filter((w) => /image-worker\.js/.test(w.url()));

test('Train: two epochs of each network, curves and accuracies; the subset fetched only then', async () => {
  const { page, context, problems, offOrigin } = await openPage(
    env,
    '#iepochs=2&intrain=600&intest=300&iseed=3',
  );
  const fetched = [];
  page.on('request', (r) => SUBSET.test(r.url()) && fetched.push(r.url()));
  await page.waitForSelector(`${FIG} [data-act="train"]`);
  assert.equal(await page.inputValue(`${FIG} [data-field="epochs"]`), '2', 'epochs from the hash');
  assert.deepEqual(fetched, [], 'no subset before Train');
  const blank = await page.$eval(`${FIG} canvas`, (c) => c.toDataURL());

  await page.click(`${FIG} [data-act="train"]`);
  await page.waitForSelector(`${FIG}[data-state="done"], ${FIG}[data-state="failed"]`, {
    timeout: 240000,
  });
  assert.equal(await page.getAttribute(FIG, 'data-state'), 'done', await page.textContent(FIG));
  assert.ok(fetched.length >= 1, 'the subset fetched on Train');

  const r = await rows(page);
  assert.deepEqual(
    r.map((x) => x.act),
    ACTS,
  );
  for (const x of r) {
    assert.equal(x.epoch, '2', `${x.act}: two epochs`);
    assert.ok(x.acc > 0 && x.acc <= 1, `${x.act}: test accuracy ${x.acc}`);
  }
  const drawn = await page.$eval(`${FIG} canvas`, (c) => c.toDataURL());
  assert.notEqual(drawn, blank, 'the curves are drawn');
  const takeaway = await page.textContent(`${FIG} [data-takeaway]`);
  assert.match(
    takeaway,
    /After 2 epochs with dropout 0\.5, test accuracy: ReLU \d+\.\d%, ELU \d+\.\d%, GELU \d+\.\d%\./,
  );
  assert.match(await page.textContent('[data-images-own]'), /your run gave test accuracy ReLU/);
  await pollUntil(page, () => imageWorkers(page).length === 0);
  assert.equal(imageWorkers(page).length, 0, 'the workers end with the run');

  await page.locator(FIG).scrollIntoViewIfNeeded();
  await screenshot(page.locator(FIG), 'images-done');
  const mine = (await axeViolations(page)).filter((v) => /images/.test(v));
  assert.deepEqual(mine, []);
  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('Cancel ends the three workers; a bad setting gets one line and no run', async () => {
  const { page, context, problems } = await openPage(env, '#iepochs=50&intrain=2000&intest=200');
  await page.waitForSelector(`${FIG} [data-act="train"]`);
  await page.click(`${FIG} [data-act="train"]`);
  await pollUntil(page, () => imageWorkers(page).length === 3, 20000);
  assert.equal(imageWorkers(page).length, 3, 'one worker per activation');
  await page.click(`${FIG} [data-act="cancel"]`);
  assert.equal(await page.getAttribute(FIG, 'data-state'), 'cancelled');
  await pollUntil(page, () => imageWorkers(page).length === 0, 20000);
  assert.equal(imageWorkers(page).length, 0, 'Cancel ended the workers');
  assert.equal(await page.isDisabled(`${FIG} [data-act="train"]`), false);

  await page.fill(`${FIG} [data-field="epochs"]`, '0');
  await page.press(`${FIG} [data-field="epochs"]`, 'Enter');
  assert.match(
    await page.textContent('#images-epochs-err'),
    /epochs must be an integer in \[1, 10000\]/,
  );
  assert.equal(await page.getAttribute(`${FIG} [data-field="epochs"]`, 'aria-invalid'), 'true');
  await page.click(`${FIG} [data-act="train"]`);
  assert.equal(await page.getAttribute(FIG, 'data-state'), 'cancelled', 'no run on a bad setting');
  assert.deepEqual(problems, []);
  await context.close();
});

test('an embedded figure removed mid-run ends its workers', async () => {
  const { page, context, problems } = await openPage(
    env,
    '',
    {},
    'embed.html#widget=images&epochs=50&n-train=2000&n-test=200',
  );
  const el = 'activation-lab-images';
  await page.waitForSelector(`${el}[ready]`, { timeout: 60000 });
  await page.locator(`${el} [data-act="train"]`).click();
  await pollUntil(page, () => imageWorkers(page).length === 3, 20000);
  assert.equal(imageWorkers(page).length, 3);
  await page.evaluate(() => document.querySelector('activation-lab-images')?.remove());
  await pollUntil(page, () => imageWorkers(page).length === 0, 20000);
  assert.equal(imageWorkers(page).length, 0, 'removal ended the workers');
  assert.deepEqual(problems, []);
  await context.close();
});
