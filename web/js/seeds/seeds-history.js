// The many-seeds study's history: every study finished in this visit (either model), one row each,
// with its setup in words, so that the reader can compare setups. seeds.js adds to it.
import { must } from '../shared/dom.js';
import { summarize } from './study.js';
import { summarizeLm } from '../shared/lm-study.js';

/**
 * @param {HTMLElement} box the [data-history] block (its table's head and body are filled here)
 * @param {object} opts
 * @param {import('../shared/types').Core} opts.core
 * @param {import('../shared/types').I18n} opts.i18n
 * @param {import('../shared/types').Settings<import('../shared/types').SeedsValues>} opts.settings
 */
export function createSeedsHistory(box, { core, i18n, settings }) {
  /** @type {{setup: string, acts: string[], sum: import('../shared/types').PairedSummary, lm: boolean}[]} */
  const past = []; // finished studies of this visit (either model), to compare setups
  /** The hidden widths in words ("64 and 64", "64 e 64"), or the grammar's "32x16" as it is. */
  const hiddenText = (/** @type {string} */ text) =>
    !text ? '–' : text.includes(',') ? i18n.list(text.split(',')) : text;

  /** @param {any} s a finished study of either model */
  function add(s) {
    const lm = s?.model === 'transformer';
    // The views may not have drawn the last result yet: summarise the study itself.
    const sum = lm ? summarizeLm(core.M, s) : summarize(core.M, s);
    if (!sum) return;
    const c = s.base;
    // The learning rate as the reader's language writes it (0,001 in Portuguese).
    const lr = i18n.num(c.lr, 0, { maximumSignificantDigits: 6 });
    const setup =
      s.model === 'images'
        ? i18n.t('seeds.images_setup', {
            epochs: c.epochs,
            dropout: i18n.num(c.dropout, 2),
            n_train: c.n_train,
            n_test: c.n_test,
          })
        : lm
          ? i18n.t('seeds.lm_setup', {
              layers: c.layers,
              d: c.d,
              heads: c.heads,
              ctx: c.ctx,
              steps: c.steps,
              lr,
              init: i18n.t(`lm.init_${c.init}`),
            })
          : i18n.t('seeds.setup', {
              data: i18n.t(`mlp.dataset_${c.dataset}`),
              init: i18n.t(`mlp.init_${c.init}`),
              norm: c.norm === 'layer' ? ' + LayerNorm' : '',
              hidden: hiddenText(settings.format({ type: 'layers' }, c.hidden)),
              batch: c.batch,
              noise: i18n.num(c.noise, 2),
              lr,
              epochs: c.epochs,
              n: c.n,
            });
    past.push({ setup, acts: s.acts, sum, lm });
  }

  function render() {
    box.hidden = !past.length;
    if (!past.length) return;
    /** @param {string} a */
    const name = (a) => i18n.t(`common.act_${a}`);
    must(box, 'thead').innerHTML =
      `<tr><th scope="col">${i18n.t('seeds.col_setup')}</th><th scope="col" class="num">${i18n.t('seeds.col_seeds')}</th>
      <th scope="col" class="num">${i18n.t('seeds.col_acc_a')}</th><th scope="col" class="num">${i18n.t('seeds.col_acc_b')}</th><th scope="col" class="num">${i18n.t('seeds.history_col_ci')}</th></tr>`;
    // A network's row: mean test accuracy, interval in points. A Transformer's: mean final
    // validation loss and its interval, in nats per character (lower is better).
    /** @param {number | null} x @param {number} scale @param {number} digits */
    const num = (x, scale, digits) =>
      x !== null && Number.isFinite(x) ? i18n.num(x * scale, digits) : '–';
    /** @param {boolean} lm @param {number | null} x */
    const mean = (lm, x) =>
      lm ? i18n.t('seeds.history_loss', { loss: num(x, 1, 3) }) : i18n.pct(x, 2);
    must(box, 'tbody').innerHTML = past
      .map((h) => {
        const [scale, digits] = h.lm ? [1, 3] : [100, 2];
        const ci = i18n.interval(
          num(h.sum.ci_low, scale, digits),
          num(h.sum.ci_high, scale, digits),
        );
        return `<tr><th scope="row">${h.setup}</th><td class="num">${h.sum.n}</td>
      <td class="num">${name(h.acts[0])} ${mean(h.lm, h.sum.mean_a)}</td><td class="num">${name(h.acts[1])} ${mean(h.lm, h.sum.mean_b)}</td>
      <td class="num">${h.lm ? i18n.t('seeds.history_ci_nats', { ci }) : ci}</td></tr>`;
      })
      .join('');
  }

  return { add, render };
}
