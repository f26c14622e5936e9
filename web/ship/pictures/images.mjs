// The paper's test's picture: a short run made at build time (the first 1,000 training and 300
// test images, 5 epochs, dropout 0.5, seed 0), its training loss per epoch drawn by the page's
// line plot. Without Debian's image files there is no run and no picture.
import { drawLinePlot } from '../../js/plots/line-plot.js';
import { makeSubset } from '../images.mjs';
import { PICTURE_WIDTH, drawLegend, svgOf } from './draw.mjs';

const RUN = { dropout: 0.5, epochs: 5, seed: 0, n_train: 1000, n_test: 300 };
const ACTS = ['relu', 'elu', 'gelu'];

/** @param {{M: import('../../js/shared/types').ActivationLab}} core */
export function imagesRun({ M }) {
  const subset = makeSubset(M, RUN.n_train, RUN.n_test);
  if (!subset) return null;
  return ACTS.map((activation) => {
    const run = new M.ImageExperiment(JSON.stringify({ ...RUN, activation }), [subset]);
    /** @type {{epoch: number, train_loss: number, test_acc: number}[]} */
    const epochs = [];
    try {
      while (run.step()) epochs.push(JSON.parse(run.lastEpochJson()));
    } finally {
      run.delete();
    }
    return { activation, epochs };
  });
}

/**
 * @param {ReturnType<typeof imagesRun>} runs
 * @param {import('./draw.mjs').PictureEnv} env
 */
export function imagesPicture(runs, { t, num, pct, style }) {
  if (!runs) return [];
  const W = PICTURE_WIDTH;
  const H = 260;
  const data = svgOf(W, H, style, (ctx, theme) => {
    drawLinePlot(
      ctx,
      W,
      H,
      {
        series: runs.map((r) => ({
          xs: r.epochs.map((e) => e.epoch),
          ys: r.epochs.map((e) => e.train_loss),
          color: r.activation,
          width: 2.25,
        })),
        marks: [],
        cursor: null,
        xDomain: [1, RUN.epochs],
        xLabel: t('images.epoch_axis'),
        fmt: (v, d) => num(v, d),
      },
      theme,
    );
    const entries = runs.map((r) => ({
      color: r.activation,
      label: t(`common.act_${r.activation}`),
    }));
    drawLegend(ctx, theme, entries, W - 20, 24);
  });
  const list = runs
    .map((r) =>
      t('images.acc_item', {
        name: t(`common.act_${r.activation}`),
        acc: pct(r.epochs.at(-1)?.test_acc ?? NaN, 1),
      }),
    )
    .join(', ');
  const alt = t('images.picture_alt', {
    n_train: num(RUN.n_train, 0),
    n_test: num(RUN.n_test, 0),
    epochs: num(RUN.epochs, 0),
    p: num(RUN.dropout, 1),
    list,
  });
  return [{ name: 'images', data, width: W, height: H, alt }];
}
