// Wires the page: language, the core, and every <figure data-widget="name">, which is built by
// the default export of js/widgets/<name>.js, a factory (root, ctx) -> widget. Nothing else here.
import * as i18n from './i18n.js';
import { loadCore } from './core.js';
import { fillCoreValues } from './core-values.js';

const WIDGET_NAME = /^[a-z][a-z0-9-]*$/;

async function mountWidget(el, ctx) {
  const name = el.dataset.widget;
  try {
    if (!WIDGET_NAME.test(name)) throw new Error(`bad widget name ${name}`);
    const { default: create } = await import(`./widgets/${name}.js`);
    await create(el, ctx);
  } catch (err) {
    console.error(`widget ${name}:`, err);
    el.classList.add('widget-failed');
    el.textContent = i18n.t('meta.widget_failed', { name, message: err.message });
  }
}

function wireLanguageSwitch(core) {
  const buttons = document.querySelectorAll('[data-lang]');
  const mark = () => {
    for (const b of buttons)
      b.setAttribute('aria-pressed', String(b.dataset.lang === i18n.language()));
  };
  for (const b of buttons) {
    b.addEventListener('click', async () => {
      await i18n.setLanguage(b.dataset.lang);
      if (core) fillCoreValues(core);
      mark();
    });
  }
  mark();
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
  await i18n.init();
  let core = null;
  try {
    core = await loadCore();
  } catch (err) {
    const box = document.getElementById('core-error');
    box.textContent = i18n.t('meta.core_failed', { message: err.message });
    box.hidden = false;
    throw err;
  } finally {
    wireLanguageSwitch(core);
  }
  const showEngine = () => {
    document.getElementById('engine').textContent = i18n.t('intro.engine', { arch: core.arch });
  };
  showEngine();
  i18n.onChange(showEngine);
  fillCoreValues(core);
  wireGotoLinks();
  const ctx = { core, i18n };
  await Promise.all(
    [...document.querySelectorAll('[data-widget]')].map((el) => mountWidget(el, ctx)),
  );
  document.documentElement.dataset.ready = 'true'; // for tests and embedders: every widget is up
}

main();
