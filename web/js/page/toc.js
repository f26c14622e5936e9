// The table of contents (written by the build, web/ship/toc.mjs) comes alive: it is open beside the
// text on wide screens and a folded bar on phones; it marks the section being read; its links scroll
// to a section without replacing the URL hash, which carries the figures' settings (state.js); and
// the language switch keeps the section in view on the other page (sessionStorage, this tab only).

const WIDE = '(min-width: 75rem)';
const KEY = 'activation-lab.section';

/** @returns {HTMLElement[]} the article's sections that the contents list, in order */
function sections(/** @type {HTMLElement} */ nav) {
  return [...nav.querySelectorAll('a[data-section]')]
    .map((a) => document.getElementById(/** @type {HTMLElement} */ (a).dataset.section ?? ''))
    .filter((el) => el instanceof HTMLElement);
}

/** The section being read: the last one whose top has passed a third of the screen. */
function current(/** @type {HTMLElement[]} */ list) {
  const line = innerHeight / 3;
  let here = list[0];
  for (const el of list) if (el.getBoundingClientRect().top <= line) here = el;
  return here;
}

/** @param {Storage | null} store */
function restore(store, /** @type {HTMLElement[]} */ list) {
  const id = store?.getItem(KEY);
  if (!id) return;
  store?.removeItem(KEY);
  const target = list.find((el) => el.id === id);
  if (target && target !== list[0]) target.scrollIntoView({ block: 'start' });
}

const storage = () => {
  try {
    return sessionStorage;
  } catch {
    return null; // storage off (a privacy setting): the switch then opens at the top
  }
};

export function wireToc() {
  const nav = document.getElementById('toc');
  const box = nav?.querySelector('details');
  if (!nav || !box) return;
  const list = sections(nav);
  const here = nav.querySelector('.toc-here');
  const wide = matchMedia(WIDE);
  const fit = () => (box.open = wide.matches);
  fit();
  wide.addEventListener('change', fit);

  let marked = /** @type {HTMLElement | null} */ (null);
  const mark = () => {
    const section = current(list);
    if (section === marked) return;
    marked = section;
    for (const a of nav.querySelectorAll('a[data-section]')) {
      const on = /** @type {HTMLElement} */ (a).dataset.section === section?.id;
      if (on) a.setAttribute('aria-current', 'location');
      else a.removeAttribute('aria-current');
      if (on && here) here.textContent = a.textContent ?? '';
    }
    nav.dataset.current = section?.id ?? '';
  };
  let queued = false;
  addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => ((queued = false), mark()));
    },
    { passive: true },
  );

  // Links to a section (the contents, the summary): scroll there and keep the settings' hash.
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.dataset.goto !== undefined) return;
    const target = list.find((el) => `#${el.id}` === link.getAttribute('href'));
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'start' });
    target.querySelector('h2')?.setAttribute('tabindex', '-1');
    target.querySelector('h2')?.focus({ preventScroll: true });
    if (!wide.matches) box.open = false;
  });

  for (const link of document.querySelectorAll('a[data-lang]'))
    link.addEventListener('click', () => storage()?.setItem(KEY, current(list)?.id ?? ''));

  restore(storage(), list);
  mark();
}
