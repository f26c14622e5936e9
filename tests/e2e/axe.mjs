// axe-core in the browser suite: one function that any test can call on a page (the article, an
// embed, a blog example, any state) to get its accessibility violations as short lines.
// Rules: WCAG 2.1 A and AA, and axe's best practices. Zero lines is the bar.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * The violations of `page` as it is now (open shadow roots included), one line per rule:
 * "rule-id (impact): target, target, … — help". Injected through the DevTools protocol, so the
 * page's Content-Security-Policy does not need to allow it.
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof globalThis.axe === 'object')))
    await page.evaluate(axeSource);
  const violations = await page.evaluate(
    (tags) =>
      globalThis.axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((r) =>
          r.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            targets: v.nodes.map((n) => n.target.flat().join(' ')),
            summary: v.nodes[0]?.failureSummary ?? '',
          })),
        ),
    AXE_TAGS,
  );
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.targets.slice(0, 6).join(', ')}${v.targets.length > 6 ? `, … (${v.targets.length})` : ''} — ${v.help}. ${v.summary.replace(/\s+/g, ' ').slice(0, 300)}`,
  );
}
