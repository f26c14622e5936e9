// Text of the page, in English and European Portuguese. Strings live in i18n/<lang>/<ns>.json,
// one file per article section or widget; a key "ns.key" names file ns. Files load on demand, so
// a new widget only adds its own files. Values are trusted HTML fragments from this repository
// (math was typeset at build time). The article is one address per language (index.html,
// pt/index.html), its static text already written in by web/ship/prerender.mjs: the page's
// language is its <html lang>, and the widgets fill in their own text from here.

/** @typedef {import('./types').I18nTable} I18nTable */
/** @typedef {import('./types').I18nVars} I18nVars */
/** @typedef {'en' | 'pt'} Lang */

/** @type {Record<Lang, string>} */
const LANGS = { en: 'en', pt: 'pt-PT' }; // folder name -> BCP 47 tag for <html lang>
/** @type {Map<string, Promise<I18nTable>>} */
const tables = new Map(); // "lang/ns" -> Promise<object>
/** @type {Map<string, I18nTable>} */
const loaded = new Map(); // "lang/ns" -> object, once resolved
/** @type {Set<(lang: Lang) => void>} */
const listeners = new Set();
/** @type {Lang} */
let lang = 'en';

/** @type {(code: unknown) => code is Lang} */
const isLang = (code) => code === 'en' || code === 'pt';

/**
 * @param {Lang} code
 * @param {string} ns
 * @returns {Promise<I18nTable>}
 */
function fetchTable(code, ns) {
  const id = `${code}/${ns}`;
  if (!tables.has(id)) {
    const url = new URL(`../../i18n/${code}/${ns}.json`, import.meta.url);
    tables.set(
      id,
      fetch(url)
        .then((r) => {
          if (!r.ok) throw new Error(`i18n: ${id}.json: HTTP ${r.status}`);
          return r.json();
        })
        .then((table) => (loaded.set(id, table), table)),
    );
  }
  return /** @type {Promise<I18nTable>} */ (tables.get(id));
}

/** @param {string} key */
const nsOf = (key) => key.slice(0, key.indexOf('.'));

/**
 * Loads the given namespaces for the current language.
 * @param {...string} namespaces
 */
export function need(...namespaces) {
  return Promise.all(namespaces.map((ns) => fetchTable(lang, ns)));
}

/**
 * The string for "ns.key" with its placeholders filled from vars (fill); the key if missing.
 * @param {string} key
 * @param {I18nVars} [vars]
 * @returns {string}
 */
export function t(key, vars) {
  const table = loaded.get(`${lang}/${nsOf(key)}`);
  const text = table?.[key.slice(key.indexOf('.') + 1)];
  if (text === undefined) {
    console.error(`i18n: missing ${lang} string ${key}`);
    return key;
  }
  return vars ? fill(text, vars) : text;
}

/**
 * text with its {name} placeholders filled from vars, in language code. A placeholder
 * {name:one|other} is the form the language's plural rules choose for the number vars[name]
 * ("{n} {n:toss|tosses}": "1 toss", "2 tosses"; pt "1 época", "2 épocas"). Placeholders without
 * a var stay as written. The build's pictures fill their strings with it too.
 * @param {string} text
 * @param {I18nVars} vars
 * @param {Lang} [code]
 */
export function fill(text, vars, code = lang) {
  return text
    .replace(/\{(\w+):([^|{}]*)\|([^{}]*)\}/g, (m, name, one, other) =>
      name in vars ? (pluralOne(vars[name], code) ? one : other) : m,
    )
    .replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/**
 * Whether a count (a number, or its text as num() wrote it: "1", "1,5", "−2") takes the
 * singular in language code.
 * @param {string | number} value
 * @param {Lang} code
 */
function pluralOne(value, code) {
  const text = String(value).replace('−', '-');
  const count = Number(
    code === 'pt' ? text.replace(/\s/g, '').replace(',', '.') : text.replace(/,/g, ''),
  );
  const fraction = text.match(/[.,](\d+)$/)?.[1].length ?? 0; // "1.0 epochs": CLDR counts digits
  return (
    new Intl.PluralRules(LANGS[code], { minimumFractionDigits: fraction }).select(count) === 'one'
  );
}

/** @param {ParentNode} root */
function keysIn(root) {
  const keys = [];
  for (const el of root.querySelectorAll('[data-i18n]'))
    keys.push(el.getAttribute('data-i18n') ?? '');
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of attrPairs(el)) keys.push(pair[1]);
  }
  return keys;
}

