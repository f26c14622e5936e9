// Publishing (issue 10): the article is HTML built ahead (both languages, formulas, core values,
// link tags) and does not jump while its figures load; the npm package works from an npm CDN's
// layout on another origin under the README's exact CSP, and in Node; every figure has an "Embed
// this figure" dialog whose snippets reproduce it; and the iframe heights the README gives fit.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dist, launchChromium, screenshot } from './helpers.mjs';
import { runTwin, startStatic, watchedPage } from './ship-helpers.mjs';
import { CDN, cls, packForCdn, readmeFixture, root, watchShifts } from './publish-helpers.mjs';
import { loadModule } from '../../wasm/module.mjs';

let browser, pack, site;
before(async () => {
  browser = await launchChromium();
  pack = await packForCdn();
  site = await startStatic(dist, { 'Access-Control-Allow-Origin': '*' });
});
after(async () => Promise.all([browser?.close(), pack?.remove(), site?.close()]));

const page = (html, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>A post</title>
  <link rel="icon" href="data:,"></head><body><main><p>Text.</p>${html}</main></body></html>`;

/** A scratch folder served on its own origin with `headers`, holding `files`. */
async function blog(files, headers = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'al-blog-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const server = await startStatic(dir, headers);
  return { ...server, close: async () => (await server.close(), rm(dir, { recursive: true })) };
}

test('without JavaScript both languages read completely, formulas, numbers and link tags included', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const p = await context.newPage();
  const template = await readFile(join(root, 'web', 'index.html'), 'utf8');
  const headings = (template.match(/<h2\b/g) ?? []).length;
  for (const [path, tag, other] of [
    ['', 'en', 'pt-PT'],
    ['pt/', 'pt-PT', 'en'],
  ]) {
    await p.goto(`${site.url}${path}`);
    assert.equal(await p.evaluate(() => document.documentElement.lang), tag);
    const empty = await p.$$eval('[data-i18n]', (els) =>
      els.filter((e) => !e.closest('noscript') && !e.textContent.trim()).map((e) => e.dataset.i18n),
    );
    assert.deepEqual(empty, [], `${tag}: empty strings`);
    assert.equal(await p.locator('h2').count(), headings);
    assert.ok((await p.locator('.katex-mathml math').count()) > 5, `${tag}: MathML`);
    const numbers = await p.$$eval('[data-core]', (els) => els.map((e) => e.textContent));
    assert.ok(numbers.length >= 4 && numbers.every((t) => /\d/.test(t)), `${tag}: ${numbers}`);
    const head = await p.evaluate(() => ({
      canonical: document.querySelector('link[rel=canonical]')?.href,
      alternates: [...document.querySelectorAll('link[rel=alternate][hreflang]')].map(
        (l) => l.hreflang,
      ),
      description: document.querySelector('meta[name=description]')?.content,
      image: document.querySelector('meta[property="og:image"]')?.content,
      card: document.querySelector('meta[name="twitter:card"]')?.content,
    }));
    assert.ok(head.canonical?.startsWith(site.url));
    assert.deepEqual(head.alternates.sort(), ['en', 'pt-PT', 'x-default'].sort());
    assert.ok(head.description.length > 50);
    assert.equal(head.card, 'summary_large_image');
    assert.ok(await p.locator(`a[data-lang][hreflang="${other}"]`).count());
    assert.ok((await p.locator('figure[data-widget] figcaption').count()) >= 5);
    // A figure that is a table of the core's numbers is written out whole.
    const gelu = await p.locator('td[data-fn="gelu"][data-x="-1"]').textContent();
    assert.match(gelu, tag === 'en' ? /^−0\.1587$/ : /^−0,1587$/);
  }
  assert.match((await p.locator('[data-core="phi(1)"]').first().textContent()).trim(), /^0,8413$/);
  await screenshot(p, 'publish-nojs-pt', { fullPage: false });
  // The preview image: a 1200×630 PNG (IHDR width and height).
  const png = await readFile(join(dist, 'img', 'preview.png'));
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
  await context.close();
});

test('with JavaScript nothing jumps while the figures load: CLS < 0.1 at 360 and 1280 px', async () => {
  for (const [path, width, height] of [
    ['?sw=off', 360, 740],
    ['pt/?sw=off', 1280, 800],
  ]) {
    const w = await watchedPage(browser, site.url, { viewport: { width, height } });
    await watchShifts(w.page);
    await w.page.goto(`${site.url}${path}`);
    await w.page.waitForSelector('html[data-ready="true"]', { timeout: 60000 });
    await w.page.waitForTimeout(1000);
    const shift = await cls(w.page);
    console.log(`# CLS ${path} at ${width} px: ${shift.toFixed(4)}`);
    assert.ok(shift < 0.1, `CLS ${shift} at ${width} px`);
    assert.deepEqual(w.problems, []);
    await w.context.close();
  }
});

