// Keyboard focus when a control disables itself (Run, Measure again, a swap step, Play at the end
// of a run): a disabled button drops the focus to the top of the page, so the next Tab would start
// 13,000 px away. The focus moves to a sensible element first.

/**
 * Sets button.disabled; when that disables the focused button, the focus goes to `next` (an
 * element, or a function returning one; the first enabled one of a list) before.
 */
export function setDisabled(button, disabled, next) {
  if (disabled && !button.disabled && button.getRootNode().activeElement === button) {
    const options = [typeof next === 'function' ? next() : next].flat();
    options.find((el) => el && !el.disabled && el.isConnected)?.focus();
  }
  button.disabled = disabled;
}
