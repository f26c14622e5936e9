// The pretrained swap's run: its commands to the worker (swap/swap-worker.js, which holds the network
// between the steps), what the worker reports back, and Cancel. swap.js draws the state it keeps.
import { createWorkerClient, isAbort } from '../shared/worker-client.js';
import { isWorkerFailure, messageOf } from '../shared/worker-error.js';
import { finder } from '../shared/dom.js';

/** @typedef {import('../shared/types').ActivationName} ActivationName */
/** @typedef {import('./protocol').SwapStageMessage} SwapStageMessage */
/** @typedef {import('./protocol').SwapStage} SwapStage */

export const GRID = 60;
const VAL_FRACTION = 0.2; // accuracies here are on validation points: the test set stays unread

/**
 * What the worker reported, per stage; `busy` is the running command or ''.
 * @typedef {{
 *   busy: string,
 *   progress: {epoch: number, of: number} | null,
 *   error: string,
 *   pretrained: SwapStageMessage | null,
 *   swapped: SwapStageMessage | null,
 *   finetuned: SwapStageMessage | null,
 *   curve: import('./protocol').FinetuneCurve | null,
 * }} SwapRunState
 */

/**
 * @param {HTMLElement} root
 * @param {object} opts
 * @param {import('../shared/types').I18n} opts.i18n
 * @param {import('../shared/types').Settings<import('../shared/types').SwapValues>} opts.settings
 * @param {Record<SwapStage, ReturnType<typeof import('../plots/boundary.js').createBoundary>>} opts.boards
 * @param {() => void} opts.render draws the state
 * @param {() => void} opts.sync shows the settings (after an import changed them)
 * @param {(message: string, hidden?: number[]) => void} opts.rejected a file was refused
 */
export function createSwapRun(root, { i18n, settings, boards, render, sync, rejected }) {
  const $ = finder(root);
  /** @param {string} a */
  const name = (a) => i18n.t(`common.act_${a}`);
  /** @type {SwapRunState} */
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
    epochs: settings.named.epochs,
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
      if (m.cmd === 'import') ((pendingImport = false), rejected(m.message, m.hidden));
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
        settings.set(settings.keyOf('hidden'), m.hidden.join(','));
        settings.writeHash();
        sync();
      }
      pendingImport = false;
      saved = {
        config: { ...config(), hidden: settings.named.hidden },
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

  return {
    run,
    config,
    send,
    cancel,
    /** @param {(m: {bytes: Uint8Array<ArrayBuffer>, activation: ActivationName}) => void} callback */
    requestState(callback) {
      onState = callback;
      send('export');
    },
    /** @param {File} file */
    importState(file) {
      pendingImport = true;
      send('import', { config: config(), file, grid: GRID });
    },
  };
}