/**
 * The [attribute, key] pairs of data-i18n-attr="aria-label=ns.key; title=ns.key".
 * @param {Element} el
 */
function attrPairs(el) {
  return (el.getAttribute('data-i18n-attr') ?? '')
    .split(';')
    .map((pair) => pair.split('=').map((s) => s.trim()));
}

/**
 * Fills every [data-i18n] element under root with its string (as HTML) and every
 * [data-i18n-attr="aria-label=ns.key; title=ns.key"] attribute.
 */
export async function apply(root = /** @type {ParentNode} */ (document)) {
  await need(...new Set(keysIn(root).map(nsOf)));
  for (const el of root.querySelectorAll('[data-i18n]'))
    el.innerHTML = t(el.getAttribute('data-i18n') ?? '');
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const [attr, key] of attrPairs(el)) el.setAttribute(attr, t(key));
  }
}

export const language = () => lang;
export const languageTag = () => LANGS[lang];

const formatters = new Map(); // building an Intl.NumberFormat is slow: keep one per style

/**
 * Formats a number for the current language (pt-PT writes 0,159 where English writes 0.159).
 * @param {number | null | undefined} x
 * @param {Intl.NumberFormatOptions} [opts]
 */
export function num(x, digits = 3, opts = {}) {
  if (x === null || x === undefined) return '–';
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  const key = `${lang} ${digits} ${JSON.stringify(opts)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LANGS[lang], {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      ...opts,
    });
    formatters.set(key, f);
  }
  return f.format(x).replace('-', '−');
}

/**
 * A list of items in the current language's words: ["64", "64"] -> "64 and 64" / "64 e 64" (a
 * comma between numbers would read as a decimal comma in Portuguese).
 * @param {string[]} items
 */
export const list = (items) =>
  new Intl.ListFormat(LANGS[lang], { style: 'long', type: 'conjunction' }).format(items);

/**
 * Formats a fraction as a percentage, e.g. 0.9625 -> "96.3 %" / "96,3 %".
 * @param {number | null | undefined} x
 */
export const pct = (x, digits = 1) =>
  x === null || x === undefined ? '–' : num(x, digits, { style: 'percent' });

/**
 * An interval as the current language writes it: "[−0.25, 0.00]" in English; in Portuguese,
 * whose decimal comma would make "[−0,25, 0,00]" ambiguous, "[−0,25; 0,00]".
 * @param {string} low  already formatted
 * @param {string} high
 */
export const interval = (low, high) => `[${low}${lang === 'pt' ? ';' : ','} ${high}]`;

/**
 * A setting's text as a field or a table shows it, from its canonical text (the URL's, the core
 * reads both): in pt-PT a number's decimal point becomes a comma (0,001); a list of widths gets a
 * space after each comma ("64, 64"), so that it never reads as the decimal 64,64.
 * @param {unknown} value
 * @param {string} text
 */
export function fieldText(value, text) {
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'number'))
    return text.replace(/,\s*/g, ', ');
  return typeof value === 'number' && lang === 'pt' ? text.replace('.', ',') : text;
}

/**
 * Calls fn() after every language switch (widgets redraw their own dynamic text).
 * @param {(lang: Lang) => void} fn
 */
export function onChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * For embedded widgets: sets the language of this module instance and nothing else, not the
 * host page's <html lang> (activation-lab.js loads one instance of
 * this module per language, as i18n.js?lang=en and i18n.js?lang=pt).
 */
/** @param {string | null} code */
export function useLanguage(code) {
  lang = isLang(code) ? code : 'en';
  return lang;
}

/** 'pt', 'pt-PT', 'pt-BR' -> 'pt'; anything else -> 'en'. */
export const languageOf = (/** @type {string | null | undefined} */ tag) =>
  /^pt\b/i.test(tag ?? '') ? 'pt' : 'en';

/**
 * First call of the page: its language is its address's (<html lang>). A page built by
 * web/build.mjs (data-prerendered) already holds its text; an unbuilt one gets it filled in here.
 */
export async function init(root = document) {
  lang = languageOf(document.documentElement.lang);
  if (document.documentElement.hasAttribute('data-prerendered')) await need('meta', 'intro');
  else await apply(root);
}