test('npm pack: served as an npm CDN serves it, from another origin, under the README CSP', async () => {
  const { packed } = pack;
  const files = packed.files.map((f) => f.path);
  assert.ok(files.includes('dist/activation-lab.js') && files.includes('wasm/activation-lab.d.ts'));
  assert.ok(files.includes('LICENSE'), 'the package carries its licence');
  const stray = files.filter(
    (f) => !/^(dist\/|wasm\/|README\.md$|LICENSE$|package\.json$)/.test(f),
  );
  assert.deepEqual(stray, []);
  // Packing builds the site only (the modules and dist/), never the native and test binaries.
  const { scripts } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  assert.match(scripts.prepack, /^bash wasm\/build\.sh --site && node web\/build\.mjs$/);
  const cdn = await startStatic(pack.cdnRoot, { 'Access-Control-Allow-Origin': '*' });
  const origin = cdn.url.replace(/\/$/, '');
  const prefix = `${CDN}/${pack.path}`;
  const snippet = await readmeFixture('cdn-embed');
  assert.ok(snippet.includes(prefix), `README's snippet loads ${prefix} (this version)`);
  const policy = (await readmeFixture('csp-script-tag')).replace(/\s+/g, ' ').trim();
  const post = await blog(
    { 'post.html': page(snippet.replaceAll(prefix, `${cdn.url}${pack.path}`)) },
    { 'Content-Security-Policy': policy.replaceAll(CDN, origin) },
  );
  const w = await watchedPage(browser, post.url);
  await w.page.goto(`${post.url}post.html`);
  await w.page.waitForSelector('activation-lab-twin[ready]', { timeout: 30000 });
  await w.page.waitForSelector('activation-lab-curves[ready]', { timeout: 30000 });
  await runTwin(w.page, 'activation-lab-twin');
  assert.deepEqual(w.problems, []);
  assert.ok(
    w.offOrigin.every((u) => u.startsWith(cdn.url)),
    `${w.offOrigin}`,
  );
  await screenshot(w.page.locator('activation-lab-twin'), 'publish-cdn-twin');
  await w.context.close();

  // The old recipe (the CDN only in script-src): the figure says why, in its language.
  const old = policy.replace(/worker-src [^;]*/, "worker-src 'self' blob:").replaceAll(CDN, origin);
  const bad = await blog(
    {
      'post.html': page(
        `<script type="module" src="${cdn.url}${pack.path}dist/activation-lab.js"></script>
         <activation-lab-twin n="300" epochs="3"></activation-lab-twin>`,
        'pt-PT',
      ),
    },
    { 'Content-Security-Policy': old },
  );
  const b = await browser.newContext();
  const p = await b.newPage();
  await p.goto(`${bad.url}post.html`);
  // Its workers start with the figure, so the message comes without a click, and the element is
  // failed, not ready (figure-state.js).
  await p.waitForSelector('activation-lab-twin[failed]', { timeout: 30000 });
  assert.equal(await p.locator('activation-lab-twin').getAttribute('ready'), null);
  const stats = p.locator('activation-lab-twin [data-stats]').first();
  await stats.filter({ hasText: 'worker-src' }).waitFor({ timeout: 20000 });
  assert.match(await stats.textContent(), /Não foi possível iniciar.*worker-src.*127\.0\.0\.1/s);
  await b.close();
  await Promise.all([post.close(), bad.close(), cdn.close()]);
});

test('the tarball installs into a Node project; its main export trains a run', async () => {
  const project = await mkdtemp(join(tmpdir(), 'al-node-'));
  try {
    await writeFile(join(project, 'package.json'), '{"name":"t","private":true,"type":"module"}');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', pack.tarball], {
      cwd: project,
      stdio: 'pipe',
    });
    const config = JSON.stringify({ n: 400, epochs: 4, hidden: [16, 16] });
    await writeFile(
      join(project, 'run.mjs'),
      `import createActivationLab from 'activation-lab';
       const M = await createActivationLab();
       const e = new M.Experiment(${JSON.stringify(config)});
       while (e.step());
       console.log(JSON.stringify({ status: e.status(), history: JSON.parse(e.historyJson()),
         elements: import.meta.resolve('activation-lab/elements') }));`,
    );
    const out = JSON.parse(execFileSync('node', ['run.mjs'], { cwd: project, encoding: 'utf8' }));
    assert.equal(out.status, 'done');
    assert.match(out.elements, /node_modules\/activation-lab\/dist\/activation-lab\.js$/);
    // The same run through this checkout's module: the package is that module.
    const M = await loadModule();
    const e = new M.Experiment(config);
    while (e.step());
    assert.deepEqual(out.history, JSON.parse(e.historyJson()));
    e.delete();
    const cli = execFileSync(
      join(project, 'node_modules', '.bin', 'activation-lab'),
      ['eval', '--fn', 'gelu'],
      {
        input: '-1 2\n',
        encoding: 'utf8',
      },
    );
    assert.deepEqual(cli.trim().split(/\s+/), ['-0.158655256', '1.95449972']);
    // The language model's commands find their text and weights in the package's dist/data/.
    const sample = execFileSync(
      join(project, 'node_modules', '.bin', 'activation-lab'),
      ['lm', 'sample', '--n', '20', '--seed', '1'],
      { encoding: 'utf8' },
    );
    assert.ok(sample.length >= 20, `lm sample: ${sample}`);
  } finally {
    await rm(project, { recursive: true, force: true });
  }
});
