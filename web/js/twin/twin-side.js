// One network of the twin lab: its worker, what the worker reported, and its panel (activation
// select, status, decision boundary with its optional linear pieces, live numbers, and the signal
// panel of per-layer diagnostics).
import { createTrainer } from './trainer.js';
import { createBoundary } from '../plots/boundary.js';
import { pngButton } from '../shared/export.js';
import { explainError } from '../shared/worker-error.js';
import { crossedPieces } from '../shared/pieces.js';
import { createSignals } from './twin-signals.js';

import { must } from '../shared/dom.js';

/** @typedef {import('../shared/types').ActivationName} ActivationName */
/**
 * What one network's worker reported, as the twin lab reads it.
 * @typedef {{
 *   side: 'a' | 'b',
 *   status: import('../shared/types').Status | 'loading' | 'error',
 *   stopped: boolean,
 *   paused: boolean,
 *   pausedAt: number | null,
 *   epoch: number,
 *   epochs: number,
 *   progress?: number,
 *   history: import('../shared/types').EpochStats[],
 *   seconds: number,
 *   final: {train: import('../shared/types').Metrics, test: import('../shared/types').Metrics} | null,
 *   error: string | null,
 *   data: import('./protocol').SplitData | null,
 *   activation: ActivationName | null,
 *   init: import('../shared/types').LayerStats[] | null,
 *   pieces: {pieces: number, crossings: number} | null,
 * }} SideRun
 */
/** @typedef {{grid: Float32Array, n: number, patterns: Uint32Array | null}} Grids */

export const GRID = 72; // decision-boundary resolution, per axis

/**
 * @param {HTMLElement} panel
 * @param {'a' | 'b'} side
 * @param {{
 *   i18n: import('../shared/types').I18n,
 *   onUpdate: (run: SideRun) => void,
 *   onMaps: (maps: import('./protocol').UnitMaps) => void,
 * }} options
 */
