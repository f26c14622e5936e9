// A Hugo blog embeds the figures with the shipped shortcode (dist/hugo/activation-lab.html), as
// web/README.md tells a blogger: a tiny site in a temp folder, built by a real `hugo` with its
// default Markdown settings (which drop raw HTML), served on one origin and dist/ on another.
// The figures mount with the shortcode's parameters as attributes, and nothing in the console.
// Skipped, with a message, where `hugo` is not installed (wasm/toolchain.sh installs Debian's).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dist, launchChromium } from './helpers.mjs';
import { startServer } from '../../web/serve.mjs';
import { fallbackTexts } from '../../web/js/shared/embed-failure.js';

const hugo = spawnSync('hugo', ['version'], { encoding: 'utf8' });
const skip = hugo.error
  ? 'hugo is not installed (Debian: apt-get install hugo; tests/run.sh offers it as root)'
  : false;

/** The post: raw HTML (which Hugo drops) and two shortcodes, one with a value to escape. */
const POST = (base) => `---
title: "Why GELU"
---
Raw HTML in Markdown is dropped: <b id="raw">bold</b>

{{< activation-lab figure="twin" base="${base}" a="relu" b="gelu" epochs="3" n="300" layers="8,8" credit="off" data-note="a \\"quoted\\" <b>value</b> & more" >}}

{{< activation-lab figure="curves" base="${base}" lang="pt-PT" >}}
`;

let browser, lab, blog, tmp;
before(async () => {
  if (skip) return;
  tmp = await mkdtemp(join(tmpdir(), 'al-hugo-'));
  lab = await startServer({ dir: dist, port: 0, cors: true });
  const site = join(tmp, 'site');
  for (const dir of ['content/posts', 'layouts/_default', 'layouts/shortcodes'])
    await mkdir(join(site, dir), { recursive: true });
  await writeFile(
    join(site, 'hugo.toml'),
    'baseURL = "http://localhost/"\ntitle = "A blog"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n',
  );
  await writeFile(
    join(site, 'layouts', '_default', 'single.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title>
    <link rel="icon" href="data:,"></head><body><main>{{ .Content }}</main></body></html>\n`,
  );
  // The shortcode as the release and the package carry it.
  await cp(
    join(dist, 'hugo', 'activation-lab.html'),
    join(site, 'layouts', 'shortcodes', 'activation-lab.html'),
  );
  await writeFile(join(site, 'content', 'posts', 'gelu.md'), POST(lab.url));
  execFileSync('hugo', ['--quiet', '--source', site, '--destination', join(tmp, 'public')], {
    stdio: 'pipe',
  });
  blog = await startServer({ dir: join(tmp, 'public'), port: 0 });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  for (const s of [lab, blog]) if (s) await new Promise((ok) => s.server.close(ok));
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test(
  'a Hugo post embeds the figures with the shortcode, from another origin',
  { skip },
  async () => {
    const html = await readFile(join(tmp, 'public', 'posts', 'gelu', 'index.html'), 'utf8');
    assert.match(html, /<!-- raw HTML omitted -->/, "Hugo's default drops raw HTML");
    assert.doesNotMatch(html, /id="raw"/);
    // The fallback inside each element: the loading line and the advice, in the element's language.
    for (const [figure, lang] of [
      ['twin', 'en'],
      ['curves', 'pt'],
    ]) {
      const text = fallbackTexts(/** @type {'en' | 'pt'} */ (lang), figure);
      assert.ok(html.includes(`<p data-al-wait>${text.loading}</p>`), `${figure}: loading line`);
      assert.ok(html.includes(`<p data-al-failed hidden>${text.failed}</p>`), `${figure}: advice`);
    }
    const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
    const page = await context.newPage();
    const problems = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await page.goto(`${blog.url}posts/gelu/`);
    assert.notEqual(new URL(blog.url).origin, new URL(lab.url).origin);
    const twin = page.locator('activation-lab-twin');
    await twin.and(page.locator('[ready]')).waitFor({ timeout: 60000 });
    await page.locator('activation-lab-curves[ready]').waitFor({ timeout: 60000 });
    const attrs = await twin.evaluate((el) =>
      Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
    );
    assert.deepEqual(
      { ...attrs, ready: undefined },
      {
        a: 'relu',
        b: 'gelu',
        epochs: '3',
        n: '300',
        layers: '8,8',
        credit: 'off',
        'data-note': 'a "quoted" <b>value</b> & more',
        ready: undefined,
      },
    );
    // The figure took them: its form holds the shortcode's values, and no credit line.
    assert.equal(await twin.locator('#lab-epochs').inputValue(), '3');
    assert.equal(await twin.locator('.al-credit').count(), 0);
    assert.equal(await page.locator('activation-lab-curves').getAttribute('lang'), 'pt-PT');
    assert.deepEqual(problems, []);
    await context.close();
  },
);
