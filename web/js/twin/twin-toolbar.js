// The twin lab's toolbar and notes, drawn from the run's phase and the two sides: Play's label
// and icon, which buttons are enabled (and where the focus goes when one disables itself), the
// progress bar and its line, and the notes under the boards (the identity, a diverged side).
import { setDisabled } from '../shared/focus.js';
import { finder, must } from '../shared/dom.js';

/** @typedef {'a' | 'b'} Side */

/** @type {Side[]} */
const SIDES = ['a', 'b'];

/**
 * @param {HTMLElement} root  the lab (twin-markup.js)
 * @param {{
 *   i18n: import('../shared/types').I18n,
 *   settings: import('../shared/types').Settings,
 *   sides: Record<Side, ReturnType<typeof import('./twin-side.js').createSide>>,
 *   phase: 'ready' | 'running' | 'paused' | 'finished' | 'failed',
 *   name: (s: Side) => string,
 * }} state  name: a side's activation, as the reader reads it
 */
export function renderToolbar(root, { i18n, settings, sides, phase, name }) {
  const $ = finder(root);
  const runs = SIDES.map((s) => sides[s].run);
  /** @param {string} act */
  const button = (act) => /** @type {HTMLButtonElement} */ ($(`[data-act="${act}"]`));
  const playBtn = button('play');
  must(playBtn, '[data-label]').textContent = i18n.t(
    phase === 'running' ? 'twin.pause' : 'twin.play',
  );
  must(playBtn, '.icon').textContent = phase === 'running' ? '❚❚' : '▶';
  // A finished run plays no more: Play says why, and Reset takes the focus (focus.js).
  const resetBtn = button('reset');
  const over = phase === 'finished' || phase === 'failed';
  setDisabled(playBtn, over, resetBtn);
  setDisabled(button('step'), phase === 'running' || over, [playBtn, resetBtn]);
  // Stop works mid-epoch too (the workers train in slices): from the first Play or Step on.
  setDisabled(button('stop'), over || phase === 'ready', resetBtn);
  const total = runs.reduce((n, r) => n + r.epochs, 0),
    done = runs.reduce((n, r) => n + r.epoch + (r.progress ?? 0), 0);
  const progress = /** @type {HTMLProgressElement} */ ($('progress'));
  progress.max = Math.max(total, 1);
  progress.value = done;
  const text = i18n.t('twin.progress', {
    a: runs[0].epoch,
    b: runs[1].epoch,
    epochs: runs[0].epochs,
    na: name('a'),
    nb: name('b'),
  });
  // After the end, the line says how to train again (Play is disabled then).
  $('[data-progress]').textContent =
    phase === 'finished' ? `${text} ${i18n.t('twin.play_finished_hint')}` : text;
  progress.setAttribute('aria-valuetext', text);
  // Notes: the identity's straight line (the article's #activation section), divergence
  const notes = [];
  if (SIDES.some((s) => settings.config(s).activation === 'identity'))
    notes.push(i18n.t('twin.identity_note'));
  for (const s of SIDES)
    if (sides[s].run.status === 'diverged')
      notes.push(i18n.t('twin.diverged_note', { name: name(s), epoch: sides[s].run.epoch }));
  $('[data-note]').innerHTML = notes.join(' ');
}
