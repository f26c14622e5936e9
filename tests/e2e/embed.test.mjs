// "Embed this figure" (issue 10): every figure of the article has the button; its dialog is a
// real modal dialog whose two snippets carry the figure's current settings and point at this copy;
// pasted into another origin's page, both reproduce the figure. And the iframe heights the README
// gives fit every figure after a finished run at 360, 700 and 1000 px (the README's iframe and
// its resize listener: embed-iframe.test.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dist, launchChromium, screenshot } from './helpers.mjs';
import { runTwin, settledLayout, startBlog, startStatic, watchedPage } from './ship-helpers.mjs';
import { readmeFixture, readmeTable } from './publish-helpers.mjs';
import {
  ATTRIBUTES,
  IFRAME_HEIGHTS,
  compactHeight,
  iframeHeight,
} from '../../web/js/embed/embed-attributes.js';

let browser, site;
before(async () => {
  browser = await launchChromium();
  site = await startStatic(dist, { 'Access-Control-Allow-Origin': '*' });
});
after(async () => Promise.all([browser?.close(), site?.close()]));

const blog = (files) => startBlog(files);
const post = (html) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>post</title>
  <link rel="icon" href="data:,"></head><body style="margin:0">${html}</body></html>`;

test('every figure has its embed button; the dialog carries the current settings and reproduces the figure', async () => {
  const w = await watchedPage(browser, site.url, { viewport: { width: 1100, height: 900 } });
  await w.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  await w.page.goto(`${site.url}?sw=off#epochs=12&b=silu&n=300`);
  await w.page.waitForSelector('html[data-ready="true"]', { timeout: 60000 });
  const figures = await w.page.$$eval('figure[data-widget]', (els) =>
    els.map((f) => [
      f.dataset.widget,
      Boolean(f.querySelector(':scope > .embed-bar [data-embed]')),
    ]),
  );
  for (const [name, has] of figures) {
    assert.ok(name in ATTRIBUTES, `figure ${name} has no line in ATTRIBUTES (embed-attributes.js)`);
    assert.ok(has, `figure ${name} has no embed button`);
  }
  const button = w.page.locator('[data-widget="twin"] [data-embed]');
  await button.click();
  const dialog = w.page.locator('dialog.embed-dialog[open]');
  await dialog.waitFor();
  assert.equal(
    await dialog.evaluate(
      (d) => document.getElementById(d.getAttribute('aria-labelledby')).textContent,
    ),
    'Embed this figure',
  );
  assert.ok(
    await dialog.evaluate((d) => d.contains(document.activeElement)),
    'focus in the dialog',
  );
  const script = await w.page.locator('[data-snippet="script"]').inputValue();
  const iframe = await w.page.locator('[data-snippet="iframe"]').inputValue();
  assert.ok(
    script.startsWith(
      `<script defer src="${site.url}activation-lab-fallback.js"></script>\n` +
        `<script type="module" src="${site.url}activation-lab.js"></script>`,
    ),
  );
  assert.match(script, /<activation-lab-twin [^>]*b="silu"[^>]*epochs="12"[^>]*lang="en"/);
  assert.match(script, / n="300"/);
  assert.match(iframe, new RegExp(`src="${site.url}embed\\.html#widget=twin&amp;[^"]*epochs=12`));
  await w.page.locator('[data-copy="script"]').click();
  await w.page.locator('[data-embed-status]').filter({ hasText: /\S/ }).waitFor();
  assert.equal(await w.page.evaluate(() => navigator.clipboard.readText()), script);
  // The snippet's element carries its loading line and its fallback text, in the page's language.
  assert.match(
    script,
    /<activation-lab-twin [^>]*>\n {2}<p data-al-wait>Activation Lab: two networks[^<]*Loading[^<]*<\/p>\n {2}<p data-al-failed hidden>Activation Lab: two networks[^<]*Access-Control-Allow-Origin/,
  );
  await screenshot(w.page, 'embed-dialog', { fullPage: false });
  // Compact by default: both snippets get it, the iframe a height that fits the compact figure.
  assert.match(script, /<activation-lab-twin [^>]* compact>/);
  assert.match(iframe, /#widget=twin&amp;[^"]*&amp;compact"/);
  assert.ok(iframe.includes(`height="${compactHeight('twin')}"`));
  await w.page.locator('[data-compact]').uncheck();
  const plain = await w.page.locator('[data-snippet="script"]').inputValue();
  assert.doesNotMatch(plain, / compact>/);
  const plainFrame = await w.page.locator('[data-snippet="iframe"]').inputValue();
  assert.ok(plainFrame.includes(`height="${iframeHeight('twin')}"`));
  await w.page.locator('[data-compact]').check();
  assert.equal(await w.page.locator('[data-snippet="script"]').inputValue(), script);
  await w.page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' }).catch(() => {});
  assert.equal(await w.page.locator('dialog.embed-dialog[open]').count(), 0);
  assert.equal(await button.evaluate((b) => b === document.activeElement), true, 'focus returns');
  assert.deepEqual(w.problems, []);
  await w.context.close();

  // Pasted into a page on another origin, both snippets give the same figure and settings.
  const unescaped = iframe.replace(/&amp;/g, '&');
  const host = await blog({ 'script.html': post(script), 'iframe.html': post(unescaped) });
  const v = await watchedPage(browser, host.url);
  await v.page.goto(`${host.url}script.html`);
  await v.page.waitForSelector('activation-lab-twin[ready]', { timeout: 30000 });
  assert.equal(await v.page.locator('activation-lab-twin #lab-epochs').inputValue(), '12');
  assert.equal(await v.page.locator('activation-lab-twin #lab-n').inputValue(), '300');
  await runTwin(v.page, 'activation-lab-twin');
  await v.page.goto(`${host.url}iframe.html`);
  const frame = v.page.frameLocator('iframe');
  await frame.locator('activation-lab-twin[ready]').waitFor({ timeout: 30000 });
  assert.equal(await frame.locator('activation-lab-twin #lab-epochs').inputValue(), '12');
  assert.equal(await frame.locator('activation-lab-twin #lab-b').inputValue(), 'silu');
  assert.deepEqual(v.problems, []);
  await v.context.close();
  await host.close();
});

