// The paper's test's results (images.js runs it, images-view.js draws the curves and table): the
// caption's first sentence and the section's "your run gave", and the gallery and confusion
// matrices from each network's stand-in run, the one with the median test accuracy.
import { setTakeaway } from '../shared/takeaway.js';
import { confusion, medianRunIndex } from './image-stats.js';

/** @typedef {import('./protocol').ImageRunResult} ImageRunResult */
/** @typedef {import('./images.js').ImagesModel} ImagesModel */
/** @typedef {import('../shared/types').I18n} I18n */
/** @typedef {Record<string, {acc: number, lo: number, hi: number, n: number}>} Summary */

const CLASSES = 10;

/**
 * A network's finished runs.
 * @param {ImagesModel} m
 * @param {string} a
 */
export const finished = (m, a) => (m.runs[a] ?? []).filter((r) => r.result);
/**
 * Their test accuracies.
 * @param {ImagesModel} m
 * @param {string} a
 */
export const accs = (m, a) => finished(m, a).map((r) => r.history.at(-1)?.test_acc ?? NaN);
/**
 * The run that stands for a network: the median test accuracy's.
 * @param {ImagesModel} m
 * @param {string} a
 */
const standIn = (m, a) => finished(m, a)[medianRunIndex(accs(m, a))];

/**
 * The caption's first sentence and the section's "your run gave" text, from the numbers.
 * @param {HTMLElement} root
 * @param {I18n} i18n
 * @param {ImagesModel} m
 * @param {string[]} acts
 * @param {Summary} summary
 */
export function imagesTakeaway(root, i18n, m, acts, summary) {
  const name = (/** @type {string} */ a) => i18n.t(`common.act_${a}`);
  const done = m.state === 'done';
  const one = m.run.seeds === 1;
  const list = acts
    .map((a) =>
      i18n.t(one ? 'images.acc_item' : 'images.acc_range_item', {
        name: name(a),
        acc: i18n.pct(summary[a].acc, 1),
        lo: i18n.pct(summary[a].lo, 1),
        hi: i18n.pct(summary[a].hi, 1),
      }),
    )
    .join(', ');
  const setup = i18n.t(m.run.dropout > 0 ? 'images.with_dropout' : 'images.without_dropout', {
    p: i18n.num(m.run.dropout, 1),
  });
  const args = { epochs: i18n.num(m.run.epochs, 0), seeds: i18n.num(m.run.seeds, 0), setup, list };
  setTakeaway(
    root,
    done
      ? i18n.t(one ? 'images.takeaway_one' : 'images.takeaway', args)
      : i18n.t('images.takeaway_none'),
  );
  const own = document.querySelector('[data-images-own]');
  if (own && done) own.innerHTML = i18n.t(one ? 'images.own_one' : 'images.own', args);
}

/**
 * The gallery and the confusion matrices, from each network's stand-in run.
 * @param {(selector: string) => HTMLElement} $
 * @param {ImagesModel} m
 * @param {ReturnType<typeof import('./gallery.js').createGallery>} gallery
 * @param {ReturnType<typeof import('./confusion-view.js').createConfusionView>} matrices
 */
export function showImageResults($, m, gallery, matrices) {
  const stand = m.run.acts
    .map((a) => ({ act: a, run: standIn(m, a) }))
    .filter((s) => s.run?.result);
  const first = m.run.acts
    .map((a) => m.runs[a]?.[0]?.result?.gallery)
    .find((g) => g?.indices.length);
  $('[data-results]').hidden = !stand.length || !first;
  if (!stand.length || !first) return (gallery.show(null), matrices.show([]));
  gallery.show({
    pixels: first.pixels,
    items: first.indices.map((i) => ({
      label: /** @type {ImageRunResult} */ (stand[0].run.result).predictions.labels[i],
      guesses: stand.map(({ act, run: r }) => {
        const p = /** @type {ImageRunResult} */ (r.result).predictions;
        return { act, guess: p.guesses[i], probability: p.probabilities[i] };
      }),
    })),
  });
  matrices.show(
    stand.map(({ act, run: r }) => {
      const p = /** @type {ImageRunResult} */ (r.result).predictions;
      return { act, seed: r.seed, matrix: confusion(p.labels, p.guesses, CLASSES) };
    }),
  );
}
