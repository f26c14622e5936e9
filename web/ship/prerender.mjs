// The article as HTML, one address per language: dist/index.html (English) and pt/index.html
// (European Portuguese), from the one template web/index.html. Generic over the template: every
// [data-i18n] element gets its string, every [data-i18n-attr] its attributes, every data-core
// placeholder its number (computed here by the same WASM module the page runs, with the page's own
// code, js/shared/core-values.js), and every <figure data-widget="name"> its number ("Figure N.", 1..N in
// page order: data-figure, printed by article.css, kept by js/page/figure-number.js when the figure
// mounts), its caption (name.caption) and, for readers without JavaScript, its picture
// (pictures/: drawn here from real runs of the core) in <noscript>, or, for a figure that is a
// table of the core's numbers (STATIC_FIGURES), the table itself. So a section or figure added to the template and the i18n tables is pre-rendered
// with no change here. Also: <html lang>, hreflang both ways, canonical, description, Open Graph
// and Twitter tags, and the preview image (preview.mjs). Scripts then bring the figures to life.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { coreValueText } from '../js/shared/core-values.js';
import { tableHtml as workedValuesTable } from '../js/curves/worked-values.js';
import { depthSpreadHtml } from '../js/depth/depth-spread.js';
import * as i18n from '../js/shared/i18n.js';
import { PREVIEW, renderPreview } from './preview.mjs';
import { textOf } from './plain-text.mjs';
import { insertToc } from './toc.mjs';
import { PICTURE_CAPTIONS, renderPictures } from './pictures/index.mjs';
import { pictureKind, writePosters } from './pictures/posters.mjs';

/** Folder per language, relative to dist/ ('' is the root), and its BCP 47 tag. */
/** @typedef {{lang: 'en' | 'pt', tag: string, dir: string, locale: string}} Page */
/** @typedef {Record<string, import('../js/shared/types').I18nTable>} Strings  namespace -> its table */
/** @typedef {(match: string, ...groups: string[]) => string} Replacer  for String.replace */

/** @type {Page[]} */
export const PAGES = [
  { lang: 'en', tag: 'en', dir: '', locale: 'en_GB' },
  { lang: 'pt', tag: 'pt-PT', dir: 'pt/', locale: 'pt_PT' },
];

/**
 * @param {string} out
 * @param {string} lang
 */
async function tables(out, lang) {
  /** @type {Strings} */
  const all = {};
  for (const file of await readdir(join(out, 'i18n', lang))) {
    if (!file.endsWith('.json')) continue;
    const ns = file.slice(0, -'.json'.length);
    all[ns] = JSON.parse(await readFile(join(out, 'i18n', lang, file), 'utf8'));
  }
  return all;
}

