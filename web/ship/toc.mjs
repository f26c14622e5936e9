// The table of contents, written at build time into each language's page where the template has
// <!-- toc: ... -->: one plain link per <section id> and its <h2> (so it works without JavaScript),
// and the estimated reading time, from the words on the reading path (reading-path.mjs).
// js/page/toc.js then marks the reader's place and keeps the section across the language switch.
import { fill } from '../js/shared/i18n.js';
import { textOf } from './plain-text.mjs';
import { readingMinutes } from './reading-path.mjs';

const MARKER = /<!-- toc:[^>]*-->/;

/**
 * The sections of a rendered page, in order: [{id, title}].
 * @param {string} html
 */
export function sectionsOf(html) {
  const re = /<section\b[^>]*\sid="([\w-]+)"[^>]*>\s*<h2\b[^>]*>([\s\S]*?)<\/h2>/g;
  return [...html.matchAll(re)].map(([, id, title]) => ({ id, title: textOf(title) }));
}

/**
 * The page with its contents in place of the marker (a page without the marker is returned as is).
 * @param {string} html  a rendered page, every string filled in
 * @param {(key: string) => string} strings  the page's string of a key
 */
export function insertToc(html, strings) {
  if (!MARKER.test(html)) return html;
  /**
   * @param {string} key
   * @param {Record<string, number>} [vars]
   */
  const t = (key, vars = {}) => fill(textOf(strings(key)), vars);
  const minutes = readingMinutes(html);
  const items = sectionsOf(html)
    .map(
      ({ id, title }) =>
        `<li><a href="#${id}" data-section="${id}">${title.replace(/</g, '&lt;')}</a></li>`,
    )
    .join('\n          ');
  const nav = `<nav class="toc" id="toc" aria-label="${t('meta.toc_label')}">
      <details class="toc-box">
        <summary><span class="toc-title">${t('meta.toc_title')}</span> <span class="toc-time" data-minutes="${minutes}">${t('meta.reading_time', { minutes })}</span><span class="toc-here" aria-hidden="true"></span></summary>
        <ol>
          ${items}
        </ol>
      </details>
    </nav>`;
  return html.replace(MARKER, nav);
}
