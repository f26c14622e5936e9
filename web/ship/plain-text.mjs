// The plain text of a trusted HTML fragment from this repository (a string of i18n/, a heading):
// tags dropped, white space collapsed. For what takes no markup: alt text, attributes, SVG text.

/** @param {string} html */
export const textOf = (html) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
