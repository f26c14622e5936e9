// The article on a phone (390 px wide): the twin lab's signal toggles are targets a finger can hit
// (24 px at least), and the GLU figure's table, wider than the screen, shows that it scrolls (a
// shadow at the edge that hides columns) rather than cutting its last column off unannounced.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, screenshot, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup({ figure: 'glu,twin' })));
after(async () => env?.close());

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 };
const MIN_TARGET = 24; // CSS px (WCAG 2.5.8)

/**
 * How much darker than the table's background each edge of a scroll container is: the mean of
 * its outermost 4 px against the middle's, in 0–255 levels, with the table itself hidden (so that
 * only the container's own background is measured, not text or rules).
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} scroller
 */
async function edgeShades(page, scroller) {
  await scroller.evaluate((el) => (el.querySelector('table').style.visibility = 'hidden'));
  const box = await scroller.boundingBox();
  const png = await page.screenshot({
    clip: { x: box.x, y: box.y, width: box.width, height: box.height },
  });
  await scroller.evaluate((el) => (el.querySelector('table').style.visibility = ''));
  return page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (canvas.getContext('2d'));
    ctx.drawImage(bitmap, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    /** @param {number} x */
    const column = (x) => {
      let sum = 0;
      for (let y = 0; y < height; y++) {
        const i = (y * width + x) * 4;
        sum += 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
      }
      return sum / height;
    };
    const mean = (/** @type {number[]} */ xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const middle = column(Math.floor(width / 2));
    const edge = (/** @type {number[]} */ xs) => Math.abs(middle - mean(xs.map(column)));
    return {
      left: edge([0, 1, 2, 3]),
      right: edge([width - 4, width - 3, width - 2, width - 1]),
    };
  }, png.toString('base64'));
}

test('phone: the signal panel toggles are at least 24 px tall', async () => {
  const { page, context, problems } = await openPage(env, '', { figure: 'twin', ...PHONE });
  const outer = page.locator('[data-widget="twin"] details.signals > summary');
  await outer.first().waitFor({ state: 'visible', timeout: 60000 });
  assert.ok((await outer.count()) >= 2, 'one panel under each network');
  for (const summary of await outer.all()) {
    await summary.scrollIntoViewIfNeeded();
    if (!(await summary.evaluate((s) => /** @type {HTMLDetailsElement} */ (s.parentElement).open)))
      await summary.click();
  }
  const toggles = page.locator(
    '[data-widget="twin"] details.signals > summary, [data-widget="twin"] .signals-numbers > summary',
  );
  assert.ok((await toggles.count()) >= 4);
  for (const toggle of await toggles.all()) {
    const box = await toggle.boundingBox();
    assert.ok(box && box.height >= MIN_TARGET, `${await toggle.textContent()}: ${box?.height} px`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('phone: the GLU table scrolls with a visible hint, and no cell is cut off without one', async () => {
  const { page, context, problems } = await openPage(env, '', { figure: 'glu', ...PHONE });
  const glu = '[data-widget="glu"]';
  const scroller = page.locator(`${glu} .table-scroll`);
  await page.waitForSelector(`${glu} .table-scroll tbody tr`, { timeout: 60000 });
  await scroller.scrollIntoViewIfNeeded();
  const fit = await scroller.evaluate((el) => ({
    scrolls: el.scrollWidth > el.clientWidth + 1,
    overflow: getComputedStyle(el).overflowX,
    right: el.getBoundingClientRect().right,
    // cells past the container's right edge: hidden by it, reachable only by scrolling it
    cut: [...el.querySelectorAll('th, td')].filter(
      (c) => c.getBoundingClientRect().right > el.getBoundingClientRect().right + 1,
    ).length,
  }));
  assert.ok(fit.right <= 390, `the container ends on screen (${fit.right} px)`);
  // At 390 px the table (its Shazeer columns) is wider than the screen: this test is about that.
  assert.ok(fit.scrolls && fit.cut > 0, 'the table is wider than the phone');
  assert.equal(fit.overflow, 'auto', 'the cut cells can be scrolled to');
  await screenshot(scroller, 'phone-glu-table');
  const atStart = await edgeShades(page, scroller);
  // (the rule-coloured oval it replaces measured about 20 at its darkest row, and went unseen)
  assert.ok(
    atStart.right >= 35,
    `a shadow on the right says there is more (${atStart.right.toFixed(1)})`,
  );
  await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  const atEnd = await edgeShades(page, scroller);
  assert.ok(
    atEnd.right < 3,
    `no shadow once nothing is hidden on the right (${atEnd.right.toFixed(1)})`,
  );
  assert.deepEqual(problems, []);
  await context.close();
});
