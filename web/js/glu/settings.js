// The GLU figure's settings, declared once: per setting its URL-hash key (g…), the element's
// attribute (embed/embed-attributes.js), its label and how it is read and checked (state.js).
// Ranges are the core's limits of the Transformer's many-seeds study (study_seeds, study_steps).
// The default fits about a minute on two idle cores: 5 activations × 3 seeds × 400 steps.

/** @typedef {import('../shared/types').LmCore} LmCore */

/** What every variant is compared with. Declared here, not in glu-study.js (which re-exports it):
 * this file is in every page's first module graph (manifest.js reads the figures' ROWS),
 * and importing the study pulled seeds/study, pool, runs and worker-client in too, four more round
 * trips before the page's script or the embed's element could start (issue 37.1). */
export const REFERENCE = 'relu';

/** What is compared with ReLU by default (those the core offers). */
const DEFAULT_VARIANTS = ['gelu', 'swiglu', 'geglu', 'reglu'];
/** Steps per run by default: the 15 runs took 54 s in Chromium at load 4 on two cores (21 s of CPU
 * per seed in `lm study`, so ~35 s idle). */
export const DEFAULT_STEPS = 400;

/** Every activation but the reference, which always runs. */
const variantsOf = (/** @type {import('../shared/types').SettingsCore} */ core) =>
  /** @type {LmCore} */ (core).activations.filter((a) => a !== REFERENCE);

/** @satisfies {readonly import('../shared/types').SettingRow[]} */
export const ROWS = /** @type {const} */ ([
  {
    key: 'gvariants',
    attr: 'variants',
    label: 'glu.variants',
    type: 'list',
    of: variantsOf,
    min: 1,
    max: 9,
    initial: (core) => {
      const known = /** @type {readonly string[]} */ (variantsOf(core));
      return DEFAULT_VARIANTS.filter((a) => known.includes(a));
    },
  },
  {
    key: 'gseeds',
    attr: 'seeds',
    label: 'glu.field_seeds',
    type: 'number',
    limit: 'study_seeds',
    initial: 3,
  },
  {
    key: 'gseed',
    attr: 'seed',
    label: 'glu.field_seed',
    type: 'number',
    limit: 'seed',
    initial: (core) => /** @type {LmCore} */ (core).defaults.seed,
  },
  {
    key: 'gsteps',
    attr: 'steps',
    label: 'glu.field_steps',
    type: 'number',
    limit: 'study_steps',
    initial: DEFAULT_STEPS,
  },
]);
