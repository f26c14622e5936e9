// Wires the page: language, the core, and every <figure data-widget="name">, which is built by
// the default export of the module its room's manifest.js names (embed/figures.js), a factory
// (root, ctx) -> widget, and then gets its "Embed this figure" button (embed/embed-dialog.js).
// Nothing else here. The prose needs no script (the build wrote every number the core computes),
// so the core itself loads when the first figure is about to start.
import * as i18n from '../shared/i18n.js';
import { loadCore } from '../shared/core.js';
import { fillCoreValues } from '../shared/core-values.js';
import { addEmbedButton } from '../embed/embed-dialog.js';
import { keepFigureNumber } from './figure-number.js';
import { must } from '../shared/dom.js';
import { FIGURE_MODULES, figureModule } from '../embed/figures.js';
import { messageOf } from '../shared/worker-error.js';
import { wireToc } from './toc.js';
import { nextTask } from '../shared/tasks.js';
import { warmNumberFormats } from '../shared/number-data.js';

/** @typedef {import('../shared/types').WidgetContext} WidgetContext */

/**
 * @param {HTMLElement} el
 * @param {() => Promise<WidgetContext>} context the core, loaded once
 */
async function mountWidget(el, context) {
  const name = el.dataset.widget ?? '';
  // The figure's module downloads while the core does, not after it.
  /** @type {Promise<{default: import('../shared/types').WidgetFactory}>} */
  const module = (async () => import(`../${figureModule(name)}`))(); // (a bad name: a rejection)
  module.catch(() => {}); // (reported below, once the core is up)
  let ctx;
  try {
    ctx = await context();
  } catch {
    return; // the core failed: the page says so once (#core-error)
  }
  try {
    const { default: create } = await module;
    await nextTask(); // (after the core's own tasks: the build of a figure starts a task of its own)
    // Built out of sight (a widget may build in several tasks, tasks.js) and shown whole: no
    // half-built frame, and nothing inside the figure moves while it fills in.
    el.style.visibility = 'hidden';
    const widget = await create(el, ctx).finally(() => {
      keepFigureNumber(el); // before it is shown: the number never blinks
      el.style.visibility = '';
    });
    addEmbedButton(el, widget, i18n);
  } catch (err) {
    console.error(`widget ${name}:`, err);
    el.classList.add('widget-failed');
    el.textContent = i18n.t('meta.widget_failed', { name, message: messageOf(err) });
  }
  el.dataset.mounted = 'true'; // started (or failed, with a message): for tests and embedders
}

/**
 * The language switch is a pair of links to the two addresses (index.html, pt/index.html); they
 * carry the current settings, which live in the URL hash, to the other language.
 */
function wireLanguageSwitch() {
  /** @param {HTMLAnchorElement} link */
  const carryHash = (link) => (link.hash = location.hash);
  for (const link of document.querySelectorAll('a[data-lang]')) {
    if (!(link instanceof HTMLAnchorElement)) continue;
    for (const type of ['click', 'focus', 'pointerenter']) {
      link.addEventListener(type, () => carryHash(link));
    }
  }
}

/** Links in the prose such as <a href="#b=identity" data-goto="twin"> set a figure and scroll to it. */
function wireGotoLinks() {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[data-goto]') : null;
    if (!(link instanceof HTMLElement)) return;
    const target = document.getElementById(link.dataset.goto ?? '');
    requestAnimationFrame(() => target?.scrollIntoView({ block: 'start' }));
  });
}

async function main() {
  wireLanguageSwitch();
  wireToc();
  await i18n.init();
  await i18n.need('embed');
  wireGotoLinks();
  /** @type {Promise<WidgetContext> | null} */
  let started = null;
  const context = () => (started ??= startCore());
  if (eager()) context().catch(() => {});
  document.documentElement.dataset.started = 'true'; // links work; figures start near view
  await mountFigures(
    chosenFigures([
      .../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-widget]')),
    ]),
    context,
  );
  document.documentElement.dataset.ready = 'true'; // for tests and embedders: every widget is up
}

