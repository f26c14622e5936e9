// The twin-network lab: two networks that differ only in their activation, trained at the same
// time in two workers from the same initial weights, drawn live. Settings live in the URL hash.
import { createSettings } from '../shared/state.js';
import { ROWS } from './settings.js';
import { createControls } from './twin-controls.js';
import { createSide } from './twin-side.js';
import { createViews } from './twin-views.js';
import { createResults } from './twin-results.js';
import { twinMarkup } from './twin-markup.js';
import { renderToolbar } from './twin-toolbar.js';
import { createPhase } from './twin-phase.js';
import { downloadPng, labelPngButtons, stampedName } from '../shared/export.js';
import { SETUPS, setupTexts } from '../shared/presets.js';
import { closest, controlOf, finder } from '../shared/dom.js';
import { nextTask } from '../shared/tasks.js';
import { setTakeaway } from '../shared/takeaway.js';

/** @typedef {'a' | 'b'} Side */
/** @typedef {import('./twin-side.js').SideRun} SideRun */

/** @type {Side[]} */
const SIDES = ['a', 'b'];
const FRAME_MS = 60; // the workers post every 50 ms each: one repaint shows both
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createTwin(root, { core, i18n, store }) {
  await i18n.need('twin', 'common', 'mlp', 'fields', 'export', 'signals', 'draw', 'maps');
  const settings = createSettings(core, ROWS, store); // store: the URL hash unless embedded
  settings.readHash();
  // A view option, not a setting of the run (its row, pieces): shown without resetting training.
  const piecesOn = () => settings.named.pieces === 'on';
  root.innerHTML = twinMarkup();
  const $ = finder(root);

  /** @type {ReturnType<typeof setTimeout> | 0} */
  let frame = 0,
    lastPaint = 0;
  // The first render with both networks' reports in (their data, boards and signals laid out):
  // an embedding element shows the figure then, so nothing moves once it is seen.
  /** @type {() => void} */
  let markSettled = () => {};
  const settled = new Promise((ok) => (markSettled = () => ok(undefined)));
  /** @param {Side} s */
  const side = (s) =>
    createSide($(`[data-side="${s}"]`), s, {
      i18n,
      onUpdate: () => schedule(),
      onMaps: (maps) => (views.setMaps(s, maps), schedule()),
    });
  const sides = { a: side('a'), b: side('b') };
  const controls = createControls(
    $('.lab-form'),
    { a: sides.a.selectSlot, b: sides.b.selectSlot },
    {
      settings,
      core,
      i18n,
      /**
       * @param {string} key
       * @param {string} text
       */
      onChange(key, text) {
        views.beforeChange(key, text);
        settings.set(key, text);
        changed();
      },
    },
  );
  // The settings changed: to the URL (or the element), the fields, the views, a new run.
  function changed() {
    settings.writeHash();
    controls.sync();
    views.sync();
    reset();
  }
  const views = createViews(root, { core, i18n, settings, sides, changed });
  await nextTask(); // (the page paints between the pieces of this start-up: tasks.js)

  /**
   * @param {string} key
   * @param {import('../shared/types').I18nVars} [vars]
   */
  const announce = (key, vars) => ($('[data-announce]').textContent = i18n.t(key, vars));
  /** @param {Side} s */
  const name = (s) => i18n.t(`common.act_${settings.config(s).activation}`);
  /** @param {Side} s */
  const colorOf = (s) => {
    const a = settings.config('a').activation,
      b = settings.config('b').activation;
    return s === 'b' && a === b ? 'side-alt' : settings.config(s).activation;
  };
  const results = createResults(root, { i18n, settings, sides, name, colorOf });

  function reset() {
    results.invalidate();
    for (const s of SIDES) sides[s].create(settings.config(s));
    views.reset();
    lab.restart();
    schedule(true);
  }

  const say = (/** @type {string} */ text) => ($('[data-announce]').textContent = text);
  const lab = createPhase(root, { i18n, sides, name, announce, say, reset });
  const { actions } = lab;
  /** @param {string} preset */
  function applyPreset(preset) {
    const texts = setupTexts(settings, SETUPS[preset] ?? {});
    for (const [key, text] of Object.entries(texts)) settings.set(key, text);
    changed();
    announce('twin.announce_preset', { name: i18n.t(`twin.preset_${preset}`) });
  }

  const piecesBox = () => /** @type {HTMLInputElement} */ ($('[data-pieces-toggle]'));
  /** @param {boolean} on */
  function setPieces(on, write = true) {
    const box = piecesBox();
    box.checked = on;
    for (const s of SIDES) sides[s].setPieces(on);
    if (!write) return;
    settings.set('pieces', on ? 'on' : 'off');
    settings.writeHash();
  }
  piecesBox().addEventListener('change', (e) => setPieces(controlOf(e).checked));

  root.addEventListener('click', (e) => {
    const preset = closest(e, '[data-preset]');
    if (preset) return applyPreset(preset.dataset.preset ?? '');
    const png = closest(e, '[data-png]');
    if (png) {
      const plot = png.dataset.png ?? ''; // loss | acc | a | b (a side's decision boundary)
      /** @type {Record<string, HTMLCanvasElement>} */
      const canvases = {
        loss: results.canvases.loss,
        acc: results.canvases.acc,
        a: sides.a.canvas,
        b: sides.b.canvas,
      };
      const canvas = canvases[plot];
      return downloadPng(
        canvas,
        stampedName(`twin-${plot === 'a' || plot === 'b' ? `boundary-${plot}` : plot}`, 'png'),
      );
    }
    const button = /** @type {HTMLButtonElement | null} */ (closest(e, '[data-act]'));
    if (button && !button.disabled) (actions[button.dataset.act ?? ''](), schedule(true));
  });

  /**
   * Repaints at most every FRAME_MS (twice a second with reduced motion), at once on demand. In a
   * task of its own, not an animation frame: the canvases draw in frames (plots/canvas.js), and
   * the two in one frame made one long task where two short ones leave room for the reader's input.
   */
  function schedule(now = false) {
    if (frame) return;
    const every = reducedMotion.matches ? 500 : FRAME_MS;
    const wait = now ? 0 : Math.max(0, every - (performance.now() - lastPaint));
    frame = setTimeout(() => ((frame = 0), (lastPaint = performance.now()), render()), wait);
  }

  function render() {
    const runs = SIDES.map((s) => sides[s].run);
    const ending = lab.update(runs);
    const phase = lab.get();
    const takeaway = results.takeaway(runs, phase === 'finished');
    setTakeaway(root, takeaway);
    // Screen readers hear the result once, at the end: the caption's sentence, as text.
    if (ending) say(takeaway.replace(/<[^>]*>/g, ''));
    for (const s of SIDES) sides[s].render(colorOf(s));
    views.render();
    renderToolbar(root, { i18n, settings, sides, phase, name });
    results.render(runs);
    labelPngButtons(root, i18n);
    if (runs.every((r) => r.status !== 'loading')) markSettled();
  }

  settings.store.listen(() => {
    settings.readHash();
    controls.sync();
    views.sync();
    reset();
    if (piecesOn() !== piecesBox().checked) setPieces(piecesOn(), false);
  });
  await nextTask();
  await i18n.apply(root);
  i18n.onChange(() => {
    controls.sync();
    views.invalidate();
    for (const s of SIDES) sides[s].invalidate();
    schedule(true);
  });
  controls.sync();
  views.sync();
  await nextTask();
  reset();
  if (piecesOn()) setPieces(true, false);
  // Ends both workers (the element left the page): nothing trains or holds memory after this.
  function dispose() {
    for (const s of SIDES) sides[s].dispose();
    clearTimeout(frame);
  }
  return { settings, actions, phase: lab.get, dispose, settled };
}
