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
