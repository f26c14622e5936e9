// The twin lab's settings form, generated from the settings table (state.js): one field per row,
// its allowed range from the core's limits, and the error of a rejected value next to it.
import { errorMessage, shownValue } from '../shared/fields.js';

import { enumValues } from '../shared/state.js';
import { MAX_LINK_POINTS } from '../shared/points-code.js';

/** @typedef {import('../shared/types').SettingRow} SettingRow */
/** @typedef {import('../shared/types').Limits} Limits */
/** @typedef {import('../shared/types').I18n} I18n */
/** @typedef {import('../shared/types').Settings} Settings */

// The one data set whose points the factor moves: for the others the field is hidden.
const FACTOR_DATASET = 'circles';

const GROUPS = [
  { key: 'data', rows: ['data', 'factor', 'n', 'noise', 'dseed', 'test', 'val'] },
  { key: 'network', rows: ['hidden', 'init', 'norm'] },
  { key: 'training', rows: ['lr', 'batch', 'epochs', 'seed'] },
];

/**
 * @param {SettingRow} row
 * @param {Limits} limits
 */
const inputMode = (row, limits) =>
  row.type === 'layers' ? 'text' : limits[row.field ?? '']?.integer ? 'numeric' : 'decimal';

/**
 * "min–max" for a row, from the core's limits.
 * @param {SettingRow} row
 * @param {Limits} limits
 * @param {I18n} i18n
 */
function rangeOf(row, limits, i18n) {
  const lim = limits[row.field ?? ''];
  if (!lim) return '';
  if (row.type === 'layers') {
    const layers = limits.hidden; // (the one field of type layers)
    return i18n.t('fields.range_layers', {
      max: layers.layers_max,
      min: layers.width_min,
      maxw: layers.width_max,
    });
  }
  /** @param {number} v */
  const fmt = (v) => (i18n.language?.() === 'pt' ? String(v).replace('.', ',') : String(v)); // as the fields
  return lim.min_open ? `${fmt(lim.min)} < x ≤ ${fmt(lim.max)}` : `${fmt(lim.min)}–${fmt(lim.max)}`;
}

/**
 * The text shown for a rejected value.
 * @param {import('../shared/types').SettingError | undefined} error
 * @param {SettingRow} row
 * @param {Settings} settings
 * @param {I18n} i18n
 */
export function errorText(error, row, settings, i18n) {
  if (!error) return '';
  // The message every settings form shows (fields.js), the sum of two fractions' among them.
  return errorMessage(i18n, error, shownValue(i18n, settings, row, settings.defaults[row.key]));
}

/**
 * Builds the form into `form` and the activation selects into sideSlots.a / sideSlots.b.
 * onChange(key, text) is called when the reader commits a value (change event).
 * @param {HTMLElement} form
 * @param {{a: HTMLElement, b: HTMLElement}} sideSlots
 * @param {{
 *   settings: Settings,
 *   core: import('../shared/types').Core,
 *   i18n: I18n,
 *   onChange: (key: string, text: string) => void,
 * }} options
 */
