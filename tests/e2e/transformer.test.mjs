// Inside a Transformer: the pretrained model writes and shows its FFN inputs, the swap with a short
// fine-tuning against the control (what it won back, the FFN's outputs that are exactly 0), a
// short from-scratch run with Pause, the embedded element, and the section at 360 px (dark,
// Portuguese). Step counts stay small: the whole file runs in about a
// minute on a shared 2-core machine.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, parseNumber, screenshot, setup } from './helpers.mjs';
import { test, timedTest } from './parts.mjs';
import { runCli } from '../../wasm/cli-run.mjs';

let env;
before(async () => (env = await setup({ figure: 'transformer' }))); // the figure under test alone
after(async () => env?.close());

const text = (page, sel) => page.locator(sel).textContent();
// Tall enough that each figure fits: element screenshots of figures taller than the viewport
// never settle in playwright here.
const TALL = { viewport: { width: 1200, height: 1700 } };
const reach = (page, sel) => page.locator(sel).scrollIntoViewIfNeeded();

test('the pretrained model writes from the prompt; the histogram and the drawing come from the core', async () => {
  const { page, context, problems, offOrigin } = await openPage(
    env,
    '#lp=The%20&ln=40&lt=0.5&ls=3',
  );
  await reach(page, '#lm-block');
  await page.waitForFunction(() => document.querySelector('#lm-block')?.dataset.sd, null, {
    timeout: 30000,
  });
  const block = await page.locator('#lm-block').evaluate((el) => ({ ...el.dataset }));
  const sd = Number(block.sd),
    share = Number(block.inRegion);
  assert.ok(sd > 0 && Number.isFinite(sd), `sd ${block.sd}`);
  assert.ok(share > 0 && share <= 1, `share ${block.inRegion}`);
  assert.equal(await page.locator('#lm-block svg[role="img"] title').first().count(), 1);
  assert.match(await text(page, '#lm-block [data-part="activation"] text'), /^GELU$/);
  // the other block
  await page.locator('#lm-block [data-layers] label').nth(1).click();
  await page.waitForFunction(() =>
    /\b2\b/.test(document.querySelector('#lm-block [data-stats]').textContent),
  );

  await reach(page, '#lm-sample');
  await page.waitForFunction(() => document.querySelector('#lm-sample')?.dataset.sampleMs, null, {
    timeout: 30000,
  });
  const first = await text(page, '#lm-sample [data-out]');
  assert.ok(first.startsWith('The '), first);
  assert.equal([...first].length, 'The '.length + 40);
  assert.match(await text(page, '#lm-sample [data-meta]'), /gelu/);
  // the same seed writes the same text; another seed another one
  await page.click('#lm-sample [data-act="write"]');
  await page.waitForFunction(
    (t) => document.querySelector('#lm-sample [data-out]').textContent === t,
    first,
  );
  await page.fill('#lm-sample-ls', '4');
  await page.press('#lm-sample-ls', 'Enter');
  await page.click('#lm-sample [data-act="write"]');
  await page.waitForFunction(
    (t) => document.querySelector('#lm-sample [data-out]').textContent !== t,
    first,
  );
  assert.match(page.url(), /ls=4/);
  // refused values: shown at the field, the default used
  await page.fill('#lm-sample-lt', '99');
  await page.press('#lm-sample-lt', 'Enter');
  assert.match(await text(page, '#lm-sample-lt-err'), /99/);
  await page.fill('#lm-sample-lp', 'Olá');
  await page.press('#lm-sample-lp', 'Enter');
  assert.match(await text(page, '#lm-sample-lp-err'), /á/);
  const ms = Number(await page.locator('#lm-sample').getAttribute('data-sample-ms'));
  console.log(`# sampling 40 characters: ${ms.toFixed(1)} ms`);
  await screenshot(page.locator('#lm-block'), 'lm-block');
  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('swap GELU → ReLU raises the loss; fine-tuning runs beside the control; GELU → tanh changes nothing', async () => {
  const { page, context, problems } = await openPage(env, '#lto=relu&lk=10&ln=120', TALL);
  await reach(page, '#lm-swap');
  await page.click('#lm-swap [data-act="swap"]');
  await page.waitForSelector('#lm-swap tr[data-row="swapped"][data-val]:not([data-val=""])', {
    timeout: 30000,
  });
  const val = (row) =>
    page.locator(`#lm-swap tr[data-row="${row}"]`).getAttribute('data-val').then(Number);
  const pretrained = await val('before'),
    swapped = await val('swapped');
  assert.ok(swapped > pretrained, `ReLU ${swapped} should be worse than GELU ${pretrained}`);
  const t0 = Date.now();
  await page.click('#lm-swap [data-act="tune"]');
  await page.waitForSelector('#lm-swap tr[data-row="control"][data-val]:not([data-val=""])', {
    timeout: 60000,
  });
  console.log(`# fine-tuning 10 steps, swapped and control in two workers: ${Date.now() - t0} ms`);
  const tuned = await val('tuned'),
    control = await val('control');
  assert.ok(Number.isFinite(tuned) && Number.isFinite(control));
  assert.ok(tuned < swapped, `fine-tuning lowers the loss: ${swapped} → ${tuned}`);
  assert.match(await text(page, '#lm-swap [data-result]'), /10/);
  // What ReLU buys: the FFN's outputs that are exactly 0, right after the swap as `lm swap`
  // counts them (same weights, same validation windows), and after fine-tuning; GELU's are not.
  const cli = await runCli(['lm', 'swap', '--act', 'relu', '--finetune', '0']);
  assert.equal(cli.status, 0, cli.stderr);
  const zerosSwapped = JSON.parse(cli.stdout).zero_outputs.after_swap.overall;
  const zeros = (row) =>
    page.locator(`#lm-swap tr[data-row="${row}"]`).getAttribute('data-zeros').then(Number);
  assert.ok(Math.abs((await zeros('swapped')) - zerosSwapped) < 1e-9, `${await zeros('swapped')}`);
  assert.ok((await zeros('tuned')) > 0.5, `after fine-tuning: ${await zeros('tuned')}`);
  assert.ok((await zeros('before')) < 0.01 && (await zeros('control')) < 0.01);
  const pct = (x) => new Intl.NumberFormat('en', { style: 'percent' }).format(x);
  assert.ok(
    (await text(page, '#lm-swap [data-result]')).includes(pct(zerosSwapped)),
    'the sentence quotes the zeros after the swap',
  );
  // The recovery: the share of the swap's cost won back, and of the gap to the control closed.
  const takeaway = await text(page, '#lm-swap [data-takeaway]');
  const cost = swapped - pretrained;
  for (const share of [(swapped - tuned) / cost, 1 - (tuned - control) / cost])
    assert.ok(takeaway.includes(pct(share)), `${pct(share)} in: ${takeaway}`);
  // The same prompt and seed from the three models: three texts, each with its word rate beside
  // its validation loss (issue 30).
  const written = {};
  for (const stage of ['before', 'swapped', 'tuned']) {
    const box = `#lm-swap [data-sample="${stage}"]`;
    written[stage] = await text(page, `${box} .lm-text`);
    assert.ok(written[stage].length > 120, `${stage}: ${written[stage]}`);
    const rate = Number(await page.locator(box).getAttribute('data-word-rate'));
    assert.ok(rate > 0 && rate <= 1, `${stage}: word rate ${rate}`);
    const meta = await text(page, `${box} [data-rate]`);
    assert.match(meta, new RegExp(`${Math.round(100 * rate)} %`), meta);
    assert.match(meta, /nats/, meta);
  }
  assert.notEqual(written.swapped, written.before);
  assert.notEqual(written.tuned, written.swapped);
  await screenshot(page.locator('#lm-swap'), 'lm-swap');

  await page.click('#lm-swap [data-preset="swap_gelu_tanh"]');
  await page.click('#lm-swap [data-act="swap"]');
  await page.waitForFunction(() => {
    const th = document.querySelector('#lm-swap tr[data-row="swapped"] th');
    const row = th?.parentElement;
    return (
      /tanh/.test(th.textContent) &&
      row.dataset.val &&
      !document.querySelector('#lm-swap').dataset.busy
    );
  });
  const tanh = await val('swapped');
  assert.ok(Math.abs(tanh - pretrained) < 1e-3, `tanh form: ${pretrained} → ${tanh}`);
  assert.ok(parseNumber(await text(page, '#lm-swap tr[data-row="swapped"] [data-col="val"]')) > 0);
  assert.deepEqual(problems, []);
  await context.close();
});

timedTest(
  'from scratch, side by side: Pause holds within a second, a short run finishes',
  async () => {
    const { page, context, problems } = await openPage(
      env,
      '#lacts=relu,swiglu&lsteps=400&ln=20',
      TALL,
    );
    await reach(page, '#lm-scratch');
    const play = page.locator('#lm-scratch [data-act="play"]');
    const steps = () =>
      page.$$eval('#lm-scratch tbody tr td:nth-child(2)', (tds) =>
        tds.map((td) => Number(td.textContent.split('/')[0])),
      );
    await play.click();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('#lm-scratch tbody tr td:nth-child(2)')].every(
          (td) => parseInt(td.textContent) >= 10,
        ),
      null,
      { timeout: 30000 },
    );
    const t0 = Date.now();
    await play.click(); // pause
    await page.waitForSelector('#lm-scratch[data-phase="paused"]', { timeout: 5000 });
    const held = Date.now() - t0;
    console.log(`# pause took effect in ${held} ms`);
    // The workers stop within one slice (~60 ms of work); a loaded CI machine stretches that.
    assert.ok(held < 5000, `pause took ${held} ms`);
    const paused = await steps();
    await page.waitForTimeout(600);
    assert.deepEqual(await steps(), paused, 'no step while paused');
    // a short run: reset with 12 steps and train to the end
    await page.fill('#lm-scratch-lsteps', '12');
    await page.press('#lm-scratch-lsteps', 'Enter');
    await play.click();
    await page.waitForSelector('#lm-scratch[data-phase="finished"]', { timeout: 90000 });
    for (const status of await page.$$eval('#lm-scratch tbody tr', (trs) =>
      trs.map((t) => t.dataset.status),
    ))
      assert.equal(status, 'done');
    const vals = await page.$$eval('#lm-scratch tbody [data-col="val"]', (tds) =>
      tds.map((td) => td.textContent),
    );
    for (const v of vals) assert.ok(Number.isFinite(parseNumber(v)), v);
    assert.equal(await page.locator('#lm-scratch .lm-text').count(), 2);
    await screenshot(page.locator('#lm-scratch'), 'lm-scratch');
    assert.deepEqual(problems, []);
    await context.close();
  },
);

