// Sentences in the prose that read a committed result (fill.mjs's data-reading placeholders):
// each is written by the figure's own caption code from the result, in the page's language, so
// its words (below, above, not distinguishable) follow the numbers whichever way they go.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REFERENCE_FILE } from '../../js/glu/glu-study.js';
import { gluReading } from '../../js/glu/glu-caption.js';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The GLU figure's reference study (wasm/lm-glu-reference.mjs), as the figure reads it. */
export const gluReference = () => JSON.parse(readFileSync(join(web, REFERENCE_FILE), 'utf8'));

/**
 * name -> the sentence, in the language of `lang` (fill.mjs's Language).
 * @type {Record<string, (lang: import('./fill.mjs').Language) => string>}
 */
export const READINGS = {
  'glu.reference': (lang) =>
    gluReading(
      /** @type {any} */ (lang),
      gluReference(),
      (act) => lang.t(`common.act_${act}`),
      'glu.takeaway_reference',
    ) ?? '',
};
