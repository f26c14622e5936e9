// The from-scratch runs as the reader sees them: the table of models, a sample of each, the loss
// chart (zoomed in once the curves are close) with its legend, and the takeaway. A view only:
// lm-scratch.js holds the models and drives their workers.
import { showSample } from './lm-client.js';
import { must } from '../shared/dom.js';
import { lowest, setTakeaway } from '../shared/takeaway.js';

/** @typedef {import('../shared/types').I18n} I18n */
/** @typedef {import('../shared/types').LmActivationName} LmActivationName */
/** @typedef {ReturnType<typeof import('../plots/line-plot.js').createLinePlot>} LinePlot */
/**
 * One model of the comparison and its run.
 * @typedef {{
 *   act: LmActivationName,
 *   worker: ReturnType<typeof import('./lm-client.js').createLmWorker> | null,
 *   status: 'ready' | 'loading' | 'running' | 'done' | 'paused' | 'stopped' | 'diverged',
 *   step: number,
 *   steps: number,
 *   evals: import('../shared/types').LmEval[],
 *   sample: string,
 *   prompt?: string,
 *   seconds: number,
 *   started: boolean,
 *   error?: string,
 * }} Model
 */

/**
 * What the view draws: the models, the run's phase and steps, the corpus's characters, the chart.
 * @typedef {{
 *   models: Model[],
 *   phase: string,
 *   steps: number,
 *   vocabulary: number,
 *   curve: LinePlot,
 * }} ScratchView
 */

// Every loss falls steeply from the uniform guess in the first steps; past this share of the run
// the chart zooms in on the steps where the curves can be told apart.
const ZOOM_FROM = 1 / 3;

/**
 * The table, the samples, the chart, its legend and the takeaway.
 * @param {HTMLElement} root
 * @param {I18n} i18n
 * @param {ScratchView} view
 */
export function renderModels(root, i18n, view) {
  const { models, phase, vocabulary, curve } = view;
  /** @param {string} a */
  const nameOf = (a) => i18n.t(`common.act_${a}`);
  const last = lastEval;
  must(root, 'tbody').innerHTML = models
    .map(
      (
        m,
      ) => `<tr data-act="${m.act}" data-status="${m.status}"><th scope="row"><span class="legend-item" data-chip="${m.act.replace(/_/g, '-')}"><i class="swatch"></i>${nameOf(m.act)}</span></th>
      <td class="num" data-col="step">${m.step} / ${m.steps}</td><td class="num" data-col="train">${i18n.num(last(m)?.train_loss, 3)}</td>
      <td class="num" data-col="val">${i18n.num(last(m)?.val_loss, 3)}</td><td class="num" data-col="time">${i18n.t('lm.seconds', { s: i18n.num(m.seconds, 1) })}</td>
      <td class="num" data-col="status">${i18n.t(`lm.status_${m.status}`)}</td></tr>`,
    )
    .join('');
  const samples = must(root, '[data-samples]');
  if (samples.children.length !== models.length)
    samples.innerHTML = models.map(() => `<div><h4></h4><p class="lm-text"></p></div>`).join('');
  models.forEach((m, i) => {
    const box = samples.children[i];
    must(box, 'h4').textContent = i18n.t('lm.scratch_sample_title', {
      name: nameOf(m.act),
      step: last(m)?.step ?? 0,
    });
    showSample(must(box, '.lm-text'), m.prompt, m.sample || null);
  });
  renderCurve(root, i18n, view);
  setTakeaway(root, scratchTakeaway(i18n, models, phase, vocabulary));
  renderLegend(root, i18n, models, curve);
}

/** @param {Model} m */
export const lastEval = (m) =>
  /** @type {import('../shared/types').LmEval | undefined} */ (m.evals[m.evals.length - 1]);
/**
 * ln of the alphabet size: the loss of a guess that gives every character the same chance.
 * @param {number} vocabulary  characters of the corpus (0: not known yet)
 */
const uniform = (vocabulary) => (vocabulary ? Math.log(vocabulary) : NaN);

/**
 * The loss chart. Once every model is past ZOOM_FROM of its steps, the x axis starts there and
 * the y axis spans what remains, so that curves 0.01 nats apart no longer lie on one line.
 * @param {HTMLElement} root
 * @param {I18n} i18n
 * @param {ScratchView} view
 */
