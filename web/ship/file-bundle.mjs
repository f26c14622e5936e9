// Writes dist/js/app.file.js: the whole page as ONE classic script, for dist/index.html opened
// straight from disk. Chromium refuses, on file://, module scripts, module workers and fetch()
// (the page's origin is null), but it runs classic scripts and blob: workers. So every ES module of
// dist/ (the two WASM builds too: their .wasm is already embedded as base64) becomes a function in
// a tiny CommonJS-like registry, the i18n strings and the data files the page fetches travel
// inside as text, and inside each module:
//   - `fetch` is a shim that answers the embedded files (and passes any other URL on),
//   - `Worker` is a shim that starts this same bundle in a blob: worker, running the module asked
//     for (its id travels in the worker's name, with ?engine= when the page forces a build),
//   - `import.meta.url` is the file's real URL and `import(url)` resolves to a bundled module.
// The transform is deliberately small and strict: it knows the import/export forms this project
// uses and throws at build time on anything else, so a new form cannot break file:// silently.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import { blankComments } from './js-comments.mjs';
import { LM_FILES } from '../js/shared/lm-config.js';

const SKIP = new Set(['js/page/boot.js', 'js/app.file.js', 'sw.js']);

/**
 * Every file below `dir`, as sorted '/'-separated paths relative to it.
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
export async function walk(dir, base = dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(path, base)));
    else files.push(relative(base, path).split(sep).join('/'));
  }
  return files.sort();
}

/**
 * './x.js' imported by 'js/twin/a.js' -> 'js/twin/x.js'.
 * @param {string} spec
 * @param {string} from
 */
function resolveId(spec, from) {
  if (!spec.startsWith('.'))
    throw new Error(`${from}: only relative imports can be bundled (${spec})`);
  return posix.normalize(posix.join(posix.dirname(from), spec));
}

/** `{ a, b as c }` -> `{ a, b: c }` (import) ; `[['a','a'],['c','b']]` (export list). */
const importList = (/** @type {string} */ list) => list.replace(/\s+as\s+/g, ': ');

/**
 * One ES module -> the body of a function (require, exports, meta, import, fetch, Worker). The
 * replacers' arguments are the match and its groups, strings.
 * @param {string} source
 * @param {string} id  its path in dist/
 */
