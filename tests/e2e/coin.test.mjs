// The coin toss (web/js/coin/): tossing moves the running means of x·m towards GELU(x), the GELU
// row never changes and equals the core's kernel, a seed replays its run, a bad seed gets one
// line; at 375 px in dark mode, in Portuguese too, with no axe violations.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, screenshot, setup } from './helpers.mjs';
import { axeViolations } from './axe.mjs';
import { loadModule } from '../../wasm/module.mjs';
import { INPUTS } from '../../web/js/coin/tosses.js';

let env;
before(async () => (env = await setup({ figure: 'coin-toss' }))); // the figure under test alone
after(() => env.close());

const FIG = 'figure[data-widget="coin-toss"]';

/** The figure's state: tosses, largest gap and the table's rows as text. */
const read = (page) =>
  page.$eval(FIG, (f) => ({
    tosses: Number(f.dataset.tosses),
    gap: Number(f.dataset.gap),
    summary: f.querySelector('[data-summary]')?.textContent ?? '',
    rows: Object.fromEntries(
      [...f.querySelectorAll('tr[data-row]')].map((tr) => [
        tr.getAttribute('data-row'),
        [...tr.querySelectorAll('td')].map((td) => td.textContent),
      ]),
    ),
  }));

/** Presses the button `selector` of the figure `times` times. */
async function press(page, selector, times = 1) {
  for (let i = 0; i < times; i++) await page.click(`${FIG} ${selector}`);
}

test('tossing closes the gap to GELU; the GELU row stays and is the core’s; a seed replays', async () => {
  const { page, context, problems, offOrigin } = await openPage(env);
  await page.waitForSelector(`${FIG} [data-toss="1"]`);
  const before0 = await read(page);
  assert.equal(before0.tosses, 0);

  await press(page, '[data-toss="1"]', 4);
  const four = await read(page);
  assert.equal(four.tosses, 4);
  assert.match(four.summary, /After 4 tosses the largest gap to GELU is \d\.\d{3}\./);

  await press(page, '[data-reset]');
  await press(page, '[data-toss="100"]', 4);
  const many = await read(page);
  assert.equal(many.tosses, 400);
  assert.ok(many.gap < four.gap, `gap after 400 (${many.gap}) < after 4 (${four.gap})`);
  assert.deepEqual(many.rows.gelu, four.rows.gelu, 'GELU row unchanged by tossing');
  assert.deepEqual(many.rows.gelu, before0.rows.gelu, 'GELU row as before the first toss');

  // The GELU row is the core's kernel at the inputs (3 decimals, as shown).
  const M = await loadModule();
  const gelu = M.evaluate('gelu', false, false, Float64Array.from(INPUTS));
  assert.deepEqual(
    many.rows.gelu,
    Array.from(gelu, (y) => y.toFixed(3).replace('-', '−')),
  );
  // Each latest toss is x or 0 at every input.
  many.rows.toss.forEach((v, i) => {
    const y = Number(v.replace('−', '-'));
    assert.ok(y === 0 || y === INPUTS[i], `latest toss at x = ${INPUTS[i]}: ${v}`);
  });

  // The same seed replays the same means; another seed gives others.
  const means = many.rows.mean;
  await press(page, '[data-reset]');
  await press(page, '[data-toss="100"]', 4);
  assert.deepEqual((await read(page)).rows.mean, means, 'same seed, same run');
  await page.fill('#coin-seed', '7');
  await page.press('#coin-seed', 'Enter');
  assert.equal((await read(page)).tosses, 0, 'a new seed starts again');
  await press(page, '[data-toss="100"]', 4);
  assert.notDeepEqual((await read(page)).rows.mean, means, 'another seed, another run');

  // A bad seed: one line, the run kept.
  await page.fill('#coin-seed', '1.5');
  await page.press('#coin-seed', 'Enter');
  assert.match(await page.textContent('#coin-seed-err'), /whole number from 0 to 4294967295/);
  assert.equal(await page.getAttribute('#coin-seed', 'aria-invalid'), 'true');
  assert.equal((await read(page)).tosses, 400, 'the run stays');

  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('phone, dark, Portuguese: keyboard tosses, decimal comma, no axe violations', async () => {
  const { page, context, problems } = await openPage(
    env,
    '',
    { viewport: { width: 375, height: 740 }, colorScheme: 'dark' },
    'pt/',
  );
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
  await page.focus(`${FIG} [data-toss="100"]`);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  const r = await read(page);
  assert.equal(r.tosses, 200);
  assert.match(r.summary, /Após 200 lançamentos, a maior distância à GELU é \d,\d{3}\./);
  const wide = await page.$eval(FIG, (f) => f.getBoundingClientRect().right > innerWidth + 0.5);
  assert.ok(!wide, 'the figure fits 375 px');
  await page.locator(FIG).scrollIntoViewIfNeeded();
  await screenshot(page.locator(FIG), 'coin-pt-375-dark');
  // (this figure's: another figure's violations are that figure's tests' to report)
  const mine = (await axeViolations(page)).filter((v) => /coin/.test(v));
  assert.deepEqual(mine, []);
  assert.deepEqual(problems, []);
  await context.close();
});
