// The posters of the embedded figures (js/embed/embed-poster.js): for each figure the manifests
// give pictures (and each part of one that has parts), per language, the list of its no-script
// pictures as img/figures/<poster>.<lang>.json, which the element shows while the figure loads.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { POSTERS } from '../../js/embed/embed-poster.js';

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
 * Writes every poster's list, per language.
 * @param {string} out  dist/
 * @param {string} dir  the pictures' folder, relative to out
 * @param {Record<string, Record<string, PictureRef[]>>} byLang  language -> picture key -> its images
 */
export async function writePosters(out, dir, byLang) {
  let files = 0;
  for (const [lang, refs] of Object.entries(byLang)) {
    for (const [name, keys] of Object.entries(POSTERS)) {
      const pictures = keys.flatMap((key) => {
        if (!refs[key]) throw new Error(`posters: no pictures for ${key} (${name})`);
        return refs[key].map(({ src, alt, width, height, narrow }) => ({
          src,
          alt,
          width,
          height,
          ...(narrow ? { narrow } : {}),
        }));
      });
      const list = { kind: pictureKind(keys.flatMap((key) => refs[key])), pictures };
      await writeFile(join(out, dir, `${name}.${lang}.json`), JSON.stringify(list));
      files++;
    }
  }
  return files;
}
