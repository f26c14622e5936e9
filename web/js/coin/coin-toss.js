// The coin toss: masks m ~ Bernoulli(Φ(x)) for a row of inputs, and the running mean of x·m per
// input closing in on GELU(x) (tosses.js), while GELU itself answers the same every time. A
// seed field replays a run; nothing here trains or talks to a worker.
import { linspace, sample } from '../shared/core.js';
import { createLinePlot } from '../plots/line-plot.js';
import { must } from '../shared/dom.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';
import { INPUTS, createTosses } from './tosses.js';

/** @type {[number, number]} */
const X_RANGE = [-3.2, 3.2];
const DEFAULT_SEED = 1;

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createCoinToss(root, { core, i18n }) {
  await i18n.need('coin-toss', 'common');
  const { M } = core;
  const seedRange = core.limits.seed;
  if (!seedRange) throw new Error('the core states no range for seeds');
  const { min: seedMin, max: seedMax } = seedRange;
  const curveXs = linspace(...X_RANGE, 321);
  const curve = sample(M, 'gelu', curveXs);
  let run = createTosses(M, INPUTS, DEFAULT_SEED);

  root.innerHTML = `<div class="lab-toolbar coin-toolbar">
      <button type="button" class="btn primary" data-toss="1" data-i18n="coin-toss.toss"></button>
      <button type="button" class="btn" data-toss="100" data-i18n="coin-toss.toss100"></button>
      <button type="button" class="btn" data-reset data-i18n="coin-toss.reset"></button>
      <div class="field coin-seed"><label for="coin-seed" data-i18n="coin-toss.seed"></label>
        <input id="coin-seed" name="seed" type="text" inputmode="numeric" autocomplete="off"
          spellcheck="false" aria-describedby="coin-seed-err" value="${DEFAULT_SEED}">
        <span class="field-error" id="coin-seed-err" aria-live="polite"></span></div>
    </div>
    <p class="coin-count" role="status" data-summary></p>
    <div class="plot-wrap" data-plot></div>
    <div class="lab-legend"><span class="legend-item"><i class="swatch" data-chip="gelu"></i><span data-i18n="coin-toss.legend_gelu"></span></span>
      <span class="legend-item"><i class="swatch coin-dot" data-chip="relu"></i><span data-i18n="coin-toss.legend_mean"></span></span></div>
    <p class="ev-caption" id="coin-table-caption" data-i18n="coin-toss.table_caption"></p>
    <div class="table-scroll" tabindex="0" role="region" aria-labelledby="coin-table-caption">
      <table class="results-table coin-table" aria-labelledby="coin-table-caption">
        <tbody><tr data-row="x"><th scope="row">x</th></tr>
        <tr data-row="toss"><th scope="row" data-i18n="coin-toss.row_toss"></th></tr>
        <tr data-row="mean"><th scope="row" data-i18n="coin-toss.row_mean"></th></tr>
        <tr data-row="gelu"><th scope="row" data-i18n="coin-toss.row_gelu"></th></tr></tbody></table></div>
    ${captionHtml('coin-toss.caption')}`;
  const summary = must(root, '[data-summary]');
  const seedInput = /** @type {HTMLInputElement} */ (must(root, '#coin-seed'));
  const seedError = must(root, '#coin-seed-err');
  const plot = createLinePlot(must(root, '[data-plot]'), {
    height: (w) => Math.max(220, Math.min(w * 0.55, 340)),
    xDomain: X_RANGE,
    yDomain: [-0.6, 3.2],
    xLabel: 'x',
    fmt: (v, d) => i18n.num(v, d),
  });
  plot.canvas.setAttribute('role', 'img');
  plot.canvas.dataset.i18nAttr = 'aria-label=coin-toss.plot_label';

  /**
   * @param {string} row
   * @param {number[]} values
   */
  const fillRow = (row, values) => {
    const tr = must(root, `tr[data-row="${row}"]`);
    tr.querySelectorAll('td').forEach((td) => td.remove());
    for (let i = 0; i < INPUTS.length; i++) {
      const td = document.createElement('td');
      const v = values[i];
      td.textContent = v === undefined || Number.isNaN(v) ? '–' : i18n.num(v, row === 'x' ? 1 : 3);
      tr.append(td);
    }
  };

  function render() {
    const means = run.means();
    const gap = run.largestGap();
    plot.update({
      series: [{ xs: curveXs, ys: curve, color: 'gelu', width: 2.25 }],
      marks: run.count ? INPUTS.map((x, i) => ({ x, y: means[i], color: 'relu', r: 4 })) : [],
    });
    fillRow('x', [...INPUTS]);
    fillRow('toss', run.last);
    fillRow('mean', means);
    fillRow('gelu', run.gelu);
    const text = run.count
      ? i18n.t('coin-toss.summary', { n: i18n.num(run.count, 0), gap: i18n.num(gap, 3) })
      : i18n.t('coin-toss.summary_none');
    summary.textContent = text;
    root.dataset.tosses = String(run.count);
    root.dataset.gap = String(gap);
    setTakeaway(
      root,
      run.count
        ? i18n.t('coin-toss.takeaway', { n: i18n.num(run.count, 0), gap: i18n.num(gap, 3) })
        : i18n.t('coin-toss.takeaway_none'),
    );
  }

  /** A seed in the core's range, or the one-line reason why not. */
  function readSeed() {
    const v = M.parseNumber(seedInput.value.trim(), 'integer');
    if (v === null || v < seedMin || v > seedMax)
      return { error: i18n.t('coin-toss.seed_error', { max: String(seedMax) }) };
    return { seed: v };
  }

  /** @param {number} seed */
  const restart = (seed) => {
    run = createTosses(M, INPUTS, seed);
    render();
  };

  root.addEventListener('click', (event) => {
    const button = /** @type {HTMLElement} */ (event.target)?.closest?.('button');
    if (!button || !root.contains(button)) return;
    if (button.dataset.toss) {
      run.toss(Number(button.dataset.toss));
      render();
    } else if (button.hasAttribute('data-reset')) restart(run.seed);
  });
  seedInput.addEventListener('change', () => {
    const { seed, error } = readSeed();
    seedInput.setAttribute('aria-invalid', String(Boolean(error)));
    seedError.textContent = error ?? '';
    if (seed !== undefined) restart(seed);
  });
  seedInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') (e.preventDefault(), seedInput.blur(), seedInput.focus());
  });

  await i18n.apply(root);
  i18n.onChange(render);
  render();
  return {};
}
