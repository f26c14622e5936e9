// "Inside a Transformer", part 4: two or three copies of the model that differ only in the FFN
// activation, trained from scratch side by side, one worker each, from the same seed (the same
// initial weights where the shapes agree, the same batches). Live validation-loss curves, a sample
// of each model at every evaluation, and a table. The workers train in slices of ~0.1 s, so Pause
// and Stop take effect within one slice.
import { createFields, followSettings, settingsFields } from '../shared/fields.js';
import { createSettings, pageHash } from '../shared/state.js';
import { lmCore } from '../shared/lm-config.js';
import { createLmWorker, showSample, throttled } from './lm-client.js';
import { createLinePlot } from '../plots/line-plot.js';
import { downloadPng, pngButton, stampedName } from '../shared/export.js';
import { sampleRows, scratchRows } from './lm-rows.js';
import { createLmBudget } from '../shared/lm-budget.js';
import { closest, finder, must } from '../shared/dom.js';
import { explainError, messageOf } from '../shared/worker-error.js';
import { captionHtml, lowest, setTakeaway } from '../shared/takeaway.js';

/** @typedef {import('../shared/types').LmActivationName} LmActivationName */
/**
 * One model of the comparison and its run.
 * @typedef {{
 *   act: LmActivationName,
 *   worker: ReturnType<typeof createLmWorker> | null,
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

const CURVE_POINTS = 20;
// Every loss falls steeply from the uniform guess in the first steps; past this share of the run
// the chart zooms in on the steps where the curves can be told apart.
const ZOOM_FROM = 1 / 3;

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createLmScratch(root, { core, i18n, store = pageHash }) {
  await i18n.need('lm', 'common', 'evidence');
  const lm = lmCore(core);
  // Once the corpus is known, the steps are checked against the compute budget: read them again.
  const budget = createLmBudget(core.M, lm.limits, () => {
    if (phase === 'running') return;
    params.readHash();
    sync();
    reset();
  });
  const params =
    /** @type {import('../shared/types').Settings<import('../shared/types').LmScratchValues>} */ (
      createSettings(lm, [...scratchRows(lm, budget), ...sampleRows(lm)], store)
    );
  params.readHash();
  root.innerHTML = `
    <div class="ev-panel">
      <fieldset class="chips lm-acts" data-acts><legend data-i18n="lm.field_acts"></legend>${lm.activations
        .map(
          (a) =>
            `<label class="chip" data-chip="${a.replace(/_/g, '-')}"><input type="checkbox" name="lacts" value="${a}"><span data-i18n="common.act_${a}"></span></label>`,
        )
        .join(
          '',
        )}<span class="field-error" id="lm-scratch-lacts-err" aria-live="polite"></span></fieldset>
      <form class="ev-form" novalidate data-i18n-attr="aria-label=lm.scratch_form_label"></form>
      <div class="lab-toolbar">
        <button type="button" class="btn primary" data-act="play"><span class="icon" aria-hidden="true"></span><span data-label></span></button>
        <button type="button" class="btn" data-act="stop" data-i18n="lm.stop"></button>
        <button type="button" class="btn" data-act="reset" data-i18n="lm.reset"></button>
        <div class="progress"><progress max="1" value="0" data-i18n-attr="aria-label=lm.scratch_progress_label"></progress>
          <span class="progress-text" data-progress></span></div>
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" data-announce></div>
      <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" data-i18n="lm.scratch_curve_title"></h3>${pngButton('curve')}</div>
        <div class="plot-wrap" data-plot="curve"></div><div class="lab-legend" data-legend></div>
        <p class="ev-note" data-zoom></p></div>
      <div class="table-scroll"><table class="results-table">
        <caption class="visually-hidden" data-i18n="lm.scratch_table_caption"></caption>
        <thead><tr>${['model', 'step', 'train', 'val', 'time', 'status'].map((c) => `<th scope="col" class="${c === 'model' ? '' : 'num'}" data-col="${c}" data-i18n="lm.col_${c}"></th>`).join('')}</tr></thead>
        <tbody></tbody></table></div>
      <div class="lm-samples" data-samples></div>
    </div>
    ${captionHtml('lm.scratch_caption')}`;
  const $ = finder(root);
  const fields = createFields(
    $('.ev-form'),
    [
      { key: 'lsteps', label: 'lm.field_steps', inputmode: 'numeric' },
      { key: 'lseed', label: 'lm.field_train_seed', inputmode: 'numeric' },
      {
        key: 'linit',
        label: 'lm.field_init',
        kind: 'select',
        options: lm.limits.init.map((v) => ({ value: v, label: `lm.init_${v}` })),
      },
    ],
    { idPrefix: 'lm-scratch', onChange: change },
  );
  const curve = createLinePlot($('[data-plot="curve"]'), {
    height: (w) => Math.max(180, Math.min(w * 0.45, 300)),
    fmt: (v, d) => i18n.num(v, d),
  });
  curve.canvas.setAttribute('role', 'img');

  /** @type {'ready' | 'running' | 'paused' | 'finished'} */
  let phase = 'ready',
    /** @type {Model[]} */
    models = [],
    error = '',
    generation = 0, // bumped by reset: answers of terminated workers are ignored
    vocabulary = 0; // characters of the corpus, from the first worker: ln of it is a uniform guess

  /**
   * @param {string} key
   * @param {string} text
   */
  function change(key, text) {
    params.readHash(); // the sampler's prompt may have changed since: keep it in the hash
    params.set(key, text);
    params.writeHash();
    sync();
    reset();
  }
  function sync() {
    const { values, errors, hints } = settingsFields(params, lm, i18n);
    fields.sync(values, errors, hints);
    for (const box of chips())
      box.checked = params.values.lacts.includes(/** @type {LmActivationName} */ (box.value));
    $('#lm-scratch-lacts-err').textContent = errors.lacts;
  }

  /** The activation chips. */
  const chips = () =>
    /** @type {NodeListOf<HTMLInputElement>} */ (root.querySelectorAll('[name="lacts"]'));

  /**
   * The configuration of one model: the core's defaults, the reader's settings, one activation.
   * @param {LmActivationName} act
   */
  const configOf = (act) => ({
    ...lm.defaults,
    act,
    steps: params.values.lsteps,
    seed: params.values.lseed,
    init: params.values.linit,
    // About CURVE_POINTS evaluations per run (each costs about two training steps).
    eval_every: Math.max(1, Math.round(params.values.lsteps / CURVE_POINTS)),
  });

  function reset() {
    generation++;
    for (const m of models) m.worker?.terminate();
    error = '';
    models = params.values.lacts.map((act) => ({
      act,
      worker: null,
      status: 'ready',
      step: 0,
      steps: params.values.lsteps,
      evals: [],
      sample: '',
      seconds: 0,
      started: false,
    }));
    // The combination must pass the core's validation (the compute budget included) before a run.
    for (const m of models) {
      const problem = lm.M.validateConfigJson(JSON.stringify(configOf(m.act)));
      if (problem) error = problem;
    }
    phase = 'ready';
    render();
  }

  /** @param {Model} m */
  async function start(m) {
    const worker = (m.worker ??= createLmWorker());
    if (!m.started) {
      m.started = true;
      m.status = 'loading';
      vocabulary = (await worker.call('init', { config: configOf(m.act) })).vocabulary.length;
    }
    m.status = 'running';
    const p = {
      prompt: params.values.lp,
      n: Math.min(params.values.ln, 80),
      temperature: params.values.lt,
      seed: params.values.ls,
    };
    const r = await worker.call('run', { sample: p }, (msg) => {
      m.step = msg.step;
      m.seconds = msg.seconds;
      m.evals.push(...msg.evals);
      if (msg.sample !== null) ((m.sample = msg.sample), (m.prompt = p.prompt));
      repaint();
    });
    m.status = r.reason === 'done' ? 'done' : r.reason;
    m.step = r.step;
    if (r.reason === 'diverged') m.error = r.error;
  }

  /** @param {Model} m */
  const ended = (m) => ['done', 'stopped', 'diverged'].includes(m.status);

  async function play() {
    const g = generation;
    // The samples use the sampler's prompt as it is now (it reaches the hash by replaceState,
    // which fires no event here): read it before the run asks for samples.
    params.readHash();
    phase = 'running';
    announce('lm.scratch_announce_running');
    render();
    try {
      await Promise.all(models.filter((m) => !ended(m)).map((m) => start(m)));
    } catch (err) {
      if (g !== generation) return;
      error = messageOf(err);
      for (const m of models) m.worker?.signal('stop');
      // No model goes on after a failure: none may still read "loading" or "running".
      for (const m of models) if (!ended(m)) m.status = 'stopped';
    }
    if (g !== generation) return;
    if (models.every(ended) || error) phase = 'finished';
    else phase = 'paused';
    render();
    // Screen readers hear the result once, at the end: the caption's sentence, or what failed.
    if (error) $('[data-announce]').textContent = $('[data-progress]').textContent;
    else if (phase === 'finished')
      $('[data-announce]').textContent = takeawayOf().replace(/<[^>]*>/g, '');
  }

  /** @type {Record<string, () => void>} */
  const actions = {
    play() {
      if (phase === 'running') {
        for (const m of models) m.worker?.signal('pause');
        announce('lm.scratch_announce_paused');
      } else if (phase !== 'finished' && !error) play();
    },
    stop() {
      for (const m of models) m.worker?.signal('stop');
      if (phase === 'paused')
        (models.forEach((m) => m.status !== 'done' && (m.status = 'stopped')),
          (phase = 'finished'),
          render());
    },
    reset,
  };

  /** @param {string} a */
  const nameOf = (a) => i18n.t(`common.act_${a}`);
  /** @param {string} key */
  function announce(key) {
    $('[data-announce]').textContent = i18n.t(key, {
      list: models.map((m) => nameOf(m.act)).join(', '),
    });
  }

  const repaint = throttled(() => render());
  function render() {
    root.dataset.phase = phase;
    const playButton = /** @type {HTMLButtonElement} */ ($('[data-act="play"]'));
    must(playButton, '[data-label]').textContent = i18n.t(
      phase === 'running' ? 'lm.pause' : 'lm.train',
    );
    must(playButton, '.icon').textContent = phase === 'running' ? '❚❚' : '▶';
    playButton.disabled = phase === 'finished' || Boolean(error);
    /** @type {HTMLButtonElement} */ ($('[data-act="stop"]')).disabled =
      phase === 'ready' || phase === 'finished';
    fields.setDisabled(phase === 'running');
    for (const box of chips()) box.disabled = phase === 'running';
    const done = models.reduce((n, m) => n + m.step, 0),
      total = models.reduce((n, m) => n + m.steps, 0);
    const bar = /** @type {HTMLProgressElement} */ ($('progress'));
    bar.max = Math.max(1, total);
    bar.value = done;
    $('[data-progress]').textContent = error
      ? i18n.t('lm.error', { message: explainError(i18n, error) })
      : i18n.t('lm.scratch_progress', {
          list: models.map((m) => `${nameOf(m.act)} ${m.step}`).join(' · '),
          steps: params.values.lsteps,
        });
    const last = lastEval;
    $('tbody').innerHTML = models
      .map(
        (
          m,
        ) => `<tr data-act="${m.act}" data-status="${m.status}"><th scope="row"><span class="legend-item" data-chip="${m.act.replace(/_/g, '-')}"><i class="swatch"></i>${nameOf(m.act)}</span></th>
        <td class="num" data-col="step">${m.step} / ${m.steps}</td><td class="num" data-col="train">${i18n.num(last(m)?.train_loss, 3)}</td>
        <td class="num" data-col="val">${i18n.num(last(m)?.val_loss, 3)}</td><td class="num" data-col="time">${i18n.t('lm.seconds', { s: i18n.num(m.seconds, 1) })}</td>
        <td class="num" data-col="status">${i18n.t(`lm.status_${m.status}`)}</td></tr>`,
      )
      .join('');
    const samples = $('[data-samples]');
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
    renderCurve();
    setTakeaway(root, takeawayOf());
    renderLegend();
  }

  /** @param {Model} m */
  const lastEval = (m) =>
    /** @type {import('../shared/types').LmEval | undefined} */ (m.evals[m.evals.length - 1]);
  /** ln of the alphabet size: the loss of a guess that gives every character the same chance. */
  const uniform = () => (vocabulary ? Math.log(vocabulary) : NaN);

  /**
   * The loss chart. Once every model is past ZOOM_FROM of its steps, the x axis starts there and
   * the y axis spans what remains, so that curves 0.01 nats apart no longer lie on one line.
   */
  function renderCurve() {
    const steps = Math.max(1, params.values.lsteps);
    const from = Math.round(steps * ZOOM_FROM);
    const zoom = models.length > 0 && models.every((m) => (lastEval(m)?.step ?? 0) > from);
    /** @param {Model} m */
    const shown = (m) => m.evals.filter((e) => !zoom || e.step >= from);
    const u = uniform();
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
    if (guessFits)
      series.push({ xs: xDomain, ys: [u, u], color: 'uniform', dash: [2, 4], width: 1 });
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
    $('[data-zoom]').textContent = zoom
      ? i18n.t('lm.scratch_zoom_note', { from, u: i18n.num(u, 2), v: vocabulary })
      : Number.isFinite(u)
        ? i18n.t('lm.uniform_note', { u: i18n.num(u, 2), v: vocabulary })
        : '';
  }

  /** The caption's first sentence: which activation ends lowest, and by how much. */
  function takeawayOf() {
    const best = lowest(
      models.map((m) => ({ name: nameOf(m.act), loss: lastEval(m)?.val_loss ?? NaN })),
    );
    if (!best || !models.every((m) => m.evals.length)) return i18n.t('lm.scratch_takeaway_ready');
    const loss = Math.min(...models.map((m) => lastEval(m)?.val_loss ?? Infinity));
    const step = Math.min(...models.map((m) => lastEval(m)?.step ?? 0));
    return i18n.t(
      phase === 'finished' ? 'lm.scratch_takeaway_done' : 'lm.scratch_takeaway_running',
      {
        best: best.best,
        next: best.next,
        margin: i18n.num(best.margin, 3),
        loss: i18n.num(loss, 3),
        u: i18n.num(uniform(), 2),
        step,
      },
    );
  }

  function renderLegend() {
    const last = lastEval;
    curve.canvas.setAttribute(
      'aria-label',
      i18n.t('lm.scratch_curve_label', {
        list: models.map((m) => `${nameOf(m.act)} ${i18n.num(last(m)?.val_loss, 3)}`).join(', '),
      }),
    );
    $('[data-legend]').innerHTML =
      models
        .map(
          (m) =>
            `<span class="legend-item" data-chip="${m.act.replace(/_/g, '-')}"><i class="swatch"></i>${nameOf(m.act)}</span>`,
        )
        .join('') +
      `<span class="legend-item"><i class="line solid"></i>${i18n.t('lm.legend_val')}</span><span class="legend-item"><i class="line dashed"></i>${i18n.t('lm.legend_train')}</span>`;
  }

  // The chips: the checked activations, in the core's order, as one setting (2 or 3 of them).
  $('[data-acts]').addEventListener('change', () => {
    const checked = [...chips()].filter((b) => b.checked).map((b) => b.value);
    change('lacts', checked.join(','));
  });
  root.addEventListener('click', (e) => {
    const b = /** @type {HTMLButtonElement | null} */ (closest(e, 'button'));
    if (!b || b.disabled) return;
    if (b.dataset.png === 'curve')
      downloadPng(curve.canvas, stampedName('transformer-from-scratch', 'png'));
    else if (b.dataset.act && b.dataset.act in actions) actions[b.dataset.act]();
  });
  await followSettings(root, i18n, params, {
    sync,
    render,
    reload: reset, // the runs of the old settings are over
    busy: () => phase === 'running',
  });
  /** Removed from the page: every model's worker ends, mid-run or not. */
  function dispose() {
    generation++;
    for (const m of models) m.worker?.terminate();
    models = [];
  }
  return { params, actions, phase: () => phase, dispose };
}
