// The article: loads cleanly, shows the core's numbers, switches language, fits a phone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, parseNumber, screenshot, setup } from './helpers.mjs';
import { VALUE_RANGE } from '../../web/js/curves/curves.js';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

// (the selects' widths, in both languages and at three widths: a11y.test.mjs)
test('loads with no console error or warning and no request to another origin; dark mode renders', async () => {
  const { page, context, problems, offOrigin } = await openPage(env);
  await page.waitForTimeout(500);
  assert.deepEqual(problems, []);
  assert.deepEqual(offOrigin, []);
  assert.equal(await page.locator('.widget-failed').count(), 0);
  assert.match(await page.locator('#engine').textContent(), /WebAssembly/);
  await screenshot(page, 'page-load');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(await background(), 'rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.notEqual(await background(), 'rgb(255, 255, 255)');
  await page.locator('#gelu').scrollIntoViewIfNeeded();
  await screenshot(page, 'page-dark');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a reader pays only for the figures near the screen: the others start as they come near', async () => {
  // No startFiguresEagerly here: the article as a reader opens it.
  const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(env.url);
  const mounted = (name) =>
    page.evaluate((n) => document.querySelector(`[data-widget="${n}"]`).dataset.mounted, name);
  await page.waitForSelector('html[data-started="true"]');
  await page.waitForTimeout(500);
  for (const far of ['twin', 'seeds', 'swap', 'transformer'])
    assert.equal(await mounted(far), undefined, `${far} started before the reader came near it`);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.ready), undefined);
  await page.locator('[data-widget="curves"]').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-widget="curves"][data-mounted]');
  await page.locator('#twin').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-widget="twin"] tr[data-row="a"][data-status="ready"]');
  assert.equal(await mounted('swap'), undefined);
  // A link that sets the lab and scrolls to it works on a figure that has not started yet.
  const fresh = await context.newPage();
  await fresh.goto(env.url);
  await fresh.waitForSelector('html[data-started="true"]');
  assert.equal(await fresh.locator('[data-widget="twin"][data-mounted]').count(), 0);
  await fresh.click('#activation a[data-goto="twin"]');
  await fresh.waitForFunction(() => document.querySelector('#lab-b')?.value === 'identity');
  assert.equal(await fresh.locator('#lab-a').inputValue(), 'gelu');
  assert.deepEqual(problems, []);
  await context.close();
});

test('#twin reaches the twin figure, and so does #lab, its old id, for the links already out there', async () => {
  // As a reader opens a link (no startFiguresEagerly): the figure starts because it is in view.
  const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
  for (const hash of ['#twin', '#lab']) {
    const page = await context.newPage();
    await page.goto(`${env.url}${hash}`);
    await page.waitForSelector('[data-widget="twin"][data-mounted]', { timeout: 30000 });
    const box = await page.evaluate(() => {
      const r = document.querySelector('[data-widget="twin"]').getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, scrolled: scrollY, height: innerHeight };
    });
    assert.ok(box.scrolled > 0, `${hash}: the page did not scroll`);
    assert.ok(box.top < box.height / 2 && box.bottom > 0, `${hash}: ${JSON.stringify(box)}`);
    await page.close();
  }
  await context.close();
});

test('?figure= mounts only the figures named; an unknown name mounts none and says so', async () => {
  const mountedNames = (page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-widget][data-mounted]')].map((el) => el.dataset.widget),
    );
  const one = await openPage(env, '', { figure: 'dip-zoom,coin-toss' });
  assert.deepEqual((await mountedNames(one.page)).sort(), ['coin-toss', 'dip-zoom']);
  assert.equal(await one.page.locator('#core-error').isHidden(), true);
  assert.deepEqual(one.problems, []);
  await one.context.close();
  const bad = await openPage(env, '', { figure: 'curves,nope' });
  assert.deepEqual(await mountedNames(bad.page), []);
  const notice = bad.page.locator('#core-error');
  await notice.waitFor(); // (its name quoted by the core, once loaded)
  assert.match(await notice.textContent(), /“nope”.*curves, worked-values/);
  assert.deepEqual(bad.problems, []); // a typo in the address is not a page error
  await bad.context.close();
  // A long name is echoed as the core echoes input (issue 63): at most 80 characters, a bidi
  // mark as U+202E, not 8,000 characters of someone else's text.
  const long = await openPage(env, '', { figure: `\u202e${'x'.repeat(8000)}` });
  const longNotice = long.page.locator('#core-error');
  await longNotice.waitFor();
  const text = (await longNotice.textContent()) ?? '';
  assert.match(text, /U\+202E/);
  assert.ok(text.length < 600, `notice of ${text.length} characters`);
  assert.ok(!text.includes('\u202e'));
  await long.context.close();
});

