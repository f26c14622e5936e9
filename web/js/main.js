// Wires the page: language, the core, and every <figure data-widget="name">, which is built by
// the default export of js/widgets/<name>.js, a factory (root, ctx) -> widget, and then gets its
// "Embed this figure" button (embed-dialog.js). Nothing else here.
import * as i18n from './i18n.js';
import { loadCore } from './core.js';
import { fillCoreValues } from './core-values.js';
import { addEmbedButton } from './embed-dialog.js';

const WIDGET_NAME = /^[a-z][a-z0-9-]*$/;

async function mountWidget(el, ctx) {
  const name = el.dataset.widget;
  try {
    if (!WIDGET_NAME.test(name)) throw new Error(`bad widget name ${name}`);
    const { default: create } = await import(`./widgets/${name}.js`);
    const widget = await create(el, ctx);
    addEmbedButton(el, widget, i18n);
  } catch (err) {
    console.error(`widget ${name}:`, err);
    el.classList.add('widget-failed');
    el.textContent = i18n.t('meta.widget_failed', { name, message: err.message });
  }
}

/**
 * The language switch is a pair of links to the two addresses (index.html, pt/index.html); they
 * carry the current settings, which live in the URL hash, to the other language.
 */
function wireLanguageSwitch() {
  const carryHash = (link) => (link.hash = location.hash);
  for (const link of document.querySelectorAll('a[data-lang]')) {
    for (const type of ['click', 'focus', 'pointerenter']) {
      link.addEventListener(type, () => carryHash(link));
    }
  }
}

/** Links in the prose such as <a href="#b=identity" data-goto="lab"> set the lab and scroll to it. */
function wireGotoLinks() {
  document.addEventListener('click', (event) => {
    const link = event.target.closest('a[data-goto]');
    if (!link) return;
    const target = document.getElementById(link.dataset.goto);
    requestAnimationFrame(() => target?.scrollIntoView({ block: 'start' }));
  });
}

async function main() {
  wireLanguageSwitch();
  await i18n.init();
  await i18n.need('embed');
  let core = null;
  try {
    core = await loadCore();
  } catch (err) {
    const box = document.getElementById('core-error');
    box.textContent = i18n.t('meta.core_failed', { message: err.message });
    box.hidden = false;
    throw err;
  }
  document.getElementById('engine').textContent = i18n.t('intro.engine', { arch: core.arch });
  fillCoreValues(core, i18n.num); // the same text as the build wrote, now from the live core
  wireGotoLinks();
  const ctx = { core, i18n };
  await Promise.all(
    [...document.querySelectorAll('[data-widget]')].map((el) => mountWidget(el, ctx)),
  );
  document.documentElement.dataset.ready = 'true'; // for tests and embedders: every widget is up
}

main();
