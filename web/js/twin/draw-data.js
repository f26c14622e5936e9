// "Draw your data": the twin lab's editor of a custom data set. It owns the points being drawn,
// their history (Undo, Ctrl+Z), the class of new points, and what goes in and out: a generated set
// to start from, CSV import (read by the core, M.pointsFromCsvJson: the CLI's parser and messages)
// and export (`x0,x1,label`, as the CLI's `data` writes), and the link (the `pts` setting, whose
// code holds up to MAX_LINK_POINTS; a larger set is offered as a CSV download instead). Every edit
// of a valid set goes to the settings at once, as a changed setting does: the run restarts on the
// quantised points, the ones a reloaded link gives back. A set the core refuses (too few points,
// one class only) stays a draft here, with the reason, and the run keeps the last valid one.
import { createDrawPad, viewOf } from './draw-pad.js';
import { MAX_LINK_POINTS, encodePoints, quantised } from '../shared/points-code.js';
import { download } from '../shared/export.js';
import { closest, must } from '../shared/dom.js';
import { enumValues } from '../shared/state.js';

/** @typedef {import('../shared/points-code.js').Point} Point */

const HISTORY = 200; // undo steps kept
const CUSTOM = 'custom';

/**
 * The CSV the CLI's `data` command writes: a header, then one point per line (String(x) reads
 * back to the same float).
 * @param {Point[]} points
 */
export const pointsCsv = (points) =>
  `x0,x1,label\n${points.map(([x, y, l]) => `${x},${y},${l}`).join('\n')}\n`;

/**
 * The text the settings row reads for a set: its link code, or JSON past a link's size.
 * @param {Point[]} points
 */
const settingText = (points) =>
  points.length <= MAX_LINK_POINTS ? encodePoints(points) : JSON.stringify(points);

/**
 * @param {HTMLElement} el
 * @param {{
 *   core: import('../shared/types').Core,
 *   i18n: import('../shared/types').I18n,
 *   settings: import('../shared/types').Settings,
 *   commit: (text: string) => void,
 * }} options
 */
