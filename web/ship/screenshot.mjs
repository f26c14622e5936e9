// `npm run screenshot`: the README's picture of the article (web/img/readme-article.png), taken
// by headless Chromium from the real built page in dist/ (run npm run build first): the title of
// the English article and, right under it (the sections between are hidden for the picture), the
// twin lab after a real 25-epoch run. Kept small: 1x pixels, 900 px wide. Not copied to dist/.
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../serve.mjs';
/* global document, scrollTo */ // (inside page.evaluate: the page's own globals)

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'web', 'img', 'readme-article.png');

const { server, url } = await startServer({ dir: join(root, 'dist'), port: 0 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({
    viewport: { width: 900, height: 1100 },
    colorScheme: 'light',
  });
  // Every figure at once, as the tests start them (main.js reads this flag).
  await page.addInitScript('globalThis.ACTIVATION_LAB_EAGER = true');
  await page.goto(`${url}?sw=off#epochs=25`);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 120000 });
  const twin = page.locator('figure[data-widget="twin"]');
  await twin.locator('[data-act="play"]').click();
  for (const side of ['a', 'b'])
    await twin.locator(`tr[data-row="${side}"][data-status="done"]`).waitFor({ timeout: 120000 });
  await page.evaluate(() => {
    const figure = document.querySelector('figure[data-widget="twin"]');
    const header = document.querySelector('header');
    for (const el of document.querySelectorAll('body *')) {
      const keep = el.contains(figure) || figure?.contains(el) || header?.contains(el);
      if (!keep && !el.contains(header)) /** @type {HTMLElement} */ (el).style.display = 'none';
    }
    scrollTo(0, 0);
  });
  await page.waitForTimeout(500);
  await mkdir(dirname(out), { recursive: true });
  await page.screenshot({ path: out, fullPage: true });
  console.log(`web/ship/screenshot.mjs: wrote ${out.slice(root.length + 1)}`);
} finally {
  await browser.close();
  server.close();
}