/** Every embeddable figure on one page, each run to its end. */
const ALL = Object.keys(ATTRIBUTES).map((name) => {
  const small = {
    twin: 'n="300" epochs="8"',
    seeds: 'seeds="2" n="200" epochs="3"',
    swap: 'epochs="3" finetune-epochs="2"',
    glu: 'seeds="2" steps="4"',
  };
  return `<activation-lab-${name} ${small[name] ?? ''}></activation-lab-${name}>`;
});

async function finishRuns(page) {
  await page.waitForFunction((n) => document.querySelectorAll('[ready]').length === n, ALL.length, {
    timeout: 60000,
  });
  await runTwin(page, 'activation-lab-twin');
  await page.locator('activation-lab-seeds [data-act="run"]').click();
  await page.waitForSelector('activation-lab-seeds figure[data-state="finished"]', {
    timeout: 60000,
  });
  for (const [act, stage] of [
    ['pretrain', 'pretrained'],
    ['swap', 'swapped'],
    ['finetune', 'finetuned'],
  ]) {
    await page.locator(`activation-lab-swap [data-act="${act}"]`).click();
    await page.waitForSelector(`activation-lab-swap figure[data-stage="${stage}"]`, {
      timeout: 60000,
    });
  }
  await page.locator('activation-lab-glu [data-act="run"]').click();
  await page.waitForSelector('activation-lab-glu figure[data-state="finished"]', {
    timeout: 60000,
  });
  await page.locator('activation-lab-cost').scrollIntoViewIfNeeded();
  await page.waitForSelector('activation-lab-cost figure[data-state="done"]', { timeout: 60000 });
}