export function createDrawData(el, { core, i18n, settings, commit }) {
  const { M } = core;
  const generated = enumValues(core, 'dataset').filter((d) => d !== CUSTOM);
  el.innerHTML = `
    <div class="draw-tools">
      <span class="draw-class" role="group" data-i18n-attr="aria-label=draw.class_group">
        ${[0, 1].map((c) => `<button type="button" class="btn" data-cls="${c}" aria-pressed="${c === 0}"><i class="swatch" data-chip="class${c}"></i><span data-i18n="draw.class${c}"></span></button>`).join('')}
      </span>
      <button type="button" class="btn" data-draw-act="undo" data-i18n="draw.undo"></button>
      <button type="button" class="btn" data-draw-act="clear" data-i18n="draw.clear"></button>
    </div>
    <div class="draw-tools">
      <label class="draw-from"><span data-i18n="draw.from"></span>
        <select data-draw-from>${generated.map((d) => `<option value="${d}" data-i18n="mlp.dataset_${d}"></option>`).join('')}</select></label>
      <button type="button" class="btn" data-draw-act="generated" data-i18n="draw.load"></button>
      <label class="btn file-btn"><span data-i18n="draw.import"></span><input type="file" accept=".csv,text/csv" data-csv></label>
      <button type="button" class="btn" data-draw-act="export" data-i18n="draw.export"></button>
    </div>
    <div class="draw-pad"></div>
    <p class="draw-help" data-i18n="draw.help"></p>
    <p class="draw-status" data-draw-status></p>
    <p class="draw-msg" data-draw-msg aria-live="polite"></p>
    <div class="visually-hidden" role="status" aria-live="polite" data-draw-announce></div>`;
  /** @type {Point[]} */
  let points = [];
  /** @type {Point[][]} */
  const history = [];
  /** @type {Point[] | null} the set before the gesture under way (one undo step per gesture) */
  let before = null;
  let cls = 0,
    message = '',
    lastText = '';
  const pad = createDrawPad(must(el, '.draw-pad'), {
    add(x, y, other) {
      const label = other ? 1 - cls : cls;
      edit([...points, [x, y, label]]);
      const [qx, qy] = points[points.length - 1] ?? [x, y];
      say('draw.announce_add', { x: i18n.num(qx, 2), y: i18n.num(qy, 2), label, n: points.length });
    },
    erase(x, y, radius) {
      const kept = points.filter(([px, py]) => Math.hypot(px - x, py - y) > radius);
      if (kept.length < points.length) edit(kept, false);
    },
    removeNearest(x, y) {
      if (!points.length) return say('draw.announce_empty');
      let best = 0;
      points.forEach(([px, py], i) => {
        const [bx, by] = points[best];
        if (Math.hypot(px - x, py - y) < Math.hypot(bx - x, by - y)) best = i;
      });
      const [rx, ry, label] = points[best];
      edit(points.filter((_, i) => i !== best));
      say('draw.announce_remove', {
        x: i18n.num(rx, 2),
        y: i18n.num(ry, 2),
        label,
        n: points.length,
      });
    },
    gestureEnd() {
      if (before) (push(before), (before = null), send());
    },
    switchClass: () => setClass(1 - cls, true),
    undo,
    cursorMoved: (x, y) => say('draw.announce_cursor', { x: i18n.num(x, 2), y: i18n.num(y, 2) }),
  });
  pad.canvas.setAttribute('role', 'application');
  pad.canvas.dataset.i18nAttr = 'aria-label=draw.pad_label';

  /**
   * @param {string} key
   * @param {import('../shared/types').I18nVars} [vars]
   */
  function say(key, vars) {
    must(el, '[data-draw-announce]').textContent = i18n.t(key, vars);
  }

  /** @param {Point[]} set */
  function push(set) {
    history.push(set);
    if (history.length > HISTORY) history.shift();
  }

  /**
   * The set after an edit of the gesture under way: drawn at once, sent at the gesture's end.
   * @param {Point[]} next
   * @param {boolean} [single]  a tap or a key: one gesture on its own
   */
  function edit(next, single = true) {
    before ??= points;
    points = quantised(next);
    pad.setPoints(points);
    if (single) (push(before), (before = null), send());
  }

  function undo() {
    const last = history.pop();
    if (!last) return say('draw.announce_no_undo');
    points = last;
    pad.setPoints(points);
    send();
    say('draw.announce_undo', { n: points.length });
  }

  /**
   * @param {number} c
   * @param {boolean} [announce]
   */
  function setClass(c, announce = false) {
    cls = c;
    for (const b of el.querySelectorAll('[data-cls]'))
      b.setAttribute(
        'aria-pressed',
        String(Number(/** @type {HTMLElement} */ (b).dataset.cls) === c),
      );
    if (announce) say('draw.announce_class', { label: c });
  }

  /** The core's verdict on the set as a custom data set: '' when it can train on it. */
  const problemOf = (/** @type {Point[]} */ set) =>
    M.validateConfigJson(JSON.stringify({ ...core.defaults, dataset: CUSTOM, points: set }));

  /** A valid set to the settings (the run restarts on it); a draft says why not. */
  function send() {
    const problem = problemOf(points);
    message = problem ? i18n.t('draw.draft', { reason: problem }) : '';
    if (!problem) commit((lastText = settingText(points)));
    render();
  }

  /**
   * A new set from outside the pad (a generated set, a file, a link): a new view, and one undo
   * step back to the set before it.
   * @param {Point[]} next
   */
  function replace(next) {
    push(points);
    points = quantised(next);
    pad.setPoints(points, viewOf(points));
    send();
  }

  /** Points of one of the core's generated sets, with the lab's other data settings. */
  function generatedSet(/** @type {string} */ dataset) {
    const config = /** @type {Record<string, unknown>} */ ({ ...settings.config('a'), dataset });
    delete config.points;
    const d = M.makeData(JSON.stringify(config)); // (the lab's settings: valid for the core)
    /** @type {Point[]} */
    const out = [];
    for (let i = 0; i < d.length; i += 3) out.push([d[i], d[i + 1], d[i + 2] > 0.5 ? 1 : 0]);
    // At most a link's worth, spread over the whole set: a set that can travel by link.
    const stride = Math.max(1, Math.ceil(out.length / MAX_LINK_POINTS));
    return out.filter((_, i) => i % stride === 0);
  }

  /**
   * A CSV file's text as the new set, or the core's one line on why not.
   * @param {string} text
   * @param {string} name
   */
  function importCsv(text, name) {
    const read = JSON.parse(M.pointsFromCsvJson(text));
    if (read.error) {
      message = i18n.t('draw.csv_refused', { name, reason: read.error });
      return render();
    }
    replace(read.points);
    say('draw.announce_import', { n: points.length, name });
  }

  function render() {
    must(el, '[data-draw-status]').textContent = i18n.t('draw.status', {
      n: points.length,
      n0: points.filter((p) => !p[2]).length,
      n1: points.filter((p) => p[2]).length,
    });
    const tooBig = points.length > MAX_LINK_POINTS;
    const msg = must(el, '[data-draw-msg]');
    msg.innerHTML = '';
    msg.append(
      message || (tooBig ? i18n.t('draw.too_big', { n: points.length, max: MAX_LINK_POINTS }) : ''),
    );
    if (tooBig && !message) {
      const offer = document.createElement('button');
      offer.type = 'button';
      offer.className = 'btn';
      offer.dataset.drawAct = 'export';
      offer.textContent = i18n.t('draw.export');
      msg.append(' ', offer);
    }
  }

  el.addEventListener('click', (e) => {
    const c = closest(e, '[data-cls]');
    if (c) return setClass(Number(c.dataset.cls));
    const act = closest(e, '[data-draw-act]')?.dataset.drawAct;
    if (act === 'undo') undo();
    else if (act === 'clear') (replace([]), say('draw.announce_clear'));
    else if (act === 'generated') {
      const from = /** @type {HTMLSelectElement} */ (must(el, '[data-draw-from]')).value;
      replace(generatedSet(from));
      say('draw.announce_generated', { n: points.length });
    } else if (act === 'export')
      download('points.csv', pointsCsv(points), 'text/csv;charset=utf-8');
  });
  const fileInput = /** @type {HTMLInputElement} */ (must(el, '[data-csv]'));
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    fileInput.value = ''; // the same file again is a new import
    if (!file) return;
    // Past the core's limit, refused by its size alone: reading 27 MB to refuse it blocked the page.
    const maxBytes = JSON.parse(M.configLimitsJson()).points.csv_max_bytes;
    if (file.size > maxBytes) {
      message = i18n.t('draw.csv_refused', {
        name: file.name,
        reason: `the file is larger than ${maxBytes} bytes`, // (the core's words, points_csv.cpp)
      });
      return render();
    }
    void file.text().then((text) => importCsv(text, file.name));
  });

  return {
    /**
     * After the settings were read (a link, an attribute, a reset): the settings' set, unless it
     * is the one this editor sent.
     */
    sync() {
      const value = /** @type {Point[]} */ (/** @type {unknown} */ (settings.named.points));
      const text = value.length ? settingText(value) : '';
      if (text !== lastText) {
        lastText = text;
        points = value;
        history.length = 0;
        pad.setPoints(points, viewOf(points));
        message = '';
      }
      render();
    },
    /**
     * The reader picked the custom data set without a set: start from the generated one.
     * @param {string} dataset  the generated set it replaces
     */
    startFrom(dataset) {
      if (generated.includes(dataset)) replace(generatedSet(dataset));
    },
    /** A CSV's text (the embed's points-src), imported as a file is, or refused with a message. */
    importCsv,
    /** @param {string} text  a message of the data's own (a points-src that cannot be read) */
    refuse(text) {
      message = text;
      render();
    },
    render,
    points: () => points,
  };
}
