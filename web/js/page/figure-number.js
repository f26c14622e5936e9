// "Figure N." of the article: web/ship/prerender.mjs numbers every <figure data-widget> of the
// page 1..N in reading order (data-figure="N" on the figure and on its caption) and CSS prints
// the number before that caption (article.css). A widget rebuilds its figure's content when it
// mounts, so main.js hands the number on to the new caption: the numbers never move. An embedded
// figure has no data-figure, so it stands alone, unnumbered.

/**
 * The caption that carries the figure's number: the figure's own caption, or, for a figure made
 * of sub-figures (the Transformer), the first caption inside it. Sub-captions stay unnumbered.
 * @param {Element} figure
 */
export function mainCaption(figure) {
  return figure.querySelector(':scope > figcaption') ?? figure.querySelector('figcaption');
}

/**
 * Writes the figure's build-time number onto its current main caption (and only there).
 * @param {HTMLElement} figure
 */
export function keepFigureNumber(figure) {
  const n = figure.dataset.figure;
  if (!n) return;
  for (const el of figure.querySelectorAll('figcaption[data-figure]'))
    el.removeAttribute('data-figure');
  mainCaption(figure)?.setAttribute('data-figure', n);
}
