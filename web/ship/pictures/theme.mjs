// The page's colours for the no-script pictures: the same CSS variables the canvas plots read
// (web/css/article.css, light and dark), copied into each SVG's <style>, so a picture follows the
// reader's colour scheme as the live figure does. Nothing is typed twice: the values are the
// stylesheet's.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The custom properties of the first `:root { … }` block in css.
 * @param {string} css
 */
function rootVariables(css) {
  const block = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return [...block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)]
    .map(([, name, value]) => `${name}:${value.replace(/\s+/g, ' ').trim()}`)
    .join(';');
}

/**
 * The <style> text of a picture, from dist/css/article.css and lm.css.
 * @param {string} out  the dist/ folder
 */
export async function pictureStyle(out) {
  // lm.css adds the FFN variants' colours (SwiGLU, the gated ones of Shazeer 2020, ReLU²).
  const sheets = await Promise.all(
    ['article.css', 'lm.css'].map((f) => readFile(join(out, 'css', f), 'utf8')),
  );
  const darkOf = (/** @type {string} */ css) =>
    /@media \(prefers-color-scheme: dark\)\s*\{([\s\S]*?\})\s*\}/.exec(css)?.[1] ?? '';
  const light = sheets.map(rootVariables).filter(Boolean).join(';');
  if (!light.includes('--c-gelu')) throw new Error('pictures: no colours in css/article.css :root');
  const dark = sheets
    .map((css) => rootVariables(darkOf(css)))
    .filter(Boolean)
    .join(';');
  return `svg{${light}}@media (prefers-color-scheme: dark){svg{${dark}}}`;
}

/** The plots' theme, every colour a CSS variable that the picture's <style> defines. */
/** @type {import('../../js/shared/types').Theme} */
export const PICTURE_THEME = {
  fg: 'var(--fg)',
  soft: 'var(--fg-soft)',
  rule: 'var(--rule)',
  bg: 'var(--bg)',
  bgSoft: 'var(--bg-soft)',
  sans: 'var(--sans)',
  mono: 'var(--mono)',
  class0: 'var(--c-class0)',
  class1: 'var(--c-class1)',
  color: (name) => `var(--c-${name.replace(/_/g, '-')}, var(--fg))`,
};
