// Serves dist/ (or --dir DIR) as static files on http://localhost:8080 (--port N or the PORT
// env; 0 = any free port). No COOP/COEP: the page needs no SharedArrayBuffer. --cors adds
// Access-Control-Allow-Origin: *, which a page on another origin needs to embed the figures
// (their ES modules, strings and fonts are fetched with CORS):
//   node web/serve.mjs --cors --port 8081 --dir dist
// The one static server of the project: `npm start`, the browser tests (tests/e2e, which add
// headers such as a CSP, start a second origin, or refuse some paths) and the bench (gzipped, as a
// real host answers) all start it through startServer, so every one of them serves the same types.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Content-Type by file extension: every extension dist/ holds (tests/js/web_serve.test.mjs).
 * `.wasm` must be application/wasm, or the browser cannot compile the core while it downloads.
 * @type {Readonly<Record<string, string>>}
 */
export const TYPES = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
  '.bin': 'application/octet-stream',
  '.safetensors': 'application/octet-stream',
});

/** The types a host compresses (`gzip`): text, and the core, as CDNs and static hosts do. */
const COMPRESSIBLE = /^(text\/|application\/(json|wasm|manifest\+json)|image\/svg)/;

/**
 * @typedef {object} ServeOptions
 * @property {string} dir the folder served
 * @property {number} [port] 0 = any free port
 * @property {string} [host]
 * @property {boolean | ((path: string) => boolean)} [cors] Access-Control-Allow-Origin: * on
 *   every answer, or on the answers whose URL path passes (a host configured for some files only)
 * @property {Record<string, string>} [headers] added to every found file's answer, after the
 *   defaults (a Content-Security-Policy; a Cache-Control in place of no-cache)
 * @property {(path: string) => boolean} [missing] URL paths that answer 404, as a copy that lacks them
 * @property {boolean} [gzip] compress text and the core when the browser accepts gzip
 */

/**
 * Starts the server; resolves once it listens, to the server, its address (localhost), its port
 * and close() (which also drops open connections).
 * @param {ServeOptions} options
 * @returns {Promise<{server: import('node:http').Server, url: string, port: number, close: () => Promise<void>}>}
 */
export function startServer({
  dir,
  port = 8080,
  host = '127.0.0.1',
  cors = false,
  headers = {},
  missing = () => false,
  gzip = false,
}) {
  const corsFor = typeof cors === 'function' ? cors : () => cors;
  const base = resolve(dir);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const shared = corsFor(url.pathname) ? { 'Access-Control-Allow-Origin': '*' } : {};
    try {
      if (missing(url.pathname)) throw new Error('missing');
      let file = normalize(join(base, decodeURIComponent(url.pathname)));
      if (file !== base && !file.startsWith(base + sep))
        throw Object.assign(new Error(), { code: 403 });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const info = await stat(file);
      const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
      const packed =
        gzip && COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      const body = packed ? gzipSync(await readFile(file)) : undefined;
      res.writeHead(200, {
        'Content-Type': type,
        'Content-Length': body ? body.length : info.size,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        ...(gzip ? { Vary: 'Accept-Encoding' } : {}),
        ...(body ? { 'Content-Encoding': 'gzip' } : {}),
        ...shared,
        ...headers,
      });
      if (req.method === 'HEAD') res.end();
      else if (body) res.end(body);
      else createReadStream(file).pipe(res);
    } catch (err) {
      const code = /** @type {{code?: unknown}} */ (err).code === 403 ? 403 : 404;
      res.writeHead(code, { 'Content-Type': 'text/plain; charset=utf-8', ...shared });
      res.end(code === 403 ? 'Forbidden\n' : 'Not found\n');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const { port: bound } = /** @type {import('node:net').AddressInfo} */ (server.address());
      const close = () =>
        new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done(undefined));
        });
      ok({ server, url: `http://localhost:${bound}/`, port: bound, close });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  /** @param {string} name */
  const arg = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const here = dirname(fileURLToPath(import.meta.url));
  const dir = resolve(arg('dir') ?? join(here, '..', 'dist'));
  const portText = arg('port') ?? process.env.PORT ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    console.error(`web/serve.mjs: --port ${JSON.stringify(portText)} is not a port (0–65535)`);
    process.exit(2);
  }
  const cors = process.argv.includes('--cors');
  try {
    await stat(join(dir, 'index.html'));
  } catch {
    console.error(`web/serve.mjs: ${dir}/index.html not found (run npm run build first)`);
    process.exit(2);
  }
  startServer({ dir, port, cors }).then(
    ({ url }) =>
      console.log(`Activation Lab: serving ${dir} at ${url}${cors ? ' (with CORS)' : ''}`),
    (err) => {
      console.error(`web/serve.mjs: ${err.message}`);
      process.exit(1);
    },
  );
}
