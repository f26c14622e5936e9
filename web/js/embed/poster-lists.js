// The pictures each embedded figure shows while it loads (embed-poster.js), per language: written
// here by the build (web/ship/pictures/posters.mjs) from the no-script pictures it draws, so an
// element knows them, and their sizes, the moment it starts. Empty in the source tree: an element
// served from there shows none.
/** @typedef {{src: string, alt: string, width: number, height: number, narrow?: boolean}} PosterPicture */
/** @typedef {{kind: string, pictures: PosterPicture[]}} PosterList */

/** @type {Readonly<Record<string, Readonly<Record<string, PosterList>>>>} language -> poster -> its list */
export const POSTER_LISTS = {};