function renderCurve(root, i18n, { models, steps: runSteps, vocabulary, curve }) {
  const steps = Math.max(1, runSteps);
  const from = Math.round(steps * ZOOM_FROM);
  const zoom = models.length > 0 && models.every((m) => (lastEval(m)?.step ?? 0) > from);
  /** @param {Model} m */
  const shown = (m) => m.evals.filter((e) => !zoom || e.step >= from);
  const u = uniform(vocabulary);
  /** @type {[number, number]} */
  const xDomain = [zoom ? from : 0, steps];
  const losses = models.flatMap((m) => shown(m).flatMap((e) => [e.val_loss, e.train_loss]));
  const finite = losses.filter(Number.isFinite);
  const lo = Math.min(...finite),
    hi = Math.max(...finite, ...(zoom || !Number.isFinite(u) ? [] : [u]));
  const pad = Math.max((hi - lo) * 0.08, 1e-3);
  /** @type {import('../shared/types').Series[]} */
  const series = models.flatMap((m) => [
    { xs: shown(m).map((e) => e.step), ys: shown(m).map((e) => e.val_loss), color: m.act },
    {
      xs: shown(m).map((e) => e.step),
      ys: shown(m).map((e) => e.train_loss),
      color: m.act,
      dash: [5, 4],
      width: 1.2,
    },
  ]);
  const guessFits = Number.isFinite(u) && !zoom;
  if (guessFits) series.push({ xs: xDomain, ys: [u, u], color: 'uniform', dash: [2, 4], width: 1 });
  curve.update({
    xDomain,
    yDomain: finite.length ? [Math.max(0, lo - pad), hi + pad] : undefined,
    series,
    marks: guessFits
      ? [
          {
            x: xDomain[1],
            y: u,
            color: 'uniform',
            r: 0,
            label: i18n.t('lm.uniform_mark'),
            below: true,
          },
        ]
      : [],
    xLabel: i18n.t('lm.axis_step'),
    yLabel: i18n.t('lm.axis_loss'),
  });
  must(root, '[data-zoom]').textContent = zoom
    ? i18n.t('lm.scratch_zoom_note', { from, u: i18n.num(u, 2), v: vocabulary })
    : Number.isFinite(u)
      ? i18n.t('lm.uniform_note', { u: i18n.num(u, 2), v: vocabulary })
      : '';
}

/**
 * The caption's first sentence: which activation ends lowest, and by how much.
 * @param {I18n} i18n
 * @param {Model[]} models
 * @param {string} phase
 * @param {number} vocabulary
 */
export function scratchTakeaway(i18n, models, phase, vocabulary) {
  /** @param {string} a */
  const nameOf = (a) => i18n.t(`common.act_${a}`);
  const best = lowest(
    models.map((m) => ({ name: nameOf(m.act), loss: lastEval(m)?.val_loss ?? NaN })),
  );
  if (!best || !models.every((m) => m.evals.length)) return i18n.t('lm.scratch_takeaway_ready');
  const loss = Math.min(...models.map((m) => lastEval(m)?.val_loss ?? Infinity));
  const step = Math.min(...models.map((m) => lastEval(m)?.step ?? 0));
  return i18n.t(phase === 'finished' ? 'lm.scratch_takeaway_done' : 'lm.scratch_takeaway_running', {
    best: best.best,
    next: best.next,
    margin: i18n.num(best.margin, 3),
    loss: i18n.num(loss, 3),
    u: i18n.num(uniform(vocabulary), 2),
    step,
  });
}

/**
 * The chart's label for screen readers and its legend.
 * @param {HTMLElement} root
 * @param {I18n} i18n
 * @param {Model[]} models
 * @param {LinePlot} curve
 */
function renderLegend(root, i18n, models, curve) {
  /** @param {string} a */
  const nameOf = (a) => i18n.t(`common.act_${a}`);
  const last = lastEval;
  curve.canvas.setAttribute(
    'aria-label',
    i18n.t('lm.scratch_curve_label', {
      list: models.map((m) => `${nameOf(m.act)} ${i18n.num(last(m)?.val_loss, 3)}`).join(', '),
    }),
  );
  must(root, '[data-legend]').innerHTML =
    models
      .map(
        (m) =>
          `<span class="legend-item" data-chip="${m.act.replace(/_/g, '-')}"><i class="swatch"></i>${nameOf(m.act)}</span>`,
      )
      .join('') +
    `<span class="legend-item"><i class="line solid"></i>${i18n.t('lm.legend_val')}</span><span class="legend-item"><i class="line dashed"></i>${i18n.t('lm.legend_train')}</span>`;
}
