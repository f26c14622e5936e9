// The shipping steps of `node web/build.mjs`, run on dist/ once the web files, modules and KaTeX
// are in place (see each module for why): CSS for CSP and shadow roots, the article's HTML per
// language (prerender.mjs), the file:// bundle, and
// last the service worker's version and app-shell list, so the version hashes the final files.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { embedCss, katexFonts, styleAttributesToClasses } from './styles.mjs';
import { walk, writeFileBundle } from './file-bundle.mjs';
import { prerender } from './prerender.mjs';
import { PREVIEW } from './preview.mjs';
import { PICTURE_DIR } from './pictures/index.mjs';

/**
 * Files the service worker precaches: the app shell, what the page and the embeds load over
 * http before a figure asks for its data. data/ is not in it (5 MB of texts, weights and images):
 * sw.js caches each data file the first time a figure fetches it, so a reader pays only for the
 * figures they open, and those still work offline afterwards.
 * @param {string} file
 * @param {string[]} fonts  the KaTeX font files the page uses
 */
function isShell(file, fonts) {
  if (file === 'sw.js' || file === 'js/app.file.js' || file === PREVIEW.path) return false;
  if (file.startsWith('examples/') || file.startsWith('data/')) return false;
  if (file.startsWith(`${PICTURE_DIR}/`)) return false; // for readers without JavaScript only
  if (file.startsWith('vendor/katex/fonts/')) return fonts.includes(file);
  return !file.endsWith('.md');
}

/** @param {string} out  the dist/ folder */
export async function ship(out) {
  const styles = await styleAttributesToClasses(out);
  const fonts = await katexFonts(out);
  await embedCss(out);
  const pages = await prerender(out); // after the strings' styles became classes

  const bundle = await writeFileBundle(out);
  const files = await walk(out);
  const hash = createHash('sha256');
  for (const file of files.filter((f) => f !== 'sw.js'))
    hash.update(file).update(await readFile(join(out, file)));
  const version = hash.digest('hex').slice(0, 12);
  const shell = files.filter((f) => isShell(f, fonts));
  const swPath = join(out, 'sw.js');
  const sw = (await readFile(swPath, 'utf8'))
    .replace(/^const VERSION = .*;$/m, `const VERSION = ${JSON.stringify(version)};`)
    .replace(/^const SHELL = .*;$/m, `const SHELL = ${JSON.stringify(shell)};`);
  if (!sw.includes(version)) throw new Error('web/sw.js: no VERSION line to stamp');
  await writeFile(swPath, sw);
  return { version, shell: shell.length, styles, fonts: fonts.length, bundle, pages };
}
