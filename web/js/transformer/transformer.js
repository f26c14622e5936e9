// The whole "Inside a Transformer" figure, in the article and in the embedded element
// <activation-lab-transformer> (embed.html#widget=transformer): the block drawing with its
// histogram, the sampler, the swap, which part of GELU the model uses and the from-scratch runs
// (lm-*.js in this folder), as nested
// figures with the ids the prose links to. `parts` (hash key lparts) picks some of them. In the
// article each part's figure fixes it in the template (data-parts="block"), so that the
// prose sits between them; those ignore lparts, which is the embed's, so that they do not fight
// over one key. The parts still share the store (prompt etc.) and the one pretrained model.
import { changedSettings, createSettings, pageHash } from '../shared/state.js';
import { PART_ROWS, PARTS } from './settings.js';

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createTransformer(root, ctx) {
  const store = ctx.store ?? pageHash;
  const params =
    /** @type {import('../shared/types').Settings<import('../shared/types').LmPartsValues>} */ (
      createSettings(ctx.core, PART_ROWS, store)
    );
  params.readHash();
  const fixed = root.dataset.parts?.split(',');
  const isPart = (/** @type {string} */ p) => /** @type {readonly string[]} */ (PARTS).includes(p);
  if (fixed && !fixed.every(isPart))
    throw new Error(`data-parts="${root.dataset.parts}": each part is one of ${PARTS.join(', ')}`);
  const chosen = fixed ?? params.named.parts;
  root.classList.add('lm-figure');
  const figures = chosen.map((part) => {
    const figure = document.createElement('figure');
    figure.className = 'widget';
    figure.dataset.lmPart = `lm-${part}`; // not data-widget: main.js mounts only the outer figure
    figure.id = `lm-${part}`;
    return figure;
  });
  root.replaceChildren(...figures);
  /** @type {Record<string, import('../shared/types').Widget | undefined>} */
  const widgets = {};
  let disposed = false;
  /** Removed from the page (activation-lab.js): every part's workers end, also mid-run. */
  const dispose = () => {
    disposed = true;
    for (const w of Object.values(widgets)) w?.dispose?.();
  };
  for (const figure of figures) {
    const part = figure.dataset.lmPart ?? '';
    /** @type {{default: import('../shared/types').WidgetFactory}} */
    const { default: create } = await import(`./${part}.js`);
    widgets[part] = await create(figure, { ...ctx, store });
    if (disposed) widgets[part]?.dispose?.(); // removed while this part was being built
  }
  /** The embed button's snippet: this figure's parts (parts=) and the settings it shows. */
  const embedSettings = () => {
    /** @type {Record<string, string>} */
    const keys = {};
    for (const w of Object.values(widgets)) {
      const p = /** @type {{params?: import('../shared/types').Settings} | undefined} */ (w)
        ?.params;
      if (p) Object.assign(keys, changedSettings(p)); // only what differs from the default
    }
    return { ...keys, lparts: chosen.join(',') };
  };
  return { ...widgets, dispose, embedSettings };
}
