// The shipping steps of `node web/build.mjs`, run on dist/ once the web files, modules and KaTeX
// are in place (see each module for why): CSS for CSP and shadow roots, the article's HTML per
// language (prerender.mjs), the embed page's and the article's module preloads (modulepreload.mjs),
// the file:// bundle, and last the service worker's version, app-shell list and file hashes
// (sw-stamp.mjs), so they hash the final files.
import { bundlePageCss, embedCss, katexFonts, styleAttributesToClasses } from './styles.mjs';
import { writeFileBundle } from './file-bundle.mjs';
import { siteHashes, stampServiceWorker } from './sw-stamp.mjs';
import { prerender } from './prerender.mjs';
import { PREVIEW } from './preview.mjs';
import { PICTURE_DIR } from './pictures/index.mjs';
import { writeSplitModules } from './wasm-split.mjs';
import { preloadArticleModules, preloadModules } from './modulepreload.mjs';
import { BUILDS, buildFiles } from '../js/shared/core.js';

// The single-file modules: for Node, the CLI and file:// (whose bundle holds them); a page over
// http loads the glue and .wasm that wasm-split.mjs writes beside them.
const SINGLE_FILES = Object.values(BUILDS).map((build) => `wasm/${buildFiles(build).single}`);

/**
 * Files the service worker precaches: the app shell, what the page and the embeds load over
 * http before a figure asks for its data. data/ is not in it (5 MB of texts, weights and images):
 * sw.js caches each data file the first time a figure fetches it, so a reader pays only for the
 * figures they open, and those still work offline afterwards.
 * @param {string} file
 * @param {string[]} fonts  the KaTeX font files the page uses
 * @param {string[]} bundled  the page's own sheets, which only css/page.css and css/embed.css
 *   hold now (KaTeX's is not among them: the embeds' shadow roots still link it)
 */
function isShell(file, fonts, bundled) {
  if (bundled.includes(file) || SINGLE_FILES.includes(file)) return false;
  if (file === 'sw.js' || file === 'js/app.file.js' || file === PREVIEW.path) return false;
  if (file.startsWith('examples/') || file.startsWith('data/')) return false;
  // For blogs: their builds' templates, and the script of a page that frames the figures
  if (file.startsWith('hugo/') || file.startsWith('jekyll/')) return false;
  if (file === 'activation-lab-frames.js') return false;
  // for readers without JavaScript, and the embeds' pictures while they load (not offline)
  if (file.startsWith(`${PICTURE_DIR}/`)) return false;
  if (file.startsWith('vendor/katex/fonts/')) return fonts.includes(file);
  return !file.endsWith('.md');
}

/** @param {string} out  the dist/ folder */
export async function ship(out) {
  const styles = await styleAttributesToClasses(out);
  const fonts = await katexFonts(out);
  const sheets = await bundlePageCss(out); // before prerender: dist/index.html is its template
  await embedCss(out, sheets);
  const bundled = sheets.filter((s) => s.startsWith('css/'));
  const pages = await prerender(out); // after the strings' styles became classes
  await preloadModules(out, 'embed.html');
  await preloadArticleModules(out);

  const bundle = await writeFileBundle(out); // (before the split modules: file:// needs neither)
  await writeSplitModules(out);
  const { files, version, hashes } = await siteHashes(out);
  const shell = files.filter((f) => isShell(f, fonts, bundled));
  await stampServiceWorker(out, { VERSION: version, SHELL: shell, FILES: hashes });
  return { version, shell: shell.length, styles, fonts: fonts.length, bundle, pages };
}
