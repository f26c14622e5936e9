// An element moved within a page (out and in again in one task, as frameworks do when they
// reorder) keeps its results and its running study; one that stays out ends its workers
// (web/activation-lab.js, issue 63).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, pollUntil, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

test('a moved element keeps its running study and its workers; removed, they end', async () => {
  const { page, context, problems } = await openPage(env, '', {}, 'embed.html#widget=curves');
  const workers = () => page.workers().length;
  await page.evaluate(() => {
    const seeds = Object.assign(document.createElement('activation-lab-seeds'), { id: 's' });
    seeds.setAttribute('seeds', '20');
    seeds.setAttribute('epochs', '2000');
    const first = Object.assign(document.createElement('div'), { id: 'first' });
    document.body.append(first, seeds);
  });
  await page.waitForSelector('#s[ready]');
  await page.locator('#s [data-act="run"]').click();
  await page.locator('#s [data-act="cancel"]:not([disabled])').waitFor();
  await pollUntil(page, () => workers() >= 1);
  const running = workers();
  assert.ok(running >= 1, 'the study runs');
  // The move: removed and inserted again before another element, in one task.
  await page.evaluate(() => {
    const el = /** @type {HTMLElement} */ (document.getElementById('s'));
    el.remove();
    document.body.insertBefore(el, document.getElementById('first'));
  });
  await page.waitForTimeout(500); // past the next task, where a removal would end the workers
  assert.equal(await page.locator('#s[ready]').count(), 1, 'still ready');
  assert.equal(
    await page.locator('#s [data-act="cancel"]:not([disabled])').count(),
    1,
    'the study still runs',
  );
  // (The pool may still be starting its next worker: none may have ended.)
  assert.ok(workers() >= running, `its workers run on: ${workers()} of ${running}`);
  // Removed for good: its workers end.
  await page.evaluate(() => document.getElementById('s')?.remove());
  await pollUntil(page, () => workers() === 0);
  assert.equal(workers(), 0, 'every worker ended with its element');
  assert.deepEqual(problems, []);
  await context.close();
});
