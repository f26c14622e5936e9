// "Inside a Transformer", the part "parts" (which part of GELU the model uses): in both languages
// at 360 px, dark, it shows the core's own numbers (`lm parts --json`, run here in Node through
// the CLI's function), a takeaway that quotes them, each block's inputs with the share at or below
// 0 and below the dip, no console error and no axe violation. How fast it answers is a goal of the
// bench (tests/bench/browser.mjs: under a second in Chromium on two cores), not a timed test.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, setup } from './helpers.mjs';
import { test } from './parts.mjs';
import { axeViolations } from './axe.mjs';
import { runCli } from '../../wasm/cli-run.mjs';

let env;
/** @type {import('../../wasm/activation-lab').LmGeluParts} */
let core;
before(async () => {
  env = await setup({ figure: 'transformer' });
  const r = await runCli(['lm', 'parts', '--json']);
  assert.equal(r.status, 0, r.stderr);
  core = JSON.parse(r.stdout);
});
after(async () => env?.close());

const PART = '#lm-parts';
const LANGS = [
  { path: '', locale: 'en', format: 'en', nonpositive: /at or below 0/ },
  { path: 'pt/', locale: 'pt-PT', format: 'pt-PT', nonpositive: /em 0 ou abaixo/ },
];

/** A page with the part computed; its dataset. */
async function openParts(path, options) {
  const opened = await openPage(env, path, options);
  await opened.page.locator(PART).scrollIntoViewIfNeeded();
  await opened.page.waitForFunction((sel) => document.querySelector(sel)?.dataset.ms, PART, {
    timeout: 60000,
  });
  return opened;
}

for (const { path, locale, format, nonpositive } of LANGS)
  test(`${locale}, 360 px, dark: the core's numbers, per block, in the takeaway; no axe violation`, async () => {
    const { page, context, problems } = await openParts(path, {
      viewport: { width: 360, height: 740 },
      colorScheme: 'dark',
      locale,
    });
    const data = await page.locator(PART).evaluate((el) => ({ ...el.dataset }));
    const deltas = JSON.parse(data.deltas);
    assert.deepEqual(Object.keys(deltas).sort(), core.parts.map((p) => p.name).sort());
    for (const p of core.parts)
      assert.ok(
        Math.abs(deltas[p.name] - p.delta) < 1e-6,
        `${p.name}: ${deltas[p.name]} vs ${p.delta}`,
      );
    const signed = (x) =>
      new Intl.NumberFormat(format, {
        minimumFractionDigits: 3,
        maximumFractionDigits: 3,
        signDisplay: 'exceptZero',
      }).format(x);
    const delta = (name) => core.parts.find((p) => p.name === name).delta;
    const takeaway = await page.locator(`${PART} [data-takeaway]`).textContent();
    for (const name of ['relu', 'gelu_no_negative', 'gelu_linear_positive'])
      assert.ok(
        takeaway.includes(signed(delta(name))),
        `${name} ${signed(delta(name))}: ${takeaway}`,
      );
    // each block's inputs: its shares as the core counted them
    for (const [i, block] of core.blocks.entries()) {
      await page.locator(`${PART} [data-layers] label`).nth(i).click();
      await page.waitForFunction(
        ([sel, layer]) => document.querySelector(sel)?.dataset.layer === String(layer),
        [PART, i],
      );
      const shown = await page.locator(PART).evaluate((el) => ({ ...el.dataset }));
      assert.equal(Number(shown.shareNonpositive), block.share_nonpositive);
      assert.equal(Number(shown.shareBelowDip), block.share_below_dip);
      const stats = await page.locator(`${PART} [data-stats]`).textContent();
      const pct = new Intl.NumberFormat(format, { style: 'percent' });
      assert.ok(stats.includes(pct.format(block.share_nonpositive)), stats);
      assert.ok(stats.includes(pct.format(block.share_below_dip)), stats);
    }
    assert.match(await page.locator(`${PART} [data-legend]`).textContent(), nonpositive);
    const label = await page
      .locator(`${PART} [data-plot="bars"] canvas`)
      .getAttribute('aria-label');
    assert.ok(label.includes(signed(delta('silu'))), label);
    const over = await page.locator(PART).evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(over <= 0, `${PART} overflows by ${over}px`);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
