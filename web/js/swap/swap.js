// The pretrained swap (the article's #pretrained section, figure #swap): pretrain a network with
// one activation, swap in another while keeping every weight, watch the accuracy and the boundary
// move, then fine-tune and watch it recover. The same panel exports the weights as a PyTorch
// state_dict and imports such a file (swap-io.js). One worker (swap/swap-worker.js) holds the
// network between the steps.
import { createSettings } from '../shared/state.js';
import {
  createFields,
  fieldSpecs,
  followSettings,
  presetButtons,
  setPresetsDisabled,
  showSettings,
} from '../shared/fields.js';
import { ROWS } from './settings.js';
import { createBoundary } from '../plots/boundary.js';
import { createLinePlot } from '../plots/line-plot.js';
import { downloadPng, labelPngButtons, pngButton, stampedName } from '../shared/export.js';
import { createSwapIo } from './swap-io.js';
import { createWorkerClient, isAbort } from '../shared/worker-client.js';
import { explainError, isWorkerFailure, messageOf } from '../shared/worker-error.js';
import { setDisabled } from '../shared/focus.js';
import { closest, finder } from '../shared/dom.js';
import { createSwapBars } from './swap-diff.js';
import { renderResults, STAGES } from './swap-view.js';
import { captionHtml } from '../shared/takeaway.js';

/** @typedef {import('../shared/types').ActivationName} ActivationName */
/** @typedef {import('./protocol').SwapStageMessage} SwapStageMessage */
/** @typedef {import('./protocol').SwapStage} SwapStage */

const GRID = 60;
const VAL_FRACTION = 0.2; // accuracies here are on validation points: the test set stays unread
/** @type {Record<string, [ActivationName, ActivationName]>} */
const PRESETS = {
  gelu_relu: ['gelu', 'relu'],
  relu_gelu: ['relu', 'gelu'],
  gelu_tanh: ['gelu', 'gelu_tanh'],
};

/**
 * @param {HTMLElement} root
 * @param {import('../shared/types').WidgetContext} ctx
 */