test('the explorer shows the worked values computed by the core', async () => {
  // (the worked values read the curves figure's core samples)
  const { page, context, problems } = await openPage(env, '', { figure: 'worked-values,curves' });
  const cell = async (fn, x) =>
    parseNumber(await page.locator(`td[data-fn="${fn}"][data-x="${x}"]`).textContent());
  assert.ok(Math.abs((await cell('gelu', -1)) - -0.1587) < 1e-4);
  assert.ok(Math.abs((await cell('gelu', 2)) - 1.9545) < 1e-4);
  assert.equal(await cell('relu', -1), 0);
  assert.equal(await cell('relu', 2), 2);
  assert.ok(Math.abs((await cell('phi', 1)) - 0.8413) < 1e-4);
  // the dip's minimum and the tanh error are searched for in core samples
  const dipX = parseNumber(await page.locator('[data-core="dip.x"]').first().textContent());
  const dipY = parseNumber(await page.locator('[data-core="dip.y"]').first().textContent());
  assert.ok(Math.abs(dipX - -0.752) < 2e-3, `dip at ${dipX}`);
  assert.ok(Math.abs(dipY - -0.17) < 1e-3, `dip value ${dipY}`);
  const tanhMax = parseNumber(await page.locator('[data-core="tanh.max"]').first().textContent());
  assert.ok(tanhMax > 1e-5 && tanhMax < 1e-3, `tanh max ${tanhMax}`);
  // the cursor moves with the keyboard and reads every curve
  const plot = page.locator('[data-widget="curves"] canvas[role="slider"]');
  await plot.focus();
  await page.keyboard.press('End');
  const readout = await page.locator('[data-widget="curves"] .readout').textContent();
  assert.match(readout, /x = 2\.00/); // the right end of the range where the curves part
  assert.match(readout, /GELU/);
  await screenshot(page.locator('[data-widget="curves"]'), 'explorer');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the first screen at 1280×800 shows the curves where GELU and ReLU part', async () => {
  const { page, context, problems } = await openPage(env, '', {
    viewport: { width: 1280, height: 800 },
  });
  await page.waitForSelector('[data-widget="curves"][data-mounted]');
  const box = await page.locator('[data-widget="curves"] canvas[role="slider"]').boundingBox();
  assert.ok(box && box.y < 800, 'the plot starts on the first screen');
  // The band of f(x) the first screen shows, from the plot's top (approximately: the axes' margins
  // are small next to it). GELU lies below ReLU by x·Φ(−x): at least 0.1 for x ≤ 1.5.
  const [lo, hi] = VALUE_RANGE;
  const seen = Math.min(1, (800 - box.y) / box.height);
  const lowest = hi - seen * (hi - lo);
  assert.ok(lowest <= 1.5, `the first screen shows f(x) from ${lowest.toFixed(2)} up only`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the EN/PT switch goes to the other address, keeps the settings in the hash, and back', async () => {
  // (the twin holds the settings; each language's page then opens whole)
  const { page, context, problems } = await openPage(env, '#epochs=12&b=silu', { figure: 'twin' });
  const h1 = page.locator('h1');
  const english = await h1.textContent();
  await page.click('a[data-lang="pt"]');
  await page.waitForURL(/\/pt\/index\.html#/);
  await page.waitForSelector('html[data-ready="true"]');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt-PT');
  const portuguese = await h1.textContent();
  assert.notEqual(portuguese, english);
  assert.match(portuguese, /GELU/);
  assert.match(await page.locator('td[data-fn="gelu"][data-x="-1"]').textContent(), /0,1587/);
  const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
  assert.equal(hash.get('epochs'), '12');
  assert.equal(hash.get('b'), 'silu');
  assert.equal(await page.locator('#lab-epochs').inputValue(), '12');
  await screenshot(page, 'page-pt', { fullPage: false });
  await page.click('a[data-lang="en"]');
  await page.waitForURL((u) => !u.pathname.includes('/pt/'));
  await page.waitForSelector('html[data-ready="true"]');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await h1.textContent(), english);
  assert.equal(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('epochs'), '12');
  assert.deepEqual(problems, []);
  await context.close();
});

test('at 360 px wide nothing overflows horizontally', async () => {
  const { page, context, problems } = await openPage(env, '', {
    viewport: { width: 360, height: 740 },
  });
  await page.waitForTimeout(300);
  const widths = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > innerWidth + 1 &&
          // (KaTeX draws a root sign's tail wide and clips it in its .hide-tail box; its MathML
          // copy is for screen readers only, clipped to 1 px)
          !el.closest('.equation, .table-scroll, pre, .hide-tail, .katex-mathml'),
      )
      .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)
      .slice(0, 5),
  }));
  assert.deepEqual(widths.wide, []);
  assert.ok(widths.doc <= 360, `document is ${widths.doc}px wide`);
  assert.ok(widths.body <= 360, `body is ${widths.body}px wide`);
  await screenshot(page, 'page-360');
  assert.deepEqual(problems, []);
  await context.close();
});
