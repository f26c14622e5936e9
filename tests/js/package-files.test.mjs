// What `npm publish` would send (`npm pack --dry-run`, the same file list): only what package.json's
// `files` names, and everything a user of the package reaches: the site (dist/, the Hugo shortcode
// and Jekyll include among it), the module and its types, the CLI and every module it imports.
// Needs a built dist/ (npm test builds it first); skipped, with a message, without one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const built = existsSync(join(root, 'dist', 'activation-lab.js'));

/** The package's file list, as npm computes it (no prepack build: dist/ is already there). */
const packedFiles = () =>
  JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
    }),
  )[0].files.map((/** @type {{path: string}} */ f) => f.path);

/**
 * Does `file` fall under `entry` of package.json's `files` (a folder/ or a glob with *)?
 * @param {string} entry
 * @param {string} file
 */
const matches = (entry, file) =>
  entry.endsWith('/')
    ? file.startsWith(entry)
    : new RegExp(`^${entry.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`).test(file);
const named = (/** @type {string} */ file) => pkg.files.some((e) => matches(e, file));

test(
  'npm pack: the files package.json names, and all a user of the package reaches',
  {
    skip: built ? false : 'dist/ is not built (node web/build.mjs): nothing to pack',
  },
  () => {
    const files = packedFiles();
    // npm adds package.json, the README and the licence on its own.
    const stray = files.filter((f) => !named(f) && !/^(package\.json|README\.md|LICENSE)$/.test(f));
    assert.deepEqual(stray, [], 'files outside package.json `files`');
    for (const entry of pkg.files)
      assert.ok(
        files.some((f) => matches(entry, f)),
        `package.json files: ${entry} matches nothing`,
      );
    const targets = [
      pkg.main,
      pkg.types,
      ...Object.values(pkg.bin),
      ...Object.values(pkg.exports).flatMap((e) =>
        typeof e === 'string' ? [e] : Object.values(e),
      ),
    ]
      .filter((t) => !t.includes('*'))
      .map((t) => posix.normalize(t));
    const required = [
      ...targets,
      'LICENSE',
      'dist/index.html',
      'dist/embed.html',
      'dist/activation-lab.js',
      'dist/activation-lab-fallback.js',
      'dist/wasm/activation-lab.mjs',
      'dist/wasm/activation-lab-scalar.mjs',
      'dist/hugo/activation-lab.html',
      'dist/jekyll/activation-lab.html',
    ];
    for (const file of required) assert.ok(files.includes(file), `the package lacks ${file}`);
    // The CLI's own modules: every relative import of a packed wasm/ file is packed too.
    for (const file of files.filter((f) => /^wasm\/.*\.mjs$/.test(f))) {
      const source = readFileSync(join(root, file), 'utf8');
      for (const [, spec] of source.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)) {
        const target = posix.normalize(posix.join(posix.dirname(file), spec));
        if (!target.startsWith('dist/'))
          assert.ok(files.includes(target), `${file} imports ${spec}, which is not packed`);
      }
    }
    // Nothing points at a repository or home page that does not exist yet (web/README.md says
    // what to fill in when the package goes out).
    for (const key of ['repository', 'homepage', 'bugs'])
      assert.ok(!JSON.stringify(pkg[key] ?? '').includes('example'), `${key}: a placeholder`);
  },
);
