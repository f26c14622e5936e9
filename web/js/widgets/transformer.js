// The whole "Inside a Transformer" figure in one widget, for the embedded element
// <activation-lab-transformer> and embed.html#widget=transformer: the block drawing with its
// histogram, the sampler, the swap and the from-scratch runs, each the same factory the article
// uses for its own figures, as nested figures. `parts` (hash key lparts) picks some of them.
import { createParams } from '../lm-params.js';
import { pageHash } from '../state.js';

const PARTS = { block: 'lm-block', sample: 'lm-sample', swap: 'lm-swap', scratch: 'lm-scratch' };

export default async function createTransformer(root, ctx) {
  const store = ctx.store ?? pageHash;
  const names = Object.keys(PARTS);
  const params = createParams(
    [{ key: 'lparts', type: 'list', of: names, min: 1, max: names.length, initial: names }],
    store,
  );
  params.readHash();
  root.classList.add('lm-figure');
  const figures = params.values.lparts.map((part) => {
    const figure = document.createElement('figure');
    figure.className = 'widget';
    figure.dataset.widget = PARTS[part];
    figure.id = `lm-${part}`;
    return figure;
  });
  root.replaceChildren(...figures);
  const widgets = {};
  for (const figure of figures) {
    const { default: create } = await import(`./${figure.dataset.widget}.js`);
    widgets[figure.dataset.widget] = await create(figure, { ...ctx, store });
  }
  return widgets;
}
