// Serves dist/ (or --dir DIR) as static files on http://localhost:8080 (--port N or the PORT
// env; 0 = any free port). No COOP/COEP: the page needs no SharedArrayBuffer. --cors adds
// Access-Control-Allow-Origin: *, which a page on another origin needs to embed the figures
// (their ES modules, strings and fonts are fetched with CORS):
//   node web/serve.mjs --cors --port 8081 --dir dist
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @type {Record<string, string>} */
const TYPES = {
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
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Starts the server; resolves to { server, url } once it listens.
 * @param {{dir: string, port?: number, host?: string, cors?: boolean}} options
 * @returns {Promise<{server: import('node:http').Server, url: string}>}
 */
export function startServer({ dir, port = 8080, host = '127.0.0.1', cors = false }) {
  const shared = cors ? { 'Access-Control-Allow-Origin': '*' } : {};
  const base = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep))
        throw Object.assign(new Error(), { code: 403 });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const info = await stat(file);
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': info.size,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        ...shared,
      });
      if (req.method === 'HEAD') res.end();
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
      ok({ server, url: `http://localhost:${bound}/` });
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
