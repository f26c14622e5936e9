// The compact embed (issue 25): `compact` keeps the figure and its caption's takeaway and folds
// the settings and the caption's description into <details>, so a twin fits a blog column in about
// one screen. The iframe's default page (compact) does not jump while it loads (issue 65). Measured at 360,
// 700 and 1000 px, without and with the attribute; after a finished run the compact heights fit
// COMPACT_HEIGHTS (embed-attributes.js), which the README lists. And the `ready` attribute and
// the loading line agree for the Transformer's every `parts` value.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { dist, launchChromium, openPage, screenshot } from './helpers.mjs';
import { axeViolations } from './axe.mjs';
import { runTwin, settledLayout, startBlog, startStatic, watchedPage } from './ship-helpers.mjs';
import { cls, readmeFixture, readmeTable, watchShifts } from './publish-helpers.mjs';
import { COMPACT_HEIGHTS } from '../../web/js/embed/embed-attributes.js';

let browser, site;
before(async () => {
  browser = await launchChromium();
  site = await startStatic(dist, { 'Access-Control-Allow-Origin': '*' });
});
after(async () => Promise.all([browser?.close(), site?.close()]));

const blog = (html) =>
  startBlog({
    'post.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>post</title>
    <link rel="icon" href="data:,"></head><body style="margin:0">
    <script type="module" src="${site.url}activation-lab.js"></script>${html}</body></html>`,
  });

const FIGURES = {
  twin: 'n="300" epochs="8"',
  seeds: 'seeds="2" n="200" epochs="3"',
  transformer: '',
};
const tags = (compact) =>
  Object.entries(FIGURES)
    .map(([name, a]) => `<activation-lab-${name} ${a}${compact}></activation-lab-${name}>`)
    .join('');
/** The text of an element's shadow root (innerText stops at the shadow boundary). */
const shadowText = (el) => el.evaluate((e) => e.shadowRoot?.textContent ?? '');
/**
 * Brings each part of the Transformer into view and waits until each has loaded its model and
 * written its sample: its height then no longer depends on what happened to be near the viewport.
 */
async function settleTransformer(page) {
  const el = page.locator('activation-lab-transformer');
  for (const part of await el.locator('figure figure').all()) await part.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => {
      const text = document.querySelector('activation-lab-transformer')?.shadowRoot?.textContent;
      return (
        text && !/Loading|Computing|loads when|Writing…/.test(text) && /characters in/.test(text)
      );
    },
    null,
    { timeout: 60000 },
  );
  await page.evaluate(() => scrollTo(0, 0));
}

const height = (page, name) =>
  page.locator(`activation-lab-${name}`).evaluate((el) => el.scrollHeight);

test('compact: the settings and the description fold into disclosures, and the figures are much shorter', async () => {
  const plain = await blog(tags(''));
  const compact = await blog(tags(' compact'));
  /** @type {Record<string, number[][]>} */
  const measured = {};
  try {
    // Each post loads once, at the narrowest width, and is widened as a reader turning a phone
    // would: each figure lays out again at each width.
    for (const [i, host] of [plain, compact].entries()) {
      const w = await watchedPage(browser, host.url, { viewport: { width: 360, height: 900 } });
      await w.page.goto(`${host.url}post.html`);
      await w.page.waitForFunction(() => document.querySelectorAll('[ready]').length === 3, null, {
        timeout: 60000,
      });
      await settleTransformer(w.page);
      for (const width of [360, 700, 1000]) {
        await w.page.setViewportSize({ width, height: 900 });
        await settledLayout(w.page);
        for (const name of Object.keys(FIGURES))
          ((measured[name] ??= [[], []])[i] ??= []).push(await height(w.page, name));
      }
      if (i === 1) {
        await w.page.setViewportSize({ width: 360, height: 900 });
        await settledLayout(w.page);
        const twin = w.page.locator('activation-lab-twin');
        const details = twin.locator('details.al-settings');
        assert.equal(await details.count(), 1);
        assert.equal(await details.evaluate((d) => d.open), false);
        assert.equal(await twin.locator('details.al-settings form.lab-form').count(), 1);
        assert.equal(await twin.locator('#lab-epochs').isVisible(), false);
        // The caption's takeaway whole, its description behind a closed disclosure.
        const caption = twin.locator('figcaption').first();
        const about = caption.locator('details.al-about-more');
        assert.equal(await about.evaluate((d) => d.open), false);
        assert.equal(await caption.locator('[data-takeaway]').isVisible(), true);
        assert.ok((await about.locator('[data-i18n]').textContent())?.trim(), 'the description');
        // The disclosure opens from the keyboard; the settings still drive the figure.
        await twin.locator('details.al-settings > summary').focus();
        await w.page.keyboard.press('Enter');
        assert.equal(await twin.locator('#lab-epochs').inputValue(), '8');
        await screenshot(twin, 'embed-compact-twin-360');
        // Every part of the Transformer has its own disclosure, where it has settings.
        assert.ok(
          (await w.page.locator('activation-lab-transformer details.al-settings').count()) >= 2,
        );
      }
      assert.deepEqual(w.problems, []);
      await w.context.close();
    }
  } finally {
    await Promise.all([plain.close(), compact.close()]);
  }
  console.log(`# ready heights at 360/700/1000 px, [plain, compact]: ${JSON.stringify(measured)}`);
  for (const [name, [plainHeights, compactHeights]] of Object.entries(measured))
    compactHeights.forEach((h, i) =>
      assert.ok(h < plainHeights[i], `${name}: compact ${h} >= ${plainHeights[i]} px`),
    );
  // About one screen: the twin at 1000 px wide.
  assert.ok(measured.twin[1][2] <= 1200, `twin compact at 1000 px: ${measured.twin[1][2]} px`);
});

