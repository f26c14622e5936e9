// The twin lab's settings form, generated from the settings table (state.js): one field per row,
// its allowed range from the core's limits, and the error of a rejected value next to it.
import { shownValue } from '../fields.js';

import { enumValues } from '../state.js';

const GROUPS = [
  { key: 'data', rows: ['data', 'factor', 'n', 'noise', 'dseed', 'test', 'val'] },
  { key: 'network', rows: ['hidden', 'init', 'norm'] },
  { key: 'training', rows: ['lr', 'batch', 'epochs', 'seed'] },
];

const inputMode = (row, limits) =>
  row.type === 'layers' ? 'text' : limits[row.field]?.integer ? 'numeric' : 'decimal';

/** "min–max" for a row, from the core's limits. */
function rangeOf(row, limits, i18n) {
  const lim = limits[row.field];
  if (!lim) return '';
  if (row.type === 'layers') {
    return i18n.t('twin.range_layers', {
      max: lim.layers_max,
      min: lim.width_min,
      maxw: lim.width_max,
    });
  }
  const fmt = (v) => (i18n.language?.() === 'pt' ? String(v).replace('.', ',') : String(v)); // as the fields
  return lim.min_open ? `${fmt(lim.min)} < x ≤ ${fmt(lim.max)}` : `${fmt(lim.min)}–${fmt(lim.max)}`;
}

/** The text shown for a rejected value. */
export function errorText(error, row, settings, i18n) {
  if (!error) return '';
  const fallback = shownValue(i18n, settings, row, settings.defaults[row.key]);
  return i18n.t(`twin.err_${error.kind}`, { raw: error.raw, detail: error.detail ?? '', fallback });
}

/**
 * Builds the form into `form` and the activation selects into sideSlots.a / sideSlots.b.
 * onChange(key, text) is called when the reader commits a value (change event).
 */
export function createControls(form, sideSlots, { settings, core, i18n, onChange }) {
  const byKey = new Map(settings.rows.map((r) => [r.key, r]));
  const id = (key) => `lab-${key}`;
  // Labels: twin.field_<key>, or lab.field_<key> for the rows of the deep-network settings.
  const label = (row) => (row.type === 'enum' || row.key === 'factor' ? 'lab' : 'twin');
  const field = (row) =>
    row.type === 'enum'
      ? `
    <div class="field" data-row="${row.key}">
      <label for="${id(row.key)}" data-i18n="lab.field_${row.key}"></label>
      <select id="${id(row.key)}" name="${row.key}" aria-describedby="${id(row.key)}-err">
        ${enumValues(core, row.field)
          .map((v) => `<option value="${v}" data-i18n="lab.${row.field}_${v}"></option>`)
          .join('')}
      </select>
      <span class="field-error" id="${id(row.key)}-err" aria-live="polite"></span>
    </div>`
      : `
    <div class="field" data-row="${row.key}">
      <label for="${id(row.key)}" data-i18n="${label(row)}.field_${row.key}"></label>
      <input id="${id(row.key)}" name="${row.key}" type="text" inputmode="${inputMode(row, core.limits)}"
        autocomplete="off" spellcheck="false" aria-describedby="${id(row.key)}-hint ${id(row.key)}-err">
      <small class="field-hint" id="${id(row.key)}-hint"></small>
      <span class="field-error" id="${id(row.key)}-err" aria-live="polite"></span>
    </div>`;
  form.innerHTML = GROUPS.map(
    (g) => `
    <fieldset class="lab-group"><legend data-i18n="twin.group_${g.key}"></legend>
      ${g.rows
        .filter((k) => byKey.has(k))
        .map((k) => field(byKey.get(k)))
        .join('')}
    </fieldset>`,
  ).join('');

  for (const side of ['a', 'b']) {
    const row = settings.rows.find((r) => r.side === side);
    sideSlots[side].innerHTML = `
      <label class="side-label" for="${id(row.key)}" data-i18n="twin.side_${side}"></label>
      <select id="${id(row.key)}" name="${row.key}" aria-describedby="${id(row.key)}-err">
        ${core.activations.map((fn) => `<option value="${fn}" data-i18n="common.act_${fn}"></option>`).join('')}
      </select>
      <span class="field-error" id="${id(row.key)}-err" aria-live="polite"></span>`;
  }

  const inputs = () => [
    ...form.querySelectorAll('[name]'),
    ...sideSlots.a.querySelectorAll('[name]'),
    ...sideSlots.b.querySelectorAll('[name]'),
  ];
  for (const el of inputs()) {
    el.addEventListener('change', () => onChange(el.name, el.value));
    // Enter commits a text field without submitting anything.
    el.addEventListener(
      'keydown',
      (e) =>
        e.key === 'Enter' && el.tagName === 'INPUT' && (e.preventDefault(), el.blur(), el.focus()),
    );
  }

  // XOR and the checkerboard flip labels instead of moving points: their noise has its own range.
  const flips = core.limits.dataset?.flip_noise ?? [];
  function hintOf(row) {
    const range = rangeOf(row, core.limits, i18n);
    if (row.key === 'factor') return i18n.t('lab.factor_hint', { range });
    if (row.key === 'noise' && flips.includes(settings.values.data))
      return `0–${core.limits.dataset.flip_noise_max} · ${i18n.t('lab.noise_flip')}`;
    return range;
  }

  /** Shows the current values, ranges and errors (after a change, a hash read or a language switch). */
  function sync() {
    for (const el of inputs()) {
      const row = byKey.get(el.name);
      const error = settings.errors[row.key];
      el.value = shownValue(i18n, settings, row, settings.values[row.key]);
      el.setAttribute('aria-invalid', String(Boolean(error)));
      // The form's own root (the document, or a shadow root when embedded) holds these ids.
      const root = form.getRootNode();
      root.getElementById(`${id(row.key)}-err`).textContent = errorText(error, row, settings, i18n);
      const hint = root.getElementById(`${id(row.key)}-hint`);
      if (hint) hint.textContent = hintOf(row);
    }
  }

  return { sync };
}
