// Build-time CSS steps for shipping:
// - styleAttributesToClasses: KaTeX's typeset HTML sizes glyphs with style="…" attributes, which a
//   Content-Security-Policy without 'unsafe-inline' refuses. Each distinct style becomes a class
//   (`!important`, as an inline style would win) appended to KaTeX's stylesheet, so the page runs
//   under style-src 'self'.
// - katexFonts: KaTeX's @font-face rules alone (embedded widgets: fonts declared inside a shadow
//   root are ignored, so the embed script links these into the host document; the family names
//   are KaTeX's own, they touch nothing else) and the .woff2 files the strings really use.
// - bundlePageCss: the article's stylesheets, as web/index.html links them, become one file
//   (css/page.css): a phone on a slow link waits for one request before its first paint, not 14.
// - embedCss: the same stylesheets for a shadow root: `:root` becomes `:host`, and the dark
//   palette also answers the element's theme="light|dark" attribute.
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile, appendFile } from 'node:fs/promises';
import { join, posix } from 'node:path';

/** @param {string} out */
async function i18nFiles(out) {
  /** @type {string[]} */
  const files = [];
  for (const lang of await readdir(join(out, 'i18n'))) {
    for (const f of await readdir(join(out, 'i18n', lang)))
      if (f.endsWith('.json')) files.push(join(out, 'i18n', lang, f));
  }
  return files;
}

/**
 * Rewrites style attributes in every i18n string; returns the number of distinct styles.
 * @param {string} out
 */
