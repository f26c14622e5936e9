// An embed that cannot load says why (issue 25), in the reader's language, inside its own box:
// - activation-lab.js refused (a plain static server, no CORS): none of our code runs, and the
//   fallback text the dialog's snippet puts inside the element stays, naming the figure and the
//   header the host must send (en and pt);
// - the script loads but a part does not (the WebAssembly core, the strings): the element's box
//   names that part, the origin and what the host must send or allow (en and pt);
// - the Transformer's worker cannot fetch its model (no CORS on data/, or a 404): the figure's
//   box names the file, its origin and what the host must send or allow, and the element is
//   failed, never ready;
// - with CORS (web/serve.mjs --cors) the same snippet gives a working figure, and its fallback
//   text shows only until the element is defined.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dist, launchChromium, screenshot } from './helpers.mjs';
import { runTwin, startBlog, startPython, watchedPage } from './ship-helpers.mjs';
import { root } from './publish-helpers.mjs';
import { snippets } from '../../web/js/embed/embed-dialog.js';
import { startServer } from '../../web/serve.mjs';

let browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => browser?.close());

/** @param {'en' | 'pt'} lang */
const strings = async (lang) =>
  JSON.parse(await readFile(join(dist, 'i18n', lang, 'embed.json'), 'utf8'));

/** A blog post on its own origin holding `html`, served with `headers`. */
const blog = (html, lang = 'en', headers = {}) =>
  startBlog(
    {
      'post.html': `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>A post</title>
    <link rel="icon" href="data:,"></head><body><main><p>Text.</p>${html}</main></body></html>`,
    },
    headers,
  );

/** `node web/serve.mjs ARGS` as a reader runs it; resolves once it prints its address. */
function serve(args) {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [join(root, 'web', 'serve.mjs'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /(http:\/\/localhost:\d+\/)/.exec(out)?.[1];
      if (url) ok({ url: url.replace('localhost', '127.0.0.1'), out, close: () => child.kill() });
    });
    child.on('exit', (code) => fail(new Error(`serve.mjs exited ${code}: ${out}`)));
  });
}

