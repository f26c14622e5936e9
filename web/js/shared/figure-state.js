// How a figure tells the element that embeds it (activation-lab.js) that it cannot work after
// it was built: its model or a worker could not load. The element is then `failed`, not `ready`,
// the same for every figure (the Transformer, the twin lab, the images figure).

/**
 * @param {Element} figure
 */
export const failed = (figure) =>
  figure.dispatchEvent(new CustomEvent('activation-lab-failed', { bubbles: true }));