test('the compact iframe page: CLS ≤ 0.02 at 412 and 1280 px, no text under 12 px, the caption whole', async () => {
  // The page web/README.md's iframe opens, on this copy.
  const src = /src="([^"]+)"/.exec(await readmeFixture('iframe'))?.[1] ?? '';
  assert.match(src, /&compact&/);
  const url = src.replace(/^https:\/\/[^"]*\/dist\//, site.url);
  for (const [width, tall] of [
    [412, 823],
    [1280, 800],
  ]) {
    const w = await watchedPage(browser, site.url, { viewport: { width, height: tall } });
    await watchShifts(w.page);
    await w.page.goto(url);
    const twin = w.page.locator('activation-lab-twin');
    await twin.and(w.page.locator('[ready]')).waitFor({ timeout: 60000 });
    await w.page.waitForTimeout(1500); // what a late report would move, after `ready`
    const shift = await cls(w.page);
    console.log(`# compact iframe page, CLS at ${width} px: ${shift.toFixed(4)}`);
    assert.ok(shift <= 0.02, `CLS ${shift.toFixed(4)} at ${width} px`);
    // Every text shown, in the page and in the figure's shadow root, is at least 12 CSS px.
    const small = await w.page.evaluate(() => {
      const found = [];
      /** @param {Document | ShadowRoot} root */
      const visit = (root) => {
        for (const el of root.querySelectorAll('*')) {
          if (el.shadowRoot) visit(el.shadowRoot);
          const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim());
          const box = el.getBoundingClientRect();
          if (!own || !box.width || !box.height || el.closest('.visually-hidden')) continue;
          const size = parseFloat(getComputedStyle(el).fontSize);
          if (size < 12) found.push(`${el.tagName}.${el.className} ${size} px`);
        }
      };
      visit(document);
      return found;
    });
    assert.deepEqual(small, [], `texts under 12 px at ${width} px`);
    // The caption is not cut: its box holds all it shows, and no line is clamped.
    const caption = await twin
      .locator('figcaption')
      .first()
      .evaluate((c) => ({
        fits: c.scrollHeight <= c.clientHeight + 1,
        clamp: getComputedStyle(c).webkitLineClamp,
        takeaway: c.querySelector('[data-takeaway]')?.textContent?.trim() ?? '',
      }));
    assert.ok(caption.fits && caption.clamp === 'none', JSON.stringify(caption));
    assert.match(caption.takeaway, /\.$/, 'the takeaway, a whole sentence');
    assert.deepEqual(w.problems, []);
    await w.context.close();
  }
});

