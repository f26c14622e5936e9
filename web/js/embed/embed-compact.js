// The compact form of an embedded figure (<activation-lab-… compact>, for a blog column): the
// figure and its caption's live sentence (the takeaway) whole, with the settings — presets,
// forms, view toggles and the notes that explain them — moved behind one <details> disclosure per
// figure, where the first of them was, and the rest of the caption (what the figure shows) behind
// another, inside the caption (css/embed-compact.css). The elements are moved, not copied: the widget's own
// listeners and lookups (root.querySelector) keep working, and opening the disclosure shows them
// as they are.

/** What counts as settings in a widget's figure (the article's widgets share these classes). */
const SETTINGS = '.ev-presets, form, .pieces-toggle, .signals-help, .ev-note:not(.ev-error)';

/**
 * @param {HTMLElement} figure the embedded widget's figure, already built
 * @param {{t: (key: string) => string}} i18n
 */
export function compactFigure(figure, i18n) {
  // The figure itself and the figures inside it (the Transformer's parts), each its own disclosure.
  for (const fig of [figure, ...figure.querySelectorAll('figure')]) {
    const settings = [...fig.querySelectorAll(SETTINGS)].filter(
      (el) => el.closest('figure') === fig && !el.parentElement?.closest(SETTINGS),
    );
    foldCaption(fig, i18n);
    if (!settings.length) continue;
    const details = Object.assign(document.createElement('details'), { className: 'al-settings' });
    const summary = document.createElement('summary');
    summary.textContent = i18n.t('embed.settings');
    settings[0].before(details);
    details.append(summary, ...settings);
  }
}

/**
 * The figure's own caption keeps its takeaway (the live sentence: what to do, then the result)
 * and folds the rest, its fixed description, into an "About this figure" disclosure: whole, where
 * a clamped line cut it mid-sentence.
 * @param {Element} fig
 * @param {{t: (key: string) => string}} i18n
 */
function foldCaption(fig, i18n) {
  const caption = [...fig.children].find((el) => el.tagName === 'FIGCAPTION');
  const rest = [...(caption?.childNodes ?? [])].filter(
    (node) => !(node instanceof HTMLElement && node.matches('[data-takeaway]')),
  );
  if (!caption || !rest.some((node) => node.textContent?.trim())) return;
  const details = Object.assign(document.createElement('details'), { className: 'al-about-more' });
  const summary = document.createElement('summary');
  summary.textContent = i18n.t('embed.about');
  details.append(summary, ' ', ...rest);
  caption.append(' ', details);
}
