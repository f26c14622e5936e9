// "What replaced GELU" (figure #glu, after the Transformer's from-scratch part): the FFN variants
// of Shazeer 2020 trained from scratch in the tiny Transformer, each against ReLU on the same
// seeds, batches and shared initial weights: Δ final validation loss per seed with the mean and
// its 95 % interval, each variant's loss and Δ as a share of ReLU's, beside Shazeer's T5-base
// numbers. It shows the reference study first (glu-study.js: long enough to resolve the
// differences); the reader's own run, in the many-seeds study's pool of workers, re-runs its
// first seeds and says what it resolves. Settings live in the URL hash (g…).
import {
  activationChips,
  createFields,
  fieldSpecs,
  followSettings,
  showSettings,
} from '../shared/fields.js';
import { createSettings, pageHash, changedSettings } from '../shared/state.js';
import { lmCore } from '../shared/lm-config.js';
import { poolSize } from '../shared/pool.js';
import { createDotPlot } from '../plots/dot-plot.js';
import { captionHtml, setTakeaway } from '../shared/takeaway.js';
import { closest, finder } from '../shared/dom.js';
import { explainError } from '../shared/worker-error.js';
import { setDisabled } from '../shared/focus.js';
import { ROWS } from './settings.js';
import { REFERENCE, fetchReference, gluResult, startGluStudy } from './glu-study.js';
import { gluReading, gluRunTakeaway } from './glu-caption.js';
import { gluDotRows, gluTableRows } from './glu-chart.js';

/** @typedef {ReturnType<typeof startGluStudy>} GluStudy */

