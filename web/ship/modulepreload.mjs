// <link rel="modulepreload"> for every module a page's module scripts import statically, written
// into the page at build time. A browser learns a module's imports only once it has fetched and
// parsed that module, so without them the page's scripts arrive as a chain of round trips, one per
// level of imports (the embed page's figure list reads every room's manifest, which reads its
// settings, which read the shared floor: six levels before a figure's caption can show); with
// them, in one. Dynamic imports (a figure's own module, the language's strings) are left to load
// when asked for: which of them a page needs depends on what it shows.
//
// The article cannot carry the links in its HTML: opened from disk (file://), where it runs a
// classic bundle instead, every link would be a refused module fetch and a console error. Its
// boot script (js/page/boot.js) adds them over http(s), beside its import of main.js, from a list
// stamped into it here.
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { blankComments } from './js-comments.mjs';
import { stampConstants } from './stamp.mjs';

/**
 * The relative paths a module imports statically (`import … from`, `export … from`, `import '…'`),
 * not `import('…')`.
 * @param {string} source
 */
export function staticImports(source) {
  const code = blankComments(source);
  return [
    ...code.matchAll(/(?:^|[;\n])\s*(?:import|export)\s[^;'"()]*?\sfrom\s*'(\.{1,2}\/[^']+)'/g),
    ...code.matchAll(/(?:^|[;\n])\s*import\s*'(\.{1,2}\/[^']+)'/g),
  ].map((m) => m[1]);
}

/**
 * Every module `file` imports statically, transitively (absolute paths, in the order found).
 * @param {string} file
 * @param {Set<string>} [seen]
 */
export function staticGraph(file, seen = new Set()) {
  for (const spec of staticImports(readFileSync(file, 'utf8'))) {
    const path = resolve(dirname(file), spec);
    if (!seen.has(path)) (seen.add(path), staticGraph(path, seen));
  }
  return seen;
}

/**
 * Writes the preload links of `page` (relative to out) before its first module script: the
 * modules its module scripts import, not the scripts themselves (the parser finds those).
 * @param {string} out
 * @param {string} page
 */
export async function preloadModules(out, page) {
  const file = join(out, page);
  const html = await readFile(file, 'utf8');
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((m) =>
    resolve(dirname(file), m[1]),
  );
  if (!scripts.length) throw new Error(`modulepreload: ${page} has no module script`);
  const modules = new Set();
  for (const script of scripts) staticGraph(script, modules);
  for (const script of scripts) modules.delete(script);
  const links = [...modules].map(
    (path) => `<link rel="modulepreload" href="${relative(dirname(file), path)}">`,
  );
  const first = html.indexOf('<script type="module"');
  const indent = /[ \t]*$/.exec(html.slice(0, first))?.[0] ?? '';
  await writeFile(
    file,
    html.slice(0, first) + links.map((l) => `${l}\n${indent}`).join('') + html.slice(first),
  );
}

/** The article's boot script and the module it imports. */
export const ARTICLE_BOOT = 'js/page/boot.js';
export const ARTICLE_MAIN = 'js/page/main.js';

/**
 * Stamps into the article's boot script (MODULE_PRELOADS) main.js and every module it imports
 * statically, relative to the boot script.
 * @param {string} out
 */
export async function preloadArticleModules(out) {
  const main = join(out, ARTICLE_MAIN);
  const modules = [main, ...staticGraph(main)];
  const from = dirname(join(out, ARTICLE_BOOT));
  const list = modules.map((path) => relative(from, path));
  await stampConstants(join(out, ARTICLE_BOOT), { MODULE_PRELOADS: list });
}