test('iframe heights: the README table fits every figure after a finished run at 360, 700, 1000 px', async () => {
  const table = Object.fromEntries(
    (await readmeTable('iframe-heights')).map(([n, ...h]) => [n, h.map(Number)]),
  );
  assert.deepEqual(table, IFRAME_HEIGHTS, 'README lists IFRAME_HEIGHTS (embed-attributes.js)');
  assert.ok((await readmeFixture('iframe')).includes(`height="${compactHeight('twin')}"`));
  const host = await blog({
    'all.html': post(
      `<script type="module" src="${site.url}activation-lab.js"></script>${ALL.join('')}`,
    ),
  });
  const measured = {};
  // The runs finish once, at the narrowest width, where the figures are tallest; then the same
  // page is widened, as a reader turning a phone would: each figure lays out again at each width.
  const w = await watchedPage(browser, host.url, { viewport: { width: 360, height: 900 } });
  try {
    await w.page.goto(`${host.url}all.html`);
    await finishRuns(w.page);
    for (const width of [360, 700, 1000]) {
      await w.page.setViewportSize({ width, height: 900 });
      await settledLayout(w.page);
      for (const name of Object.keys(ATTRIBUTES)) {
        const h = await w.page.locator(`activation-lab-${name}`).evaluate((el) => el.scrollHeight);
        (measured[name] ??= []).push(h);
      }
    }
    assert.deepEqual(w.problems, []);
  } finally {
    await w.context.close();
    await host.close();
  }
  console.log(`# figure heights at 360/700/1000 px: ${JSON.stringify(measured)}`);
  for (const [name, hs] of Object.entries(measured)) {
    hs.forEach((h, i) =>
      assert.ok(h <= IFRAME_HEIGHTS[name][i], `${name}: ${h} px > ${IFRAME_HEIGHTS[name][i]}`),
    );
  }
});

test('an embedded figure shows its caption and pictures until the core arrives, then the whole figure at once', async () => {
  const { page, context, problems } = await watchedPage(browser, site.url, {
    viewport: { width: 412, height: 823 },
  });
  try {
    // The core's download held back: what the reader sees first needs only the strings.
    /** @type {() => void} */
    let release = () => {};
    const held = new Promise((ok) => (release = ok));
    await page.route(
      '**/wasm/activation-lab*.mjs',
      async (route) => (await held, route.continue()),
    );
    await page.goto(`${site.url}embed.html#widget=twin&lang=pt`);
    const host = page.locator('activation-lab-twin');
    const strings = JSON.parse(await readFile(join(dist, 'i18n', 'pt', 'twin.json'), 'utf8'));
    const caption = strings.caption;
    await host.locator('.al-waiting .al-about').waitFor();
    assert.equal(
      (await host.locator('.al-about').textContent()).trim(),
      caption.replace(/<[^>]*>/g, '').trim(),
    );
    // Above it, the pictures the article shows without JavaScript (its poster), and under it a
    // status line that says what they are.
    const { POSTER_LISTS } = await import(
      pathToFileURL(join(dist, 'js', 'embed', 'poster-lists.js')).href
    );
    const poster = POSTER_LISTS.pt.twin;

    const embedStrings = JSON.parse(await readFile(join(dist, 'i18n', 'pt', 'embed.json'), 'utf8'));
    await host.locator('.al-waiting .al-poster img').first().waitFor();
    assert.deepEqual(
      await host.locator('.al-poster img').evaluateAll((imgs) =>
        imgs.map((img) => ({
          alt: img.getAttribute('alt'),
          loaded: /** @type {HTMLImageElement} */ (img).naturalWidth > 0,
        })),
      ),
      poster.pictures.map((/** @type {{alt: string}} */ p) => ({ alt: p.alt, loaded: true })),
    );
    // first: in its place before the strings arrive, so they push nothing down when they do
    assert.equal(
      await host
        .locator('.al-waiting > :first-child')
        .evaluate((el) => el.classList.contains('al-poster')),
      true,
    );
    assert.equal(
      (await host.locator('.al-status').textContent()).trim(),
      embedStrings[`loading_poster${poster.kind}`],
    );
    assert.equal(await host.locator('figure.widget').count(), 0, 'nothing built before the core');
    release();
    await page.locator('activation-lab-twin[ready]').waitFor({ timeout: 60000 });
    // Built out of sight and shown whole: the waiting note and its pictures are gone, the figure
    // is visible.
    assert.equal(await host.locator('.al-waiting').count(), 0);
    assert.equal(await host.locator('.al-poster').count(), 0);
    assert.equal(
      await host.locator('figure.widget').evaluate((f) => getComputedStyle(f).visibility),
      'visible',
    );
    await host.locator('figure.widget figcaption').waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
