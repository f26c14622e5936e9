// "Embed this figure": a button under every embeddable figure of the article (one with a line in
// ATTRIBUTES) that opens one shared modal <dialog> with the two snippets, the script tag with the
// element and the iframe, both carrying the figure's current settings (the widget's embed hook,
// see embed-attributes.js) and pointing at this copy of the site, wherever it is hosted. A
// checkbox, on by default, makes both compact (the `compact` attribute): a host without the resize
// listener gets an iframe about one screen tall, not one sized for the full figure. The element carries a loading line, which
// the browser shows until the element is defined; if activation-lab.js truly fails (its error
// event: no CORS, a Content-Security-Policy; or 30 s without it), activation-lab-fallback.js swaps
// the line for the text that says what the host must send (embed-failure.js).
import { ATTRIBUTES, attributesOf, compactHeight, iframeHeight } from './embed-attributes.js';
import { fallbackTexts } from '../shared/embed-failure.js';
import { must } from '../shared/dom.js';

/** @typedef {import('../shared/types').I18n} I18n */

/** This copy of the site: the folder that holds js/ (the page may be index.html or pt/). */
export const siteBase = () => new URL('../../', import.meta.url).href;

/** @param {unknown} s */
const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** @param {string} s */
const escapeText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The two snippets for widget `name` with attributes `attrs` in language `lang`; `figure`: what the
 * figure shows, in that language, for the element's fallback text.
 * @param {string} name
 * @param {Record<string, string>} attrs
 * @param {{base?: string, lang?: string, title?: string, figure?: string, compact?: boolean}} [options]
 */
export function snippets(
  name,
  attrs,
  { base = siteBase(), lang = 'en', title = '', figure = name, compact = false } = {},
) {
  const all = { ...attrs, lang, ...(compact ? { compact: '' } : {}) };
  const list = Object.entries(all)
    .map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escapeAttr(v)}"`))
    .join('');
  const text = fallbackTexts(lang === 'pt' ? 'pt' : 'en', figure);
  const script =
    `<script defer src="${base}activation-lab-fallback.js"></script>\n` +
    `<script type="module" src="${base}activation-lab.js"></script>\n` +
    `<activation-lab-${name}${list}>\n  <p data-al-wait>${escapeText(text.loading)}</p>\n` +
    `  <p data-al-failed hidden>${escapeText(text.failed)}</p>\n</activation-lab-${name}>`;
  const hash = new URLSearchParams({ widget: name, ...all })
    .toString()
    .replace(/%2C/gi, ',')
    .replace(/&compact=(?=&|$)/, '&compact');
  const height = compact ? compactHeight(name) : iframeHeight(name);
  const iframe =
    `<iframe src="${escapeAttr(`${base}embed.html#${hash}`)}" title="${escapeAttr(title)}"` +
    ` width="100%" height="${height}" style="border:0" loading="lazy"></iframe>`;
  return { script, iframe };
}

/** @type {HTMLDialogElement | null} */
let dialog = null;

/** @param {I18n} i18n */
function buildDialog(i18n) {
  const d = document.createElement('dialog');
  dialog = d;
  dialog.className = 'embed-dialog';
  dialog.setAttribute('aria-labelledby', 'embed-dialog-title');
  dialog.innerHTML = `
    <h2 id="embed-dialog-title">${i18n.t('embed.dialog_title')}</h2>
    <p data-intro></p>
    <label class="embed-compact"><input type="checkbox" data-compact checked> ${i18n.t('embed.compact_label')}</label>
    ${['script', 'iframe']
      .map(
        (kind) => `
    <div class="embed-snippet">
      <label for="embed-${kind}">${i18n.t(`embed.${kind}_label`)}</label>
      <textarea id="embed-${kind}" data-snippet="${kind}" readonly rows="4" spellcheck="false" translate="no"></textarea>
      <button type="button" class="btn" data-copy="${kind}">${i18n.t('embed.copy')}</button>
    </div>`,
      )
      .join('')}
    <p class="embed-status" role="status" data-embed-status></p>
    <form method="dialog"><button class="btn primary" data-close>${i18n.t('embed.close')}</button></form>`;
  dialog.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.matches('[data-compact]')) fill(d);
  });
  dialog.addEventListener('click', async (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
    const kind = button instanceof HTMLElement ? button.dataset.copy : undefined;
    if (!kind) return;
    const area = /** @type {HTMLTextAreaElement} */ (must(d, `[data-snippet="${kind}"]`));
    const status = must(d, '[data-embed-status]');
    try {
      await navigator.clipboard.writeText(area.value);
      status.textContent = i18n.t('embed.copied');
    } catch {
      area.select(); // clipboard refused (permissions, file://): the text is selected to copy by hand
      status.textContent = i18n.t('embed.copy_failed');
    }
  });
  document.body.append(dialog);
  return dialog;
}

/**
 * @param {string} name
 * @param {import('../shared/types').Widget | undefined} widget
 * @param {I18n} i18n
 */
function open(name, widget, i18n) {
  const d = dialog ?? buildDialog(i18n);
  current = { name, widget, i18n };
  must(d, '[data-intro]').textContent = i18n.t('embed.dialog_intro', { base: siteBase() });
  fill(d);
  d.dataset.widget = name;
  d.showModal();
}

/** @type {{name: string, widget: import('../shared/types').Widget | undefined, i18n: I18n} | null} */
let current = null;

/**
 * Writes the snippets of the figure the dialog is open for, compact or not as the box says.
 * @param {HTMLDialogElement} d
 */
function fill(d) {
  if (!current) return;
  const { name, widget, i18n } = current;
  const compact = /** @type {HTMLInputElement} */ (must(d, '[data-compact]')).checked;
  const { script, iframe } = snippets(name, attributesOf(name, widget), {
    base: siteBase(),
    lang: i18n.language(),
    title: i18n.t('embed.iframe_title'),
    figure: i18n.t(`embed.figure_${name}`),
    compact,
  });
  /** @param {string} kind */
  const area = (kind) => /** @type {HTMLTextAreaElement} */ (must(d, `[data-snippet="${kind}"]`));
  area('script').value = script;
  area('iframe').value = iframe;
  must(d, '[data-embed-status]').textContent = '';
}

/**
 * Adds the embed button to a mounted figure of the article (nothing for a widget with no element).
 * @param {HTMLElement} figure
 * @param {import('../shared/types').Widget | undefined} widget
 * @param {I18n} i18n
 */
export function addEmbedButton(figure, widget, i18n) {
  const name = figure.dataset.widget;
  if (name === undefined || !(name in ATTRIBUTES)) return;
  const bar = document.createElement('div');
  bar.className = 'embed-bar';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn embed-btn';
  button.dataset.embed = name;
  button.setAttribute('aria-haspopup', 'dialog');
  button.textContent = i18n.t('embed.button');
  button.addEventListener('click', () => open(name, widget, i18n));
  bar.append(button);
  figure.append(bar);
}