export function toClassic(source, id) {
  /** @type {[string, string][]} */
  const exported = []; // [exported name, local name]
  let body = source.replace(
    /^import\s+([^'"]+?)\s+from\s+['"]([^'"]+)['"];?[ \t]*$/gm,
    (/** @type {string} */ m, /** @type {string} */ what, /** @type {string} */ spec) => {
      const dep = JSON.stringify(resolveId(spec, id));
      what = what.trim();
      if (what.startsWith('* as ')) return `const ${what.slice(5).trim()} = __al_require(${dep});`;
      if (what.startsWith('{')) return `const ${importList(what)} = __al_require(${dep});`;
      const parts = /^([\w$]+)\s*(?:,\s*(\{[^}]*\}))?$/.exec(what);
      if (!parts) throw new Error(`${id}: cannot bundle "${m.trim()}"`);
      const named = parts[2] ? `, ${importList(parts[2]).slice(1, -1)}` : '';
      return `const { default: ${parts[1]}${named} } = __al_require(${dep});`;
    },
  );
  body = body.replace(
    /^import\s+['"]([^'"]+)['"];?[ \t]*$/gm,
    (/** @type {string} */ m, /** @type {string} */ spec) =>
      `__al_require(${JSON.stringify(resolveId(spec, id))});`,
  );
  body = body.replace(
    /^export\s+default\s+((?:async\s+)?function\*?\s*([\w$]+))/gm,
    (/** @type {string} */ m, /** @type {string} */ decl, /** @type {string} */ name) => {
      exported.push(['default', name]);
      return decl;
    },
  );
  body = body.replace(
    /^export\s+default\s+([\w$]+)\s*;?[ \t]*$/gm,
    (/** @type {string} */ m, /** @type {string} */ name) => {
      exported.push(['default', name]);
      return '';
    },
  );
  body = body.replace(
    /^export\s+((?:async\s+)?function\*?|const|let|var|class)\s+([\w$]+)/gm,
    (/** @type {string} */ m, /** @type {string} */ kw, /** @type {string} */ name) => {
      exported.push([name, name]);
      return `${kw} ${name}`;
    },
  );
  body = body.replace(
    /^export\s*\{([^}]*)\}\s*;?[ \t]*$/gm,
    (/** @type {string} */ m, /** @type {string} */ list) => {
      for (const item of list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const [local, name = local] = item.split(/\s+as\s+/);
        exported.push([name, local]);
      }
      return '';
    },
  );
  body = body.replace(/\bimport\.meta\.url\b/g, '__al_meta.url');
  // Dynamic import() calls (also an arrow's body, `=> import(`), not methods named import
  // (`import({...}) {` in an object literal).
  body = body.replace(/(^|[=(,:?&|!>]\s*|\b(?:await|return)\s+)import\(/gm, '$1__al_import(');
  const left =
    /^\s*(import|export)\s+[\w{*'"]|\bimport\.meta\b/m.exec(body) ?? dynamicImportLeft(body);
  if (left)
    throw new Error(`${id}: cannot bundle "${body.slice(left.index, left.index + 60).trim()}"`);
  // Getters, defined before the body runs: live bindings, and safe for import cycles.
  const getters = exported
    .map(([name, local]) => `${JSON.stringify(name)}: () => ${local}`)
    .join(', ');
  return `'use strict'; __al_export(__al_exports, { ${getters} });\n${body}`;
}

// The registry and the shims, as source. Runs on the page (BASE from the script's own URL) and,
// unchanged, in every blob: worker (BASE passed in, the entry module read from self.name).
const RUNTIME = String.raw`
  var defs = {}, cache = {}, resources = {}, blobUrl = null;
  function bytesOf(base64) {
    var s = atob(base64), out = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  var onPage = typeof document !== 'undefined';
  var engine = new URLSearchParams(onPage ? location.search : self.name).get('engine');
  function __al_export(target, getters) {
    for (var name in getters) Object.defineProperty(target, name, { enumerable: true, get: getters[name] });
  }
  function idOf(url) {
    var href = new URL(String(url), BASE).href.replace(/[?#].*$/, '');
    return href.indexOf(BASE) === 0 ? href.slice(BASE.length) : null;
  }
  function shimFetch(input, init) {
    var id = idOf(input && input.url ? input.url : input);
    if (id !== null && Object.prototype.hasOwnProperty.call(resources, id)) {
      return Promise.resolve(new Response(resources[id], { headers: { 'Content-Type': 'application/json' } }));
    }
    return fetch(input, init);
  }
  function ShimWorker(url) {
    var id = idOf(url);
    if (!defs[id]) throw new Error('file bundle: no worker module ' + url);
    blobUrl = blobUrl || URL.createObjectURL(new Blob(['(' + alBundle.toString() + ')(' + JSON.stringify(BASE) + ');'], { type: 'text/javascript' }));
    var name = 'entry=' + encodeURIComponent(id) + (engine ? '&engine=' + encodeURIComponent(engine) : '');
    return new self.Worker(blobUrl, { name: name });
  }
  function require(id) {
    if (cache[id]) return cache[id];
    if (!defs[id]) throw new Error('file bundle: no module ' + id);
    var exports = (cache[id] = {});
    var meta = { url: new URL(id, BASE).href };
    var dynamicImport = function (spec) {
      try {
        var target = idOf(new URL(String(spec), meta.url));
        return Promise.resolve(require(target));
      } catch (err) {
        return Promise.reject(err);
      }
    };
    defs[id](require, exports, meta, dynamicImport, shimFetch, ShimWorker, __al_export);
    return exports;
  }
`;

/**
 * Writes out/js/app.file.js from the files already in out/. Returns its size in bytes.
 * @param {string} out
 */
export async function writeFileBundle(out) {
  const files = (await walk(out)).filter((f) => !SKIP.has(f) && !f.startsWith('examples/')).sort();
  const parts = [];
  for (const id of files.filter((f) => /\.m?js$/.test(f))) {
    const body = toClassic(await readFile(join(out, id), 'utf8'), id);
    parts.push(
      `defs[${JSON.stringify(id)}] = function (__al_require, __al_exports, __al_meta, __al_import, fetch, Worker, __al_export) {\n${body}\n};`,
    );
  }
  // The strings, and the data files the workers fetch (the Transformer's texts and weights): not
  // the ReLU weights, which only the CLI reads (the page's model is GELU's, LM_FILES), so that
  // the npm package does not carry them a second time.
  const cliOnly = `data/lm-relu.safetensors`;
  if (LM_FILES.pretrained === cliOnly) throw new Error(`${cliOnly} is the page's model now`);
  for (const id of files.filter(
    (f) =>
      (f.startsWith('i18n/') && f.endsWith('.json')) || (f.startsWith('data/') && f !== cliOnly),
  )) {
    // The weights are binary (safetensors): base64, decoded once to the bytes a Response serves.
    const value = id.endsWith('.safetensors')
      ? `bytesOf(${JSON.stringify((await readFile(join(out, id))).toString('base64'))})`
      : JSON.stringify(await readFile(join(out, id), 'utf8'));
    parts.push(`resources[${JSON.stringify(id)}] = ${value};`);
  }
  const entry = `if (onPage) require('js/page/main.js'); else require(new URLSearchParams(self.name).get('entry'));`;
  const text = `// Generated by web/ship/file-bundle.mjs for file:// (see there). Do not edit.
(function alBundle(BASE) {
${RUNTIME}
${parts.join('\n')}
${entry}
})(typeof document !== 'undefined' ? new URL('..', document.currentScript.src).href : undefined);
`;
  await writeFile(join(out, 'js', 'app.file.js'), text);
  return Buffer.byteLength(text);
}

/**
 * An `import(` the rewrite above missed (it would fail at run time, from disk only), ignoring
 * comments (JSDoc types name modules) and methods named import; null when there is none.
 * @param {string} body
 * @returns {{index: number} | null}
 */
function dynamicImportLeft(body) {
  const code = blankComments(body);
  for (const m of code.matchAll(/(^|[^\w$.])import\(/gm)) {
    const lineStart = code.lastIndexOf('\n', m.index) + 1;
    const end = code.indexOf('\n', m.index);
    const line = code.slice(lineStart, end < 0 ? undefined : end);
    if (/^\s*(async\s+)?import\(.*\)\s*\{\s*$/.test(line)) continue; // a method definition
    return { index: m.index + m[1].length };
  }
  return null;
}
