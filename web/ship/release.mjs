// `npm run release` (after `npm run build`): what to publish, in build/release/:
//   activation-lab-VERSION.zip  the site, dist/ as one folder: unzip, upload to any static host;
//   activation-lab-VERSION.tgz  the npm package (`npm pack`), for `npm publish` or a CDN.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeZip } from './encode.mjs';
import { walk } from './file-bundle.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const dist = join(root, 'dist');
const out = join(root, 'build', 'release');
const { name, version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const folder = `${name}-${version}`;

await mkdir(out, { recursive: true });
const entries = [];
for (const file of await walk(dist))
  entries.push({ name: `${folder}/${file}`, data: await readFile(join(dist, file)) });
const zip = encodeZip(entries);
await writeFile(join(out, `${folder}.zip`), zip);
// The package: dist/ is fresh (npm run build ran first), so prepack's build is skipped here.
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], {
    cwd: root,
    encoding: 'utf8',
  }),
)[0];
/** @param {number} n */
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`build/release/${folder}.zip: ${entries.length} files, ${kb(zip.length)}`);
console.log(
  `build/release/${packed.filename}: ${packed.entryCount} files, ${kb(packed.size)} (${kb(packed.unpackedSize)} unpacked)`,
);
