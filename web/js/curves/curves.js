// Activation explorer: every activation of the core and its derivative, sampled from the core's
// kernels, with a cursor (pointer or arrow keys) that reads x and each f(x) from the core.
import { linspace, sample } from '../shared/core.js';
import { createLinePlot } from '../plots/line-plot.js';
import { must } from '../shared/dom.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';

/** @typedef {import('../shared/types').ActivationName} ActivationName */

// Where the curves differ: GELU's dip and its bend below x = 1 against ReLU's corner, and, towards
// both ends, where they meet again. The first screen shows the top of this plot (issue 61.4), so
// its top stays low enough for GELU and ReLU to stand apart there. The no-script picture reads the
// same range (web/ship/pictures/curves.mjs).
/** @type {[number, number]} */
export const X_RANGE = [-3, 2];
/** @type {[number, number]} */
export const VALUE_RANGE = [-0.5, 2];
/** @type {[number, number]} */
export const SLOPE_RANGE = [-0.4, 1.4];
export const SAMPLES = 501; // one every 0.01
/** @type {Set<ActivationName>} */
const HIDDEN_AT_START = new Set(['identity']); // a straight line that would only clutter the view

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createCurves(root, { core, i18n }) {
  await i18n.need('curves', 'common');
  const { M, activations } = core;
  const xs = linspace(...X_RANGE, SAMPLES);
  /** @type {Record<string, {value: Float32Array, grad: Float32Array}>} */
  const curves = {};
  for (const fn of activations) {
    curves[fn] = { value: sample(M, fn, xs), grad: sample(M, fn, xs, true) };
  }
  const shown = new Set(activations.filter((fn) => !HIDDEN_AT_START.has(fn)));
  /** @type {'value' | 'grad'} */
  let mode = 'value';
  let cursor = -1;

  root.innerHTML = `
    <div class="widget-bar">
      <div class="segmented" role="radiogroup" data-i18n-attr="aria-label=curves.mode_label">
        <label><input type="radio" name="curves-mode" value="value" checked><span data-i18n="curves.mode_value"></span></label>
        <label><input type="radio" name="curves-mode" value="grad"><span data-i18n="curves.mode_grad"></span></label>
      </div>
      <fieldset class="chips"><legend class="visually-hidden" data-i18n="curves.toggle_legend"></legend></fieldset>
    </div>
    <div class="plot-wrap"></div>
    <p class="readout"></p>
    ${captionHtml('curves.caption')}`;
  const chips = must(root, '.chips');
  for (const fn of activations) {
    const label = document.createElement('label');
    label.className = 'chip';
    label.style.setProperty('--chip', `var(--c-${fn.replace(/_/g, '-')})`);
    label.innerHTML = `<input type="checkbox" value="${fn}" ${shown.has(fn) ? 'checked' : ''}><span data-i18n="common.act_${fn}"></span>`;
    chips.append(label);
  }
  const readout = must(root, '.readout');
  const plot = createLinePlot(must(root, '.plot-wrap'), {
    height: (w) => Math.max(240, Math.min(w * 0.55, 460)),
    xDomain: X_RANGE,
    fmt: (v, d) => i18n.num(v, d),
  });
  const canvas = plot.canvas;
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'slider');
  canvas.dataset.i18nAttr = 'aria-label=curves.cursor_label';
  canvas.setAttribute('aria-valuemin', String(X_RANGE[0]));
  canvas.setAttribute('aria-valuemax', String(X_RANGE[1]));

  function render() {
    const key = mode === 'value' ? 'value' : 'grad';
    plot.update({
      yDomain: mode === 'value' ? VALUE_RANGE : SLOPE_RANGE,
      xLabel: 'x',
      yLabel: mode === 'value' ? 'f(x)' : 'f′(x)',
      series: activations.map((fn) => ({
        xs,
        ys: curves[fn][key],
        color: fn,
        hidden: !shown.has(fn),
        width: fn === 'gelu_tanh' ? 1.5 : 2.25,
        dash: fn === 'gelu_tanh' ? [5, 4] : [],
      })),
      cursor,
      marks: [...shown].map((fn) => ({
        x: cursor,
        y: M.evaluate(fn, mode === 'grad', false, Float32Array.of(cursor))[0],
        color: fn,
        r: 3.5,
      })),
    });
    const at = Float32Array.of(cursor);
    const parts = [...shown].map((fn) => {
      const y = M.evaluate(fn, mode === 'grad', false, at)[0];
      return `<span class="readout-item" data-chip="${fn.replace(/_/g, '-')}">${i18n.t(`common.act_${fn}`)} <b>${i18n.num(y, 4)}</b></span>`;
    });
    const xText = `x = ${i18n.num(cursor, 2)}`;
    readout.innerHTML = `<span class="readout-x">${xText}</span>${parts.join('')}`;
    canvas.setAttribute('aria-valuenow', String(cursor));
    // The slider's value says it all, read out on keyboard moves only: the readout above is not a
    // live region (a pointer sweeping the plot made it speak 40 times a second).
    const said = [...shown].map(
      (fn) =>
        `${i18n.t(`common.act_${fn}`)} ${i18n.num(M.evaluate(fn, mode === 'grad', false, at)[0], 4)}`,
    );
    canvas.setAttribute('aria-valuetext', [xText, ...said].join(', '));
    // The caption's first sentence: GELU against ReLU at the cursor, from the core.
    /** @param {ActivationName} fn */
    const at1 = (fn) => i18n.num(M.evaluate(fn, mode === 'grad', false, at)[0], 4);
    setTakeaway(
      root,
      i18n.t(`curves.takeaway_${mode}`, {
        x: i18n.num(cursor, 2),
        gelu: at1('gelu'),
        relu: at1('relu'),
      }),
    );
  }

  /** @param {number} x */
  const setCursor = (x) => {
    cursor = Math.round(Math.min(Math.max(x, X_RANGE[0]), X_RANGE[1]) * 100) / 100;
    render();
  };
  canvas.addEventListener('pointermove', (e) => setCursor(plot.xAt(e.clientX)));
  canvas.addEventListener('pointerdown', (e) => setCursor(plot.xAt(e.clientX)));
  canvas.addEventListener('keydown', (e) => {
    const step = e.shiftKey ? 0.5 : 0.05;
    /** @type {Record<string, number>} */
    const moves = {
      ArrowLeft: -step,
      ArrowDown: -step,
      ArrowRight: step,
      ArrowUp: step,
      PageDown: -1,
      PageUp: 1,
    };
    if (e.key in moves) setCursor(cursor + moves[e.key]);
    else if (e.key === 'Home') setCursor(X_RANGE[0]);
    else if (e.key === 'End') setCursor(X_RANGE[1]);
    else return;
    e.preventDefault();
  });
  root.addEventListener('change', (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target); // the radios and the checkboxes
    const value = /** @type {ActivationName & typeof mode} */ (input.value);
    if (input.name === 'curves-mode') mode = value;
    else if (input.type === 'checkbox') input.checked ? shown.add(value) : shown.delete(value);
    render();
  });

  await i18n.apply(root);
  i18n.onChange(render);
  render();
  return { setCursor, setMode: (/** @type {typeof mode} */ m) => ((mode = m), render()) };
}
