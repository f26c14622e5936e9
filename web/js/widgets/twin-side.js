// One network of the twin lab: its worker, what the worker reported, and its panel (activation
// select, status, decision boundary, live numbers).
import { createTrainer } from '../trainer.js';
import { createBoundary } from '../plots/boundary.js';
import { pngButton } from '../export.js';
import { explainError } from '../worker-error.js';

export const GRID = 72; // decision-boundary resolution, per axis

export function createSide(panel, side, { i18n, onUpdate }) {
  panel.innerHTML = `
    <div class="side-head"><div class="side-select"></div><span class="side-tools"><span class="badge" data-status></span>${pngButton(side)}</span></div>
    <div class="boundary-wrap" role="img"></div>
    <p class="side-stats" data-stats></p>`;
  const wrap = panel.querySelector('.boundary-wrap');
  const boundary = createBoundary(wrap);
  const run = {
    side,
    status: 'loading',
    stopped: false,
    epoch: 0,
    epochs: 0,
    history: [],
    seconds: 0,
    final: null,
    error: null,
    data: null,
    activation: null,
  };
  let pendingGrid = null;

  const trainer = createTrainer((msg) => {
    if (msg.type === 'created') {
      run.data = msg.data;
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
      if (msg.grid) pendingGrid = msg.grid;
    } else if (msg.type === 'error') {
      run.error = msg.message;
      run.status = 'error';
    }
    onUpdate(run);
  });

  /** The run's state as the badge and the table name it: an error or a stop wins over the worker's status. */
  const status = () =>
    run.error ? 'error' : run.stopped && run.status !== 'diverged' ? 'stopped' : run.status;

  /** Paints what the last messages brought (called at most once per animation frame). */
  function render() {
    if (pendingGrid) (boundary.setGrid(pendingGrid, GRID), (pendingGrid = null));
    const last = run.history[run.history.length - 1];
    const name = i18n.t(`common.act_${run.activation}`);
    wrap.setAttribute('aria-label', i18n.t('twin.boundary_label', { name, epoch: run.epoch }));
    const badge = panel.querySelector('[data-status]');
    badge.dataset.state = status();
    badge.textContent = i18n.t(`twin.status_${status()}`);
    panel.querySelector('[data-stats]').innerHTML = run.error
      ? i18n.t('twin.side_error', { message: explainError(i18n, run.error) })
      : i18n.t('twin.side_stats', {
          epoch: run.epoch,
          epochs: run.epochs,
          loss: last ? i18n.num(last.train_loss, 4) : '–',
          acc: last ? i18n.pct(last.train_acc) : '–',
        });
  }

  return {
    run,
    render,
    status,
    selectSlot: panel.querySelector('.side-select'),
    canvas: boundary.canvas,
    create(config) {
      Object.assign(run, {
        status: 'loading',
        stopped: false,
        epoch: 0,
        epochs: config.epochs,
        history: [],
        seconds: 0,
        final: null,
        error: null,
        activation: config.activation,
      });
      pendingGrid = null;
      trainer.create(config, GRID);
    },
    play: () => trainer.play(),
    pause: () => trainer.pause(),
    step: () => trainer.step(),
    stop: () => trainer.stop(),
    dispose: () => trainer.terminate(),
    ended: () => Boolean(run.error) || run.final !== null,
  };
}
