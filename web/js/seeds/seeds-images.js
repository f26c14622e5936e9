// The many-seeds study's images model (the paper's test on Fashion-MNIST): its form, two
// activations, the seeds, the first seed, the epochs and the dropout; the subset's sizes from the
// URL or the element's attributes only. A settings table (state.js; its rows: settings.js
// IMAGE_ROWS) in the study's store under its own keys (si…), checked by the core through
// imagesCore (shared/image-config.js).
import { createFields, fieldSpecs, settingsFields } from '../shared/fields.js';
import { changedSettings, createSettings } from '../shared/state.js';
import { imagesCore } from '../shared/image-config.js';
import { IMAGE_ROWS } from './settings.js';

/** @typedef {import('./image-study.js').ImageStudySpec} ImageStudySpec */

/**
 * The images study's form in `form`. onChange(key) after the reader changed a value (already in
 * the store).
 * @param {HTMLElement} form
 * @param {{core: import('../shared/types').Core, i18n: any, store: import('../shared/types').SettingsStore, onChange: (key: string) => void}} ctx
 */
export function createImageStudyForm(form, { core, i18n, store, onChange }) {
  const icore = imagesCore(core);
  const params = createSettings(icore, IMAGE_ROWS, store);
  params.readHash();
  const v = /** @type {Record<string, any>} */ (params.named);
  /** @type {Record<string, string>} a problem found at Run, shown next to the seeds */
  const extraErrors = {};
  const fields = createFields(form, fieldSpecs(params, icore), {
    idPrefix: 'seeds',
    onChange: (key, text) => {
      params.set(key, text);
      params.writeHash();
      delete extraErrors.siseeds;
      sync();
      onChange(key);
    },
  });

  function sync() {
    const { values, errors, hints } = settingsFields(params, icore, i18n);
    fields.sync(values, { ...errors, ...extraErrors }, hints);
  }

  return {
    params,
    sync,
    readHash() {
      params.readHash();
      delete extraErrors.siseeds;
    },
    /** @param {boolean} disabled */
    setDisabled: (disabled) => fields.setDisabled(disabled),
    /**
     * The spec to run, or null after showing why not (next to the number of seeds): the core
     * checks the config with the first and the last seed.
     * @returns {ImageStudySpec | null}
     */
    spec() {
      const base = { ...params.config(), seed: v.seed };
      const last = v.seed + v.seeds - 1;
      const problem =
        icore.M.validateConfigJson(JSON.stringify(base)) ||
        icore.M.validateConfigJson(JSON.stringify({ ...base, seed: last }));
      if (problem)
        extraErrors.siseeds = i18n.t('seeds.err_seed_range', {
          first: v.seed,
          last,
          detail: problem.replace(/[<&]/g, ''),
        });
      else delete extraErrors.siseeds;
      sync();
      return problem ? null : { base, acts: [v.a, v.b], seeds: v.seeds };
    },
    /** The rows that differ from their defaults: { hashKey: text } (the embed hook). */
    embedSettings: () => changedSettings(params),
  };
}
