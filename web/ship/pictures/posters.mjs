// The posters of the embedded figures (js/embed/embed-poster.js): for each figure the manifests
// give pictures (and each part of one that has parts), per language, the list of its no-script
// pictures, which the element shows while the figure loads: written into js/embed/poster-lists.js,
// which the element imports, so it knows them (and their sizes) as it starts.
// Only the drawn ones (SVG, a few kilobytes each): a poster must not hold back the core it waits
// for on a slow connection, and the twin's raster picture, the link preview, weighs 100 KB.
import { join } from 'node:path';
import { POSTERS } from '../../js/embed/embed-poster.js';
import { stampConstants } from '../stamp.mjs';

/** The module the lists are written into, relative to dist/. */
const LISTS = 'js/embed/poster-lists.js';

/** @typedef {import('./index.mjs').PictureRef} PictureRef */

/**
 * What a set of pictures is, as the no-script note and the poster's status line say it: '' runs,
 * '_drawing' drawings of the model, '_mixed' both, '_none' nothing.
 * @param {PictureRef[] | undefined} pictures
 */
export function pictureKind(pictures) {
  const drawings = pictures?.filter((p) => p.drawing).length ?? 0;
  if (!pictures?.length) return '_none';
  return drawings === pictures.length ? '_drawing' : drawings ? '_mixed' : '';
}

/**
 * Writes every poster's list, per language, into dist/'s js/embed/poster-lists.js (stamp.mjs: its
 * one declaration, empty in the source tree).
 * @param {string} out  dist/
 * @param {Record<string, Record<string, PictureRef[]>>} byLang  language -> picture key -> its images
 */
export async function writePosters(out, byLang) {
  /** @type {Record<string, Record<string, {kind: string, pictures: object[]}>>} */
  const lists = {};
  for (const [lang, refs] of Object.entries(byLang)) {
    lists[lang] = {};
    for (const [name, keys] of Object.entries(POSTERS)) {
      const drawn = keys.flatMap((key) => {
        if (!refs[key]) throw new Error(`posters: no pictures for ${key} (${name})`);
        return refs[key].filter((picture) => picture.src.endsWith('.svg'));
      });
      const pictures = drawn.map(({ src, alt, width, height, narrow }) => ({
        src,
        alt,
        width,
        height,
        ...(narrow ? { narrow } : {}),
      }));
      lists[lang][name] = { kind: pictureKind(drawn), pictures };
    }
  }
  await stampConstants(join(out, LISTS), { POSTER_LISTS: lists });
  return lists;
}
