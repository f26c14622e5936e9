// The cost panel in Chromium ranks the kernels as the core's own rates do (each round's rate is
// the one benchActivation returns, web/js/cost/kernel-rounds.js), draws in grey the bars it cannot
// rank, and opens on its toolbar with no empty strip above it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, screenshot, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup({ figure: 'cost' })));
after(async () => env?.close());

const cost = '[data-widget="cost"]';

/**
 * ReLU's and GELU's forward SIMD rates as the core returns them, asked on the page itself (the
 * same module the worker loads), best of three calls: a busy machine only errs on the slow side.
 * @param {import('playwright-core').Page} page
 */
const coreRates = (page) =>
  page.evaluate(async () => {
    const { default: createModule } = await import(
      new URL('wasm/activation-lab.mjs', document.baseURI).href
    );
    const M = await createModule();
    /** @param {string} fn */
    const best = (fn) =>
      Math.max(...[0, 1, 2].map(() => M.benchActivation(fn, false, false, 1 << 16, 3)));
    return { relu: best('relu'), gelu: best('gelu') };
  });

test("the cost panel's ranking agrees with the core's returned rates", async () => {
  const { page, context, problems } = await openPage(env);
  await page.locator(cost).scrollIntoViewIfNeeded(); // measuring starts when the panel is seen
  await page.waitForSelector(`${cost}[data-state="done"]`, { timeout: 90000 });
  const card = page.locator(`${cost} [data-ratio="gelu_relu"]`);
  const ratio = Number(await card.getAttribute('data-value'));
  const cell = (/** @type {string} */ fn) =>
    page.locator(`${cost} [data-rate="${fn}/value_simd"]`).getAttribute('data-value').then(Number);
  const panel = { relu: await cell('relu'), gelu: await cell('gelu') };
  const core = await coreRates(page);
  const coreRatio = core.relu / core.gelu;
  assert.ok(coreRatio > 1.5, `the core times ReLU faster than GELU: ${coreRatio}`);
  assert.equal(await card.getAttribute('data-verdict'), 'ranked');
  assert.equal(ratio, panel.relu / panel.gelu, 'the card is the ratio of the table’s medians');
  // Same order and the same size within a busy machine's reach (the panel once said 1.3 for 21).
  const off = Math.max(ratio / coreRatio, coreRatio / ratio);
  assert.ok(off < 2, `panel ${ratio.toFixed(1)}× against the core's ${coreRatio.toFixed(1)}×`);
  for (const fn of ['relu', 'gelu'])
    assert.ok(
      panel[fn] / core[fn] < 2 && core[fn] / panel[fn] < 2,
      `${fn}: ${panel[fn]} vs ${core[fn]}`,
    );

  // The bars are drawn in colour exactly where the cards rank (value kernels, against ReLU).
  const ranked = new Set(
    ((await page.locator(`${cost} [data-plot] canvas`).getAttribute('data-ranked')) ?? '')
      .split(' ')
      .filter(Boolean),
  );
  const cards = await page
    .locator(`${cost} [data-ratio$="_relu"]:not([data-ratio^="epoch"])`)
    .evaluateAll((els) => els.map((e) => [e.dataset.ratio, e.dataset.verdict]));
  assert.ok(cards.length >= 4);
  for (const [id, verdict] of cards)
    assert.equal(
      ranked.has(`${id.replace(/_relu$/, '')}/value`),
      verdict === 'ranked',
      `${id}: ${verdict}`,
    );

  // No empty strip: the toolbar's button sits at the panel's padding, not a margin and rule below.
  const gap = await page.locator(`${cost} .ev-panel`).evaluate((panelEl) => {
    const button = /** @type {HTMLElement} */ (panelEl.querySelector('[data-act="measure"]'));
    const pad = parseFloat(getComputedStyle(panelEl).paddingTop);
    return button.getBoundingClientRect().top - panelEl.getBoundingClientRect().top - pad;
  });
  assert.ok(gap < 4, `${gap.toFixed(1)} px between the panel's padding and its first control`);
  await screenshot(page.locator(cost), 'cost-ranked');
  assert.deepEqual(problems, []);
  await context.close();
});