/**
 * `?figure=name[,name]` mounts only the figures of those names (every part of the Transformer for
 * `transformer`): a test of one figure, or a reader sharing one, need not start all the others.
 * The rest of the page stays as the build wrote it. A name no figure has mounts nothing and says
 * which names exist, in the page's notice (not the console: a typo is not a page error).
 * @param {HTMLElement[]} figures
 * @returns {HTMLElement[]}
 */
function chosenFigures(figures) {
  const param = new URLSearchParams(location.search).get('figure');
  if (param === null) return figures;
  const names = param.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !Object.hasOwn(FIGURE_MODULES, name));
  if (unknown.length) {
    void noticeUnknown(unknown[0]);
    return [];
  }
  return figures.filter((el) => names.includes(el.dataset.widget ?? ''));
}

/**
 * Says in the page's notice that no figure is called `name`, quoted by the core's rule for
 * echoed input (showInput: at most 80 characters, controls and bidi marks as U+XXXX), so that a
 * long address is not echoed whole; without the core, the list of names alone.
 * @param {string} name
 */
async function noticeUnknown(name) {
  const shown = await loadCore().then(
    (core) => core.M.showInput(name),
    () => '…',
  );
  const box = must(document, '#core-error');
  box.textContent = i18n.t('meta.figure_unknown', {
    name: shown,
    list: Object.keys(FIGURE_MODULES).join(', '),
  });
  box.hidden = false;
}

/**
 * `globalThis.ACTIVATION_LAB_EAGER = true`, set by a test or the bench before this script runs.
 * (A page-defined global, so tsc knows it through this one cast.)
 */
const eager = () =>
  /** @type {{ACTIVATION_LAB_EAGER?: unknown}} */ (globalThis).ACTIVATION_LAB_EAGER === true;

/**
 * Loads the core (once), shows which engine runs, and refreshes the prose's numbers from it.
 * @returns {Promise<WidgetContext>}
 */
async function startCore() {
  let core = null;
  warmNumberFormats(); // while the core downloads
  try {
    core = await loadCore();
  } catch (err) {
    const box = must(document, '#core-error');
    box.textContent = i18n.t('meta.core_failed', { message: messageOf(err) });
    box.hidden = false;
    throw err;
  }
  // In tasks of their own, so that a phone's main thread is never held long (Lighthouse's
  // blocking time): the engine's line, then the prose's numbers.
  await nextTask();
  // The engine in words: the SIMD build, or the scalar one a browser without SIMD gets.
  const engine = core.arch === 'scalar' ? 'intro.engine_scalar' : 'intro.engine';
  must(document, '#engine').textContent = i18n.t(engine, { arch: core.arch });
  await i18n.need('common'); // (the tooltips name what each number is)
  await nextTask();
  fillCoreValues(core, i18n.num, document, i18n.t); // the same text as the build wrote, now from the live core
  return { core, i18n };
}

/**
 * Starts each figure when it comes within a screen of the viewport, so that opening the article
 * costs only what is on screen (every figure starts workers and draws; all at once they held the
 * main thread for seconds). The prerendered page already reserves each figure's space, so nothing
 * moves when one starts. `globalThis.ACTIVATION_LAB_EAGER = true` (set before this script runs)
 * starts them all at once, as tests that drive figures far down the page need.
 * @param {HTMLElement[]} figures
 * @param {() => Promise<WidgetContext>} context
 * @returns {Promise<unknown>}
 */
function mountFigures(figures, context) {
  if (eager() || !('IntersectionObserver' in globalThis))
    return Promise.all(figures.map((el) => mountWidget(el, context)));
  return new Promise((/** @type {(v?: unknown) => void} */ done) => {
    let left = figures.length;
    if (!left) return done();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          mountWidget(/** @type {HTMLElement} */ (entry.target), context).then(
            () => --left || (observer.disconnect(), done()),
          );
        }
      },
      { rootMargin: '100% 0px' },
    );
    for (const el of figures) observer.observe(el);
  });
}

main();