export function createControls(form, sideSlots, { settings, core, i18n, onChange }) {
  const byKey = new Map(settings.rows.map((r) => [r.key, r]));
  /** @param {string} key */
  const id = (key) => `lab-${key}`;
  /** @param {SettingRow} row */
  const field = (row) =>
    row.type === 'enum'
      ? `
    <div class="field" data-row="${row.key}">
      <label for="${id(row.key)}" data-i18n="${row.label}"></label>
      <select id="${id(row.key)}" name="${row.key}" aria-describedby="${id(row.key)}-err">
        ${enumValues(core, row.field ?? '')
          .map((v) => `<option value="${v}" data-i18n="mlp.${row.field}_${v}"></option>`)
          .join('')}
      </select>
      <span class="field-error" id="${id(row.key)}-err" aria-live="polite"></span>
    </div>`
      : `
    <div class="field" data-row="${row.key}">
      <label for="${id(row.key)}" data-i18n="${row.label}"></label>
      <input id="${id(row.key)}" name="${row.key}" type="text" inputmode="${inputMode(row, core.limits)}"
        autocomplete="off" spellcheck="false" aria-describedby="${id(row.key)}-hint ${id(row.key)}-err">
      <small class="field-hint" id="${id(row.key)}-hint"></small>
      <span class="field-error" id="${id(row.key)}-err" aria-live="polite"></span>
    </div>`;
  form.innerHTML = GROUPS.map(
    (g) => `
    <fieldset class="lab-group"><legend data-i18n="twin.group_${g.key}"></legend>
      ${g.rows
        .map((k) => byKey.get(k))
        .filter((row) => row !== undefined)
        .map(field)
        .join('')}
    </fieldset>`,
  ).join('');

  for (const side of /** @type {('a' | 'b')[]} */ (['a', 'b'])) {
    const row = settings.rows.find((r) => r.side === side);
    if (!row) throw new Error(`twin: no activation row for side ${side}`); // twin/settings.js has both
    sideSlots[side].innerHTML = `
      <label class="side-label" for="${id(row.key)}" data-i18n="twin.side_${side}"></label>
      <select id="${id(row.key)}" name="${row.key}" aria-describedby="${id(row.key)}-err">
        ${core.activations.map((fn) => `<option value="${fn}" data-i18n="common.act_${fn}"></option>`).join('')}
      </select>
      <span class="field-error" id="${id(row.key)}-err" aria-live="polite"></span>`;
  }

  /** @param {HTMLElement} parent */
  const named = (parent) =>
    /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (
      parent.querySelectorAll('[name]')
    );
  const inputs = () => [...named(form), ...named(sideSlots.a), ...named(sideSlots.b)];
  for (const el of inputs()) {
    el.addEventListener('change', () => onChange(el.name, el.value));
    // Enter commits a text field without submitting anything. (As an HTMLElement: on the union
    // of input and select, tsc loses the event's type.)
    /** @type {HTMLElement} */ (el).addEventListener(
      'keydown',
      (e) =>
        e.key === 'Enter' && el.tagName === 'INPUT' && (e.preventDefault(), el.blur(), el.focus()),
    );
  }

  // XOR and the checkerboard flip labels instead of moving points: their noise has its own range.
  const flips = core.limits.dataset?.flip_noise ?? [];
  /** @param {SettingRow} row */
  function hintOf(row) {
    const range = rangeOf(row, core.limits, i18n);
    if (row.key === 'factor') return i18n.t('mlp.factor_hint', { range });
    if (row.key === 'noise' && flips.includes(String(settings.named.dataset)))
      return `0–${core.limits.dataset.flip_noise_max} · ${i18n.t('mlp.noise_flip')}`;
    return range;
  }

  /** Shows the current values, ranges and errors (after a change, a hash read or a language switch). */
  function sync() {
    for (const el of inputs()) {
      const row = byKey.get(el.name);
      if (!row) continue; // (every control is named after its row)
      const error = settings.errors[row.key];
      el.value = shownValue(i18n, settings, row, settings.values[row.key]);
      el.setAttribute('aria-invalid', String(Boolean(error)));
      // The form's own root (the document, or a shadow root when embedded) holds these ids.
      const root = /** @type {Document | ShadowRoot} */ (form.getRootNode());
      const message = root.getElementById(`${id(row.key)}-err`);
      if (message) message.textContent = errorText(error, row, settings, i18n);
      const hint = root.getElementById(`${id(row.key)}-hint`);
      if (hint) hint.textContent = hintOf(row);
    }
    // A link's points that could not be read: said under the data set (they have no field).
    const refused = settings.errors[settings.keyOf('points')];
    const dataError = /** @type {Document | ShadowRoot} */ (form.getRootNode()).getElementById(
      `${id('data')}-err`,
    );
    if (refused && dataError) {
      const reason =
        refused.kind === 'points'
          ? i18n.t(`draw.code_${refused.detail}`, { max: MAX_LINK_POINTS })
          : (refused.detail ?? '');
      dataError.textContent =
        `${dataError.textContent} ${i18n.t('draw.link_refused', { reason })}`.trim();
    }
    /** @param {string} key */
    const rowEl = (key) =>
      /** @type {HTMLElement | null} */ (form.querySelector(`[data-row="${key}"]`));
    const factor = rowEl('factor');
    if (factor) factor.hidden = settings.named.dataset !== FACTOR_DATASET;
    // A drawn set has its own points: no count or noise to generate them with.
    for (const key of ['n', 'noise']) {
      const row = rowEl(key);
      if (row) row.hidden = settings.named.dataset === 'custom';
    }
  }

  return { sync };
}
