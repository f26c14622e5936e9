// The twin lab's results: the loss and accuracy curves of both networks, their legend, the
// results table, and the caption's first sentence (the epochs each needed to reach 95 %), all
// drawn from the two sides' runs. twin.js decides when; this file decides what they show.
import { createLinePlot } from '../plots/line-plot.js';
import { finder, must } from '../shared/dom.js';
import { reached95 } from '../shared/runs.js';
import { speedCase } from '../shared/takeaway.js';

/** @typedef {'a' | 'b'} Side */
/** @typedef {import('./twin-side.js').SideRun} SideRun */

/** @type {Side[]} */
const SIDES = ['a', 'b'];

/**
 * @param {HTMLElement} root  the lab, with its [data-plot] boxes, [data-legend] and result rows
 * @param {{
 *   i18n: import('../shared/types').I18n,
 *   settings: import('../shared/types').Settings,
 *   sides: Record<Side, ReturnType<typeof import('./twin-side.js').createSide>>,
 *   name: (s: Side) => string,
 *   colorOf: (s: Side) => string,
 * }} options  name: a side's activation, as the reader reads it; colorOf: its colour's key
 */
export function createResults(root, { i18n, settings, sides, name, colorOf }) {
  const $ = finder(root);
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
  let lastCurves = '';

  /**
   * The caption's first sentence: the epochs each network needed to reach 95 % training
   * accuracy (the table's column), then, once both ended, their test accuracies.
   * @param {SideRun[]} runs
   * @param {boolean} done  both runs ended
   */
  function takeawayOf(runs, done) {
    const same = settings.config('a').activation === settings.config('b').activation;
    /** @param {Side} s */
    const label = (s) => (same ? i18n.t(`twin.side_${s}`) : name(s));
    const [ea, eb] = runs.map(reached95);
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

  return {
    canvases: { loss: lossPlot.canvas, acc: accPlot.canvas },
    takeaway: takeawayOf,
    /** The curves (only with new epochs, the language or the activations) and the table. */
    render(/** @type {SideRun[]} */ runs) {
      // A slice of a large network's epoch redraws the progress, not both plots.
      const curvesKey = [
        ...runs.map((r) => r.history.length),
        i18n.language?.(),
        colorOf('a'),
        colorOf('b'),
      ].join();
      if (curvesKey !== lastCurves) ((lastCurves = curvesKey), renderCurves(runs));
      renderTable(runs);
    },
    /** A new run: the curves are drawn afresh. */
    invalidate() {
      lastCurves = '';
    },
  };
}
