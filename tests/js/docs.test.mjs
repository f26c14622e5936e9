// The documents (issue 65): README.md is a front page (one screen of what it is, the two commands
// and the embed snippets early, links that resolve), its short answer is the page's summary, its
// snippets are web/README.md's tested fixtures, and no Markdown file carries a dated measurement
// (documents state goals and the command that measures them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (/** @type {string} */ path) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const lines = readme.split('\n');

const MAX_LINES = 250;
const SNIPPETS_WITHIN = 80;
const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December';
const DATED = [
  new RegExp(`\\b[Oo]n \\d{1,2} (${MONTHS})\\b`),
  new RegExp(`\\b\\d{1,2} (${MONTHS}) 20\\d\\d\\b`),
  new RegExp(`\\b(${MONTHS}) \\d{1,2}, 20\\d\\d\\b`),
];

/** The fenced block after `<!-- marker … -->` in `text`, or undefined. */
function blockAfter(text, marker) {
  const m = new RegExp(`<!-- ${marker}(?=\\s)[^>]*-->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(
    text,
  );
  return m?.[1];
}

test(`README.md is a front page of at most ${MAX_LINES} lines`, () => {
  assert.ok(lines.length <= MAX_LINES, `README.md has ${lines.length} lines`);
});

test('README.md gives the two commands', () => {
  for (const command of ['npm start', 'npm test']) {
    assert.match(readme, new RegExp(`^${command}\\b`, 'm'), `a line starting with ${command}`);
  }
});

test(`README.md's embed snippets are web/README.md's fixtures, within its first ${SNIPPETS_WITHIN} lines`, () => {
  const web = read('web/README.md');
  const top = lines.slice(0, SNIPPETS_WITHIN).join('\n');
  for (const name of ['cdn-embed', 'iframe', 'iframe-resize']) {
    const fixture = blockAfter(web, `fixture: ${name}`);
    assert.ok(fixture, `web/README.md has the fixture ${name}`);
    const shown = blockAfter(top, `same as web/README.md's fixture: ${name}`);
    assert.ok(
      shown !== undefined,
      `README.md shows ${name} within its first ${SNIPPETS_WITHIN} lines`,
    );
    assert.equal(shown, fixture, `README.md's ${name} snippet is web/README.md's`);
  }
  assert.match(top, /<activation-lab-\w/, 'a one-tag embed');
  assert.match(top, /<iframe /, 'an iframe embed');
});

/** Text without Markdown emphasis, whitespace collapsed. */
const plain = (/** @type {string} */ s) => s.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();

test("README.md's short answer is the page's summary (web/i18n/en/intro.json)", () => {
  const { summary } = JSON.parse(read('web/i18n/en/intro.json'));
  const expected = plain(
    summary
      .replace(/\s*<a [^>]*>\[\d+\]<\/a>/g, '') // citation marks: the page's reference list
      .replace(/<[^>]+>/g, '') // the other links and emphasis keep their text
      .replace(/&amp;/g, '&')
      .replace(/&nbsp;/g, ' '),
  );
  const paragraph = readme.split(/\n\s*\n/).find((p) => p.startsWith('**The short answer.**'));
  assert.ok(paragraph, 'README.md has a paragraph starting with **The short answer.**');
  assert.equal(plain(paragraph.replace('**The short answer.**', '')), expected);
});

test('every relative link and image of README.md resolves to a file', () => {
  const targets = [...readme.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  assert.ok(targets.length > 0);
  for (const target of targets) {
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
    const path = decodeURIComponent(target.split('#')[0]);
    assert.ok(existsSync(join(root, path)), `README.md links to ${target}: no such file`);
  }
});

test('no tracked Markdown file outside tests/fixtures holds a dated measurement', () => {
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\n')
    .filter((f) => f && !f.startsWith('tests/fixtures/') && existsSync(join(root, f)));
  assert.ok(files.includes('README.md'));
  const found = [];
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        if (DATED.some((re) => re.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(found, [], 'state goals and the command that measures them, not dated readings');
});
