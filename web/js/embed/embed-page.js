// embed.html: shows one figure chosen by the URL fragment, for an <iframe> on platforms that
// forbid script tags: embed.html#widget=twin&a=relu&b=gelu&epochs=40&lang=pt. The fragment's other
// keys become the element's attributes (the same names as in the one-tag embed), so both routes
// take the same settings. It tells the parent page its height, for hosts that resize iframes.
// The elements themselves are defined by activation-lab.js, which embed.html loads first.
import { ATTRIBUTES, COMMON_ATTRIBUTES } from './embed-attributes.js';
import { languageOf } from '../shared/i18n.js';
import { must } from '../shared/dom.js';
import { loadCore } from '../shared/core.js';

const main = must(document, '#figure');
const heading = must(document, '#embed-title');

async function show() {
  const params = new URLSearchParams(location.hash.slice(1));
  const name = params.get('widget') ?? 'twin';
  const lang = languageOf(params.get('lang') ?? navigator.language);
  document.documentElement.lang = lang === 'pt' ? 'pt-PT' : 'en';
  /** @type {import('../shared/types').I18n} */
  const i18n = await import(`../shared/i18n.js?lang=${lang}`);
  i18n.useLanguage(lang);
  await i18n.need('embed');
  document.title = i18n.t('embed.page_title');
  // An h1 for the page and an h2 for the figure, whose own headings are h3 (as in the article).
  heading.textContent = i18n.t('embed.page_title');
  must(document, '#embed-figure').textContent = i18n.t('embed.figure_heading');
  // Own keys only: 'constructor', '__proto__' and the like are inherited by every object.
  if (!Object.hasOwn(ATTRIBUTES, name)) {
    const p = Object.assign(document.createElement('p'), { className: 'embed-message' });
    // The name as the core echoes input (showInput: at most 80 characters, controls escaped).
    const shown = await loadCore().then(
      (core) => core.M.showInput(name),
      () => '…',
    );
    p.textContent = i18n.t('embed.unknown_widget', {
      name: shown,
      list: Object.keys(ATTRIBUTES).join(', '),
    });
    main.replaceChildren(p);
    return;
  }
  const el = document.createElement(`activation-lab-${name}`);
  for (const [key, value] of params) {
    if (Object.hasOwn(ATTRIBUTES[name], key) || COMMON_ATTRIBUTES.includes(key))
      el.setAttribute(key, value);
  }
  main.replaceChildren(el);
}

// The figure's own height (the body's), not the document's scrollHeight: that one is never less
// than the frame's viewport, so a frame sized too tall could never shrink to fit.
new ResizeObserver(() => {
  if (parent !== window)
    parent.postMessage(
      {
        type: 'activation-lab:height',
        height: Math.ceil(document.body.getBoundingClientRect().height),
      },
      '*',
    );
}).observe(document.body);
addEventListener('hashchange', show);
show();