test('compact heights: the README table fits the twin and the seeds after a finished run', async () => {
  const table = Object.fromEntries(
    (await readmeTable('compact-heights')).map(([n, ...h]) => [n, h.map(Number)]),
  );
  assert.deepEqual(table, COMPACT_HEIGHTS, 'README lists COMPACT_HEIGHTS (embed-attributes.js)');
  const host = await blog(tags(' compact'));
  /** @type {Record<string, number[]>} */
  const measured = {};
  try {
    // The runs finish once, at the narrowest width, where the figures are tallest; then the page
    // is widened.
    const w = await watchedPage(browser, host.url, { viewport: { width: 360, height: 900 } });
    await w.page.goto(`${host.url}post.html`);
    await w.page.waitForFunction(() => document.querySelectorAll('[ready]').length === 3, null, {
      timeout: 60000,
    });
    await runTwin(w.page, 'activation-lab-twin');
    await w.page.locator('activation-lab-seeds [data-act="run"]').click();
    await w.page.waitForSelector('activation-lab-seeds figure[data-state="finished"]', {
      timeout: 60000,
    });
    await settleTransformer(w.page);
    for (const width of [360, 700, 1000]) {
      await w.page.setViewportSize({ width, height: 900 });
      await settledLayout(w.page);
      for (const name of Object.keys(FIGURES))
        (measured[name] ??= []).push(await height(w.page, name));
    }
    assert.deepEqual(w.problems, []);
    await w.context.close();
  } finally {
    await host.close();
  }
  console.log(`# compact heights after a run at 360/700/1000 px: ${JSON.stringify(measured)}`);
  for (const [name, hs] of Object.entries(measured))
    hs.forEach((h, i) =>
      assert.ok(h <= COMPACT_HEIGHTS[name][i], `${name}: ${h} px > ${COMPACT_HEIGHTS[name][i]}`),
    );
});

test('ready and the loading line agree: no "Loading…" on a ready Transformer part that is not loading', async () => {
  const parts = ['block', 'sample', 'swap', 'scratch', 'block,sample,swap,scratch'];
  // Far below the fold, so nothing is near the viewport until scrolled to.
  const host = await blog(
    `<div style="height:4000px"></div>${parts
      .map((p) => `<activation-lab-transformer parts="${p}"></activation-lab-transformer>`)
      .join('')}`,
  );
  try {
    const w = await watchedPage(browser, host.url, { viewport: { width: 1000, height: 800 } });
    await w.page.goto(`${host.url}post.html`);
    await w.page.waitForFunction((n) => document.querySelectorAll('[ready]').length === n, 5, {
      timeout: 60000,
    });
    const loading = /Loading|Computing/;
    for (const [i, p] of parts.entries()) {
      const el = w.page.locator('activation-lab-transformer').nth(i);
      assert.doesNotMatch(await shadowText(el), loading, `parts="${p}" ready, out of view`);
    }
    // Scrolled to, each one loads the model, then says what it shows.
    for (const [i, p] of parts.entries()) {
      const el = w.page.locator('activation-lab-transformer').nth(i);
      await el.scrollIntoViewIfNeeded();
      await w.page.waitForFunction(
        (e) => !/Loading|Computing|loads when/.test(e.shadowRoot.textContent),
        await el.elementHandle(),
        { timeout: 60000 },
      );
      assert.doesNotMatch(await shadowText(el), loading, `parts="${p}"`);
    }
    assert.deepEqual(w.problems, []);
    await w.context.close();
  } finally {
    await host.close();
  }
});

test('axe: the compact twin and Transformer, disclosures closed and open', async () => {
  const env = { url: site.url, browser };
  // (axe styles what it inspects inside shadow roots: the strict CSP of the page would refuse that)
  const { page, context, problems } = await openPage(
    env,
    '',
    // 1000 px: at 360 px the Transformer's swap and scratch tables scroll without being focusable,
    // compact or not (a finding of the Transformer widgets, not of this form)
    { bypassCSP: true, viewport: { width: 1000, height: 800 } },
    'embed.html#widget=twin&compact&n=200&epochs=3',
  );
  const found = [];
  for (const widget of ['twin', 'transformer']) {
    await page.evaluate((w) => (location.hash = `#widget=${w}&compact`), widget);
    await page.waitForSelector(`activation-lab-${widget}[ready]`);
    found.push(...(await axeViolations(page)).map((v) => `${widget}, closed: ${v}`));
    for (const d of await page.locator(`activation-lab-${widget} details.al-settings`).all())
      await d.evaluate((el) => (el.open = true));
    found.push(...(await axeViolations(page)).map((v) => `${widget}, open: ${v}`));
  }
  assert.deepEqual(found, []);
  assert.deepEqual(problems, []);
  await context.close();
});
