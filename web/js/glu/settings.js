// The GLU figure's settings, declared once: per setting its URL-hash key (g…), the element's
// attribute (embed/embed-attributes.js), its label and how it is read and checked (state.js).
// Ranges are the core's limits of the Transformer's many-seeds study (study_seeds, study_steps);
// defaults are the core's GLU study (glu_defaults, as `lm study`'s): the reference study's first
// seeds at its length, about a minute on two idle cores.

/** @typedef {import('../shared/types').LmCore} LmCore */

/** What every variant is compared with. Declared here, not in glu-study.js (which re-exports it):
 * this file is in every page's first module graph (manifest.js reads the figures' ROWS),
 * and importing the study pulled seeds/study, pool, runs and worker-client in too, four more round
 * trips before the page's script or the embed's element could start (issue 37.1). */
export const REFERENCE = 'relu';

/** The core's defaults of the GLU study: {seeds, steps, variants (ReLU first)}. */
const gluDefaults = (/** @type {import('../shared/types').SettingsCore} */ core) =>
  /** @type {LmCore} */ (core).limits.glu_defaults;

/** Every activation but the reference, which always runs. */
const variantsOf = (/** @type {import('../shared/types').SettingsCore} */ core) =>
  /** @type {LmCore} */ (core).activations.filter((a) => a !== REFERENCE);

/** @satisfies {readonly import('../shared/types').SettingRow[]} */
export const ROWS = /** @type {const} */ ([
  {
    name: 'variants',
    key: 'gvariants',
    attr: 'variants',
    label: 'glu.variants',
    type: 'list',
    of: variantsOf,
    min: 1,
    max: 9,
    initial: (core) => {
      const known = /** @type {readonly string[]} */ (variantsOf(core));
      return gluDefaults(core).variants.filter((a) => a !== REFERENCE && known.includes(a));
    },
  },
  {
    name: 'seeds',
    key: 'gseeds',
    attr: 'seeds',
    label: 'glu.field_seeds',
    type: 'number',
    limit: 'study_seeds',
    initial: (core) => gluDefaults(core).seeds,
  },
  {
    name: 'seed',
    key: 'gseed',
    attr: 'seed',
    label: 'glu.field_seed',
    type: 'number',
    limit: 'seed',
    initial: (core) => /** @type {LmCore} */ (core).defaults.seed,
  },
  {
    name: 'steps',
    key: 'gsteps',
    attr: 'steps',
    label: 'glu.field_steps',
    type: 'number',
    limit: 'study_steps',
    initial: (core) => gluDefaults(core).steps,
  },
]);
