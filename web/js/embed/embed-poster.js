// While an embedded figure loads, it shows the pictures a reader without JavaScript gets in the
// article (web/ship/pictures/: real runs and drawings made when the site was built), above its
// caption: on a slow connection the reader sees what the figure shows at once, instead of an empty
// box until the core has downloaded, compiled and trained. The build lists each figure's pictures
// in poster-lists.js, with their sizes, so each holds its place before its bytes arrive and
// nothing under it moves; `kind` says what they are, as the no-script note does (runs, drawings,
// or both).
import { FIGURES } from './figures.js';
import { POSTER_LISTS } from './poster-lists.js';

/**
 * Poster name (a figure, or "figure.part" for a figure with parts) -> its picture keys (the
 * manifests' `pictures`). A figure with parts and none of its own (the Transformer) has one per
 * part: an element that shows one part (parts="swap") shows that part's.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const POSTERS = Object.freeze(
  Object.fromEntries(
    FIGURES.flatMap((figure) => [
      ...(figure.pictures.length ? [[figure.name, figure.pictures]] : []),
      ...(figure.parts ?? [])
        .filter((part) => part.pictures.length)
        .map((part) => [`${figure.name}.${part.name}`, part.pictures]),
    ]),
  ),
);

/**
 * The poster of element `name` given its `parts` attribute, or null when it has none.
 * @param {string} name
 * @param {string | null} parts
 */
export function posterName(name, parts) {
  if (Object.hasOwn(POSTERS, name)) return name;
  const part = `${name}.${parts?.trim()}`;
  return Object.hasOwn(POSTERS, part) ? part : null;
}

/**
 * The poster of element `name` in language `lang`, from the copy at `base`: its box, each picture
 * at its size at once and drawn when its bytes arrive, or null when the copy lists none. The
 * images come through fetch as blob: URLs, not <img src>: a host page whose policy lets the figure
 * fetch its strings from the copy (connect-src) lets these through as well, with no img-src for
 * the copy's origin. A picture that cannot be fetched hides the poster. dispose() frees them.
 * @param {URL} base
 * @param {string} name
 * @param {string | null} parts  the element's `parts` attribute
 * @param {'en' | 'pt'} lang
 */
export function createPoster(base, name, parts, lang) {
  const poster = posterName(name, parts);
  const list = poster ? POSTER_LISTS[lang]?.[poster] : undefined;
  if (!list?.pictures.length) return null;
  const box = Object.assign(document.createElement('div'), {
    className: 'figure-picture al-poster',
  });
  /** @type {string[]} */
  const urls = [];
  let disposed = false;
  for (const picture of list.pictures) {
    // Its place, sized from the start (CSSOM, which a policy without 'unsafe-inline' allows): an
    // <img> waiting for its src would show its alt text and change size when the bytes arrive.
    const slot = Object.assign(document.createElement('div'), { className: 'al-poster-slot' });
    slot.style.aspectRatio = `${picture.width} / ${picture.height}`;
    if (picture.narrow)
      (slot.classList.add('picture-narrow'), (slot.style.width = `${picture.width}px`));
    box.append(slot);
    fetch(new URL(picture.src, base))
      .then((response) => {
        if (!response.ok) throw new Error(`${picture.src}: HTTP ${response.status}`);
        return response.blob();
      })
      .then(
        (blob) => {
          if (disposed) return;
          const url = URL.createObjectURL(blob);
          urls.push(url);
          slot.append(
            Object.assign(document.createElement('img'), {
              src: url,
              alt: picture.alt,
              width: picture.width,
              height: picture.height,
              decoding: 'async',
            }),
          );
        },
        () => (box.hidden = true),
      );
  }
  return {
    box,
    kind: list.kind,
    dispose() {
      disposed = true;
      for (const url of urls) URL.revokeObjectURL(url);
    },
  };
}
