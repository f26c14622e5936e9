// A zoom on the negative side, where GELU and SiLU dip below zero; each minimum is searched for
// in the core's own samples (analysis.js), then marked.
import { linspace, sample } from '../shared/core.js';
import { minimum } from '../shared/analysis.js';
import { createLinePlot } from '../plots/line-plot.js';
import { must } from '../shared/dom.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';

/** @type {[number, number]} */
const X_RANGE = [-4, 0.5];
/** @type {import('../shared/types').ActivationName[]} */
const FNS = ['relu', 'gelu', 'silu'];

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createDipZoom(root, { core, i18n }) {
  await i18n.need('dip-zoom', 'common');
  const { M } = core;
  const xs = linspace(...X_RANGE, 901);
  const fns = FNS.filter((fn) => core.activations.includes(fn));
  const series = fns.map((fn) => ({ xs, ys: sample(M, fn, xs), color: fn, width: 2.25 }));
  const minima = fns.filter((fn) => fn !== 'relu').map((fn) => ({ fn, ...minimum(M, fn, -4, 0) }));

  root.innerHTML = `<div class="plot-wrap"></div><p class="figure-note"></p>
    ${captionHtml('dip-zoom.caption')}`;
  const note = must(root, '.figure-note');
  const plot = createLinePlot(must(root, '.plot-wrap'), {
    height: (w) => Math.max(220, Math.min(w * 0.5, 340)),
    xDomain: X_RANGE,
    yDomain: [-0.32, 0.12],
    xLabel: 'x',
    fmt: (v, d) => i18n.num(v, d),
  });
  plot.canvas.setAttribute('role', 'img');
  plot.canvas.dataset.i18nAttr = 'aria-label=dip-zoom.plot_label';

  function render() {
    plot.update({
      series,
      marks: minima.map((m) => ({
        x: m.x,
        y: m.y,
        color: m.fn,
        below: true,
        label: i18n.t('dip-zoom.point', {
          name: i18n.t(`common.act_${m.fn}`),
          x: i18n.num(m.x, 3),
          y: i18n.num(m.y, 3),
        }),
      })),
    });
    note.innerHTML = minima
      .map((m) =>
        i18n.t('dip-zoom.minimum', {
          name: i18n.t(`common.act_${m.fn}`),
          x: i18n.num(m.x, 4),
          y: i18n.num(m.y, 4),
        }),
      )
      .join(' ');
    // The caption's first sentence: how deep each dip goes, and where.
    const dips = minima.map((m) =>
      i18n.t('dip-zoom.takeaway_item', {
        name: i18n.t(`common.act_${m.fn}`),
        x: i18n.num(m.x, 2),
        y: i18n.num(m.y, 3),
      }),
    );
    setTakeaway(root, i18n.t('dip-zoom.takeaway', { list: dips.join(i18n.t('dip-zoom.and')) }));
  }
  await i18n.apply(root);
  i18n.onChange(render);
  render();
}
