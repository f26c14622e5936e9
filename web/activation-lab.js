// Embeds the lab's figures in any page with one script tag:
//   <script type="module" src="https://…/activation-lab.js"></script>
//   <activation-lab-twin a="relu" b="gelu" epochs="40"></activation-lab-twin>
// Each element builds the article's own widget (js/<room>/<name>.js, named by its room's
// manifest.js: the same factory the page uses) inside a shadow root, so the host page's styles and
// the widget's cannot touch each other.
// Every element on a page shares one load of the core (core.js memoises it); the widget's settings
// come from the element's attributes instead of the URL hash (state.js stores), so the blog's URL
// is never rewritten. Attributes: see ATTRIBUTES (js/embed/embed-attributes.js) and the README.
import { loadCore } from './js/shared/core.js';
import { figureModule } from './js/embed/figures.js';
import { ATTRIBUTES, CAPTIONED, COMMON_ATTRIBUTES } from './js/embed/embed-attributes.js';
import { languageOf } from './js/shared/i18n.js';
import { warmNumberFormats } from './js/shared/number-data.js';
import { compactFigure } from './js/embed/embed-compact.js';
import { createPoster } from './js/embed/embed-poster.js';
import { LoadFailure, failureText, isLoadFailure } from './js/shared/embed-failure.js';
import { explainDataFailure, isWorkerFailure, messageOf } from './js/shared/worker-error.js';

export { ATTRIBUTES, COMMON_ATTRIBUTES };

/** @typedef {import('./js/shared/types').I18n} I18n */
/** @typedef {import('./js/shared/types').Widget} Widget */

const here = new URL('.', import.meta.url);
/** @type {Map<string, Promise<I18n>>} */
const languages = new Map(); // 'en' | 'pt' -> Promise<i18n module instance>

/**
 * One i18n module instance per language (i18n.js?lang=…), so two languages can share a page.
 * @param {'en' | 'pt'} code
 * @returns {Promise<I18n>}
 */
function i18nFor(code) {
  let i18n = languages.get(code);
  if (!i18n) {
    i18n = import(new URL(`js/shared/i18n.js?lang=${code}`, here).href).then(
      (/** @type {I18n} */ module) => (module.useLanguage(code), module),
    );
    languages.set(code, i18n);
  }
  return i18n;
}

// Browsers start workers only from the page's own origin. When this script comes from another
// origin than the page (a blog embedding the figures from where dist/ is hosted), a worker starts
// as a one-line blob: module on the page's origin that imports the real one (fetched with CORS).
// Same-origin workers, the page's own included, pass through untouched.
if (here.origin !== location.origin) {
  const NativeWorker = window.Worker;
  /**
   * @param {string | URL} url
   * @param {WorkerOptions} [options]
   */
  const CrossOriginWorker = function Worker(url, options = {}) {
    const href = new URL(url, location.href).href;
    if (new URL(href).origin === location.origin) return new NativeWorker(url, options);
    const blob = new Blob([`import ${JSON.stringify(href)};`], { type: 'text/javascript' });
    return new NativeWorker(URL.createObjectURL(blob), { ...options, type: 'module' });
  };
  CrossOriginWorker.prototype = NativeWorker.prototype;
  // A plain function called with `new` that returns the worker: tsc cannot type it as the class.
  window.Worker = /** @type {typeof Worker} */ (/** @type {unknown} */ (CrossOriginWorker));
}

export { languageOf };

/** The longest an element keeps a built figure out of sight, waiting for its `settled`. */
const SETTLE_MS = 5000;

/** Resolves once the page has painted what it holds now (a frame, then the task after it). */
const afterPaint = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));

/** KaTeX's @font-face rules, once per document: fonts declared inside a shadow root are ignored. */
function linkFontsOnce() {
  if (document.querySelector('link[data-activation-lab-fonts]')) return;
  const link = Object.assign(document.createElement('link'), {
    rel: 'stylesheet',
    href: new URL('vendor/katex/katex-fonts.css', here).href,
  });
  link.dataset.activationLabFonts = '';
  document.head.append(link);
}

/**
 * A stylesheet inside the shadow root; resolves when it has loaded (or failed: never blocks).
 * @param {ShadowRoot} shadow
 * @param {string} path
 */
function linkStyle(shadow, path) {
  const link = Object.assign(document.createElement('link'), {
    rel: 'stylesheet',
    href: new URL(path, here).href,
  });
  const loaded = new Promise((ok) => (link.onload = link.onerror = () => ok(undefined)));
  shadow.append(link);
  return loaded;
}

