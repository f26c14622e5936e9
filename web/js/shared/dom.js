// Typed look-ups of the elements a widget's own template made: a missing one is a bug of that
// template, reported by name where it is looked up rather than later as "cannot read properties
// of null". (Elements that may legitimately be absent are looked up with querySelector itself.)

/**
 * The first element under root that matches selector; throws when there is none.
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {HTMLElement}
 */
export function must(root, selector) {
  const el = root.querySelector(selector);
  if (!el) throw new Error(`missing element ${selector}`);
  return /** @type {HTMLElement} */ (el);
}

/**
 * must() bound to one root: `const $ = finder(root); $('.run')`.
 * @param {ParentNode} root
 */
export const finder = (root) => (/** @type {string} */ selector) => must(root, selector);

/**
 * The element around an event's target that matches selector (a click on a button's label is a
 * click on the button), or null. HTML or SVG: both have a dataset.
 * @param {Event} event
 * @param {string} selector
 * @returns {(Element & HTMLOrSVGElement) | null}
 */
export const closest = (event, selector) =>
  event.target instanceof Element ? event.target.closest(selector) : null;

/**
 * The control a change or input event came from: the widgets listen on their root, and only
 * their inputs and selects fire these events.
 * @param {Event} event
 */
export const controlOf = (event) => /** @type {HTMLInputElement} */ (event.target);