test('no CORS on the script: the fallback text inside each element says what the host must send, en and pt', async () => {
  const site = await startPython(dist); // a plain static server: no Access-Control-Allow-Origin
  try {
    for (const lang of /** @type {const} */ (['en', 'pt'])) {
      const t = await strings(lang);
      const { script } = snippets(
        'twin',
        { epochs: '5' },
        {
          base: site.url,
          lang,
          figure: t.figure_twin,
        },
      );
      const post = await blog(script, lang === 'pt' ? 'pt-PT' : 'en');
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${post.url}post.html`);
      await page.waitForLoadState('networkidle');
      const el = page.locator('activation-lab-twin');
      const text = await el.innerText();
      assert.ok(text.includes(t.figure_twin), `${lang}: names the figure: ${text}`);
      assert.match(text, /Access-Control-Allow-Origin/);
      assert.doesNotMatch(text, /Loading the figure|A carregar/, 'the loading line gave way');
      assert.match(text, lang === 'pt' ? /tem de enviar/ : /must send/);
      assert.equal(await el.evaluate((e) => e.matches(':defined')), false, 'never defined');
      await screenshot(el, `embed-no-cors-${lang}`);
      await context.close();
      await post.close();
    }
  } finally {
    site.close();
  }
});

test('with CORS (serve.mjs --cors) the same snippet works; its fallback shows only until the element is defined', async () => {
  const site = await serve(['--cors', '--port', '0', '--dir', dist]);
  try {
    assert.match(site.out, /with CORS/);
    const head = await fetch(`${site.url}activation-lab.js`, { method: 'HEAD' });
    assert.equal(head.headers.get('access-control-allow-origin'), '*');
    const t = await strings('en');
    const { script } = snippets(
      'twin',
      { n: '300', epochs: '4' },
      {
        base: site.url,
        figure: t.figure_twin,
      },
    );
    const post = await blog(script);
    const w = await watchedPage(browser, post.url);
    // The element's script held back: the browser shows the fallback text meanwhile.
    let release = () => {};
    const held = new Promise((ok) => (release = ok));
    await w.page.route('**/activation-lab.js', async (route) => (await held, route.continue()));
    // (a held module script holds back the load event too: only the navigation is awaited)
    await w.page.goto(`${post.url}post.html`, { waitUntil: 'commit' });
    const el = w.page.locator('activation-lab-twin');
    await el.locator('p[data-al-wait]').waitFor();
    const waiting = await el.innerText();
    assert.ok(waiting.includes(t.figure_twin));
    assert.match(waiting, /Loading the figure/);
    assert.doesNotMatch(waiting, /did not load/, 'no failure shown while the script is on its way');
    release();
    await w.page.waitForSelector('activation-lab-twin[ready]', { timeout: 60000 });
    assert.equal(
      await el.evaluate((e) => e.querySelector(':scope > p').getClientRects().length),
      0,
      'the fallback is not rendered once the element is defined',
    );
    await runTwin(w.page, 'activation-lab-twin');
    assert.deepEqual(w.problems, []);
    await w.context.close();
    await post.close();
  } finally {
    site.close();
  }
  // Without --cors: no such header.
  const plain = await serve(['--port', '0', '--dir', dist]);
  try {
    const head = await fetch(`${plain.url}activation-lab.js`, { method: 'HEAD' });
    assert.equal(head.headers.get('access-control-allow-origin'), null);
  } finally {
    plain.close();
  }
});

/**
 * dist/ served (web/serve.mjs) with CORS on every answer except those whose path matches
 * `refuse`, as a host configured for some files only answers (playwright's route.fulfill cannot
 * stand in: it adds the CORS header itself); paths matching `missing` answer 404, as a copy that
 * lacks them.
 * @param {RegExp} refuse
 * @param {RegExp} [missing]
 */
async function partlyCors(refuse, missing = /^$/) {
  const { port, close } = await startServer({
    dir: dist,
    port: 0,
    cors: (path) => !refuse.test(path),
    missing: (path) => missing.test(path),
  });
  return { url: `http://127.0.0.1:${port}/`, close };
}

/** A page on another origin with one twin from `site`; the box's message once it has failed. */
async function refused(site, lang) {
  const post = await blog(
    `<script type="module" src="${site.url}activation-lab.js"></script>
     <activation-lab-twin lang="${lang}"></activation-lab-twin>`,
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${post.url}post.html`);
  await page.waitForSelector('activation-lab-twin[failed]', { timeout: 30000 });
  const box = page.locator('activation-lab-twin .al-failed');
  const message = { text: await box.innerText(), role: await box.getAttribute('role') };
  await screenshot(page.locator('activation-lab-twin'), `embed-refused-${lang}`);
  await context.close();
  await post.close();
  assert.ok(errors.length > 0, 'the console keeps the browser’s own error');
  return message;
}

test('a part refused after the script loaded: the box names it, the origin, and what the host must do', async () => {
  const noCore = await partlyCors(/^\/wasm\//);
  const origin = noCore.url.replace(/\/$/, '');
  try {
    const core = await refused(noCore, 'en');
    assert.equal(core.role, 'alert');
    assert.match(core.text, /could not load the WebAssembly core from http:\/\/127\.0\.0\.1:\d+\./);
    assert.ok(core.text.includes(`The server at ${origin} must send the header`), core.text);
    assert.match(core.text, /Access-Control-Allow-Origin.*Content-Security-Policy/s);
    const corePt = await refused(noCore, 'pt');
    assert.match(corePt.text, /não conseguiu carregar o núcleo WebAssembly a partir de/);
    assert.match(corePt.text, /tem de enviar o cabeçalho Access-Control-Allow-Origin/);
  } finally {
    await noCore.close();
  }
  // The strings refused: the message still comes, in the element's language.
  const noText = await partlyCors(/^\/i18n\//);
  try {
    const text = await refused(noText, 'pt');
    assert.match(text.text, /não conseguiu carregar o seu texto a partir de/);
  } finally {
    await noText.close();
  }
});

/**
 * The message of the Transformer's drawing (under `scope`) once its model failed to load.
 * @param {import('playwright-core').Page} page
 */
async function modelFailure(page, scope = 'activation-lab-transformer') {
  const stats = page.locator(`${scope} #lm-block [data-stats]`);
  await stats.scrollIntoViewIfNeeded({ timeout: 30000 });
  await stats.filter({ hasText: /^(Error|Erro):/ }).waitFor({ timeout: 30000 });
  return stats.innerText();
}

test('the Transformer’s model refused (no CORS on it): its box names the file, the origin and the header, en and pt; the element is failed, not ready', async () => {
  const site = await partlyCors(/^\/data\/lm-gelu\.safetensors$/);
  const origin = site.url.replace(/\/$/, '');
  try {
    for (const lang of /** @type {const} */ (['en', 'pt'])) {
      const post = await blog(
        `<script type="module" src="${site.url}activation-lab.js"></script>
         <activation-lab-transformer lang="${lang}" parts="block"></activation-lab-transformer>`,
      );
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${post.url}post.html`);
      const text = await modelFailure(page);
      assert.doesNotMatch(text, /^(Error|Erro): Failed to fetch$/);
      if (lang === 'en') {
        assert.ok(
          text.includes(`could not load its data file data/lm-gelu.safetensors from ${origin}.`),
          text,
        );
        assert.ok(text.includes(`The server at ${origin} must send the header`), text);
        assert.match(text, /Access-Control-Allow-Origin.*connect-src must allow/s);
      } else {
        assert.ok(
          text.includes(
            `carregar o seu ficheiro de dados data/lm-gelu.safetensors a partir de ${origin}.`,
          ),
          text,
        );
        assert.match(text, /tem de enviar .*Access-Control-Allow-Origin.*connect-src/s);
      }
      const el = page.locator('activation-lab-transformer');
      await page.waitForSelector('activation-lab-transformer[failed]');
      assert.equal(await el.getAttribute('ready'), null, 'never ready');
      await screenshot(el, `embed-lm-refused-${lang}`);
      await context.close();
      await post.close();
    }
  } finally {
    await site.close();
  }
});

test('the article (same origin) without the model file: the Transformer’s box says the file is missing from the copy', async () => {
  const site = await partlyCors(/^$/, /^\/data\/lm-gelu\.safetensors$/);
  const origin = site.url.replace(/\/$/, '');
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}index.html`);
    // (the article builds a figure as it nears the viewport)
    await page
      .locator('figure[data-widget="transformer"][data-parts="block"]')
      .scrollIntoViewIfNeeded();
    const text = await modelFailure(page, 'figure[data-widget="transformer"][data-parts="block"]');
    assert.ok(
      text.includes(`The file data/lm-gelu.safetensors is missing from ${origin} (HTTP 404)`),
      text,
    );
    assert.match(text, /copy of the site is incomplete/);
    await context.close();
    // The same copy embedded in Portuguese says it in Portuguese, and the element is failed.
    const post = await blog(
      `<script type="module" src="${site.url}activation-lab.js"></script>
       <activation-lab-transformer lang="pt" parts="block,sample"></activation-lab-transformer>`,
    );
    const embedded = await browser.newContext();
    const page2 = await embedded.newPage();
    await page2.goto(`${post.url}post.html`);
    const pt = await modelFailure(page2);
    assert.ok(
      pt.includes(`O ficheiro data/lm-gelu.safetensors não existe em ${origin} (HTTP 404)`),
      pt,
    );
    await page2.waitForSelector('activation-lab-transformer[failed]');
    assert.equal(await page2.locator('activation-lab-transformer').getAttribute('ready'), null);
    await embedded.close();
    await post.close();
  } finally {
    await site.close();
  }
});

test('a slow script: the snippet shows a neutral loading line, and says it failed only after 30 s', async () => {
  const site = await partlyCors(/^$/);
  try {
    const t = await strings('pt');
    const { script } = snippets(
      'curves',
      {},
      { base: site.url, lang: 'pt', figure: t.figure_curves },
    );
    const post = await blog(script, 'pt-PT');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.clock.install();
    // A stalled connection: the script is not answered until the test ends.
    let release = () => {};
    const held = new Promise((ok) => (release = ok));
    await page.route('**/activation-lab.js', async (route) => (await held, route.abort()));
    const fallback = page.waitForResponse('**/activation-lab-fallback.js');
    await page.goto(`${post.url}post.html`, { waitUntil: 'commit' });
    const el = page.locator('activation-lab-curves');
    await el.locator('p[data-al-wait]').waitFor();
    await fallback;
    await page.waitForTimeout(500); // (its timer is set)
    await page.clock.fastForward(20000);
    const early = await el.innerText();
    assert.match(early, /A carregar a figura/, early);
    assert.doesNotMatch(early, /não carregou/);
    await page.clock.fastForward(11000);
    await el.locator('p[data-al-failed]').waitFor();
    const late = await el.innerText();
    assert.match(late, /O script da figura não carregou.*Access-Control-Allow-Origin/s, late);
    assert.doesNotMatch(late, /A carregar/);
    release();
    await context.close();
    await post.close();
  } finally {
    await site.close();
  }
});

test('workers refused (worker-src none): the twin and images figures are failed, never ready, never "Finished"', async () => {
  const site = await partlyCors(/^$/);
  const policy = "default-src * data: blob: 'unsafe-inline' 'wasm-unsafe-eval'; worker-src 'none'";
  try {
    const post = await blog(
      `<script type="module" src="${site.url}activation-lab.js"></script>
       <activation-lab-twin lang="en" n="300" epochs="3"></activation-lab-twin>
       <activation-lab-images lang="en" epochs="1" seeds="1"></activation-lab-images>`,
      'en',
      { 'Content-Security-Policy': policy },
    );
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${post.url}post.html`);
    // The twin starts its workers with the figure: failed without a click.
    const twin = page.locator('activation-lab-twin');
    await page.waitForSelector('activation-lab-twin[failed]', { timeout: 30000 });
    await twin.locator('[data-stats]').first().filter({ hasText: 'worker-src' }).waitFor();
    assert.equal(await twin.getAttribute('ready'), null, 'the twin is never ready');
    assert.doesNotMatch(await twin.locator('[data-progress]').innerText(), /Finished/);
    assert.equal(await twin.locator('[data-act="play"]').isDisabled(), true, 'nothing to play');
    assert.match(await twin.locator('[data-announce]').innerText(), /could not start/);
    // The images figure starts its workers when Train is pressed.
    const images = page.locator('activation-lab-images');
    await page.waitForSelector('activation-lab-images[ready]', { timeout: 30000 });
    await images.locator('[data-act="train"]').click();
    await page.waitForSelector('activation-lab-images[failed]', { timeout: 30000 });
    assert.equal(await images.getAttribute('ready'), null, 'no longer ready');
    assert.match(await images.locator('[data-error]').innerText(), /could not start.*worker-src/s);
    assert.equal(await images.locator('figure.widget').getAttribute('data-state'), 'failed');
    await screenshot(twin, 'embed-workers-refused-twin');
    await context.close();
    await post.close();
  } finally {
    await site.close();
  }
});
