// `npm run release` (after the site's build, `bash wasm/build.sh --site && node web/build.mjs`:
// no compiler for test binaries): what a blogger uploads, in build/release/:
//   activation-lab-VERSION/             dist/ as one self-contained folder: upload it to any
//                                       static host, under any path (every URL in it is relative);
//   activation-lab-VERSION.zip          the same folder, zipped;
//   activation-lab-VERSION.zip.sha256   its checksum, as `sha256sum -c` reads it;
//   activation-lab-VERSION.tgz          the npm package (`npm pack`), for `npm publish` or a CDN.
// Options (for the tests): --dist DIR (default dist/), --out DIR (default build/release/),
// --no-pack (no tarball).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeZip } from './encode.mjs';
import { walk } from './file-bundle.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** @param {string} flag */
const arg = (flag) => {
  const i = process.argv.indexOf(`--${flag}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const dist = resolve(arg('dist') ?? join(root, 'dist'));
const out = resolve(arg('out') ?? join(root, 'build', 'release'));
const pack = !process.argv.includes('--no-pack');
const { name, version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const folder = `${name}-${version}`;
const shown = (/** @type {string} */ path) => relative(process.cwd(), path) || '.';

try {
  await stat(join(dist, 'activation-lab.js'));
} catch {
  console.error(
    `web/ship/release.mjs: ${shown(dist)}/activation-lab.js not found (build the site)`,
  );
  process.exit(2);
}
await mkdir(out, { recursive: true });
// The folder: a fresh copy, so a file dropped from dist/ since the last release is gone from it.
await rm(join(out, folder), { recursive: true, force: true });
await cp(dist, join(out, folder), { recursive: true });
const entries = [];
for (const file of await walk(dist))
  entries.push({ name: `${folder}/${file}`, data: await readFile(join(dist, file)) });
const zip = encodeZip(entries);
const zipName = `${folder}.zip`;
await writeFile(join(out, zipName), zip);
const sum = createHash('sha256').update(zip).digest('hex');
await writeFile(join(out, `${zipName}.sha256`), `${sum}  ${zipName}\n`);
/** @param {number} n */
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`${shown(join(out, folder))}/: ${entries.length} files, to upload as it is`);
console.log(`${shown(join(out, zipName))}: ${kb(zip.length)}, sha256 ${sum}`);
if (pack) {
  // dist/ is fresh (the site was built first), so prepack's build is skipped here.
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], {
      cwd: root,
      encoding: 'utf8',
    }),
  )[0];
  console.log(
    `${shown(join(out, packed.filename))}: ${packed.entryCount} files, ${kb(packed.size)} (${kb(packed.unpackedSize)} unpacked)`,
  );
}
