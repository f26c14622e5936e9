// The article as a reader meets it (issue 24): the answer and a figure in the first screen, a
// reading path within its budget, a table of contents that marks the place and survives the
// language switch, the depth figure drawn from the core at build time, pt-PT prose, and display
// formulas that fit a phone.
import { PARTS } from '../../web/js/transformer/settings.js';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dist, setup } from './helpers.mjs';
import { countWords, readingMinutes, readingPath } from '../../web/ship/reading-path.mjs';
import { depthSpreads, SERIES } from '../../web/js/shared/depth-spreads.js';
import { scratchText } from '../../web/js/shared/lm-config.js';

let env;
before(async () => (env = await setup()));
after(async () => env?.close());

const PAGES = [
  { path: '', lang: 'en' },
  { path: 'pt/', lang: 'pt' },
];
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];
const built = (path) => readFile(join(dist, path, 'index.html'), 'utf8');

/**
 * A page as a reader opens it (figures start as they come near), with its console errors; without
 * the service worker's precache behind it, as openPage (helpers.mjs) does.
 */
async function open(path, viewport, options = {}) {
  const context = await env.browser.newContext({ viewport, serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(env.url + path);
  if (options.javaScriptEnabled !== false) await page.waitForSelector('html[data-started]');
  return { page, context, problems };
}

test('the counter follows the reading-path rules: figures, asides, contents and MathML are off the path', () => {
  const html = `<header>Title words here</header><main><p>one two, three.</p>
    <figure><p>inside a figure</p></figure><p>four <span class="katex-mathml">x y z</span> five</p>
    <details><summary>More</summary><p>hidden words</p></details><nav>Contents list</nav>
    <p>— six &amp; seven</p><figure><svg><line/></svg></figure><aside>aside text</aside></main>`;
  assert.deepEqual(readingPath(html), { total: 7, stretches: [3, 4, 0], figures: 2 });
  assert.equal(countWords('a — b ; 0,5 N(0; 0,02)'), 5); // a, b, 0,5, N(0; and 0,02)
});

test('the first screen holds the summary, its links to the evidence and a figure (1280 and 375 px, en and pt)', async () => {
  for (const { path, lang } of PAGES)
    for (const viewport of VIEWPORTS) {
      const { page, context, problems } = await open(path, viewport);
      const where = `${lang} ${viewport.width}px`;
      const summary = await page.locator('#intro .summary').evaluate((el) => ({
        bottom: el.getBoundingClientRect().bottom,
        text: el.textContent,
        links: [...el.querySelectorAll('a')].map((a) => a.getAttribute('href')),
      }));
      assert.ok(summary.bottom <= viewport.height, `${where}: summary ends at ${summary.bottom}`);
      const limit = lang === 'en' ? 90 : 99; // Portuguese may run 10 % longer
      assert.ok(countWords(summary.text) <= limit, `${where}: ${countWords(summary.text)} words`);
      for (const id of [
        '#ref-gpt',
        '#lm-part-parts',
        '#seeds',
        '#images',
        '#depth',
        '#relu-wins',
        '#glu',
      ])
        assert.ok(summary.links.includes(id), `${where}: no link to ${id}`);
      const figureTop = await page
        .locator('main figure[data-widget]')
        .first()
        .evaluate((el) => el.getBoundingClientRect().top);
      assert.ok(figureTop < viewport.height - 80, `${where}: first figure starts at ${figureTop}`);
      assert.deepEqual(problems, [], where);
      await context.close();
    }
});

test('the reading path fits its budget in both languages, and the contents state its reading time', async () => {
  for (const { path, lang } of PAGES) {
    const html = await built(path);
    const { total, stretches, figures } = readingPath(html);
    assert.ok(total <= 2600, `${lang}: ${total} words on the reading path`);
    assert.ok(Math.max(...stretches) <= 320, `${lang}: a stretch of ${Math.max(...stretches)}`);
    assert.ok(figures >= 10, `${lang}: ${figures} figures`);
    const minutes = Number(/class="toc-time" data-minutes="(\d+)"/.exec(html)?.[1]);
    assert.equal(minutes, readingMinutes(html), lang);
    assert.ok(minutes >= 1 && minutes <= 15, `${lang}: ${minutes} min`);
    // Details moved to asides are still in the page, closed.
    assert.ok((html.match(/<details class="more">/g) ?? []).length >= 10, lang);
    assert.doesNotMatch(html, /<details class="more" open/, lang);
  }
});

test('"Inside a Transformer" alternates prose and its part figures, in order (issue 24)', async () => {
  for (const { path, lang } of PAGES) {
    const html = await built(path);
    const section = /<section id="inside"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    // The section's top-level blocks in order: P (a paragraph), F:<part> (a part figure).
    const blocks = [
      ...section.matchAll(/<p data-i18n="[^"]+"|<figure[^>]*\sdata-parts="([a-z]+)"/g),
    ].map(([, part]) => (part ? `F:${part}` : 'P'));
    const figures = blocks.filter((b) => b !== 'P');
    assert.deepEqual(
      figures,
      PARTS.map((p) => `F:${p}`),
      lang,
    );
    // Prose before every figure and after it, never two figures in a row.
    blocks.forEach((b, i) => {
      if (b === 'P') return;
      assert.equal(blocks[i - 1], 'P', `${lang}: no prose before ${b}`);
      if (i + 1 < blocks.length) assert.equal(blocks[i + 1], 'P', `${lang}: no prose after ${b}`);
    });
    // Each part figure is numbered and carries its own part's caption.
    for (const part of PARTS)
      assert.match(
        section,
        new RegExp(
          `data-parts="${part}"[^>]*>[\\s\\S]*?<figcaption data-i18n="lm\\.${part}_caption" data-figure="\\d+"`,
        ),
        `${lang} ${part}`,
      );
  }
});

test('the contents link every section without JavaScript, and mark the place as the reader scrolls', async () => {
  const nojs = await open('', VIEWPORTS[0], { javaScriptEnabled: false });
  const { ids, links } = await nojs.page.evaluate(() => ({
    ids: [...document.querySelectorAll('main > section[id]')].map((s) => s.id),
    links: [...document.querySelectorAll('#toc a')].map((a) => a.getAttribute('href')),
  }));
  assert.deepEqual(
    links,
    ids.map((id) => `#${id}`),
  );
  await nojs.page.click('#toc summary');
  await nojs.page.click('#toc a[href="#relu-wins"]');
  assert.match(nojs.page.url(), /#relu-wins$/); // a plain link
  await nojs.context.close();

  for (const viewport of VIEWPORTS) {
    const { page, context, problems } = await open('', viewport);
    const open_ = await page.locator('#toc details').evaluate((d) => d.open);
    assert.equal(open_, viewport.width >= 1200, `${viewport.width}px: open ${open_}`);
    await page.locator('#depth h2').evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await page.waitForFunction(() => document.getElementById('toc')?.dataset.current === 'depth');
    assert.equal(await page.locator('#toc a[aria-current]').getAttribute('href'), '#depth');
    if (viewport.width < 1200)
      assert.match(await page.locator('#toc .toc-here').textContent(), /Depth and scale/);
    // A section link scrolls there and keeps the figures' settings in the hash.
    await page.evaluate(() => (location.hash = '#b=identity'));
    await page.evaluate(() => document.querySelector('#toc details').setAttribute('open', ''));
    await page.click('#toc a[href="#pretrained"]');
    await page.waitForFunction(
      () => document.getElementById('toc')?.dataset.current === 'pretrained',
    );
    assert.match(page.url(), /#b=identity$/);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('switching language keeps the section in view and the settings in the hash', async () => {
  for (const viewport of VIEWPORTS) {
    const { page, context } = await open('#b=identity', viewport);
    await page.locator('#boundary-shape h2').evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await page.waitForFunction(
      () => document.getElementById('toc')?.dataset.current === 'boundary-shape',
    );
    await page.locator('.lang-switch a[data-lang="pt"]').evaluate((a) => a.click());
    await page.waitForURL(/\/pt\/index\.html#b=identity$/);
    await page.waitForSelector('html[data-started]');
    await page.waitForFunction(
      () => document.getElementById('toc')?.dataset.current === 'boundary-shape',
    );
    const top = await page
      .locator('#boundary-shape')
      .evaluate((s) => s.getBoundingClientRect().top);
    assert.ok(Math.abs(top) < viewport.height, `${viewport.width}px: section at ${top}`);
    await context.close();
  }
});

test('the depth figure is the core’s own numbers, drawn at build time, with a caption that agrees', async () => {
  const mod = await import(pathToFileURL(join(dist, 'wasm', 'activation-lab.mjs')).href);
  const spreads = depthSpreads({ M: await mod.default() });
  const { page, context } = await open('pt/', VIEWPORTS[1], { javaScriptEnabled: false });
  const fig = page.locator('figure[data-widget="depth-spread"]');
  assert.equal(await fig.locator('svg polyline').count(), SERIES.length);
  const cells = await fig
    .locator('td[data-value]')
    .evaluateAll((tds) => tds.map((td) => ({ ...td.dataset, text: td.textContent })));
  assert.equal(cells.length, SERIES.length * 5);
  for (const c of cells) {
    const want = spreads[`${c.act}.${c.init}`][Number(c.layer) - 1];
    assert.equal(Number(c.value), want, `${c.act} ${c.init} layer ${c.layer}`);
    assert.equal(c.text, want.toFixed(3).replace('.', ','));
  }
  // The caption's "falls from … to …" and the prose's He sentence read the same numbers.
  const he = spreads['gelu.he'];
  assert.ok(he[15] < he[0] / 10, 'GELU under He init shrinks through the layers');
  const caption = await fig.locator('figcaption').textContent();
  assert.ok(caption.includes(he[15].toFixed(3).replace('.', ',')), caption);
  const prose = await page.locator('#depth > p').allTextContents();
  assert.ok(prose.join(' ').includes(he[15].toFixed(3).replace('.', ',')));
  await context.close();
});

test('the uniform guess beside the losses is ln of the corpus’s own alphabet', async () => {
  const corpus = scratchText(await readFile(join(dist, 'data', 'jargon.txt'), 'utf8'));
  const alphabet = new Set(corpus).size;
  for (const { path, lang } of PAGES) {
    const html = await built(path);
    // build values (web/ship/numbers/build-values.mjs), filled by the build
    const vocabulary = /data-run="lm\.corpus\.vocabulary"[^>]*>([^<]*)</.exec(html);
    const uniform = /data-run="lm\.corpus\.uniform_loss"[^>]*>([^<]*)</.exec(html);
    assert.ok(vocabulary && uniform, lang);
    assert.equal(Number(vocabulary[1]), alphabet, `${lang}: the text has ${alphabet} characters`);
    const want = Math.log(alphabet).toFixed(2);
    assert.equal(uniform[1], lang === 'pt' ? want.replace('.', ',') : want);
  }
});

test('the Portuguese prose is pt-PT: no “você”, decimal commas in its numbers', async () => {
  const { page, context } = await open('pt/', VIEWPORTS[0], { javaScriptEnabled: false });
  const text = await page.evaluate(() => {
    const parts = document.querySelectorAll('main .prose > p, main details.more p, footer p');
    return [...parts]
      .map((p) => {
        const copy = /** @type {HTMLElement} */ (p.cloneNode(true));
        for (const skip of copy.querySelectorAll('code, .katex-mathml')) skip.remove();
        return copy.textContent;
      })
      .join('\n');
  });
  assert.doesNotMatch(text, /\bvocê/i);
  assert.deepEqual(text.match(/\d\.\d/g) ?? [], []);
  assert.match(text, /0,044715|N\(0; 0,02\)/);
  await context.close();
});

test('every display formula fits a 375 px column, in both languages', async () => {
  for (const { path, lang } of PAGES) {
    const { page, context } = await open(path, VIEWPORTS[1]);
    const cut = await page.$$eval('.equation', (eqs) =>
      eqs
        .map((eq) => {
          const box = eq.getBoundingClientRect();
          const widest = Math.max(
            ...[...eq.querySelectorAll('.katex-html')].map((k) => k.getBoundingClientRect().right),
          );
          return {
            key: eq.dataset.i18n,
            over: widest - box.right,
            scroll: eq.scrollWidth - eq.clientWidth,
          };
        })
        .filter((e) => e.over > 0.5 || e.scroll > 0),
    );
    assert.deepEqual(cut, [], lang);
    await context.close();
  }
});

test('the table of contents is the second Tab stop: a skip link leads into it, in both languages', async () => {
  for (const { path, lang } of PAGES) {
    const { page, context, problems } = await open(path, VIEWPORTS[0]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const link = await page.evaluate(() => {
      const a = /** @type {HTMLAnchorElement} */ (document.activeElement);
      return {
        href: a.getAttribute('href'),
        text: a.textContent,
        top: a.getBoundingClientRect().top,
      };
    });
    assert.equal(link.href, '#toc', lang);
    assert.match(link.text ?? '', lang === 'en' ? /contents/ : /índice/, lang);
    assert.ok(link.top >= 0, 'the focused skip link is on screen');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    assert.ok(
      await page.evaluate(() => !!document.activeElement?.closest('nav#toc')),
      `${lang}: the next Tab is a link of the contents`,
    );
    assert.deepEqual(problems, []);
    await context.close();
  }
});