test('the embedded element (embed.html) and the section at 360 px, dark, in Portuguese', async () => {
  const embed = await openEmbed('#widget=transformer&parts=sample&length=30&prompt=A&lang=pt');
  await embed.page.waitForFunction(
    () =>
      document.querySelector('activation-lab-transformer')?.shadowRoot?.querySelector('[data-out]')
        ?.textContent.length === 31,
    null,
    { timeout: 30000 },
  );
  assert.equal(
    await embed.page.evaluate(
      () =>
        document
          .querySelector('activation-lab-transformer')
          .shadowRoot.querySelectorAll('figure figure').length,
    ),
    1,
  );
  assert.deepEqual(embed.problems, []);
  await embed.context.close();

  const { page, context, problems } = await openPage(env, 'pt/', {
    viewport: { width: 360, height: 740 },
    colorScheme: 'dark',
    locale: 'pt-PT',
  });
  await reach(page, '#lm-block');
  await page.waitForFunction(() => document.querySelector('#lm-block')?.dataset.sd, null, {
    timeout: 30000,
  });
  assert.match(await text(page, '#inside h2'), /Dentro de um Transformer/);
  for (const sel of ['#lm-block', '#lm-sample', '#lm-swap', '#lm-parts', '#lm-scratch']) {
    const over = await page.locator(sel).evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(over <= 0, `${sel} overflows by ${over}px`);
  }
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360);
  await screenshot(page, 'lm-section-360-dark-pt', { fullPage: false });
  assert.deepEqual(problems, []);
  await context.close();
});

/** embed.html on the test server, recording console problems like openPage. */
async function openEmbed(hash) {
  const context = await env.browser.newContext({ viewport: { width: 800, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(`${env.url}embed.html${hash}`);
  return { page, context, problems };
}