export function createSide(panel, side, { i18n, onUpdate, onMaps }) {
  panel.innerHTML = `
    <div class="side-head"><div class="side-select"></div><span class="side-tools"><span class="badge" data-status></span>${pngButton(side)}</span></div>
    <div class="boundary-wrap" role="img"></div>
    <p class="side-pieces" data-pieces></p>
    <p class="side-stats" data-stats></p>
    <div class="side-signals" hidden></div>`;
  const wrap = must(panel, '.boundary-wrap');
  const boundary = createBoundary(wrap);
  const signals = createSignals(must(panel, '.side-signals'), side, { i18n });
  /** @type {SideRun} */
  const run = {
    side,
    status: 'loading',
    stopped: false,
    paused: false, // Pause pressed; pausedAt: the epoch of the worker's first snapshot after it
    pausedAt: null,
    epoch: 0,
    epochs: 0,
    history: [],
    seconds: 0,
    final: null,
    error: null,
    data: null,
    activation: null,
    init: null, // per-layer diagnostics at epoch 0
    pieces: null, // { pieces, crossings } of the last pattern grid
  };
  /** @type {Grids | null} */
  let pendingGrid = null,
    showPieces = false;

  const trainer = createTrainer((msg) => {
    if (msg.type === 'created') {
      run.data = msg.data;
      run.init = msg.init;
      boundary.setData(msg.data, msg.bounds);
      run.status = msg.status;
    } else if (msg.type === 'snapshot') {
      Object.assign(run, {
        epoch: msg.epoch,
        progress: msg.progress,
        status: msg.status,
        stopped: msg.stopped,
        seconds: msg.seconds,
        final: msg.final,
      });
      run.history.push(...msg.records);
      if (run.paused && run.pausedAt === null) run.pausedAt = msg.epoch;
      if (msg.grid) pendingGrid = { grid: msg.grid, n: msg.gridN, patterns: msg.patterns };
      if (msg.maps) onMaps(msg.maps);
    } else if (msg.type === 'error') {
      run.error = msg.message;
      run.status = 'error';
    }
    onUpdate(run);
  });

  /** The run's state as the badge and the table name it: an error or a stop wins over the worker's status. */
  const status = () =>
    run.error
      ? 'error'
      : run.stopped && run.status !== 'diverged'
        ? 'stopped'
        : run.paused && run.status === 'running'
          ? 'paused'
          : run.status;

  /** @param {Grids} grids */
  function paintGrid({ grid, n, patterns }) {
    boundary.setGrid(grid, n);
    // Corners only where the activation is piecewise linear: a GELU boundary bends everywhere.
    boundary.setPatterns(showPieces ? patterns : null, n, run.activation === 'relu');
    run.pieces = showPieces && patterns ? crossedPieces(grid, patterns, n) : null;
  }

  /** The sentence under the boundary when the linear pieces are shown. */
  function piecesText() {
    if (!showPieces || !run.pieces) return '';
    if (!run.pieces.crossings) return i18n.t('twin.pieces_none');
    const kind =
      run.activation === 'relu' ? 'linear' : run.activation === 'identity' ? 'identity' : 'smooth';
    return i18n.t(`twin.pieces_count_${kind}`, run.pieces);
  }

  /**
   * Paints what the last messages brought (called at most once per animation frame).
   * @param {string} color  the network's series colour
   */
  function render(color) {
    if (pendingGrid) (paintGrid(pendingGrid), (pendingGrid = null));
    const last = run.history[run.history.length - 1];
    const name = i18n.t(`common.act_${run.activation}`);
    wrap.setAttribute('aria-label', i18n.t('twin.boundary_label', { name, epoch: run.epoch }));
    const badge = must(panel, '[data-status]');
    badge.dataset.state = status();
    badge.textContent = i18n.t(`twin.status_${status()}`);
    must(panel, '[data-stats]').innerHTML = run.error
      ? i18n.t('twin.side_error', { message: explainError(i18n, run.error) })
      : i18n.t('twin.side_stats', {
          epoch: run.epoch,
          epochs: run.epochs,
          loss: last ? i18n.num(last.train_loss, 4) : '–',
          acc: last ? i18n.pct(last.train_acc) : '–',
        });
    must(panel, '[data-pieces]').textContent = piecesText();
    // The epoch-0 profile until the first epoch's record arrives.
    const epoch = last?.layers ? last.epoch : 0;
    signals.render({
      init: run.init,
      last: last?.layers ?? null,
      epoch,
      color,
      activation: run.activation,
    });
  }

  return {
    run,
    render,
    status,
    selectSlot: must(panel, '.side-select'),
    canvas: boundary.canvas,
    /** @param {import('../shared/types').Config & {epochs: number, activation: ActivationName}} config */
    create(config) {
      Object.assign(run, {
        status: 'loading',
        stopped: false,
        paused: false,
        pausedAt: null,
        epoch: 0,
        epochs: config.epochs,
        history: [],
        seconds: 0,
        final: null,
        error: null,
        activation: config.activation,
        init: null,
        pieces: null,
      });
      pendingGrid = null;
      boundary.setPatterns(null);
      // The signal panel needs the core's per-layer diagnostics after every epoch.
      trainer.create({ ...config, diagnostics: true }, GRID);
      if (showPieces) trainer.pieces(true);
    },
    /**
     * Shows or hides the linear pieces (the worker then sends pattern grids, or stops).
     * @param {boolean} on
     */
    setPieces(on) {
      showPieces = on;
      if (!on) ((run.pieces = null), boundary.setPatterns(null));
      trainer.pieces(on);
      onUpdate(run);
    },
    /**
     * Whether snapshots bring the hidden units' maps of one layer (0-based).
     * @param {boolean} on
     * @param {number} layer
     */
    maps: (on, layer) => trainer.maps(on, layer),
    /**
     * A unit's zero line on the decision boundary (its map), or none.
     * @param {ArrayLike<number> | null} values
     * @param {number} n
     */
    highlight: (values, n) => boundary.setLine(values, n),
    /** After a language switch: the next render redraws the signal panel's text and labels. */
    invalidate: () => signals.invalidate(),
    play: () => ((run.paused = false), trainer.play()),
    pause: () => ((run.paused = true), (run.pausedAt = null), trainer.pause()),
    step: () => ((run.paused = true), (run.pausedAt = null), trainer.step()),
    stop: () => trainer.stop(),
    dispose: () => trainer.terminate(),
    ended: () => Boolean(run.error) || run.final !== null,
  };
}
