// The built pages' figures (dist/, from `npm run build`): numbered 1..N in page order, and each
// interactive one with a no-script picture whose files exist, are not empty and have alt text in
// the page's language; no number on the Portuguese pictures is written with a decimal point; the
// Transformer's diagrams state their own size and are labelled drawings, its block picture has
// the FFN-input histogram its caption describes, its parts picture a bar per stand-in; each
// embedded figure's poster (dist's js/embed/poster-lists.js) lists the same drawn (SVG) ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/**
 * One Transformer part's figure in a built page: its pictures (attributes, file text) and the
 * key of the note under them.
 * @param {'en' | 'pt'} lang
 * @param {string} part
 */
function partFigure(lang, part) {
  const file = join(dist, PAGES[lang]);
  const html = readFileSync(file, 'utf8');
  const body = new RegExp(`<figure\\b[^>]*data-parts="${part}"[^>]*>([\\s\\S]*?)</figure>`).exec(
    html,
  )?.[1];
  assert.ok(body, `${lang}: no figure of the part ${part}`);
  return {
    note: /class="figure-noscript" data-i18n="([\w.]+)"/.exec(body)?.[1],
    images: [...body.matchAll(/<img\b[^>]*>/g)].map(([img]) => {
      const attr = (/** @type {string} */ a) => new RegExp(`\\s${a}="([^"]*)"`).exec(img)?.[1];
      const svg = readFileSync(resolve(dirname(file), attr('src') ?? ''), 'utf8');
      return {
        narrow: /class="picture-narrow"/.test(img),
        width: Number(attr('width')),
        height: Number(attr('height')),
        alt: attr('alt') ?? '',
        svg,
        texts: [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) =>
          m[1].replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&'),
        ),
      };
    }),
  };
}

/** @param {'en' | 'pt'} lang */
const stringsOf = (lang, /** @type {string} */ ns) =>
  JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}/${ns}.json`, import.meta.url), 'utf8'));

test("the Transformer's pictures: diagrams at their own size, labelled drawings; the block's inputs; the parts' bars", () => {
  for (const lang of /** @type {const} */ (['en', 'pt'])) {
    const common = stringsOf(lang, 'common');
    // The block: its drawing, which states its size in its file (an SVG with only a viewBox is
    // stretched to the column), beside the FFN-input histogram its caption describes.
    const block = partFigure(lang, 'block');
    assert.equal(block.images.length, 2, `${lang} block`);
    const [drawing, inputs] = block.images;
    for (const d of [drawing, partFigure(lang, 'swap').images[0]]) {
      assert.ok(d.narrow, `${lang}: a diagram is shown no wider than drawn`);
      const root = /<svg\b[^>]*>/.exec(d.svg)?.[0] ?? '';
      const [, , w, h] = (/viewBox="([^"]+)"/.exec(root)?.[1] ?? '').split(/\s+/).map(Number);
      assert.match(root, new RegExp(`\\swidth="${w}" height="${h}"`), `${lang}: ${root}`);
      assert.deepEqual([d.width, d.height], [w, h]);
      assert.ok(w <= 400, `${lang}: a diagram ${w} px wide`);
    }
    assert.ok(!inputs.narrow);
    const bars = inputs.svg.match(/<path\b/g)?.length ?? 0;
    assert.ok(bars > 40, `${lang}: the histogram has ${bars} shapes`);
    assert.match(inputs.alt, /\d/, `${lang}: the histogram's alt gives its numbers`);
    assert.equal(block.note, 'meta.figure_noscript_mixed');
    assert.equal(partFigure(lang, 'swap').note, 'meta.figure_noscript_drawing');
    assert.equal(partFigure(lang, 'sample').note, 'meta.figure_noscript');
    // The parts: a bar per stand-in, labelled in the page's language, and the inputs' histogram.
    const parts = partFigure(lang, 'parts');
    assert.equal(parts.images.length, 2, `${lang} parts`);
    for (const act of ['relu', 'gelu_no_negative', 'gelu_linear_positive', 'gelu_tanh', 'silu'])
      assert.ok(parts.images[0].texts.includes(common[`act_${act}`]), `${lang}: no bar for ${act}`);
    assert.equal(parts.note, 'meta.figure_noscript');
    for (const img of parts.images) assert.ok(img.alt.length > 40, `${lang}: alt "${img.alt}"`);
  }
});

test("each embedded figure's poster lists its drawn no-script pictures, as the article shows them", async () => {
  const { POSTERS } = await import('../../web/js/embed/embed-poster.js');
  const { POSTER_LISTS } = await import(
    pathToFileURL(join(dist, 'js', 'embed', 'poster-lists.js')).href
  );
  for (const lang of /** @type {const} */ (['en', 'pt'])) {
    const file = join(dist, PAGES[lang]);
    const html = readFileSync(file, 'utf8');
    const figures = [
      ...html.matchAll(/<figure\b([^>]*\sdata-widget="([\w-]+)"[^>]*)>([\s\S]*?)<\/figure>/g),
    ].map(([, attrs, name, body]) => {
      const parts = /\sdata-parts="([a-z]+)"/.exec(attrs)?.[1];
      return { poster: parts ? `${name}.${parts}` : name, body };
    });
    const names = Object.keys(POSTERS);
    assert.ok(names.includes('twin') && names.includes('transformer.swap'), names.join(' '));
    for (const name of names) {
      const figure = figures.find((f) => f.poster === name);
      assert.ok(figure, `${lang}: ${name} is not a figure of the article`);
      const list = POSTER_LISTS[lang][name];
      assert.ok(list, `${lang}: no poster list ${name} in dist's poster-lists.js`);

      const imgs = [...figure.body.matchAll(/<img\b[^>]*\ssrc="[^"]+\.svg"[^>]*>/g)].map(
        ([img]) => {
          const attr = (/** @type {string} */ a) => new RegExp(`\\s${a}="([^"]*)"`).exec(img)?.[1];
          return {
            src: resolve(dirname(file), attr('src') ?? ''),
            alt: (attr('alt') ?? '')
              .replace(/&quot;/g, '"')
              .replace(/&gt;/g, '>')
              .replace(/&lt;/g, '<')
              .replace(/&amp;/g, '&'),
            width: Number(attr('width')),
            height: Number(attr('height')),
            narrow: /class="picture-narrow"/.test(img),
          };
        },
      );
      assert.ok(imgs.length > 0, `${lang} ${name}: no picture in the article`);
      assert.deepEqual(
        list.pictures.map((/** @type {any} */ p) => ({
          src: join(dist, p.src),
          alt: p.alt,
          width: p.width,
          height: p.height,
          narrow: p.narrow === true,
        })),
        imgs,
        `${lang} ${name}`,
      );
      const note = /class="figure-noscript" data-i18n="meta\.figure_noscript([\w]*)"/.exec(
        figure.body,
      )?.[1];
      // (the note of a figure with a raster picture as well: a kind that counts it)
      if (imgs.length === [...figure.body.matchAll(/<img\b/g)].length)
        assert.equal(list.kind, note, `${lang} ${name}: what the pictures are`);
    }
  }
});
