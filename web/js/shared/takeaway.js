// Each figure's caption opens with one sentence that says what the figure shows, filled in from
// the live numbers (or, before a run, what to look for). The sentence lives in its own element at
// the start of the figcaption, so the caption's fixed text keeps its data-i18n key. The choice of
// sentence is pure (no DOM, no i18n) so that Node tests can check it; widgets format the numbers.

/**
 * A figcaption whose fixed text is the string `key`, led by an empty takeaway.
 * @param {string} key
 */
export const captionHtml = (key) =>
  `<figcaption><span class="takeaway" data-takeaway></span> <span data-i18n="${key}"></span></figcaption>`;

/**
 * Puts `html` in the figure's takeaway (not a live region: widgets announce the end of a run).
 * @param {ParentNode} root
 * @param {string} html
 */
export function setTakeaway(root, html) {
  const el = root.querySelector('[data-takeaway]');
  if (el && el.innerHTML !== html) el.innerHTML = html;
}

/**
 * Which sentence the twin lab's takeaway says about the epochs to 95 % training accuracy.
 * a, b: the first epoch each network reached 95 % (null: not yet, or never); done: both ended.
 * @param {number | null} a
 * @param {number | null} b
 * @param {boolean} done
 * @returns {'ready' | 'both' | 'same' | 'a_only' | 'b_only' | 'neither'}
 */
export function speedCase(a, b, done) {
  if (a !== null && b !== null) return a === b ? 'same' : 'both';
  if (!done) return a !== null ? 'a_only' : b !== null ? 'b_only' : 'ready';
  return a !== null ? 'a_only' : b !== null ? 'b_only' : 'neither';
}

/**
 * The run that ended lowest among named final losses, and its margin over the next lowest.
 * @param {{name: string, loss: number}[]} runs
 * @returns {{best: string, next: string, margin: number} | null}
 */
export function lowest(runs) {
  const finite = runs.filter((r) => Number.isFinite(r.loss)).sort((x, y) => x.loss - y.loss);
  if (finite.length < 2) return null;
  return { best: finite[0].name, next: finite[1].name, margin: finite[1].loss - finite[0].loss };
}

/**
 * The share of grid cells where two decision grids (P(class 1), same size) disagree about P ≥ 0.5.
 * @param {ArrayLike<number>} a
 * @param {ArrayLike<number>} b
 */
export function flippedShare(a, b) {
  if (!a.length || a.length !== b.length) return NaN;
  let flipped = 0;
  for (let i = 0; i < a.length; i++) if (a[i] >= 0.5 !== b[i] >= 0.5) flipped++;
  return flipped / a.length;
}

/** Below this many nats per character two validation losses count as level (a 3-digit display). */
export const LOSS_LEVEL = 0.005;

/**
 * What fine-tuning after a swap did, read from the four validation losses the figure shows:
 * 'control_rose' when the control that kept the activation got worse by fine-tuning too (so the
 * swapped model's change is not all recovery), 'caught_up' when the swapped model ended level
 * with a control that held its ground, 'behind' otherwise; null before both are tuned.
 * @param {{before?: number, tuned?: number, control?: number}} losses
 * @returns {'control_rose' | 'caught_up' | 'behind' | null}
 */
export function fineTuneCase({ before, tuned, control }) {
  if (![before, tuned, control].every(Number.isFinite)) return null;
  const b = /** @type {number} */ (before),
    t = /** @type {number} */ (tuned),
    c = /** @type {number} */ (control);
  if (c - b > LOSS_LEVEL) return 'control_rose';
  return t - c <= LOSS_LEVEL ? 'caught_up' : 'behind';
}
