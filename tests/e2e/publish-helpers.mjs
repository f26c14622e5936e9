// For publish.test.mjs: web/README.md's embedding snippets (a test fixture: the tests run exactly
// what it prints), the npm package packed and unpacked as an npm CDN lays it out, and a
// cumulative-layout-shift probe.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dist } from './helpers.mjs';

export const root = resolve(dist, '..');
export const CDN = 'https://cdn.jsdelivr.net';

/** Where the snippets and tables for bloggers live: embedding, hosting, CSP, heights. */
const EMBEDDING = 'web/README.md';

/** The fenced block after `<!-- fixture: name … -->` in web/README.md. */
export async function readmeFixture(name, file = EMBEDDING) {
  const readme = await readFile(join(root, file), 'utf8');
  const m = new RegExp(
    `<!-- fixture: ${name}(?=\\s)[^>]*-->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``,
  ).exec(readme);
  if (!m) throw new Error(`${file}: no fixture ${name}`);
  return m[1];
}

/** The rows of the Markdown table after `<!-- fixture: name … -->`, as arrays of cell texts. */
export async function readmeTable(name, file = EMBEDDING) {
  const readme = await readFile(join(root, file), 'utf8');
  const at = readme.indexOf(`<!-- fixture: ${name} `);
  if (at < 0) throw new Error(`${file}: no fixture ${name}`);
  const lines = readme.slice(at).split('\n').slice(1);
  const rows = [];
  for (const line of lines.slice(lines.findIndex((l) => l.startsWith('|')))) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows.slice(2); // after the header and the |---| line
}

/** README.md's text. */
export const readme = () => readFile(join(root, 'README.md'), 'utf8');

/**
 * `npm pack` of the checkout (dist/ is fresh: npm test built it, so prepack's build is skipped),
 * unpacked at <tmp>/cdn/npm/NAME@VERSION/ as an npm CDN serves it.
 */
export async function packForCdn() {
  const tmp = await mkdtemp(join(tmpdir(), 'al-pack-'));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], {
      cwd: root,
      encoding: 'utf8',
    }),
  );
  const { name, version } = packed;
  const cdnRoot = join(tmp, 'cdn');
  const unpacked = join(cdnRoot, 'npm', `${name}@${version}`);
  await mkdir(unpacked, { recursive: true });
  execFileSync('tar', ['-xzf', join(tmp, packed.filename), '-C', unpacked, '--strip-components=1']);
  return {
    tmp,
    packed,
    tarball: join(tmp, packed.filename),
    cdnRoot,
    path: `npm/${name}@${version}/`,
    remove: () => rm(tmp, { recursive: true, force: true }),
  };
}

/** Starts recording layout shifts (call before goto); cls(page) then sums them. */
export async function watchShifts(page) {
  await page.addInitScript(() => {
    window.__alShifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__alShifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
export const cls = (page) => page.evaluate(() => window.__alShifts.reduce((s, v) => s + v, 0));
