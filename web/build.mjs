// Writes the static site to dist/: the web files, the two WASM modules and KaTeX's CSS and fonts.
// Math in the i18n files ($…$ inline, $$…$$ display) is typeset here, once, so the page ships no
// KaTeX JavaScript. Every URL in dist/ is relative, so it works under any sub-path.
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ship } from './ship/index.mjs';
import { shipImages } from './ship/images.mjs';

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
const notCopied = new Set(['build.mjs', 'serve.mjs', 'ship', 'img/readme-article.png']); // ship/: build steps; the README's picture
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

/** @param {string} dir */
async function typesetI18n(dir) {
  for (const lang of await readdir(dir)) {
    for (const file of await readdir(join(dir, lang))) {
      if (!file.endsWith('.json')) continue;
      const path = join(dir, lang, file);
      const strings = JSON.parse(await readFile(path, 'utf8'));
      for (const [key, value] of Object.entries(strings)) {
        strings[key] = typeset(value, `${relative(root, path)} ${key}`);
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
  // After ship(): the service worker does not precache the images (the page does not use them yet).
  console.log(`web/build.mjs: ${await shipImages(out)}`);
  console.log(`web/build.mjs: wrote ${relative(process.cwd(), out) || '.'}/`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`web/build.mjs: ${err.message}`);
    process.exit(1);
  });
}
