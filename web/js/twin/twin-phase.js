// The twin lab's phase (ready, running, paused, finished, failed) and what moves it: the
// toolbar's actions on the two sides, then the sides' reports — a pause both have reached, an
// error (a worker that could not start makes the element failed, as the Transformer's model
// does), both sides at their last epoch. twin.js renders what the phase says.
import { failed } from '../shared/figure-state.js';
import { explainError, isWorkerFailure } from '../shared/worker-error.js';

/** @typedef {'a' | 'b'} Side */
/** @typedef {'ready' | 'running' | 'paused' | 'finished' | 'failed'} Phase */

/** @type {Side[]} */
const SIDES = ['a', 'b'];

/**
 * @param {HTMLElement} root  the element, marked failed when its workers cannot start
 * @param {{
 *   i18n: import('../shared/types').I18n,
 *   sides: Record<Side, ReturnType<typeof import('./twin-side.js').createSide>>,
 *   name: (s: Side) => string,
 *   announce: (key: string, vars?: import('../shared/types').I18nVars) => void,
 *   say: (text: string) => void,
 *   reset: () => void,
 * }} lab  announce: a string of the page's, say: a text as it is; reset: a new run
 */
export function createPhase(root, { i18n, sides, name, announce, say, reset }) {
  /** @type {Phase} */
  let phase = 'ready';
  let pauseToAnnounce = false; // Pause pressed: announced once both sides report their epoch

  /** @type {Record<string, () => void>} */
  const actions = {
    play() {
      if (phase === 'running') {
        for (const s of SIDES) sides[s].pause();
        phase = 'paused';
        pauseToAnnounce = true; // once both workers have said where they stopped (update)
      } else if (phase !== 'finished' && phase !== 'failed') {
        for (const s of SIDES) sides[s].play();
        phase = 'running';
        announce('twin.announce_running');
      }
    },
    step() {
      if (phase === 'running' || phase === 'finished' || phase === 'failed') return;
      for (const s of SIDES) sides[s].step();
      phase = 'paused';
    },
    reset() {
      reset();
      announce('twin.announce_reset');
    },
    stop() {
      for (const s of SIDES) sides[s].stop();
    },
  };

  /**
   * The phase after the sides' latest reports; true when the run has just ended (once).
   * @param {import('./twin-side.js').SideRun[]} runs
   */
  function update(runs) {
    if (pauseToAnnounce && phase === 'paused' && runs.every((r) => r.pausedAt !== null)) {
      pauseToAnnounce = false;
      announce('twin.announce_paused', {
        a: name('a'),
        b: name('b'),
        epochA: runs[0].pausedAt ?? 0,
        epochB: runs[1].pausedAt ?? 0,
      });
    }
    // A side's error ends the run as failed, never finished.
    const error = runs.map((r) => r.error).find(Boolean);
    if (error && phase !== 'failed') {
      phase = 'failed';
      for (const s of SIDES) sides[s].stop();
      say(explainError(i18n, error));
      if (isWorkerFailure(error)) failed(root);
    }
    const ending =
      phase !== 'finished' && phase !== 'failed' && SIDES.every((s) => sides[s].ended());
    if (ending) phase = 'finished';
    return ending;
  }

  return {
    actions,
    update,
    /** @returns {Phase} */
    get: () => phase,
    restart: () => void (phase = 'ready'),
  };
}
