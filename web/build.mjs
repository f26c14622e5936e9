// Writes the static site to dist/: the web files, the two WASM modules and KaTeX's CSS and fonts.
// Math in the i18n files ($…$ inline, $$…$$ display) is typeset here, once, so the page ships no
// KaTeX JavaScript. Every URL in dist/ is relative, so it works under any sub-path.
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ship } from './ship/index.mjs';
import { shipImages } from './ship/images.mjs';
import { createProseNumbers } from './ship/numbers/fill.mjs';
import * as i18n from './js/shared/i18n.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
/** @param {string} name */
const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const out = resolve(root, arg('out') ?? 'dist');
// The modules come from the Emscripten build; WASM_DIR lets a developer point elsewhere.
const wasmDir = resolve(root, arg('wasm-dir') ?? process.env.WASM_DIR ?? 'build/wasm');
const modules = ['activation-lab.mjs', 'activation-lab-scalar.mjs'];
const katexDir = join(root, 'node_modules', 'katex', 'dist');
// ship/: build steps; the README's picture; the runs and quoted numbers the build writes into the prose
const notCopied = new Set(['build.mjs', 'serve.mjs', 'ship', 'img/readme-article.png']);
for (const input of ['data/runs', 'data/quoted.json']) notCopied.add(input);
const typesOnly = (/** @type {string} */ src) => src.endsWith('.d.ts'); // for the type checker, not the browser
// Loaded here, not by a static import: on a fresh clone without node_modules, a static import
// would fail before main() could say which package is missing and how to get it.
/** @type {typeof import('katex').default | null} */
const katex = await import('katex').then(
  (m) => m.default,
  () => null,
);
const KATEX_MISSING = 'node_modules/katex is missing (run npm ci, or npm start, which runs it)';

/** @param {string} path */
async function exists(path) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Replaces $$…$$ and $…$ by KaTeX HTML; `\$` stays a literal dollar. Throws on bad TeX.
 * @param {string} text
 */
export function typeset(text, where = '') {
  /**
   * @param {string} tex
   * @param {boolean} displayMode
   */
  const render = (tex, displayMode) => {
    if (!katex) throw new Error(KATEX_MISSING);
    try {
      return katex.renderToString(tex, { displayMode, throwOnError: true, strict: 'error' });
    } catch (err) {
      throw new Error(`${where}: ${/** @type {Error} */ (err).message}`); // KaTeX throws ParseErrors
    }
  };
  return text
    .replace(/\$\$([\s\S]+?)\$\$/g, (_, /** @type {string} */ tex) => render(tex, true))
    .replace(/(?<!\\)\$((?:\\\$|[^$])+?)\$/g, (_, /** @type {string} */ tex) => render(tex, false))
    .replace(/\\\$/g, '$');
}

/**
 * Typesets the math of every string and fills its data-run and data-quoted numbers (ship/numbers/)
 * in the language's format, so the prerendered page and the live switch read the same text.
 * @param {string} dir
 */
async function typesetI18n(dir) {
  const mod = await import(pathToFileURL(join(out, 'wasm', 'activation-lab.mjs')).href);
  const fillNumbers = createProseNumbers({ M: await mod.default() });
  for (const lang of await readdir(dir)) {
    /** @type {Record<string, Record<string, string>>} file name -> its strings */
    const tables = {};
    for (const file of await readdir(join(dir, lang)))
      if (file.endsWith('.json'))
        tables[file] = JSON.parse(await readFile(join(dir, lang, file), 'utf8'));
    i18n.useLanguage(lang);
    const language = {
      /** @type {import('./ship/numbers/fill.mjs').Translate} */
      t: (key, vars = {}) => {
        const [ns, k] = [key.slice(0, key.indexOf('.')), key.slice(key.indexOf('.') + 1)];
        const text = tables[`${ns}.json`]?.[k];
        if (text === undefined) throw new Error(`no ${lang} string ${key}`);
        return i18n.fill(text, vars, i18n.language());
      },
      num: i18n.num,
      interval: i18n.interval,
    };
    for (const [file, strings] of Object.entries(tables)) {
      const path = join(dir, lang, file);
      for (const [key, value] of Object.entries(strings)) {
        const where = `${relative(root, join(here, 'i18n', lang, file))} ${key}`;
        strings[key] = fillNumbers(typeset(value, where), where, language);
      }
      await writeFile(path, JSON.stringify(strings));
    }
  }
}

async function main() {
  const missing = [];
  for (const m of modules) if (!(await exists(join(wasmDir, m)))) missing.push(join(wasmDir, m));
  if (missing.length) {
    console.error(`web/build.mjs: missing ${missing.join(', ')} (build the WASM module first)`);
    process.exit(2);
  }
  if (!katex || !(await exists(katexDir))) {
    console.error(`web/build.mjs: ${KATEX_MISSING}`);
    process.exit(2);
  }
  await rm(out, { recursive: true, force: true });
  await cp(here, out, {
    recursive: true,
    filter: (src) => !notCopied.has(relative(here, src)) && !typesOnly(src),
  });
  await mkdir(join(out, 'wasm'), { recursive: true });
  for (const m of modules) await cp(join(wasmDir, m), join(out, 'wasm', m));
  await mkdir(join(out, 'vendor', 'katex'), { recursive: true });
  await cp(join(katexDir, 'katex.min.css'), join(out, 'vendor', 'katex', 'katex.min.css'));
  await cp(join(katexDir, 'fonts'), join(out, 'vendor', 'katex', 'fonts'), { recursive: true });
  await typesetI18n(join(out, 'i18n'));
  // Offline, file://, CSP and embedding (web/ship/): after everything else, it hashes the result.
  const shipped = await ship(out);
  console.log(
    `web/build.mjs: ${shipped.pages.pages} pages pre-rendered (preview ${shipped.pages.preview} bytes, test accuracy ReLU ${shipped.pages.accs.relu}, GELU ${shipped.pages.accs.gelu}; no-script pictures ${shipped.pages.pictures.bytes} bytes in ${shipped.pages.pictures.totalMs} ms: ${JSON.stringify(shipped.pages.pictures.ms)}); service worker ${shipped.version}, ${shipped.shell} files in the app shell`,
  );
  // After ship(), so the subset (7.85 MB) stays out of the file:// bundle and out of the hash that
  // versions the service worker; like every data file, sw.js caches it on the first fetch.
  console.log(`web/build.mjs: ${await shipImages(out)}`);
  console.log(`web/build.mjs: wrote ${relative(process.cwd(), out) || '.'}/`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`web/build.mjs: ${err.message}`);
    process.exit(1);
  });
}
