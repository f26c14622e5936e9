// The many-seeds study's model choice (the article's network or the tiny Transformer) and the
// Transformer's form: two FFN activations, few seeds, the steps of each run and the initial scale.
// A settings table (state.js; its rows: settings.js LM_ROWS) in the study's store under its own
// keys (smodel, sl…), with the ranges and defaults of the core's Transformer limits.
import { createFields, fieldSpecs, settingsFields } from '../shared/fields.js';
import { LM_ROWS } from './settings.js';
import { changedSettings, createSettings } from '../shared/state.js';
import { lmCore } from '../shared/lm-config.js';

/** @typedef {import('../shared/types').Core} Core */
/** @typedef {import('../shared/types').SettingsStore} SettingsStore */
/** @typedef {import('../shared/lm-study.js').LmStudySpec} LmStudySpec */

/**
 * Presets of the Transformer: which two activations (every other setting back to its default).
 * @type {Record<string, {sla: string, slb: string}>}
 */
export const LM_PRESETS = {
  lm_gelu_relu: { sla: 'gelu', slb: 'relu' },
  lm_swiglu_gelu: { sla: 'swiglu', slb: 'gelu' },
};

/**
 * The study's spec for the current values, or the core's objection to it (any run of the study:
 * the first and the last seed bound them all).
 * @param {{named: Record<string, any>}} params
 * @param {ReturnType<typeof lmCore>} lm
 * @returns {{spec: LmStudySpec, problem: string}}
 */
export function lmStudySpec(params, lm) {
  const v = params.named;
  const base = { ...lm.defaults, steps: v.steps, seed: v.seed, init: v.init };
  const last = v.seed + v.seeds - 1;
  let problem = '';
  for (const act of [v.a, v.b])
    for (const seed of [v.seed, last])
      problem ||= lm.M.validateConfigJson(JSON.stringify({ ...base, act, seed }));
  return { spec: { base, acts: [v.a, v.b], seeds: v.seeds }, problem };
}

/**
 * The model choice in `modelBox` and the Transformer's fields in `form`. onChange(key) after the
 * reader changed a value (already stored in the hash).
 * @param {{model: HTMLElement, form: HTMLElement}} boxes
 * @param {{core: Core, i18n: any, store: SettingsStore, onChange: (key: string) => void}} ctx
 */
export function createLmStudyForm(boxes, { core, i18n, store, onChange }) {
  const lm = lmCore(core);
  const params = createSettings(lm, LM_ROWS, store);
  params.readHash();
  /** @param {string} key @param {string} text */
  const change = (key, text) => {
    params.set(key, text);
    params.writeHash();
    sync();
    onChange(key);
  };
  // The model choice has a form of its own, above the two models' forms.
  const specs = fieldSpecs(params, lm);
  const model = createFields(
    boxes.model,
    specs.filter((f) => f.key === 'smodel'),
    { idPrefix: 'seeds', onChange: change },
  );
  const fields = createFields(
    boxes.form,
    specs.filter((f) => f.key !== 'smodel'),
    { idPrefix: 'seeds', onChange: change },
  );
  /** @type {Record<string, string>} a problem found at Run, shown next to the seeds */
  const extraErrors = {};

  function sync() {
    const { values, errors, hints } = settingsFields(params, lm, i18n);
    Object.assign(errors, extraErrors);
    model.sync(values, errors, hints);
    fields.sync(values, errors, hints);
  }

  return {
    params,
    sync,
    /** @returns {'mlp' | 'transformer' | 'images'} */
    model: () => /** @type {'mlp' | 'transformer' | 'images'} */ (params.named.model),
    readHash() {
      params.readHash();
      delete extraErrors.slseeds;
    },
    /** @param {boolean} disabled */
    setDisabled(disabled) {
      model.setDisabled(disabled);
      fields.setDisabled(disabled);
    },
    /** The spec to run, or null after showing why not (next to the number of seeds). */
    spec() {
      const { spec, problem } = lmStudySpec(params, lm);
      if (problem)
        extraErrors.slseeds = i18n.t('seeds.err_seed_range', {
          first: spec.base.seed,
          last: spec.base.seed + spec.seeds - 1,
          detail: problem.replace(/[<&]/g, ''),
        });
      else delete extraErrors.slseeds;
      sync();
      return problem ? null : spec;
    },
    /** @param {'mlp' | 'transformer'} name */
    setModel(name) {
      params.set(params.keyOf('model'), name);
      params.writeHash();
      sync();
    },
    /** A Transformer preset: its two activations, every other setting back to its default. */
    applyPreset(/** @type {string} */ name) {
      for (const row of params.rows)
        if (row.key !== 'smodel') params.set(row.key, params.format(row, params.defaults[row.key]));
      for (const [key, text] of Object.entries(LM_PRESETS[name])) params.set(key, text);
      params.set(params.keyOf('model'), 'transformer');
      params.writeHash();
      sync();
    },
    /** The rows that differ from their defaults: { hashKey: text } (the embed hook). */
    embedSettings: () => changedSettings(params),
  };
}