export async function styleAttributesToClasses(out) {
  /** @type {Map<string, string>} */
  const classes = new Map(); // style text -> class name
  /** @param {string} style */
  const classOf = (style) => {
    const text = style.trim().replace(/;$/, '');
    let name = classes.get(text);
    if (name === undefined) {
      name = `al-s${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;
      classes.set(text, name);
    }
    return name;
  };
  /** @param {string} html */
  const rewrite = (html) =>
    html.replace(
      /<([a-zA-Z][\w-]*)(\s[^>]*?)?\sstyle="([^"]*)"([^>]*)>/g,
      (
        /** @type {string} */ m,
        /** @type {string} */ tag,
        /** @type {string} */ before = '',
        /** @type {string} */ style,
        /** @type {string} */ after,
      ) => {
        let attrs = `${before}${after}`;
        const name = classOf(style);
        if (/\sclass="/.test(attrs))
          attrs = attrs.replace(/\sclass="([^"]*)"/, (c, list) => ` class="${list} ${name}"`);
        else attrs = ` class="${name}"${attrs}`;
        return `<${tag}${attrs}>`;
      },
    );
  for (const file of await i18nFiles(out)) {
    const strings = JSON.parse(await readFile(file, 'utf8'));
    for (const key of Object.keys(strings)) {
      strings[key] = rewrite(strings[key]);
      if (/\sstyle="/.test(strings[key]))
        throw new Error(`${file} ${key}: a style attribute is left`);
    }
    await writeFile(file, JSON.stringify(strings));
  }
  /** @param {string} style */
  const important = (style) =>
    style
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => `${d}!important`)
      .join(';');
  const rules = [...classes].map(([style, name]) => `.${name}{${important(style)}}`).join('\n');
  await appendFile(
    join(out, 'vendor', 'katex', 'katex.min.css'),
    `\n/* KaTeX inline styles as classes (web/ship/styles.mjs) */\n${rules}\n`,
  );
  return classes.size;
}

/**
 * Writes vendor/katex/katex-fonts.css; returns the .woff2 paths (relative to out) in use.
 * @param {string} out
 */
export async function katexFonts(out) {
  const css = await readFile(join(out, 'vendor', 'katex', 'katex.min.css'), 'utf8');
  const faces = css.match(/@font-face\{[^}]*\}/g) ?? [];
  await writeFile(join(out, 'vendor', 'katex', 'katex-fonts.css'), `${faces.join('\n')}\n`);
  // Which families the typeset strings use: class -> font-family from KaTeX's own rules.
  /** @type {Map<string, string>} */
  const familyOf = new Map();
  for (const [, selectors, family] of css.matchAll(
    /([^{}]+)\{[^}]*?font-family:\s*(KaTeX_[\w]+)/g,
  )) {
    for (const [, cls] of selectors.matchAll(/\.([\w-]+)/g))
      if (cls !== 'katex') familyOf.set(cls, family);
  }
  const used = new Set(['KaTeX_Main', 'KaTeX_Math']);
  for (const file of await i18nFiles(out)) {
    for (const [, list] of (await readFile(file, 'utf8')).matchAll(/class=\\"([^"\\]*)\\"/g)) {
      for (const cls of list.split(/\s+/)) {
        const family = familyOf.get(cls);
        if (family !== undefined) used.add(family);
      }
    }
  }
  const fonts = await readdir(join(out, 'vendor', 'katex', 'fonts'));
  return fonts
    .filter((f) => f.endsWith('.woff2') && used.has(f.slice(0, f.indexOf('-'))))
    .map((f) => `vendor/katex/fonts/${f}`);
}

/**
 * The block that starts at the `{` at index open: [inner text, index after the closing `}`].
 * @param {string} css
 * @param {number} open
 * @returns {[string, number]}
 */
function block(css, open) {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return [css.slice(open + 1, i), i + 1];
  }
  throw new Error('embed css: unbalanced braces');
}

/**
 * One stylesheet for a shadow root.
 * @param {string} css
 */
export function toShadowCss(css) {
  css = css.replace(/:root\b/g, ':host');
  const DARK = '@media (prefers-color-scheme: dark)';
  let result = '',
    forced = '',
    at = 0;
  for (let i = css.indexOf(DARK); i >= 0; i = css.indexOf(DARK, at)) {
    const [inner, end] = block(css, css.indexOf('{', i));
    result += css.slice(at, i);
    result += `${DARK} {${inner.replace(/:host(?![(\w-])/g, ':host(:not([theme="light"]))')}}`;
    forced += inner.replace(/:host(?![(\w-])/g, ':host([theme="dark"])');
    at = end;
  }
  return `${result}${css.slice(at)}\n/* theme="dark" on any system */\n${forced}\n`;
}

export const PAGE_CSS = 'css/page.css';
// The run of stylesheet links in the article's head (not the one inside <noscript>).
const LINKS = /(?:[ \t]*<link rel="stylesheet" href="[^"]+">\n)+/;

/**
 * The stylesheets web/index.html links, in its order (paths relative to dist/).
 * @param {string} html
 */
export function linkedSheets(html) {
  const run = html.match(LINKS);
  if (!run) throw new Error('web/index.html: no run of <link rel="stylesheet"> in its head');
  return [...run[0].matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
}

/**
 * A stylesheet's relative url(…)s rewritten for a sheet in css/ (KaTeX's point at its fonts/).
 * @param {string} css
 * @param {string} from  the sheet's path relative to dist/
 */
export function rebase(css, from) {
  return css.replace(/url\((['"]?)([^'")]+)\1\)/g, (m, quote, url) => {
    if (/^(data:|[a-z][a-z0-9+.-]*:|\/|#)/i.test(url)) return m;
    const target = posix.join(posix.dirname(from), url);
    return `url(${quote}${posix.relative(posix.dirname(PAGE_CSS), target)}${quote})`;
  });
}

/**
 * Writes css/page.css from the sheets dist/index.html links, and links it instead of them.
 * Returns the bundled sheets (the embed's shadow root takes the same ones).
 * @param {string} out
 */
export async function bundlePageCss(out) {
  const page = join(out, 'index.html');
  const html = await readFile(page, 'utf8');
  const sheets = linkedSheets(html);
  const parts = [];
  for (const sheet of sheets)
    parts.push(`/* ${sheet} */\n${rebase(await readFile(join(out, sheet), 'utf8'), sheet)}`);
  await writeFile(join(out, PAGE_CSS), parts.join('\n'));
  const indent = html.match(LINKS)?.[0].match(/^[ \t]*/)?.[0] ?? '';
  await writeFile(
    page,
    html.replace(LINKS, `${indent}<link rel="stylesheet" href="${PAGE_CSS}">\n`),
  );
  return sheets;
}

/**
 * Writes css/embed.css from the page's own stylesheets (css/ only: the shadow root links
 * KaTeX's itself) and css/embed-host.css.
 * @param {string} out
 * @param {string[]} sheets  paths relative to dist/, as bundlePageCss returns them
 */
export async function embedCss(out, sheets) {
  const parts = [];
  for (const sheet of [...sheets.filter((s) => s.startsWith('css/')), 'css/embed-host.css'])
    parts.push(`/* ${sheet} */\n${toShadowCss(await readFile(join(out, sheet), 'utf8'))}`);
  await writeFile(join(out, 'css', 'embed.css'), parts.join('\n'));
}