/** @param {unknown} s */
const escapeAttr = (s) =>
  String(s)
    .replace(/&(?![#\w]+;)/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;'); // (valid unescaped, but a reader of the HTML need not parse attributes)

/**
 * Sets (or replaces) attribute `name` in a tag's attribute text.
 * @param {string} attrs
 * @param {string} name
 * @param {string | true} value  true: a boolean attribute
 */
function setAttr(attrs, name, value) {
  const re = new RegExp(`\\s${name}(="[^"]*")?(?=[\\s/>]|$)`);
  const pair = value === true ? ` ${name}` : ` ${name}="${escapeAttr(value)}"`;
  return re.test(attrs) ? attrs.replace(re, pair) : `${attrs}${pair}`;
}

/**
 * Every relative href/src made relative to a page `depth` folders below dist/.
 * @param {string} html
 * @param {number} depth
 */
function rebase(html, depth) {
  if (!depth) return html;
  const up = '../'.repeat(depth);
  return html.replace(/(\s(?:href|src)=")([^"]*)"/g, (/** @type {string} */ m, head, url) =>
    /^(#|[a-z][a-z0-9+.-]*:|\/)/i.test(url) || url === '' ? m : `${head}${up}${url}"`,
  );
}

/**
 * The head's link and social tags for one page. site: the absolute URL of dist/, or ''.
 * @param {Page} page
 * @param {Strings} strings
 * @param {string} site
 */
function headTags(page, strings, site) {
  const depth = page.dir ? 1 : 0;
  // Without a site URL, relative addresses (valid HTML; search engines and previews prefer absolute).
  /** @param {string} dir */
  const url = (dir) => (site ? `${site}${dir}` : `${'../'.repeat(depth)}${dir}` || './');
  const title = textOf(strings.meta.title);
  const description = textOf(strings.meta.description);
  const image = url(PREVIEW.path);
  const other = PAGES.filter((p) => p !== page);
  const tags = [
    `<link rel="canonical" href="${url(page.dir)}">`,
    ...PAGES.map((p) => `<link rel="alternate" hreflang="${p.tag}" href="${url(p.dir)}">`),
    `<link rel="alternate" hreflang="x-default" href="${url(PAGES[0].dir)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:site_name" content="Activation Lab">`,
    `<meta property="og:title" content="${escapeAttr(title)}">`,
    `<meta property="og:description" content="${escapeAttr(description)}">`,
    ...(site ? [`<meta property="og:url" content="${url(page.dir)}">`] : []),
    `<meta property="og:locale" content="${page.locale}">`,
    ...other.map((p) => `<meta property="og:locale:alternate" content="${p.locale}">`),
    `<meta property="og:image" content="${image}">`,
    `<meta property="og:image:width" content="${PREVIEW.width}">`,
    `<meta property="og:image:height" content="${PREVIEW.height}">`,
    `<meta property="og:image:alt" content="${escapeAttr(textOf(strings.meta.preview_alt))}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeAttr(title)}">`,
    `<meta name="twitter:description" content="${escapeAttr(description)}">`,
    `<meta name="twitter:image" content="${image}">`,
  ];
  return tags.join('\n  ');
}

/**
 * Figures whose content is a table of the core's numbers: written out whole, as the prose is.
 * @type {Record<string, ((core: Pick<import('../js/shared/types').Core, 'M'>) => string) | undefined>}
 */
const STATIC_FIGURES = { 'worked-values': workedValuesTable, 'depth-spread': depthSpreadHtml };

/**
 * The no-script content of an interactive figure: its pictures (a note when it has none).
 * @param {import('./pictures/index.mjs').PictureRef[] | undefined} pictures
 */
function noscriptPictures(pictures) {
  // The note says what the pictures are: drawings (of the model), pictures of runs, or both.
  const kind = pictureKind(pictures);
  const note = `<p class="figure-noscript" data-i18n="meta.figure_noscript${kind}"></p>`;
  if (!pictures?.length) return `<noscript>${note}</noscript>`;
  const imgs = pictures.map(
    (p) =>
      `<img src="${p.src}" alt="${escapeAttr(p.alt)}" width="${p.width}" height="${p.height}"` +
      `${p.narrow ? ' class="picture-narrow"' : ''} decoding="async">`,
  );
  return `<noscript><div class="figure-picture">${imgs.join('')}</div>${note}</noscript>`;
}

/**
 * One language's page from the template. pictures: figure name -> its no-script images.
 * @param {string} template
 * @param {Page} page
 * @param {Strings} strings
 * @param {Pick<import('../js/shared/types').Core, 'M' | 'activations'>} core
 * @param {Record<string, import('./pictures/index.mjs').PictureRef[]>} [pictures]
 */
export function renderPage(template, page, strings, core, site = '', pictures = {}) {
  /**
   * @param {string} key
   * @param {string} where
   */
  const t = (key, where) => {
    const [ns, k] = [key.slice(0, key.indexOf('.')), key.slice(key.indexOf('.') + 1)];
    const text = strings[ns]?.[k];
    if (text === undefined) throw new Error(`prerender ${page.lang}: no string ${key} (${where})`);
    return text;
  };
  /** @param {string} key */
  const has = (key) => strings[key.slice(0, key.indexOf('.'))]?.[key.slice(key.indexOf('.') + 1)];
  let html = template;
  // Figures: a number, a caption and a picture for readers without JavaScript; the widget
  // replaces all but the number.
  let figures = 0;
  html = html.replace(
    /<figure((?:\s[^>]*?)?\sdata-widget="([a-z0-9-]+)"[^>]*)><\/figure>/g,
    /** @type {Replacer} */ (m, attrs, name) => {
      const n = ++figures;
      // A figure that fixes its parts (data-parts="block": the Transformer's) is "name.parts".
      const parts = /\sdata-parts="([a-z,]+)"/.exec(attrs)?.[1];
      const key = parts ? `${name}.${parts}` : name;
      const caption = has(`${name}.caption`) ? `${name}.caption` : PICTURE_CAPTIONS[key];
      return (
        `<figure${setAttr(attrs, 'data-figure', String(n))}>` +
        (STATIC_FIGURES[name]?.(core) ?? noscriptPictures(pictures[key])) +
        (caption ? `<figcaption data-i18n="${caption}" data-figure="${n}"></figcaption>` : '') +
        `</figure>`
      );
    },
  );
  html = html.replace(
    /<([a-zA-Z][\w-]*)(\s[^>]*?)?\sdata-i18n="([^"]+)"([^>]*)>([^<]*)<\/\1>/g,
    /** @type {Replacer} */ (m, tag, before = '', key, after) =>
      `<${tag}${before} data-i18n="${key}"${after}>${t(key, tag)}</${tag}>`,
  );
  html = html.replace(
    /<([a-zA-Z][\w-]*)(\s[^>]*?)?\sdata-i18n-attr="([^"]+)"([^>]*)>/g,
    /** @type {Replacer} */ (m, tag, before = '', spec, after) => {
      let attrs = `${before} data-i18n-attr="${spec}"${after}`;
      for (const pair of spec.split(';')) {
        const [attr, key] = pair.split('=').map((s) => s.trim());
        attrs = setAttr(attrs, attr, textOf(t(key, attr)));
      }
      return `<${tag}${attrs}>`;
    },
  );
  html = html.replace(
    /<span((?:\s[^>]*?)?\sdata-core="([^"]+)"[^>]*)><\/span>/g,
    /** @type {Replacer} */ (m, attrs, spec) => {
      const digits = Number(/\sdata-digits="(\d+)"/.exec(attrs)?.[1] ?? 4);
      const format = /\sdata-format="(\w+)"/.exec(attrs)?.[1];
      const text = coreValueText(core, { spec, digits, format, num: i18n.num });
      const cls = /\sclass="([^"]*)"/.exec(attrs);
      attrs = cls
        ? attrs.replace(cls[0], ` class="${cls[1]} core-value"`)
        : `${attrs} class="core-value"`;
      return `<span${setAttr(attrs, 'title', spec)}>${text}</span>`;
    },
  );
  // The language switch: links to both addresses, the current one marked.
  /** @type {Replacer} */
  const languageLink = (m, attrs, lang) => {
    const target = PAGES.find((p) => p.lang === lang);
    if (!target) throw new Error(`prerender ${page.lang}: no page for data-lang="${lang}"`);
    attrs = setAttr(attrs, 'href', `${target.dir}index.html`);
    if (target === page) attrs = setAttr(attrs, 'aria-current', 'page');
    return `<a${attrs}>`;
  };
  html = html.replace(/<a((?:\s[^>]*?)?\sdata-lang="(\w+)"[^>]*)>/g, languageLink);
  html = html.replace(/<html\b[^>]*>/, `<html lang="${page.tag}" data-prerendered>`);
  const empty = /<[^>]*\sdata-i18n="([^"]+)"[^>]*><\//.exec(html);
  if (empty) throw new Error(`prerender ${page.lang}: ${empty[1]} was left empty`);
  html = insertToc(html, (key) => t(key, 'contents'));
  html = rebase(html, page.dir ? 1 : 0);
  return html.replace(/<!-- prerender: head -->/, headTags(page, strings, site));
}

