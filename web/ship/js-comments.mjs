// The build reads JavaScript sources for what they import (modulepreload.mjs, file-bundle.mjs);
// what a comment says (a JSDoc type names a module, an old import is commented out) must not
// count. Comments become spaces, so every offset and line of the code stays where it was.

/**
 * `source` with its block comments and line comments (not a `//` inside a string or after a
 * colon, as in a URL) blanked.
 * @param {string} source
 */
export function blankComments(source) {
  const blank = (/** @type {string} */ text) => text.replace(/[^\n]/g, ' ');
  return source
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/(^|[^:'"`])\/\/.*$/gm, (all, before) => before + blank(all.slice(before.length)));
}
