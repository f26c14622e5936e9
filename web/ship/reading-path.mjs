// The words a reader meets on the article's reading path: the prose of <main> outside figures,
// "More detail" asides (<details>, <aside>), the contents (<nav>), scripts and KaTeX's MathML, and
// the stretches of those words between two figures. A word is a whitespace-separated token with
// a letter or digit (the editors' own counter, outside the repository, counts the same way).
// Used at build time for the reading time (toc.mjs) and by the e2e budget test.

const SKIP = new Set([
  'details',
  'aside',
  'nav',
  'header',
  'footer',
  'script',
  'style',
  'template',
]);
SKIP.add('noscript');
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta']);
for (const tag of ['source', 'track', 'wbr']) VOID.add(tag);

/** @param {string} text */
const decode = (text) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#\d+|#x[\da-f]+|[a-z]+);/gi, '&')
    .replace(/\s+/g, ' ');

/** @param {string} text */
export const countWords = (text) =>
  decode(text)
    .split(' ')
    .filter((w) => /[\p{L}\p{N}_]/u.test(w)).length;

/**
 * @param {string} html  a built page (or any HTML: only its <main> counts, when it has one)
 * @returns {{total: number, stretches: number[], figures: number}}
 */
export function readingPath(html) {
  const main = /<main\b[\s\S]*?<\/main>/.exec(html)?.[0] ?? html;
  /** @type {{kind: string, tag: string}[]} */
  const stack = [];
  const stretches = [0];
  let total = 0;
  const skipping = () =>
    stack.some((e) => SKIP.has(e.kind) || e.kind === 'figure' || e.kind === 'mathml');
  const token = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g;
  for (const [, close, name, attrs, text] of main.matchAll(token)) {
    if (text !== undefined) {
      if (skipping()) continue;
      const n = countWords(text);
      total += n;
      stretches[stretches.length - 1] += n;
    } else if (name && close) {
      const tag = name.toLowerCase();
      for (let i = stack.length - 1; i >= 0; i--)
        if (stack[i].tag === tag) {
          stack.length = i;
          break;
        }
    } else if (name) {
      const tag = name.toLowerCase();
      if (VOID.has(tag) || /\/\s*$/.test(attrs)) continue;
      const kind = /class="[^"]*katex-mathml/.test(attrs) ? 'mathml' : tag;
      if (tag === 'figure' && !skipping()) stretches.push(0);
      stack.push({ kind, tag });
    }
  }
  return { total, stretches, figures: stretches.length - 1 };
}

/** Silent reading speed, words per minute, for the estimate in the contents. */
export const WORDS_PER_MINUTE = 230;

/** @param {string} html */
export const readingMinutes = (html) =>
  Math.max(1, Math.round(readingPath(html).total / WORDS_PER_MINUTE));
