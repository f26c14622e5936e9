// `npm run release` (web/ship/release.mjs) on a small stand-in for dist/ (no build, no WASM): the
// versioned folder holds dist/ as it is, the zip holds that folder, and the checksum file is the
// zip's sha256 in `sha256sum -c`'s format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { walk } from '../../web/ship/file-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const release = join(root, 'web', 'ship', 'release.mjs');

/**
 * The entries of a ZIP archive (its central directory), each with its inflated bytes.
 * @param {Buffer} zip
 * @returns {Map<string, Buffer>}
 */
function unzip(zip) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'an end-of-central-directory record');
  const count = zip.readUInt16LE(end + 10);
  const files = new Map();
  for (let at = zip.readUInt32LE(end + 16), i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, 'a central directory entry');
    const [method, packed, nameLength, extra, comment] = [10, 20, 28, 30, 32].map((o) =>
      o === 20 ? zip.readUInt32LE(at + o) : zip.readUInt16LE(at + o),
    );
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + packed);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

test('release.mjs writes the versioned folder, its zip and the zip checksum', async () => {
  const tmp = await mkdtemp(join(tmpdir(), 'al-release-'));
  try {
    const dist = join(tmp, 'dist');
    const out = join(tmp, 'out');
    /** @type {Record<string, string>} */
    const files = {
      'activation-lab.js': 'export {};\n',
      'index.html': '<!doctype html><title>lab</title>\n',
      'hugo/activation-lab.html': '{{/* shortcode */}}\n',
      'wasm/activation-lab.mjs': 'x'.repeat(5000),
    };
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(dist, name)), { recursive: true });
      await writeFile(join(dist, name), text);
    }
    // A stale file of an earlier release in the folder: the new release does not carry it.
    const { name, version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    const folder = `${name}-${version}`;
    await mkdir(join(out, folder), { recursive: true });
    await writeFile(join(out, folder, 'stale.js'), '');
    execFileSync('node', [release, '--dist', dist, '--out', out, '--no-pack'], { stdio: 'pipe' });

    assert.deepEqual(
      (await readdir(out)).sort(),
      [folder, `${folder}.zip`, `${folder}.zip.sha256`].sort(),
    );
    assert.match(folder, new RegExp(`^activation-lab-${version.replaceAll('.', '\\.')}$`));
    assert.deepEqual(await walk(join(out, folder)), Object.keys(files).sort());
    for (const [file, text] of Object.entries(files))
      assert.equal(await readFile(join(out, folder, file), 'utf8'), text, file);

    const zip = await readFile(join(out, `${folder}.zip`));
    const entries = unzip(zip);
    assert.deepEqual(
      [...entries.keys()].sort(),
      Object.keys(files)
        .map((f) => `${folder}/${f}`)
        .sort(),
    );
    for (const [file, text] of Object.entries(files))
      assert.equal(entries.get(`${folder}/${file}`)?.toString('utf8'), text, file);

    const sum = createHash('sha256').update(zip).digest('hex');
    assert.equal(
      await readFile(join(out, `${folder}.zip.sha256`), 'utf8'),
      `${sum}  ${folder}.zip\n`,
    );
    // The checksum tool itself agrees, where it is installed.
    try {
      execFileSync('sha256sum', ['-c', `${folder}.zip.sha256`], { cwd: out, stdio: 'pipe' });
    } catch (err) {
      if (/** @type {{code?: string}} */ (err).code !== 'ENOENT') throw err;
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});

test('release.mjs without a built site says what to build, and writes nothing', async () => {
  const tmp = await mkdtemp(join(tmpdir(), 'al-release-'));
  try {
    const run = () =>
      execFileSync('node', [release, '--dist', join(tmp, 'none'), '--out', join(tmp, 'out')], {
        stdio: 'pipe',
        encoding: 'utf8',
      });
    assert.throws(run, (/** @type {{status: number, stderr: string}} */ err) => {
      assert.equal(err.status, 2);
      assert.match(err.stderr, /activation-lab\.js not found \(build the site\)/);
      return true;
    });
    assert.deepEqual(await readdir(tmp), []);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});
