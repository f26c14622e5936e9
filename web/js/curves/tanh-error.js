// |exact GELU − tanh GELU| across the input range, from the core's two float32 kernels, with the
// largest gap found and marked (analysis.js).
import { tanhError } from '../shared/analysis.js';
import { createLinePlot } from '../plots/line-plot.js';
import { must } from '../shared/dom.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createTanhError(root, { core, i18n }) {
  await i18n.need('tanh-error');
  const { xs, err, max, at } = tanhError(core.M);

  root.innerHTML = `<div class="plot-wrap"></div><p class="figure-note"></p>
    ${captionHtml('tanh-error.caption')}`;
  const note = must(root, '.figure-note');
  const plot = createLinePlot(must(root, '.plot-wrap'), {
    height: (w) => Math.max(200, Math.min(w * 0.42, 300)),
    xDomain: [xs[0], xs[xs.length - 1]],
    yDomain: [0, max * 1.2],
    xLabel: 'x',
    fmt: (v, d) => i18n.num(v, d),
  });
  plot.canvas.setAttribute('role', 'img');
  plot.canvas.dataset.i18nAttr = 'aria-label=tanh-error.plot_label';

  function render() {
    const label = i18n.t('tanh-error.max_label', { max: i18n.num(max, 6) });
    plot.update({
      yLabel: '|GELU − GELUₜₐₙₕ|',
      series: [{ xs, ys: err, color: 'err', width: 1.75 }],
      marks: [
        { x: at, y: max, color: 'err', label },
        { x: -at, y: max, color: 'err' },
      ],
    });
    note.innerHTML = i18n.t('tanh-error.summary', { max: i18n.num(max, 6), at: i18n.num(at, 3) });
    note.querySelector('[data-max]')?.setAttribute('data-value', String(max));
    setTakeaway(
      root,
      i18n.t('tanh-error.takeaway', { max: i18n.num(max, 6), at: i18n.num(at, 2) }),
    );
  }
  await i18n.apply(root);
  i18n.onChange(render);
  render();
}
