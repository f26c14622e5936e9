// While an embedded figure loads, it shows the pictures a reader without JavaScript gets in the
// article (web/ship/pictures/: real runs and drawings made when the site was built), below its
// caption: on a slow connection the reader sees what the figure shows at once, instead of an empty
// box until the core has downloaded, compiled and trained. The build writes each figure's list
// (web/ship/pictures/posters.mjs) as img/figures/<poster>.<lang>.json:
//   {kind: '' | '_drawing' | '_mixed', pictures: [{src, alt, width, height, narrow?}]}
// with `kind` saying what they are, as the no-script note does (runs, drawings, or both).
import { FIGURES } from './figures.js';

/** @typedef {{src: string, alt: string, width: number, height: number, narrow?: boolean}} PosterPicture */
/** @typedef {{kind: string, pictures: PosterPicture[]}} PosterList */

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
 * Fetches poster `name` in language `lang` from the copy at `base`: resolves to its box (detached,
 * the images decoded from blob: URLs) and a dispose() that frees them, or null when the copy has
 * no such list. The images come through fetch, not <img src>: a host page whose policy lets the
 * figure fetch its strings from the copy (connect-src) lets these through as well, with no img-src
 * for the copy's origin.
 * @param {URL} base
 * @param {string} name
 * @param {'en' | 'pt'} lang
 */
export async function loadPoster(base, name, lang) {
  const response = await fetch(new URL(`img/figures/${name}.${lang}.json`, base));
  if (!response.ok) return null;
  /** @type {PosterList} */
  const { kind, pictures } = await response.json();
  const urls = await Promise.all(
    pictures.map(async (picture) => {
      const file = await fetch(new URL(picture.src, base));
      if (!file.ok) throw new Error(`${picture.src}: HTTP ${file.status}`);
      return URL.createObjectURL(await file.blob());
    }),
  );
  const box = Object.assign(document.createElement('div'), { className: 'al-poster' });
  for (const [i, picture] of pictures.entries()) {
    const img = Object.assign(document.createElement('img'), {
      src: urls[i],
      alt: picture.alt,
      width: picture.width,
      height: picture.height,
      decoding: 'async',
    });
    if (picture.narrow) img.className = 'picture-narrow';
    box.append(img);
  }
  return { box, kind, dispose: () => urls.forEach((url) => URL.revokeObjectURL(url)) };
}
