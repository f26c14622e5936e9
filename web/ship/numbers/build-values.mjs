// Numbers the build computes in an instant, with the core, from the data the page ships (data-run
// names that are not study runs, fill.mjs): they follow the data and the core with no committed
// result to keep in step.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LM_FILES } from '../../js/shared/lm-config.js';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @param {import('../../js/shared/types').ActivationLab} M */
const vocabulary = (M) =>
  Number(
    JSON.parse(
      M.lmFlopsJson(M.lmDefaultConfigJson(), readFileSync(join(web, LM_FILES.corpus), 'utf8')),
    ).vocab,
  );

/**
 * name -> its value (computed by the core), its default digits and the key of what it is.
 * @type {Record<string, {value: (M: import('../../js/shared/types').ActivationLab) => number, digits: number, what: string}>}
 */
export const BUILD_VALUES = {
  // the Transformer's text: how many distinct characters it has, and the loss of a uniform guess
  'lm.corpus.vocabulary': { value: vocabulary, digits: 0, what: 'common.build_lm_vocabulary' },
  'lm.corpus.uniform_loss': {
    value: (M) => Math.log(vocabulary(M)),
    digits: 2,
    what: 'common.build_lm_uniform_loss',
  },
};
