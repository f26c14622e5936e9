// The built pages' figures (dist/, from `npm run build`): numbered 1..N in page order, and each
// interactive one with a no-script picture whose files exist, are not empty and have alt text in
// the page's language; no number on the Portuguese pictures is written with a decimal point.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const PAGES = { en: 'index.html', pt: join('pt', 'index.html') };

/**
 * Every <figure data-widget> of a built page: its name, number, whether it is a table written
 * out whole, and its pictures (src resolved against the page, alt).
 * @param {'en' | 'pt'} lang
 */
function figuresOf(lang) {
  const file = join(dist, PAGES[lang]);
  const html = readFileSync(file, 'utf8');
  return [
    ...html.matchAll(/<figure\b([^>]*\sdata-widget="([\w-]+)"[^>]*)>([\s\S]*?)<\/figure>/g),
  ].map(([, attrs, name, body]) => ({
    name,
    n: /\sdata-figure="(\d+)"/.exec(attrs)?.[1],
    captionN: /<figcaption[^>]*\sdata-figure="(\d+)"/.exec(body)?.[1],
    table: /<table\b/.test(body) && !/<noscript>/.test(body),
    pictures: [
      ...(/<noscript>([\s\S]*?)<\/noscript>/.exec(body)?.[1] ?? '').matchAll(/<img\b[^>]*>/g),
    ].map(([img]) => ({
      path: resolve(dirname(file), /\ssrc="([^"]+)"/.exec(img)?.[1] ?? ''),
      alt: /\salt="([^"]*)"/.exec(img)?.[1] ?? '',
    })),
  }));
}

test('dist/ is built', () =>
  assert.ok(existsSync(join(dist, PAGES.pt)), 'run npm run build first'));

test('figures are numbered 1..N in page order, on the figure and its caption', () => {
  for (const lang of /** @type {const} */ (['en', 'pt'])) {
    const figures = figuresOf(lang);
    assert.ok(figures.length >= 9, `${lang}: ${figures.length} figures`);
    figures.forEach((f, i) => {
      assert.equal(f.n, String(i + 1), `${lang} ${f.name}`);
      assert.equal(f.captionN, String(i + 1), `${lang} ${f.name}: caption`);
    });
  }
});

test('every interactive figure has a picture: files that exist, are not empty, alt in its language', () => {
  const en = figuresOf('en'),
    pt = figuresOf('pt');
  assert.deepEqual(
    pt.map((f) => f.name),
    en.map((f) => f.name),
  );
  en.forEach((f, i) => {
    if (f.table) return; // written out whole (prerender's STATIC_FIGURES)
    for (const [lang, fig] of /** @type {const} */ ([
      ['en', f],
      ['pt', pt[i]],
    ])) {
      assert.ok(fig.pictures.length > 0, `${lang} ${fig.name}: no picture`);
      for (const p of fig.pictures) {
        assert.ok(
          existsSync(p.path) && statSync(p.path).size > 200,
          `${lang} ${fig.name}: ${p.path}`,
        );
        assert.ok(p.alt.length > 40, `${lang} ${fig.name}: alt "${p.alt}"`);
        assert.doesNotMatch(p.alt, /[{}]/, `${lang} ${fig.name}: a placeholder left in "${p.alt}"`);
      }
    }
    // The same images, described in each page's own words (an SVG drawn per language).
    pt[i].pictures.forEach((p, k) => {
      assert.notEqual(p.alt, f.pictures[k].alt, `${f.name}: the pt alt is the English one`);
      assert.doesNotMatch(p.alt, /\d\.\d/, `${f.name}: decimal point in the pt alt "${p.alt}"`);
      // (an interval "[−0,126, +0,184]" reads as three numbers with decimal commas: pt writes ';')
      assert.doesNotMatch(
        p.alt,
        /\[[^\];]*\d, [^\]]*\]/,
        `${f.name}: an interval with a comma in "${p.alt}"`,
      );
    });
  });
});

test('the Portuguese pictures write numbers with a decimal comma, in their own language', () => {
  for (const f of figuresOf('pt')) {
    for (const p of f.pictures.filter((x) => x.path.endsWith('.svg'))) {
      assert.match(p.path, /\.pt\.svg$/, `${f.name}: not the Portuguese drawing`);
      const text = [...readFileSync(p.path, 'utf8').matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)]
        .map((m) => m[1])
        .join(' | ');
      assert.doesNotMatch(text, /\d\.\d/, `${f.name}: ${text.match(/.{0,20}\d\.\d.{0,10}/)?.[0]}`);
      assert.doesNotMatch(text, /[{}]/, `${f.name}: a placeholder left in "${text}"`);
    }
  }
});