const COLUMNS = ['act', 'loss', 'delta', 'pct', 'his_loss', 'his_pct'];
/** The page's data/ folder (the reference study), beside js/. */
const DATA_BASE = new URL('../../', import.meta.url);

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createGlu(root, { core, i18n, store = pageHash }) {
  await i18n.need('glu', 'lm', 'common', 'fields', 'seeds');
  const lm = lmCore(core);
  const params = createSettings(lm, ROWS, store);
  params.readHash();
  const variants = lm.activations.filter((a) => a !== REFERENCE);
  root.innerHTML = `
    <div class="ev-panel">
      ${activationChips({ name: 'gvariants', acts: variants, legend: 'glu.variants', errorId: 'glu-gvariants-err', data: 'data-variants' })}
      <form class="ev-form" novalidate data-i18n-attr="aria-label=glu.form_label"></form>
      <div class="lab-toolbar">
        <button type="button" class="btn primary" data-act="run" data-i18n="glu.run"></button>
        <button type="button" class="btn" data-act="cancel" data-i18n="glu.cancel" disabled></button>
        <button type="button" class="btn" data-act="reference" data-i18n="glu.show_reference" hidden></button>
        <div class="progress"><progress max="1" value="0" data-i18n-attr="aria-label=glu.progress_label"></progress>
          <span class="progress-text" data-progress></span></div>
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" data-announce></div>
      <p class="glu-source" data-source></p>
      <div class="ev-plot"><h3 class="plot-title" data-i18n="glu.title"></h3>
        <div class="plot-wrap" data-plot></div></div>
      <div class="table-scroll" tabindex="0" data-i18n-attr="aria-label=glu.table_label"><table class="results-table">
        <caption class="visually-hidden" data-i18n="glu.table_label"></caption>
        <thead><tr>${COLUMNS.map((c) => `<th scope="col" data-col="${c}"></th>`).join('')}</tr></thead>
        <tbody></tbody></table></div>
    </div>
    ${captionHtml('glu.caption')}`;
  const $ = finder(root);
  const fields = createFields($('.ev-form'), fieldSpecs(params, lm), {
    idPrefix: 'glu',
    onChange: change,
  });
  const plot = createDotPlot($('[data-plot]'));
  plot.canvas.setAttribute('role', 'img');
  plot.canvas.dataset.i18nAttr = 'aria-label=glu.plot_label';
  const chips = () =>
    /** @type {NodeListOf<HTMLInputElement>} */ (root.querySelectorAll('[name="gvariants"]'));

  /** @type {GluStudy | null} */
  let study = null;
  /** The reference study (null until it loads, or if it cannot). */
  /** @type {import('./glu-study.js').GluResult | null} */
  let reference = null;
  /** What the figure shows: the reference study, or the reader's run once one started. */
  let showing = /** @type {'reference' | 'run'} */ ('reference');
  /** Why the reference could not be read, in the reader's words ('' when it could). */
  let referenceError = '';

  /** @param {string} key @param {string} text */
  function change(key, text) {
    params.set(key, text);
    params.writeHash();
    sync();
    if (study?.state === 'running') return;
    study = null; // its results are of the settings before
    showing = 'reference';
    render();
  }
  function sync() {
    const errors = showSettings(fields, params, lm, i18n);
    const chosen = /** @type {string[]} */ (params.named.variants);
    for (const box of chips()) box.checked = chosen.includes(box.value);
    $('#glu-gvariants-err').textContent = errors.gvariants ?? '';
  }

  /** The runs' spec, or the core's objection to the first or last seed's configuration. */
  function spec() {
    const v = /** @type {Record<string, any>} */ (params.named);
    const base = { ...lm.defaults, steps: v.steps, seed: v.seed };
    let problem = '';
    for (const act of [REFERENCE, ...v.variants])
      for (const seed of [v.seed, v.seed + v.seeds - 1])
        problem ||= lm.M.validateConfigJson(JSON.stringify({ ...base, act, seed }));
    return { spec: { base, variants: v.variants, seeds: v.seeds }, problem };
  }

  const nameOf = (/** @type {string} */ a) => i18n.t(`common.act_${a}`);
  const words = { t: i18n.t, num: i18n.num, interval: i18n.interval };

  function render() {
    const state = study?.state ?? 'ready';
    root.dataset.state = state;
    const running = state === 'running';
    const runBtn = /** @type {HTMLButtonElement} */ ($('[data-act="run"]')),
      cancelBtn = /** @type {HTMLButtonElement} */ ($('[data-act="cancel"]'));
    // The focus follows the button that stays enabled (focus.js), as the many-seeds study's.
    setDisabled(running ? cancelBtn : runBtn, false);
    setDisabled(running ? runBtn : cancelBtn, true, running ? cancelBtn : runBtn);
    fields.setDisabled(running);
    for (const box of chips()) box.disabled = running;
    const bar = /** @type {HTMLProgressElement} */ ($('progress'));
    const text = $('[data-progress]');
    if (!study) {
      bar.value = 0;
      const { spec: s } = spec();
      text.textContent = i18n.t('glu.ready', {
        runs: s.seeds * (s.variants.length + 1),
        steps: s.base.steps,
        seeds: s.seeds,
        acts: s.variants.length + 1,
        workers: poolSize(s.seeds * (s.variants.length + 1)),
      });
    } else {
      const p = study.progress();
      bar.value = p.fraction;
      text.textContent =
        state === 'finished'
          ? i18n.t('glu.finished', { s: i18n.num(p.elapsed, 1) })
          : state === 'cancelled'
            ? i18n.t('glu.cancelled')
            : state === 'failed'
              ? i18n.t('glu.failed', {
                  message: explainError(i18n, study.errors[0]?.message ?? ''),
                })
              : i18n.t('glu.progress', {
                  done: p.runsDone,
                  total: study.tasks,
                  left:
                    p.left === null
                      ? i18n.t('glu.progress_wait')
                      : i18n.t('glu.progress_left', { s: i18n.num(Math.ceil(p.left), 0) }),
                });
    }
    const v = /** @type {Record<string, any>} */ (params.named);
    const own = study && showing === 'run' ? gluResult(core.M, study) : null;
    // Before the reference loads: the chosen variants without results, beside Shazeer's numbers.
    const result = own ??
      reference ?? {
        acts: [REFERENCE, ...v.variants],
        seeds: [],
        steps: v.steps,
        rows: [REFERENCE, ...v.variants].map((act) => ({
          act,
          losses: [],
          loss: null,
          delta: null,
        })),
      };
    $('[data-act="reference"]').hidden = !own || !reference;
    $('[data-source]').textContent = own
      ? i18n.t('glu.source_run', { seeds: result.seeds.length, steps: result.steps })
      : reference
        ? i18n.t('glu.source_reference', { seeds: reference.seeds.length, steps: reference.steps })
        : referenceError;
    plot.update({
      rows: gluDotRows(result, words),
      reference: 0,
      pairs: false,
      fmt: (x, d) => i18n.num(x, d),
    });
    const heads = $('thead tr').children;
    COLUMNS.forEach((c, i) => (heads[i].textContent = i18n.t(`glu.th_${c}`)));
    $('tbody').innerHTML = gluTableRows(result, words)
      .map(
        (r) =>
          `<tr><th scope="row">${r.name}</th>${[r.loss, r.delta, r.pct, r.hisLoss, r.hisPct]
            .map((x) => `<td class="num">${x}</td>`)
            .join('')}</tr>`,
      )
      .join('');
    setTakeaway(root, takeawayOf(result, own !== null) ?? i18n.t('glu.takeaway_ready'));
  }

  /**
   * What a result shows: the reference study's reading, or the reader's run's with what it
   * resolves and reproduces.
   * @param {import('./glu-study.js').GluResult} result
   * @param {boolean} own whether it is the reader's run
   */
  function takeawayOf(result, own) {
    if (own) return gluRunTakeaway(i18n, result, reference, nameOf);
    return gluReading(i18n, result, nameOf, 'glu.takeaway_reference');
  }

  function run() {
    const { spec: s, problem } = spec();
    if (problem) {
      $('#glu-gvariants-err').textContent = problem;
      return;
    }
    study?.cancel();
    showing = 'run';
    let last = 0;
    study = startGluStudy(s, (st) => {
      if (st !== study) return;
      const now = performance.now();
      if (st.state === 'running' && now - last < 200) return; // repaint at most 5 times a second
      last = now;
      render();
      if (st.state !== 'running') {
        const result = gluResult(core.M, st);
        $('[data-announce]').textContent = i18n.t('glu.announce_done', {
          takeaway: (takeawayOf(result, true) ?? '').replace(/<[^>]*>/g, ''),
        });
      }
    });
    render();
  }

  $('[data-variants]').addEventListener('change', () => {
    const checked = [...chips()].filter((b) => b.checked).map((b) => b.value);
    change('gvariants', checked.join(','));
  });
  root.addEventListener('click', (e) => {
    const b = /** @type {HTMLButtonElement | null} */ (closest(e, 'button'));
    if (!b || b.disabled) return;
    if (b.dataset.act === 'run') run();
    else if (b.dataset.act === 'cancel') study?.cancel();
    else if (b.dataset.act === 'reference') {
      showing = 'reference';
      render();
    }
  });
  fetchReference(DATA_BASE).then(
    (r) => {
      reference = r;
      render();
    },
    (err) => {
      referenceError = explainError(i18n, String(err?.message ?? err));
      render();
    },
  );
  await followSettings(root, i18n, params, {
    sync,
    render,
    busy: () => study?.state === 'running',
  });
  return {
    settings: params,
    embedSettings: () => changedSettings(params),
    dispose: () => study?.cancel(),
  };
}
