// The Transformer side under hostile use (issue 28): removed elements end their workers, fields
// check what the core would refuse where the value is set, rejected text is shown escaped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, pollUntil, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

/**
 * Adds `<activation-lab-transformer>` with these attributes and waits until it is ready.
 * @param {import('playwright-core').Page} page
 * @param {string} id
 * @param {Record<string, string>} attributes
 */
async function addTransformer(page, id, attributes) {
  await page.evaluate(
    ([name, attrs]) => {
      const el = Object.assign(document.createElement('activation-lab-transformer'), { id: name });
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      document.body.append(el);
    },
    [id, attributes],
  );
  await page.waitForSelector(`#${id}[ready]`, { timeout: 30000 });
}

test('a removed Transformer element ends every worker it started, mid-run', async () => {
  const { page, context, problems } = await openPage(env, '', {}, 'embed.html#widget=curves');
  const workers = () => page.workers().length;
  await addTransformer(page, 'scratch', { parts: 'scratch', steps: '1500' });
  await page.locator('#scratch [data-act="play"]').click();
  await page.waitForFunction(
    () =>
      [...document.querySelector('#scratch').shadowRoot.querySelectorAll('tbody tr')].some(
        (tr) => tr.dataset.status === 'running',
      ),
    null,
    { timeout: 30000 },
  );
  await pollUntil(page, () => workers() >= 2);
  assert.ok(workers() >= 2, `the from-scratch runs have workers (${workers()})`);
  await page.evaluate(() => document.getElementById('scratch').remove());
  let waited = await pollUntil(page, () => workers() === 0);
  assert.equal(workers(), 0, `from scratch: workers left ${workers()} after ${waited} ms`);

  await addTransformer(page, 'swap', { parts: 'swap,sample,block', k: '2000' });
  await page.locator('#swap [data-act="swap"]').click();
  await page.locator('#swap [data-act="tune"]:not([disabled])').waitFor({ timeout: 60000 });
  await page.locator('#swap [data-act="tune"]').click();
  await pollUntil(page, () => workers() >= 2, 10000);
  assert.ok(workers() >= 2, `the swap and its control fine-tune (${workers()})`);
  await page.evaluate(() => document.getElementById('swap').remove());
  waited = await pollUntil(page, () => workers() === 0);
  assert.equal(workers(), 0, `swap, sample, block: workers left ${workers()} after ${waited} ms`);

  // Inserted and removed again and again: nothing piles up.
  for (let i = 0; i < 3; i++) {
    await addTransformer(page, `again${i}`, { parts: 'scratch,sample' });
    await page.evaluate((id) => document.getElementById(id).remove(), `again${i}`);
  }
  waited = await pollUntil(page, () => workers() === 0);
  assert.equal(workers(), 0, `re-inserted: workers left ${workers()} after ${waited} ms`);
  assert.deepEqual(problems, []);
  await context.close();
});
