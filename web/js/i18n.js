// Text of the page, in English and European Portuguese. Strings live in i18n/<lang>/<ns>.json,
// one file per article section or widget; a key "ns.key" names file ns. Files load on demand, so
// a new widget only adds its own files. Values are trusted HTML fragments from this repository
// (math was typeset at build time). The language choice is remembered in localStorage.

const LANGS = { en: 'en', pt: 'pt-PT' }; // folder name -> BCP 47 tag for <html lang>
const STORAGE_KEY = 'activation-lab.lang';
const tables = new Map(); // "lang/ns" -> Promise<object>
const loaded = new Map(); // "lang/ns" -> object, once resolved
const listeners = new Set();
let lang = 'en';

function pickInitial() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage may be disabled (privacy mode): fall back to the browser language
  }
  if (stored in LANGS) return stored;
  return (navigator.language || '').toLowerCase().startsWith('pt') ? 'pt' : 'en';
}

function fetchTable(code, ns) {
  const id = `${code}/${ns}`;
  if (!tables.has(id)) {
    const url = new URL(`../i18n/${code}/${ns}.json`, import.meta.url);
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
  return tables.get(id);
}

const nsOf = (key) => key.slice(0, key.indexOf('.'));

/** Loads the given namespaces for the current language. */
export function need(...namespaces) {
  return Promise.all(namespaces.map((ns) => fetchTable(lang, ns)));
}

/** The string for "ns.key" with {name} placeholders filled from vars; the key if missing. */
export function t(key, vars) {
  const table = loaded.get(`${lang}/${nsOf(key)}`);
  const text = table?.[key.slice(key.indexOf('.') + 1)];
  if (text === undefined) {
    console.error(`i18n: missing ${lang} string ${key}`);
    return key;
  }
  return vars ? text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? vars[name] : m)) : text;
}

function keysIn(root) {
  const keys = [];
  for (const el of root.querySelectorAll('[data-i18n]')) keys.push(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(';')) keys.push(pair.split('=')[1].trim());
  }
  return keys;
}

/**
 * Fills every [data-i18n] element under root with its string (as HTML) and every
 * [data-i18n-attr="aria-label=ns.key; title=ns.key"] attribute.
 */
export async function apply(root = document) {
  await need(...new Set(keysIn(root).map(nsOf)));
  for (const el of root.querySelectorAll('[data-i18n]')) el.innerHTML = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split('=').map((s) => s.trim());
      el.setAttribute(attr, t(key));
    }
  }
}

export const language = () => lang;
export const languageTag = () => LANGS[lang];

const formatters = new Map(); // building an Intl.NumberFormat is slow: keep one per style

/** Formats a number for the current language (pt-PT writes 0,159 where English writes 0.159). */
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

/** Formats a fraction as a percentage, e.g. 0.9625 -> "96.3 %" / "96,3 %". */
export const pct = (x, digits = 1) =>
  x === null || x === undefined ? '–' : num(x, digits, { style: 'percent' });

/** Calls fn() after every language switch (widgets redraw their own dynamic text). */
export function onChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * For embedded widgets: sets the language of this module instance and nothing else, neither the
 * host page's <html lang> nor the reader's stored choice (activation-lab.js loads one instance of
 * this module per language, as i18n.js?lang=en and i18n.js?lang=pt).
 */
export function useLanguage(code) {
  lang = code in LANGS ? code : 'en';
  return lang;
}

/** Switches language: loads every namespace in use, re-applies the page, notifies widgets. */
export async function setLanguage(code, root = document) {
  if (!(code in LANGS)) code = 'en';
  const used = [...new Set([...loaded.keys()].map((id) => id.split('/')[1]))];
  // Load the new language's tables before switching: a widget that repaints meanwhile (a
  // training snapshot) must never ask for a string that is not there yet.
  await Promise.all(used.map((ns) => fetchTable(code, ns)));
  lang = code;
  document.documentElement.lang = LANGS[lang];
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // not remembered when storage is disabled; the switch still works
  }
  await apply(root);
  for (const fn of listeners) fn(lang);
}

/** First call of the page: picks the language and translates the static text. */
export async function init(root = document) {
  lang = pickInitial();
  document.documentElement.lang = LANGS[lang];
  await apply(root);
}
