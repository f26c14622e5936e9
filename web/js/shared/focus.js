// Keyboard focus when a control disables itself (Run, Measure again, a swap step, Play at the end
// of a run): a disabled button drops the focus to the top of the page, so the next Tab would start
// 13,000 px away. The focus moves to a sensible element first.

/**
 * Sets button.disabled; when that disables the focused button, the focus goes to `next` (an
 * element, or a function returning one; the first enabled one of a list) before.
 * @typedef {HTMLElement & {disabled?: boolean}} Focusable
 * @typedef {Focusable | null | undefined} Target
 * @param {HTMLButtonElement} button
 * @param {boolean} disabled
 * @param {Target | Target[] | (() => Target | Target[])} [next]
 */
export function setDisabled(button, disabled, next) {
  const root = /** @type {Document | ShadowRoot} */ (button.getRootNode());
  if (disabled && !button.disabled && root.activeElement === button) {
    const options = [typeof next === 'function' ? next() : next].flat();
    options.find((el) => el && !el.disabled && el.isConnected)?.focus();
  }
  button.disabled = disabled;
}