/** @param {string} name */
function defineWidget(name) {
  const attributes = ATTRIBUTES[name];

  class LabElement extends HTMLElement {
    static observedAttributes = Object.keys(attributes);

    constructor() {
      super();
      /** @type {Set<() => void>} */
      this.listeners = new Set();
      this.generation = 0; // mounts and removals: a mount that a removal overtook cleans up
      /** @type {Map<string, string>} settings key -> text, from the attributes */
      this.values = new Map(); // filled by attributeChangedCallback; the widget's changes too
      /** @type {Widget | undefined | null} */
      this.widget = null;
      /** @type {ReturnType<typeof createPoster>} the pictures shown while the figure loads */
      this.poster = null;
      this.started = false;
      this.resetQueued = false;
      /** @type {ReturnType<typeof setTimeout> | undefined} a removal's end, until the next task */
      this.leaving = undefined;
      // Where the widget keeps its settings (see state.js): here, not in the page's URL.
      /** @type {import('./js/shared/types').SettingsStore} */
      this.store = {
        get: (key) => this.values.get(key) ?? null,
        set: (key, text) => void this.values.set(key, text),
        listen: (fn) => this.listeners.add(fn),
      };
    }

    /** The settings the attributes give: settings key -> text (embed-attributes.js). */
    valuesFromAttributes() {
      /** @type {Map<string, string>} */
      const values = new Map();
      for (const [attr, key] of Object.entries(attributes)) {
        const value = this.getAttribute(attr);
        if (value !== null) values.set(key, value);
      }
      return values;
    }

    /**
     * A changed attribute re-reads every setting, as a changed URL hash does in the article. Many
     * changes in one task (a script setting attributes in a loop) reset the widget once, with the
     * last values: each reset would otherwise queue a network build in the workers.
     */
    attributeChangedCallback() {
      this.values = this.valuesFromAttributes();
      if (!this.widget || this.resetQueued) return;
      this.resetQueued = true;
      setTimeout(() => {
        this.resetQueued = false;
        if (this.widget) for (const fn of this.listeners) fn();
      });
    }

    connectedCallback() {
      clearTimeout(this.leaving); // moved, not removed: its results and running work are kept
      this.leaving = undefined;
      if (!this.started) ((this.started = true), this.mount(++this.generation));
    }

    /**
     * Out of the document: a move (out and in again within the task, as frameworks reorder) keeps
     * the widget; one still out at the next task is removed (leave).
     */
    disconnectedCallback() {
      clearTimeout(this.leaving);
      this.leaving = setTimeout(() => {
        this.leaving = undefined;
        if (!this.isConnected) this.leave();
      });
    }

    /** Removed from the document: every worker of the widget ends; re-inserted, it starts afresh. */
    leave() {
      this.started = false;
      this.generation++;
      this.widget?.dispose?.();
      this.widget = null;
      this.listeners.clear();
      this.removeAttribute('ready');
    }

    /** @param {number} generation */
    async mount(generation) {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      shadow.replaceChildren();
      this.poster?.dispose(); // (an earlier mount's, if it never showed its figure)
      const lang = languageOf(this.closest('[lang]')?.getAttribute('lang')); // its own, or the page's
      // Until the figure is built: what it shows (its caption) and that it is loading. The caption
      // needs only the strings, not the core, so the reader has something to read at once.
      const waiting = Object.assign(document.createElement('div'), { className: 'al-waiting' });
      const status = Object.assign(document.createElement('p'), { className: 'al-status' });
      status.setAttribute('role', 'status');
      waiting.append(status);
      // Shown once its stylesheets are in: unstyled, a picture would fill the page's width, then
      // shrink to the column's (a layout shift).
      waiting.hidden = true;
      shadow.append(waiting);
      // Above them, its no-script pictures, in their places at once and drawn as their bytes
      // arrive (embed-poster.js); a copy without them shows none.
      const poster = (this.poster = createPoster(here, name, this.getAttribute('parts'), lang));
      if (poster) waiting.prepend(poster.box);
      /** @type {I18n | undefined} */
      let i18n;
      /** @type {HTMLElement | null} */
      let figure = null;
      /** @type {import('./js/shared/embed-failure.js').FailedPart} */
      let part = 'script'; // what was loading when it failed
      try {
        linkFontsOnce();
        const styles = ['css/embed.css', 'vendor/katex/katex.min.css'];
        if (this.hasAttribute('compact')) styles.push('css/embed-compact.css');
        const styled = Promise.all(styles.map((path) => linkStyle(shadow, path)));
        styled.then(() => (waiting.hidden = false));
        i18n = await i18nFor(lang);
        part = 'strings';
        const captioned = CAPTIONED.includes(name);
        await i18n.need('embed', ...(captioned ? [name] : []));
        status.textContent = i18n.t(
          poster ? `embed.loading_poster${poster.kind}` : 'embed.loading',
        );
        if (captioned) {
          const about = Object.assign(document.createElement('p'), { className: 'al-about' });
          about.innerHTML = i18n.t(`${name}.caption`);
          status.before(about);
        }
        warmNumberFormats(); // while the core downloads
        await afterPaint(); // the caption first, then the core's download and compilation
        /** @type {[import('./js/shared/types').Core, {default: import('./js/shared/types').WidgetFactory}, unknown]} */
        const [core, { default: create }] = await Promise.all([
          loadCore().catch((err) => Promise.reject(new LoadFailure('core', err))),
          import(new URL(`js/${figureModule(name)}`, here).href).catch((err) =>
            Promise.reject(new LoadFailure('script', err)),
          ),
          styled,
        ]);
        part = 'strings'; // (the widget's own strings load first thing in create)
        figure = Object.assign(document.createElement('figure'), { className: 'widget' });
        figure.dataset.widget = name;
        figure.lang = i18n.languageTag();
        if (this.hasAttribute('compact')) figure.classList.add('al-compact');
        // Built out of sight, in as many tasks as the widget takes, and shown whole: no half-built
        // frame, and nothing moves while it fills in.
        figure.style.visibility = 'hidden';
        // A figure that loads its data after it is built (the Transformer's model) and cannot:
        // the element is failed, never ready (the figure's box says why).
        let lateFailure = false;
        figure.addEventListener('activation-lab-failed', () => {
          lateFailure = true;
          this.removeAttribute('ready');
          this.setAttribute('failed', '');
        });
        waiting.after(figure);
        const widget = await create(figure, { core, i18n, store: this.store });
        if (generation !== this.generation) return widget?.dispose?.(); // removed meanwhile
        if (this.hasAttribute('compact')) compactFigure(figure, i18n);
        // Shown once it is laid out whole (its workers' first reports: no layout shift after),
        // or after SETTLE_MS on a slow machine, whichever comes first.
        await Promise.race([widget?.settled, new Promise((ok) => setTimeout(ok, SETTLE_MS))]);
        if (generation !== this.generation) return widget?.dispose?.();
        waiting.remove();
        poster?.dispose();
        figure.style.visibility = '';
        this.widget = widget;
        if (this.getAttribute('credit') !== 'off') figure.after(this.credit(i18n));
        if (lateFailure) return; // (failed while its other parts were being built)
        this.setAttribute('ready', '');
        this.dispatchEvent(
          new CustomEvent('activation-lab-ready', { bubbles: true, detail: { widget: name } }),
        );
      } catch (err) {
        console.error(`activation-lab-${name}:`, err);
        if (generation !== this.generation) return;
        figure?.remove();
        status.classList.add('al-failed');
        status.setAttribute('role', 'alert');
        status.textContent = this.failure(err, part, i18n);
        if (!status.isConnected) shadow.replaceChildren(status);
        this.setAttribute('failed', '');
      }
    }

    /**
     * What the box says when the figure could not be built. A load that failed (a fetch or an
     * import refused: CORS, a Content-Security-Policy, the network) names the part and what the
     * host must do; any other error is the widget's own message.
     * @param {unknown} err
     * @param {import('./js/shared/embed-failure.js').FailedPart} part
     * @param {I18n | undefined} i18n
     */
    failure(err, part, i18n) {
      const message = messageOf(err);
      const lang = languageOf(this.closest('[lang]')?.getAttribute('lang'));
      const data = explainDataFailure(lang, message); // a data file, named with what the host must do
      if (data) return data;
      const failedPart = isWorkerFailure(message)
        ? 'worker'
        : err instanceof LoadFailure
          ? err.part
          : isLoadFailure(err)
            ? part
            : null;
      if (failedPart === null && i18n) return i18n.t('embed.failed', { name, message });
      return failureText(lang, failedPart ?? part, {
        origin: here.origin,
        pageOrigin: location.origin,
        detail: message,
      });
    }

    /** @param {I18n} i18n */
    credit(i18n) {
      const p = Object.assign(document.createElement('p'), { className: 'al-credit' });
      p.innerHTML = i18n.t('embed.credit', { href: new URL('index.html', here).href });
      return p;
    }
  }

  const tag = `activation-lab-${name}`;
  if (!customElements.get(tag)) customElements.define(tag, LabElement);
}

for (const name of Object.keys(ATTRIBUTES)) defineWidget(name);
