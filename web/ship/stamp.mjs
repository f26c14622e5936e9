// Build-time values written into a shipped script: each `const NAME = …;` line (exported or not,
// indented or not) of the file becomes `const NAME = <value as JSON>;`. The service worker's
// version and file lists (sw-stamp.mjs), the embeds' poster lists (pictures/posters.mjs) and the
// article's module preloads (modulepreload.mjs) are stamped this way, so the source tree keeps a
// working placeholder and the browser needs no extra request.
import { readFile, writeFile } from 'node:fs/promises';

/**
 * @param {string} path  the file, in dist/
 * @param {Record<string, unknown>} values  NAME -> its value
 */
export async function stampConstants(path, values) {
  let text = await readFile(path, 'utf8');
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^([ \\t]*)(export )?const ${name} = .*;$`, 'm');
    if (!line.test(text)) throw new Error(`${path}: no ${name} line to stamp`);
    text = text.replace(
      line,
      (_, indent, exported = '') => `${indent}${exported}const ${name} = ${JSON.stringify(value)};`,
    );
  }
  await writeFile(path, text);
}
