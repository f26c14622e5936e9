// The twin-network lab: two networks that differ only in their activation, trained at the same
// time in two workers from the same initial weights, drawn live. Settings live in the URL hash.
import { createSettings } from '../shared/state.js';
import { ROWS } from './settings.js';
import { createControls } from './twin-controls.js';
import { createSide } from './twin-side.js';
import { createViews } from './twin-views.js';
import { createResults } from './twin-results.js';
import { setDisabled } from '../shared/focus.js';
import { downloadPng, labelPngButtons, pngButton, stampedName } from '../shared/export.js';
import { presetButtons } from '../shared/fields.js';
import { SETUPS, setupTexts } from '../shared/presets.js';
import { closest, controlOf, finder, must } from '../shared/dom.js';
import { nextTask } from '../shared/tasks.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';
import { failed } from '../shared/figure-state.js';
import { explainError, isWorkerFailure } from '../shared/worker-error.js';

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
  await i18n.need('twin', 'common', 'evidence', 'lab', 'signals', 'draw', 'maps');
  const settings = createSettings(core, ROWS, store); // store: the URL hash unless embedded
  settings.readHash();
  // A view option, not a setting of the run (its row, pieces): shown without resetting training.
  const piecesOn = () => settings.values.pieces === 'on';
  root.innerHTML = `
    <div class="lab">
      ${presetButtons('lab', ['article', ...Object.keys(SETUPS)])}
      <form class="lab-form" novalidate data-i18n-attr="aria-label=twin.form_label"></form>
      <div class="draw-data" data-draw hidden></div>
      <div class="lab-toolbar">
        <button type="button" class="btn primary" data-act="play"><span class="icon" aria-hidden="true"></span><span data-label></span></button>
        <button type="button" class="btn" data-act="step" data-i18n="twin.step"></button>
        <button type="button" class="btn" data-act="reset" data-i18n="twin.reset"></button>
        <button type="button" class="btn" data-act="stop" data-i18n="twin.stop"></button>
        <div class="progress"><progress max="1" value="0" data-i18n-attr="aria-label=twin.progress_label"></progress><span class="progress-text" data-progress></span></div>
      </div>
      <label class="pieces-toggle"><input type="checkbox" data-pieces-toggle><span data-i18n="lab.pieces"></span></label>
      <div class="lab-sides">${SIDES.map((s) => `<div class="side" data-side="${s}"></div>`).join('')}</div>
      <label class="pieces-toggle"><input type="checkbox" data-maps-toggle><span data-i18n="maps.toggle"></span></label>
      <div class="maps" data-maps hidden></div>
      <p class="signals-help" data-i18n="signals.help"></p>
      <p class="lab-note" data-note></p>
      <div class="lab-curves">
        <div><div class="ev-plot-head"><h3 class="plot-title" data-i18n="twin.loss_title"></h3>${pngButton('loss')}</div><div class="plot-wrap" data-plot="loss"></div></div>
        <div><div class="ev-plot-head"><h3 class="plot-title" data-i18n="twin.acc_title"></h3>${pngButton('acc')}</div><div class="plot-wrap" data-plot="acc"></div></div>
      </div>
      <div class="lab-legend" data-legend></div>
      <div class="table-scroll" tabindex="0" role="region" data-results data-i18n-attr="aria-label=twin.table_caption"><table class="results-table">
        <caption class="visually-hidden" data-i18n="twin.table_caption"></caption>
        <thead><tr>${['network', 'test_acc', 'train_acc', 'epochs', 'to95', 'time', 'status']
          .map(
            (c) =>
              `<th scope="col" class="${c === 'network' ? '' : 'num'}" data-col="${c.replace('_acc', '')}" data-i18n="twin.col_${c}"></th>`,
          )
          .join('')}</tr></thead>
        <tbody>${SIDES.map((s) => `<tr data-row="${s}"><th scope="row"></th><td class="num" data-col="test"></td><td class="num" data-col="train"></td><td class="num" data-col="epochs"></td><td class="num" data-col="to95"></td><td class="num" data-col="time"></td><td class="num" data-col="status"></td></tr>`).join('')}</tbody>
      </table></div>
      <div class="visually-hidden" role="status" aria-live="polite" data-announce></div>
    </div>
    ${captionHtml('twin.caption')}`;
  const $ = finder(root);

  let pauseToAnnounce = false; // Pause pressed: announced once both sides report their epoch
  /** @type {'ready' | 'running' | 'paused' | 'finished' | 'failed'} */
  let phase = 'ready';
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let frame = 0,
    lastPaint = 0;
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
    phase = 'ready';
    schedule(true);
  }

  /** @type {Record<string, () => void>} */
  const actions = {
    play() {
      if (phase === 'running') {
        for (const s of SIDES) sides[s].pause();
        phase = 'paused';
        pauseToAnnounce = true; // once both workers have said where they stopped (render)
      } else if (phase !== 'finished' && phase !== 'failed') {
        for (const s of SIDES) sides[s].play();
        phase = 'running';
        announce('twin.announce_running');
      }
    },
    step() {
      if (phase === 'running' || phase === 'finished' || phase === 'failed') return;
      for (const s of SIDES) sides[s].step();
      phase = 'paused';
    },
    reset() {
      reset();
      announce('twin.announce_reset');
    },
    stop() {
      for (const s of SIDES) sides[s].stop();
    },
  };
  /** @param {string} preset */
  function applyPreset(preset) {
    const texts = setupTexts(settings, SETUPS[preset] ?? {});
    for (const [key, text] of Object.entries(texts)) settings.set(key, text);
    changed();
    announce('lab.announce_preset', { name: i18n.t(`lab.preset_${preset}`) });
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

  /** Repaints at most every FRAME_MS (twice a second with reduced motion), at once on demand. */
  function schedule(now = false) {
    if (frame) return;
    const every = reducedMotion.matches ? 500 : FRAME_MS;
    const wait = now ? 0 : Math.max(0, every - (performance.now() - lastPaint));
    frame = setTimeout(
      () => requestAnimationFrame(() => ((frame = 0), (lastPaint = performance.now()), render())),
      wait,
    );
  }

  function render() {
    const runs = SIDES.map((s) => sides[s].run);
    if (pauseToAnnounce && phase === 'paused' && runs.every((r) => r.pausedAt !== null)) {
      pauseToAnnounce = false;
      announce('twin.announce_paused', {
        a: name('a'),
        b: name('b'),
        epochA: runs[0].pausedAt ?? 0,
        epochB: runs[1].pausedAt ?? 0,
      });
    }
    // A side's error ends the run as failed, never finished: a worker that could not start
    // (figure-state.js) makes the element failed, as the Transformer's model does.
    const error = SIDES.map((s) => sides[s].run.error).find(Boolean);
    if (error && phase !== 'failed') {
      phase = 'failed';
      for (const s of SIDES) sides[s].stop();
      $('[data-announce]').textContent = explainError(i18n, error);
      if (isWorkerFailure(error)) failed(root);
    }
    const ending =
      phase !== 'finished' && phase !== 'failed' && SIDES.every((s) => sides[s].ended());
    if (ending) phase = 'finished';
    const takeaway = results.takeaway(runs, phase === 'finished');
    setTakeaway(root, takeaway);
    // Screen readers hear the result once, at the end: the caption's sentence, as text.
    if (ending) $('[data-announce]').textContent = takeaway.replace(/<[^>]*>/g, '');
    for (const s of SIDES) sides[s].render(colorOf(s));
    views.render();
    // Toolbar
    /** @param {string} act */
    const button = (act) => /** @type {HTMLButtonElement} */ ($(`[data-act="${act}"]`));
    const playBtn = button('play');
    must(playBtn, '[data-label]').textContent = i18n.t(
      phase === 'running' ? 'twin.pause' : 'twin.play',
    );
    must(playBtn, '.icon').textContent = phase === 'running' ? '❚❚' : '▶';
    // A finished run plays no more: Play says why, and Reset takes the focus (focus.js).
    const resetBtn = button('reset');
    const over = phase === 'finished' || phase === 'failed';
    setDisabled(playBtn, over, resetBtn);
    setDisabled(button('step'), phase === 'running' || over, [playBtn, resetBtn]);
    // Stop works mid-epoch too (the workers train in slices): from the first Play or Step on.
    setDisabled(button('stop'), over || phase === 'ready', resetBtn);
    const total = runs.reduce((n, r) => n + r.epochs, 0),
      done = runs.reduce((n, r) => n + r.epoch + (r.progress ?? 0), 0);
    const progress = /** @type {HTMLProgressElement} */ ($('progress'));
    progress.max = Math.max(total, 1);
    progress.value = done;
    const text = i18n.t('twin.progress', {
      a: runs[0].epoch,
      b: runs[1].epoch,
      epochs: runs[0].epochs,
      na: name('a'),
      nb: name('b'),
    });
    // After the end, the line says how to train again (Play is disabled then).
    $('[data-progress]').textContent =
      phase === 'finished' ? `${text} ${i18n.t('twin.play_finished_hint')}` : text;
    progress.setAttribute('aria-valuetext', text);
    // Notes: the identity's straight line (the article's #activation section), divergence
    const notes = [];
    if (SIDES.some((s) => settings.config(s).activation === 'identity'))
      notes.push(i18n.t('twin.identity_note'));
    for (const s of SIDES)
      if (sides[s].run.status === 'diverged')
        notes.push(i18n.t('twin.diverged_note', { name: name(s), epoch: sides[s].run.epoch }));
    $('[data-note]').innerHTML = notes.join(' ');
    results.render(runs);
    labelPngButtons(root, i18n);
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
  return { settings, actions, phase: () => phase, dispose };
}
