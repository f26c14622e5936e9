// The whole "Inside a Transformer" figure, in the article and in the embedded element
// <activation-lab-transformer> (embed.html#widget=transformer): the block drawing with its
// histogram, the sampler, the swap and the from-scratch runs (widgets/lm-*.js), as nested
// figures with the ids the prose links to. `parts` (hash key lparts) picks some of them.
import { createParams } from '../lm-params.js';
import { pageHash } from '../state.js';

/** @type {Record<string, string>} */
const PARTS = { block: 'lm-block', sample: 'lm-sample', swap: 'lm-swap', scratch: 'lm-scratch' };

/**
 * @param {HTMLElement} root
 * @param {import('../types').WidgetContext} ctx
 */
export default async function createTransformer(root, ctx) {
  const store = ctx.store ?? pageHash;
  const names = Object.keys(PARTS);
  const params = /** @type {import('../types').Params<{lparts: string[]}>} */ (
    createParams(
      [{ key: 'lparts', type: 'list', of: names, min: 1, max: names.length, initial: names }],
      store,
      ctx.core.M,
    )
  );
  params.readHash();
  root.classList.add('lm-figure');
  const figures = params.values.lparts.map((part) => {
    const figure = document.createElement('figure');
    figure.className = 'widget';
    figure.dataset.lmPart = PARTS[part]; // not data-widget: main.js mounts only the outer figure
    figure.id = `lm-${part}`;
    return figure;
  });
  root.replaceChildren(...figures);
  /** @type {Record<string, import('../types').Widget | undefined>} */
  const widgets = {};
  let disposed = false;
  /** Removed from the page (activation-lab.js): every part's workers end, also mid-run. */
  const dispose = () => {
    disposed = true;
    for (const w of Object.values(widgets)) w?.dispose?.();
  };
  for (const figure of figures) {
    const part = figure.dataset.lmPart ?? '';
    /** @type {{default: import('../types').WidgetFactory}} */
    const { default: create } = await import(`./${part}.js`);
    widgets[part] = await create(figure, { ...ctx, store });
    if (disposed) widgets[part]?.dispose?.(); // removed while this part was being built
  }
  return { ...widgets, dispose };
}
