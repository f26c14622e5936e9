// The twin-network lab: two networks that differ only in their activation, trained at the same
// time in two workers from the same initial weights, drawn live. Settings live in the URL hash.
import { createSettings } from '../shared/state.js';
import { ROWS } from './settings.js';
import { createLinePlot } from '../plots/line-plot.js';
import { createControls } from './twin-controls.js';
import { createSide } from './twin-side.js';
import { createViews } from './twin-views.js';
import { setDisabled } from '../shared/focus.js';
import { downloadPng, labelPngButtons, pngButton, stampedName } from '../shared/export.js';
import { presetButtons } from '../shared/fields.js';
import { SETUPS, setupTexts } from '../shared/presets.js';
import { closest, controlOf, finder, must } from '../shared/dom.js';
import { nextTask } from '../shared/tasks.js';
import { reached95 } from '../shared/runs.js';
import { captionHtml, setTakeaway, speedCase } from '../shared/takeaway.js';

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
  /** @type {'ready' | 'running' | 'paused' | 'finished'} */
  let phase = 'ready';
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let frame = 0,
    lastPaint = 0,
    lastCurves = '';
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
  /** @type {import('../shared/types').TickFormat} */
  const fmtAxis = (v, d) => i18n.num(v, d);
  const lossPlot = createLinePlot($('[data-plot="loss"]'), {
    height: (w) => Math.max(160, w * 0.55),
    fmt: fmtAxis,
    yDomain: ([, hi]) => [0, Math.max(hi, 1e-3)],
  });
  const accPlot = createLinePlot($('[data-plot="acc"]'), {
    height: (w) => Math.max(160, w * 0.55),
    fmt: fmtAxis,
    yDomain: ([lo]) => [Math.min(Math.max(0, lo), 0.9), 1],
  });
  for (const p of [lossPlot, accPlot]) p.canvas.setAttribute('role', 'img');
  lossPlot.canvas.dataset.i18nAttr = 'aria-label=twin.loss_title';
  accPlot.canvas.dataset.i18nAttr = 'aria-label=twin.acc_title';

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

  function reset() {
    lastCurves = '';
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
      } else if (phase !== 'finished') {
        for (const s of SIDES) sides[s].play();
        phase = 'running';
        announce('twin.announce_running');
      }
    },
    step() {
      if (phase === 'running' || phase === 'finished') return;
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
        loss: lossPlot.canvas,
        acc: accPlot.canvas,
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
    const ending = phase !== 'finished' && SIDES.every((s) => sides[s].ended());
    if (ending) phase = 'finished';
    const takeaway = takeawayOf(runs);
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
    setDisabled(playBtn, phase === 'finished', resetBtn);
    setDisabled(button('step'), phase === 'running' || phase === 'finished', [playBtn, resetBtn]);
    // Stop works mid-epoch too (the workers train in slices): from the first Play or Step on.
    setDisabled(button('stop'), phase === 'finished' || phase === 'ready', resetBtn);
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
    // The curves change only with new epochs (or the language, the activations): a slice of a
    // large network's epoch redraws the progress, not both plots.
    const curvesKey = [
      ...runs.map((r) => r.history.length),
      i18n.language?.(),
      colorOf('a'),
      colorOf('b'),
    ].join();
    if (curvesKey !== lastCurves) ((lastCurves = curvesKey), renderCurves(runs));
    renderTable(runs);
    labelPngButtons(root, i18n);
  }

  /**
   * The caption's first sentence: the epochs each network needed to reach 95 % training
   * accuracy (the table's column), then, once both ended, their test accuracies.
   * @param {SideRun[]} runs
   */
  function takeawayOf(runs) {
    const same = settings.config('a').activation === settings.config('b').activation;
    /** @param {Side} s */
    const label = (s) => (same ? i18n.t(`twin.side_${s}`) : name(s));
    const [ea, eb] = runs.map(reached95);
    const done = phase === 'finished';
    const kind = speedCase(ea, eb, done);
    const aFirst = ea !== null && (eb === null || ea <= eb);
    const [fast, slow] = aFirst ? ['a', 'b'] : ['b', 'a'];
    const speed = i18n.t(
      `twin.takeaway_${kind === 'a_only' || kind === 'b_only' ? (done ? 'one_done' : 'one') : kind}`,
      {
        fast: label(/** @type {Side} */ (fast)),
        slow: label(/** @type {Side} */ (slow)),
        ef: (aFirst ? ea : eb) ?? '',
        es: (aFirst ? eb : ea) ?? '',
        epochs: runs[0].epochs,
      },
    );
    if (!done || !runs.every((r) => r.final)) return speed;
    return `${speed} ${i18n.t('twin.takeaway_test', {
      a: label('a'),
      b: label('b'),
      accA: i18n.pct(runs[0].final?.test?.acc),
      accB: i18n.pct(runs[1].final?.test?.acc),
    })}`;
  }

  /** @param {SideRun[]} runs */
  function renderCurves(runs) {
    /** @type {[number, number]} */
    const xDomain = [0, Math.max(1, ...runs.map((r) => r.epochs))];
    /** @param {'loss' | 'acc'} metric */
    const series = (metric) =>
      SIDES.flatMap((s, i) => {
        const h = runs[i].history,
          xs = h.map((r) => r.epoch);
        /** @type {import('../shared/types').Series[]} */
        const out = [{ xs, ys: h.map((r) => r[`train_${metric}`] ?? NaN), color: colorOf(s) }];
        if (h.some((r) => r[`val_${metric}`] !== null))
          out.push({
            xs,
            ys: h.map((r) => r[`val_${metric}`] ?? NaN),
            color: colorOf(s),
            dash: [5, 4],
            width: 1.5,
          });
        return out;
      });
    lossPlot.update({ xDomain, series: series('loss'), xLabel: i18n.t('twin.axis_epoch') });
    accPlot.update({ xDomain, series: series('acc'), xLabel: i18n.t('twin.axis_epoch') });
    const hasVal = runs.some((r) => r.history.some((h) => h.val_loss !== null));
    $('[data-legend]').innerHTML =
      SIDES.map(
        (s) => `<span class="legend-item" data-chip="${colorOf(s).replace(/_/g, '-')}">
      <i class="swatch"></i>${name(s)}</span>`,
      ).join('') +
      `<span class="legend-item"><i class="line solid"></i>${i18n.t('twin.legend_train')}</span>` +
      `<span class="legend-item"><i class="line dashed"></i>${i18n.t(hasVal ? 'twin.legend_val' : 'twin.legend_no_val')}</span>`;
  }

  /** @param {SideRun[]} runs */
  function renderTable(runs) {
    SIDES.forEach((s, i) => {
      const r = runs[i],
        row = $(`tr[data-row="${s}"]`);
      const last = r.history[r.history.length - 1];
      /** @param {string} sel */
      const cell = (sel) => must(row, sel);
      cell('th').innerHTML =
        `<span class="legend-item" data-chip="${colorOf(s).replace(/_/g, '-')}"><i class="swatch"></i>${i18n.t(`twin.side_${s}`)}: ${name(s)}</span>`;
      cell('[data-col="train"]').textContent = i18n.pct(r.final?.train?.acc ?? last?.train_acc);
      cell('[data-col="test"]').textContent = r.final ? i18n.pct(r.final.test?.acc) : '–';
      cell('[data-col="epochs"]').textContent = `${r.epoch} / ${r.epochs}`;
      cell('[data-col="to95"]').textContent = String(reached95(r) ?? '–');
      cell('[data-col="time"]').textContent = i18n.t('twin.seconds', {
        s: i18n.num(r.seconds, 2),
      });
      const status = sides[s].status();
      cell('[data-col="status"]').textContent = i18n.t(`twin.status_${status}`);
      row.dataset.status = status;
    });
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
