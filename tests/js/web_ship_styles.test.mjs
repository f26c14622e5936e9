// The article's stylesheets as one file (web/ship/styles.mjs, bundlePageCss): the head's run of
// links becomes one link to css/page.css, which holds every sheet in the head's order with its
// url()s rebased for css/; the <noscript> sheet keeps its own link. Checked on a small made-up
// page and on the built dist/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_CSS, bundlePageCss, linkedSheets, rebase } from '../../web/ship/styles.mjs';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+)">/g;
/** The relative url()s of a stylesheet. */
const urls = (css) =>
  [...css.matchAll(/url\((['"]?)([^'")]+)\1\)/g)]
    .map((m) => m[2])
    .filter((u) => !/^(data:|[a-z][a-z0-9+.-]*:|\/|#)/i.test(u));

test('rebase points a sheet’s relative url()s from css/, and leaves data:, absolute and # alone', () => {
  const katex = 'a{src:url(fonts/KaTeX_Main.woff2) format("woff2"),url("fonts/K.woff")}';
  assert.equal(
    rebase(katex, 'vendor/katex/katex.min.css'),
    'a{src:url(../vendor/katex/fonts/KaTeX_Main.woff2) format("woff2"),url("../vendor/katex/fonts/K.woff")}',
  );
  assert.equal(
    rebase("b{background:url('../img/x.svg')}", 'css/a.css'),
    "b{background:url('../img/x.svg')}",
  );
  const kept =
    'c{background:url(data:image/png;base64,AAAA)}d{m:url(#m)}e{f:url(/abs.svg)}g{h:url(https://x/y)}';
  assert.equal(rebase(kept, 'vendor/katex/katex.min.css'), kept);
});

test('bundlePageCss writes css/page.css in the head’s order and links it alone', async () => {
  const out = mkdtempSync(join(tmpdir(), 'al-page-css-'));
  mkdirSync(join(out, 'css'));
  mkdirSync(join(out, 'vendor', 'katex', 'fonts'), { recursive: true });
  writeFileSync(join(out, 'vendor/katex/katex.min.css'), '.katex{src:url(fonts/K.woff2)}');
  writeFileSync(join(out, 'css/a.css'), '.a{color:red}');
  writeFileSync(join(out, 'css/b.css'), '.b{background:url(../favicon.svg)}');
  writeFileSync(join(out, 'css/noscript.css'), '.n{}');
  const head = [
    '<head>',
    '  <link rel="icon" href="favicon.svg" type="image/svg+xml">',
    '  <link rel="stylesheet" href="vendor/katex/katex.min.css">',
    '  <link rel="stylesheet" href="css/a.css">',
    '  <link rel="stylesheet" href="css/b.css">',
    '  <noscript><link rel="stylesheet" href="css/noscript.css"></noscript>',
    '</head>',
  ].join('\n');
  writeFileSync(join(out, 'index.html'), head);
  assert.deepEqual(linkedSheets(head), ['vendor/katex/katex.min.css', 'css/a.css', 'css/b.css']);

  const sheets = await bundlePageCss(out);
  assert.deepEqual(sheets, ['vendor/katex/katex.min.css', 'css/a.css', 'css/b.css']);
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  assert.deepEqual(
    [...html.matchAll(STYLESHEET_LINK)].map((m) => m[1]),
    [PAGE_CSS, 'css/noscript.css'],
  );
  assert.match(html, /\n {2}<link rel="stylesheet" href="css\/page\.css">\n {2}<noscript>/);
  const css = readFileSync(join(out, PAGE_CSS), 'utf8');
  const at = (text) => css.indexOf(text);
  assert.ok(at('.katex{src:url(../vendor/katex/fonts/K.woff2)}') >= 0, css);
  assert.ok(
    at('.katex') < at('.a{color:red}') && at('.a{') < at('.b{background:url(../favicon.svg)}'),
  );
  assert.equal(at('.n{}'), -1, 'the noscript sheet stays out');
});

test('a page whose head links no stylesheet is refused', () => {
  assert.throws(() => linkedSheets('<head><title>x</title></head>'), /no run of <link/);
});

test('dist/: each page links css/page.css alone (and its noscript sheet); every url() in it exists', () => {
  for (const page of ['index.html', 'pt/index.html']) {
    const file = join(dist, page);
    assert.ok(existsSync(file), `${file}: run npm run build first`);
    const links = [...readFileSync(file, 'utf8').matchAll(STYLESHEET_LINK)].map((m) => m[1]);
    const prefix = page.startsWith('pt/') ? '../' : '';
    assert.deepEqual(links, [`${prefix}${PAGE_CSS}`, `${prefix}css/noscript.css`], page);
  }
  const css = readFileSync(join(dist, PAGE_CSS), 'utf8');
  assert.ok(
    css.includes('/* vendor/katex/katex.min.css */') && css.includes('/* css/images.css */'),
  );
  const missing = urls(css).filter((u) => !existsSync(join(dist, posix.join('css', u))));
  assert.deepEqual(missing, []);
  assert.ok(
    urls(css).some((u) => u.startsWith('../vendor/katex/fonts/')),
    'KaTeX fonts are linked',
  );
});