export default async function createSwap(root, { core, i18n, store }) {
  await i18n.need('swap', 'evidence', 'common');
  const settings =
    /** @type {import('../shared/types').Settings<import('../shared/types').SwapValues>} */ (
      createSettings(core, ROWS, store) // store: the URL hash unless embedded
    );
  settings.readHash();
  root.innerHTML = `
    <div class="ev-panel">
      ${presetButtons('swap', Object.keys(PRESETS))}
      <form class="ev-form" novalidate data-i18n-attr="aria-label=swap.form_label"></form>
      <div class="swap-steps">
        <button type="button" class="btn primary" data-act="pretrain"></button><span class="arrow" aria-hidden="true">→</span>
        <button type="button" class="btn" data-act="swap"></button><span class="arrow" aria-hidden="true">→</span>
        <button type="button" class="btn" data-act="finetune"></button>
        <button type="button" class="btn" data-act="cancel" data-i18n="swap.cancel" disabled></button>
        <div class="progress"><progress max="1" value="0" data-i18n-attr="aria-label=swap.progress_label"></progress>
          <span class="progress-text" data-progress></span></div>
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" data-announce></div>
      <div class="swap-boards">${STAGES.map(
        (s) => `<div class="swap-board" data-board="${s}">
        <div class="ev-plot-head"><h3 class="plot-title"></h3>${pngButton(s)}</div>
        <div class="boundary-wrap" role="img"></div><p class="swap-acc"></p></div>`,
      ).join('')}</div>
      <p class="ev-note" data-i18n="swap.change_note"></p>
      <div class="ev-plot"><h3 class="plot-title" data-i18n="swap.bars_title"></h3><div class="plot-wrap" data-plot="bars"></div></div>
      <p class="ev-verdict" data-result></p>
      <div class="ev-plot"><div class="ev-plot-head"><h3 class="plot-title" data-i18n="swap.curve_title"></h3>
        ${pngButton('curve')}</div>
        <div class="plot-wrap" data-plot="curve"></div></div>
      <div class="swap-io" data-io></div>
    </div>
    ${captionHtml('swap.caption')}`;
  const $ = finder(root);
  /** @param {string} a */
  const name = (a) => i18n.t(`common.act_${a}`);
  const fields = createFields($('.ev-form'), fieldSpecs(settings, core), {
    idPrefix: 'swap',
    onChange: change,
  });
  const boards = /** @type {Record<SwapStage, ReturnType<typeof createBoundary>>} */ (
    Object.fromEntries(
      STAGES.map((s) => [s, createBoundary($(`[data-board="${s}"] .boundary-wrap`))]),
    )
  );
  const curve = createLinePlot($('[data-plot="curve"]'), {
    height: (w) => Math.max(160, Math.min(w * 0.35, 240)),
    fmt: (v, d) => i18n.num(v, d),
    yDomain: ([lo]) => [Math.min(Math.max(0, lo), 0.9), 1],
  });
  curve.canvas.setAttribute('role', 'img');
  const bars = createSwapBars($('[data-plot="bars"]'), i18n);

  // What the worker reported, per stage; `busy` is the running command or ''.
  /**
   * @type {{
   *   busy: string,
   *   progress: {epoch: number, of: number} | null,
   *   error: string,
   *   pretrained: SwapStageMessage | null,
   *   swapped: SwapStageMessage | null,
   *   finetuned: SwapStageMessage | null,
   *   curve: import('./protocol').FinetuneCurve | null,
   * }}
   */
  const run = {
    busy: '',
    progress: null,
    error: '',
    pretrained: null,
    swapped: null,
    finetuned: null,
    curve: null,
  };
  const worker = createWorkerClient(new URL('./swap-worker.js', import.meta.url));
  /** @type {((m: {bytes: Uint8Array<ArrayBuffer>, activation: ActivationName}) => void) | null} */
  let onState = null,
    /** @type {{config: import('../shared/types').Config, state: Uint8Array} | null} */
    saved = null, // the pretrained network as the worker last had it
    pendingImport = false; // a file is being imported: its widths apply once it is accepted
  // wk shares the core's 'epochs' field for its validation only: it is not a pretraining setting.
  const config = () => ({
    ...settings.config('a'),
    epochs: settings.values.wepochs,
    val_fraction: VAL_FRACTION,
  });

  /**
   * @param {import('./protocol').SwapCommand['cmd']} cmd
   * @param {object} [extra]  the rest of the command (types.d.ts SwapCommand)
   */
  function send(cmd, extra = {}) {
    run.busy = cmd;
    run.error = '';
    request(cmd, extra);
    render();
  }
  /**
   * @param {import('./protocol').SwapCommand['cmd']} cmd
   * @param {object} args
   */
  function request(cmd, args) {
    /** @param {{message: import('./protocol').SwapMessage}} progress */
    const onProgress = ({ message }) => (heard(message), render());
    worker.call(cmd, args, { onProgress }).catch((err) => {
      if (isAbort(err)) return; // Cancel ended the worker: cancel() says so
      const message = messageOf(err);
      if (isWorkerFailure(message)) ((run.error = message), (run.busy = ''));
      else heard({ type: 'error', cmd, message });
      render();
    });
  }
  /** @param {import('./protocol').SwapMessage} m */
  function heard(m) {
    if (m.type === 'progress') ((run.progress = m), m.curve && (run.curve = m.curve));
    else if (m.type === 'stage') stageDone(m);
    else if (m.type === 'state') ((run.busy = ''), onState?.(m));
    else if (m.type === 'error') {
      // A refused file changed nothing: not the settings, the URL or the worker's network.
      if (m.cmd === 'import') ((pendingImport = false), io.rejected(m.message, m.hidden));
      else run.error = m.message;
      run.busy = '';
      $('[data-announce]').textContent = i18n.t('swap.error', { message: m.message });
    }
  }

  /** @param {SwapStageMessage} m */
  function stageDone(m) {
    run.busy = '';
    run.progress = null;
    if (m.stage === 'pretrained') {
      if (pendingImport && m.hidden) {
        // Accepted: the settings and the URL follow the file's network, all together.
        settings.set('whidden', m.hidden.join(','));
        settings.writeHash();
        sync();
      }
      pendingImport = false;
      saved = {
        config: { ...config(), hidden: settings.values.whidden },
        state: m.state ?? new Uint8Array(),
      };
      for (const b of Object.values(boards)) b.setData(m.data ?? {}, m.bounds);
      run.swapped = run.finetuned = run.curve = null;
      root.dataset.probe = JSON.stringify(m.probe); // exact outputs at fixed points (tests, embedders)
    }
    if (m.stage === 'swapped') ((run.finetuned = null), (run.curve = null));
    if (m.stage === 'finetuned') run.curve = m.curve ?? null;
    run[m.stage] = m;
    boards[m.stage].setGrid(m.grid, GRID);
    // The later boards shade where their decision differs from the pretrained network's.
    if (m.stage !== 'pretrained') boards[m.stage].setReference(run.pretrained?.grid ?? null);
    // One announcement per finished step (the progress text changes too often to be read out).
    $('[data-announce]').textContent = i18n.t(`swap.announce_${m.stage}`, {
      acc: i18n.pct(m.acc, 1),
      fn: name(m.activation),
    });
    root.dataset.stage = m.stage;
    if (m.stage !== 'pretrained') root.dataset.probe = JSON.stringify(m.probe);
  }

  const io = createSwapIo($('[data-io]'), {
    i18n,
    settings,
    requestState(callback) {
      onState = callback;
      send('export');
    },
    importState(file) {
      pendingImport = true;
      send('import', { config: config(), file, grid: GRID });
    },
    busy: () => Boolean(run.busy),
  });

  /**
   * Cancel: a step of a large network can take hours, and a worker busy in the core reads no
   * message; so it is ended and a new one gets the last pretrained network back (the steps after
   * it are dropped). A cancelled pretraining or import changes nothing.
   */
  function cancel() {
    worker.terminate();
    Object.assign(run, { busy: '', progress: null, error: '' });
    if (run.pretrained && saved) {
      request('restore', { ...saved, grid: GRID });
      run.swapped = run.finetuned = run.curve = null;
      for (const stage of /** @type {SwapStage[]} */ (['swapped', 'finetuned']))
        boards[stage].setGrid(null, GRID);
      root.dataset.stage = 'pretrained';
    }
    pendingImport = false;
    $('[data-announce]').textContent = i18n.t('swap.cancelled');
    render();
  }

  /**
   * @param {string} key
   * @param {string} text
   */
  function change(key, text) {
    settings.set(key, text);
    settings.writeHash();
    sync();
    render();
  }

  function sync() {
    showSettings(fields, settings, core, i18n);
    io.sync();
  }

  function render() {
    const busy = Boolean(run.busy);
    root.dataset.busy = run.busy;
    $('[data-act="pretrain"]').textContent = i18n.t('swap.step_pretrain', {
      fn: name(settings.values.wa),
    });
    $('[data-act="swap"]').textContent = i18n.t('swap.step_swap', { fn: name(settings.values.wb) });
    $('[data-act="finetune"]').textContent = i18n.t('swap.step_finetune', {
      k: settings.values.wk,
    });
    // Enabled ones first, so that a button that disables itself hands the focus on (focus.js).
    /** @param {string} a */
    const button = (a) => /** @type {HTMLButtonElement} */ ($(`[data-act="${a}"]`));
    const steps = ['pretrain', 'swap', 'finetune'].map(button);
    const cancelBtn = button('cancel');
    if (busy) setDisabled(cancelBtn, false);
    const off = [busy, busy || !run.pretrained, busy || !run.swapped];
    // After a step, the next one (or Pretrain again); during one, Cancel.
    const after = () => [
      steps[STAGES.indexOf(/** @type {SwapStage} */ (root.dataset.stage)) + 1],
      ...steps,
    ];
    for (const i of [0, 1, 2]) if (!off[i]) setDisabled(steps[i], false);
    for (const i of [0, 1, 2]) if (off[i]) setDisabled(steps[i], true, busy ? cancelBtn : after);
    if (!busy) setDisabled(cancelBtn, true, after);
    setPresetsDisabled(root, busy);
    fields.setDisabled(busy);
    const pr = run.progress,
      progress = /** @type {HTMLProgressElement} */ ($('progress'));
    progress.value = pr ? pr.epoch / pr.of : busy ? 0 : run.pretrained ? 1 : 0;
    $('[data-progress]').textContent = run.error
      ? i18n.t('swap.error', { message: explainError(i18n, run.error) })
      : busy
        ? i18n.t(`swap.busy_${run.busy}`, { epoch: pr?.epoch ?? 0, of: pr?.of ?? '…' })
        : i18n.t(
            run.finetuned
              ? 'swap.status_finetuned'
              : run.swapped
                ? 'swap.status_swapped'
                : run.pretrained
                  ? 'swap.status_pretrained'
                  : 'swap.status_idle',
          );
    /** @param {string} sel */
    const png = (sel) => /** @type {HTMLButtonElement} */ ($(sel));
    for (const stage of STAGES) png(`[data-board="${stage}"] [data-png]`).disabled = !run[stage]; // nothing to save yet
    png('[data-png="curve"]').disabled = !run.curve?.length && !run.pretrained;
    renderResults(root, i18n, run, settings.values, { bars, curve });
    io.render(run);
    labelPngButtons(root, i18n);
  }

  root.addEventListener('click', (e) => {
    const b = /** @type {HTMLButtonElement | null} */ (closest(e, 'button'));
    if (!b || b.disabled) return;
    if (b.dataset.preset) {
      const [from, to] = PRESETS[b.dataset.preset];
      change('wa', from);
      change('wb', to);
    } else if (b.dataset.act === 'pretrain') send('pretrain', { config: config(), grid: GRID });
    else if (b.dataset.act === 'swap') send('swap', { to: settings.values.wb });
    else if (b.dataset.act === 'finetune') send('finetune', { epochs: settings.values.wk });
    else if (b.dataset.act === 'cancel') cancel();
    else if (b.dataset.png === 'curve')
      downloadPng(curve.canvas, stampedName('swap-recovery', 'png'));
    else if (b.dataset.png)
      downloadPng(
        boards[/** @type {SwapStage} */ (b.dataset.png)].canvas,
        stampedName(`swap-${b.dataset.png}`, 'png'),
      );
  });
  await followSettings(root, i18n, settings, { sync, render, busy: () => run.busy });
  return { settings };
}
