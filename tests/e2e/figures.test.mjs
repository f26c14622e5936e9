// The article's figures as a reader sees them: "Figure N." 1..N in page order, the same before
// and after every figure mounts; without JavaScript a picture per interactive figure, loaded and
// visible, in both languages; with JavaScript no picture is fetched.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, screenshot, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env.close());

const PAGES = [
  ['', 'en', 'Figure'],
  ['pt/', 'pt', 'Figura'],
];

/** Each top-level figure's name, its data-figure and the number its main caption prints. */
const numbering = (page) =>
  page.$$eval('main figure[data-widget]', (figures) =>
    figures.map((f) => {
      const caption =
        f.querySelector(':scope > figcaption') ?? f.querySelector('figcaption[data-figure]');
      const printed = caption ? getComputedStyle(caption, '::before').content : 'none';
      return { name: f.dataset.widget, n: f.dataset.figure, printed };
    }),
  );

test('without JavaScript: a numbered caption and a loaded picture per interactive figure', async () => {
  for (const [path, lang, word] of PAGES) {
    const context = await env.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(`${env.url}${path}`);
    const figures = await numbering(page);
    assert.ok(figures.length >= 8, `${lang}: ${figures.length} figures`);
    figures.forEach((f, i) => {
      assert.equal(f.n, String(i + 1), `${lang} ${f.name}: data-figure`);
      assert.equal(f.printed, `"${word} ${i + 1}. "`, `${lang} ${f.name}: printed number`);
    });
    await page.evaluate(() =>
      Promise.all([...document.images].map((img) => img.decode().catch(() => {}))),
    );
    const shown = await page.$$eval('main figure[data-widget]', (els) =>
      els.map((f) => {
        if (f.querySelector('table')) return { name: f.dataset.widget, ok: true, static: true };
        const imgs = [...f.querySelectorAll('.figure-picture img')];
        return {
          name: f.dataset.widget,
          ok:
            imgs.length > 0 &&
            imgs.every((img) => img.naturalWidth > 0 && img.getBoundingClientRect().width > 0),
          alts: imgs.map((img) => img.alt),
          // nothing wider than the phone's column
          wide: imgs.some((img) => img.getBoundingClientRect().right > innerWidth + 0.5),
        };
      }),
    );
    for (const f of shown) {
      assert.ok(f.ok, `${lang} ${f.name}: no loaded, visible picture`);
      assert.ok(!f.wide, `${lang} ${f.name}: a picture wider than 375 px`);
      for (const alt of f.alts ?? []) {
        assert.ok(alt.length > 40, `${lang} ${f.name}: alt "${alt}"`);
        if (lang === 'pt')
          assert.doesNotMatch(alt, /\d\.\d/, `pt ${f.name}: decimal point in "${alt}"`);
      }
    }
    await screenshot(page, `figures-nojs-${lang}`);
    await context.close();
  }
});

test('with JavaScript: the numbers stay when the figures mount, and no picture loads', async () => {
  for (const [path, lang, word] of PAGES) {
    const { page, context, problems, requests } = await openPage(env, '', {}, path);
    await page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
    const figures = await numbering(page);
    figures.forEach((f, i) => {
      assert.equal(f.printed, `"${word} ${i + 1}. "`, `${lang} ${f.name} after mounting`);
    });
    // Sub-figures (the Transformer's parts) print no number of their own but the first.
    const extra = await page.$$eval('main figcaption[data-figure]', (els) => els.length);
    assert.equal(extra, figures.length, `${lang}: one numbered caption per figure`);
    assert.deepEqual(
      requests.filter((u) => u.includes('/img/figures/')),
      [],
      `${lang}: a no-script picture was fetched`,
    );
    if (lang === 'pt') {
      // Every number of the Portuguese figures has a decimal comma: text, field values, labels.
      const points = await page.$$eval('main figure[data-widget]', (els) =>
        els.flatMap((f) => {
          const fields = [...f.querySelectorAll('input, textarea')].map((i) => i.value);
          const labels = [...f.querySelectorAll('[aria-label], [title], img[alt]')].map(
            (e) =>
              `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''} ${e.getAttribute('alt') ?? ''}`,
          );
          const text = [f.innerText, ...fields, ...labels].join(' ');
          return [...text.matchAll(/.{0,24}\d\.\d.{0,12}/g)].map(
            (m) => `${f.dataset.widget}: ${m[0]}`,
          );
        }),
      );
      assert.deepEqual(points, [], 'pt: a number with a decimal point');
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('at 375 px tables keep their key columns in view, and a table that scrolls pins its first column', async () => {
  for (const [path, lang] of PAGES) {
    const { page, context, problems } = await openPage(
      env,
      '',
      { viewport: { width: 375, height: 740 } },
      path,
    );
    await page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
    const tables = await page.$$eval('main .table-scroll', (els) =>
      els
        .filter((el) => el.getBoundingClientRect().width > 0)
        .map((el) => {
          const fig = el.closest('figure');
          const name = fig?.id || fig?.dataset.widget || '';
          const inside = (/** @type {Element} */ cell) => {
            const a = el.getBoundingClientRect(),
              b = cell.getBoundingClientRect();
            return b.left >= a.left - 0.5 && b.right <= a.right + 0.5;
          };
          // The columns the figure is about: all of the worked values, the validation loss of
          // the from-scratch runs.
          const key =
            name === 'worked-values'
              ? [...el.querySelectorAll('thead th')]
              : [...el.querySelectorAll('thead [data-col="val"]')];
          const scrolls = el.scrollWidth > el.clientWidth + 1;
          el.scrollLeft = el.scrollWidth;
          const firsts = [...el.querySelectorAll('tr > :first-child')];
          const pinned = firsts.every(inside);
          el.scrollLeft = 0;
          return {
            name,
            scrolls,
            pinned,
            cut: key.filter((c) => !inside(c)).map((c) => c.textContent),
          };
        }),
    );
    assert.ok(
      tables.some((t) => t.name === 'worked-values') && tables.some((t) => t.name === 'lm-scratch'),
    );
    for (const t of tables) {
      assert.deepEqual(t.cut, [], `${lang} ${t.name}: key column cut at 375 px`);
      if (t.scrolls) assert.ok(t.pinned, `${lang} ${t.name}: first column scrolls away`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});
