// web/serve.mjs, the one static server (npm start, the browser tests, the bench): its type table
// covers every file extension of the built dist/, the core is application/wasm, and its options
// (headers, CORS on some paths, missing paths, gzip) answer as the tests that use them expect.
// No other file of the project starts an HTTP server of its own.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { TYPES, startServer } from '../../web/serve.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');

/** Every file under dir (relative paths), skipping the folders named in `skip`. */
function walk(dir, skip = new Set()) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)))
    .filter((p) => !p.split(/[\\/]/).some((part) => skip.has(part)));
}

test('dist/ is built', () => assert.ok(existsSync(join(dist, 'index.html')), 'run npm run build'));

test('the type table names every file extension dist/ holds; the core is application/wasm', () => {
  const files = walk(dist);
  const unknown = [...new Set(files.map((f) => extname(f).toLowerCase()))].filter(
    (ext) => !(ext in TYPES),
  );
  assert.deepEqual(unknown, [], `web/serve.mjs TYPES lacks ${unknown.join(', ')}`);
  assert.ok(
    files.some((f) => f.endsWith('.wasm')),
    'dist/ holds the core',
  );
  assert.equal(TYPES['.wasm'], 'application/wasm');
});

let plain, partial, packed;
before(async () => {
  plain = await startServer({ dir: dist, port: 0, headers: { 'Content-Security-Policy': 'x' } });
  partial = await startServer({
    dir: dist,
    port: 0,
    cors: (path) => !path.startsWith('/wasm/'),
    missing: (path) => path === '/index.html',
  });
  packed = await startServer({ dir: dist, port: 0, gzip: true });
});
after(async () => Promise.all([plain, partial, packed].map((s) => s?.close())));

/**
 * A GET as sent (fetch would decode the answer and normalize the path).
 * @returns {Promise<{status: number | undefined, headers: import('node:http').IncomingHttpHeaders, body: Buffer}>}
 */
const rawGet = (url, headers = {}) =>
  new Promise((ok, fail) =>
    get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', fail),
  );

const wasmPath = () => `wasm/${readdirSync(join(dist, 'wasm')).find((f) => f.endsWith('.wasm'))}`;

test('a served file: its type, its length, the added headers; outside the folder: 403', async () => {
  const path = wasmPath();
  const res = await fetch(`${plain.url}${path}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/wasm');
  assert.equal(res.headers.get('content-security-policy'), 'x');
  assert.equal(res.headers.get('access-control-allow-origin'), null);
  const body = Buffer.from(await res.arrayBuffer());
  assert.ok(body.equals(readFileSync(join(dist, path))));
  const index = await fetch(plain.url);
  assert.equal(index.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal((await fetch(`${plain.url}no-such-file.js`)).status, 404);
  assert.equal((await rawGet(`${plain.url}..%2fpackage.json`)).status, 403);
});

test('cors and missing by path: a host configured for some files only', async () => {
  const js = await fetch(`${partial.url}activation-lab.js`, { method: 'HEAD' });
  assert.equal(js.headers.get('access-control-allow-origin'), '*');
  const core = await fetch(`${partial.url}${wasmPath()}`, { method: 'HEAD' });
  assert.equal(core.status, 200);
  assert.equal(core.headers.get('access-control-allow-origin'), null);
  const gone = await fetch(`${partial.url}index.html`);
  assert.equal(gone.status, 404);
  assert.equal(gone.headers.get('access-control-allow-origin'), '*');
});

test('gzip: text and the core compressed when accepted, fonts as they are', async () => {
  const path = wasmPath();
  const raw = (p, encoding) => rawGet(`${packed.url}${p}`, { 'Accept-Encoding': encoding });
  const zipped = await raw(path, 'gzip, br');
  assert.equal(zipped.headers['content-encoding'], 'gzip');
  assert.equal(zipped.headers['content-type'], 'application/wasm');
  assert.ok(gunzipSync(zipped.body).equals(readFileSync(join(dist, path))));
  const asked = await raw(path, 'identity');
  assert.equal(asked.headers['content-encoding'], undefined);
  const font = walk(dist).find((f) => f.endsWith('.woff2'));
  assert.ok(font);
  assert.equal((await raw(font, 'gzip')).headers['content-encoding'], undefined);
});

test('web/serve.mjs is the only HTTP server the project starts', () => {
  const skip = new Set(['node_modules', 'build', 'dist', '.git']);
  const starters = ['web', 'tests', 'wasm']
    .flatMap((d) => walk(join(root, d), skip).map((f) => join(d, f)))
    .filter((f) => /\.(m?js)$/.test(f) && !f.endsWith('web_serve.test.mjs'))
    .filter((f) => /\bcreateServer\b/.test(readFileSync(join(root, f), 'utf8')));
  assert.deepEqual(starters, [join('web', 'serve.mjs')]);
});