/**
 * Writes index.html and pt/index.html over dist/'s template, and the preview image.
 * @param {string} out
 * @param {{site?: string}} [options]
 */
export async function prerender(out, { site = process.env.AL_SITE_URL ?? '' } = {}) {
  if (site && !/^https?:\/\/.+\/$/.test(site))
    throw new Error(`AL_SITE_URL must be an absolute http(s) URL ending in /: ${site}`);
  const template = await readFile(join(out, 'index.html'), 'utf8');
  if (!template.includes('<!-- prerender: head -->'))
    throw new Error('web/index.html: no <!-- prerender: head --> marker');
  const mod = await import(pathToFileURL(join(out, 'wasm', 'activation-lab.mjs')).href);
  /** @type {import('../js/shared/types').ActivationLab} */
  const M = await mod.default();
  const core = { M, activations: JSON.parse(M.activationNames()) };
  const { png, accs, histories } = renderPreview(M);
  await mkdir(join(out, 'img'), { recursive: true });
  await writeFile(join(out, PREVIEW.path), png);
  const strings = await Promise.all(PAGES.map((page) => tables(out, page.lang)));
  const pictures = await renderPictures(
    out,
    { ...core, preview: { histories, accs } },
    PAGES.map((page, i) => ({ lang: page.lang, strings: strings[i] })),
  );
  await writePosters(out, pictures.byLang);
  for (const [i, page] of PAGES.entries()) {
    i18n.useLanguage(page.lang);
    const html = renderPage(template, page, strings[i], core, site, pictures.byLang[page.lang]);
    await mkdir(join(out, page.dir), { recursive: true });
    await writeFile(join(out, page.dir, 'index.html'), html);
  }
  return { pages: PAGES.length, preview: png.length, accs, pictures };
}
