// The i18n keys the page's code asks for, read from its source (not a test file: node --test
// picks only *.test.mjs). Static keys: a quoted 'ns.key' whose ns is a string file (t('ns.key'),
// a helper's argument, a settings row's label), data-i18n="ns.key" and data-i18n-attr="attr=ns.key;
// …". Templated keys: `ns.prefix${…}suffix` in a t(…) call or a data-i18n attribute, and a quoted
// prefix 'ns.prefix_' that the code completes, returned with their `${…}` parts for the caller to
// expand. A key whose namespace is not a string file's name is none of the page's.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every file of the page's code under web/: its scripts, its HTML and the build's (web/ship/).
 * @param {string} web  the web/ folder
 * @returns {string[]}
 */
export function sourceFiles(web) {
  const out = [];
  const walk = (/** @type {string} */ d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (!['i18n', 'vendor', 'data', 'img', 'examples'].includes(name)) walk(p);
      } else if (/\.(m?js|html)$/.test(name)) out.push(p);
    }
  };
  walk(web);
  return out.sort();
}

/**
 * @typedef {object} KeyUse
 * @property {string} key  'ns.key', or for a template its text, `${…}` and all
 * @property {string} file  relative to web/
 * @property {number} line
 */

/**
 * The keys `text` asks for: `static` (whole keys) and `templates` (with a `${…}` part), each only
 * if its namespace is one of `namespaces`.
 * @param {string} text
 * @param {Set<string>} namespaces
 * @param {string} [file]
 */
export function keysIn(text, namespaces, file = '') {
  /** @type {KeyUse[]} */
  const found = [];
  const lineOf = (/** @type {number} */ i) => text.slice(0, i).split('\n').length;
  const add = (/** @type {string} */ key, /** @type {number} */ at) => {
    const ns = key.slice(0, key.indexOf('.'));
    if (namespaces.has(ns)) found.push({ key, file, line: lineOf(at) });
  };
  // A quoted whole key: 'ns.key', "ns.key" or `ns.key` (a file name such as 'cost.js' has a
  // namespace's name too: the extensions of the site's files are left out).
  for (const m of text.matchAll(/(['"`])([a-z][\w-]*\.[\w-]+)\1/g))
    if (!/\.(m?js|json|html|css|svg|png|csv|wasm|txt|md)$/.test(m[2]))
      add(m[2].endsWith('_') ? `${m[2]}\${…}` : m[2], m.index);
  // data-i18n-attr="aria-label=ns.key; title=ns.key"
  for (const m of text.matchAll(/data-i18n-attr="([^"]*)"/g))
    for (const pair of m[1].split(';')) add(pair.slice(pair.indexOf('=') + 1).trim(), m.index);
  // Templates: t(`ns.…${…}…`) and data-i18n="ns.…${…}…"
  for (const m of text.matchAll(/\bt\(\s*`([^`]*\$\{[^`]*)`/g)) add(m[1], m.index);
  for (const m of text.matchAll(/data-i18n="([^"]*\$\{[^"]*)"/g)) add(m[1], m.index);
  return found;
}

/**
 * The keys every file under web/ asks for.
 * @param {string} web
 * @param {Set<string>} namespaces
 */
export function keysUsed(web, namespaces) {
  return sourceFiles(web).flatMap((p) =>
    keysIn(readFileSync(p, 'utf8'), namespaces, relative(web, p)),
  );
}
