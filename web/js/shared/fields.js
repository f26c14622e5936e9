// Labelled form fields for the evidence widgets (seeds, swap): a label, an input or a select, a
// hint with the allowed range, and the error of a rejected value right under the control (also
// announced). The fields know nothing about what they hold: the widget validates (with the core)
// and passes the values, hints and errors back through sync().

/** @typedef {import('./types').Core} Core */
/** @typedef {import('./types').I18n} I18n */
/** @typedef {import('./types').Settings} Settings */
/** @typedef {import('./types').SettingRow} SettingRow */
/** @typedef {import('./types').SettingValue} SettingValue */
/**
 * @typedef {{
 *   key: string,
 *   label: string,
 *   kind?: 'input' | 'select',
 *   inputmode?: string,
 *   options?: {value: string, label: string}[],
 * }} FieldSpec
 */
/** @typedef {Record<string, string>} Texts  key -> text */

import { enumValues } from './state.js';

/** @type {Record<string, string>} */
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** @param {unknown} s */
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ENTITIES[c]);

/**
 * fields: [{ key, label: 'ns.key', kind: 'input' | 'select', inputmode?, options?: [{ value, label }] }]
 * (option labels are i18n keys). onChange(key, text) when the reader commits a value.
 * @param {HTMLElement} container
 * @param {FieldSpec[]} fields
 * @param {{idPrefix: string, onChange: (key: string, text: string) => void}} options
 */
export function createFields(container, fields, { idPrefix, onChange }) {
  /** @param {string} key */
  const id = (key) => `${idPrefix}-${key}`;
  container.innerHTML = fields
    .map((f) => {
      const control =
        f.kind === 'select'
          ? `<select id="${id(f.key)}" name="${f.key}" aria-describedby="${id(f.key)}-err">
          ${(f.options ?? []).map((o) => `<option value="${esc(o.value)}" data-i18n="${o.label}"></option>`).join('')}</select>`
          : `<input id="${id(f.key)}" name="${f.key}" type="text" inputmode="${f.inputmode ?? 'decimal'}" autocomplete="off"
          spellcheck="false" aria-describedby="${id(f.key)}-hint ${id(f.key)}-err">`;
      return `<div class="field" data-field="${f.key}">
      <label for="${id(f.key)}" data-i18n="${f.label}"></label>${control}
      <small class="field-hint" id="${id(f.key)}-hint"></small>
      <span class="field-error" id="${id(f.key)}-err" aria-live="polite"></span></div>`;
    })
    .join('');

  const controls = () => [
    .../** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (
      container.querySelectorAll('input[name], select[name]')
    ),
  ];
  for (const el of controls()) {
    el.addEventListener('change', () => onChange(el.name, el.value));
    // Enter commits a text field (through its change event) without submitting a form.
    // (as an HTMLElement: on the union of input and select, tsc loses the event's type)
    /** @type {HTMLElement} */ (el).addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && el.tagName === 'INPUT') (e.preventDefault(), el.blur(), el.focus());
    });
  }

  return {
    /**
     * values: key -> text; errors: key -> message or ''; hints: key -> text.
     * @param {Texts} values
     * @param {Texts} [errors]
     * @param {Texts} [hints]
     */
    sync(values, errors = {}, hints = {}) {
      for (const el of controls()) {
        const key = el.name;
        if (key in values) el.value = values[key];
        el.setAttribute('aria-invalid', String(Boolean(errors[key])));
        const error = container.querySelector(`#${CSS.escape(id(key))}-err`);
        if (error) error.textContent = errors[key] ?? '';
        const hint = container.querySelector(`#${CSS.escape(id(key))}-hint`);
        if (hint) hint.textContent = hints[key] ?? '';
      }
    },
    /** @param {boolean} disabled */
    setDisabled(disabled) {
      for (const el of controls()) el.disabled = disabled;
    },
  };
}

/**
 * The form fields of a settings table, from its rows (those with a label), in their order: a
 * select for an activation, an enum (the core's list) or a choice; a text input otherwise
 * (numeric for the core's whole numbers, free text for layer lists and texts). A list is the
 * figure's own (the Transformer's activation chips); `only`: the keys this form shows (a figure
 * that shares rows with another shows its own).
 * @param {Pick<Settings, 'rows'>} settings
 * @param {import('./types').SettingsCore} core
 * @param {readonly {key: string}[]} [only]  rows as declared: their keys
 * @returns {FieldSpec[]}
 */
export function fieldSpecs(settings, core, only) {
  const shown = only && new Set(only.map((row) => row.key));
  /** @param {string[]} values @param {(v: string) => string} label */
  const select = (values, label) => ({
    kind: /** @type {const} */ ('select'),
    options: values.map((value) => ({ value, label: label(value) })),
  });
  return settings.rows.flatMap((row) => {
    if (!row.label || row.type === 'list' || (shown && !shown.has(row.key))) return [];
    const base = { key: row.key, label: row.label };
    if (row.type === 'activation')
      return [{ ...base, ...select([...core.activations], (a) => `common.act_${a}`) }];
    if (row.type === 'enum') {
      const field = row.field ?? '';
      const values = enumValues(/** @type {Core} */ (core), field); // (only the MLP has enums)
      return [{ ...base, ...select(values, (v) => `mlp.${field}_${v}`) }];
    }
    if (row.type === 'choice')
      return [
        { ...base, ...select(/** @type {string[]} */ (row.of), (v) => `${row.options}${v}`) },
      ];
    if (row.type === 'layers' || row.type === 'text') return [{ ...base, inputmode: 'text' }];
    const own = 'limit' in row && typeof row.limit === 'object' ? row.limit : undefined;
    const lim = own ?? core.limits[row.field ?? ''];
    return [lim?.integer ? { ...base, inputmode: 'numeric' } : base];
  });
}

/**
 * A fieldset of activation chips (checkboxes named `name`, one per activation, in the core's
 * order) with its legend and the error line of the setting, marked with the attribute `data`.
 * @param {{name: string, acts: readonly string[], legend: string, errorId: string, data: string}} o
 */
export function activationChips({ name, acts, legend, errorId, data }) {
  const chip = (/** @type {string} */ a) =>
    `<label class="chip" data-chip="${a.replace(/_/g, '-')}"><input type="checkbox" name="${name}" value="${a}"><span data-i18n="common.act_${a}"></span></label>`;
  return `<fieldset class="chips lm-acts" ${data}><legend data-i18n="${legend}"></legend>${acts
    .map(chip)
    .join('')}<span class="field-error" id="${errorId}" aria-live="polite"></span></fieldset>`;
}

/**
 * The row of preset buttons of a widget: `ns` is its i18n namespace (keys presets, preset_<name>).
 * @param {string} ns
 * @param {string[]} names
 */
export function presetButtons(ns, names) {
  return `<div class="ev-presets" role="group" aria-labelledby="${ns}-presets">
        <span id="${ns}-presets" class="ev-presets-label" data-i18n="${ns}.presets"></span>
        ${names.map((p) => `<button type="button" class="btn small" data-preset="${p}" data-i18n="${ns}.preset_${p}"></button>`).join('')}
      </div>`;
}

/**
 * The preset buttons of a widget are off while it runs.
 * @param {HTMLElement} root
 * @param {boolean} disabled
 */
export function setPresetsDisabled(root, disabled) {
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (
    root.querySelectorAll('button[data-preset]')
  ))
    b.disabled = disabled;
}

/**
 * "min–max" of a config field from the core's limits (integers plain, others locale-formatted).
 * @param {import('./types').SettingsCore} core  the MLP's or the Transformer's
 * @param {I18n} i18n
 * @param {string} field
 * @param {SettingRow['type']} type
 */
export function rangeHint(core, i18n, field, type) {
  if (type === 'layers') {
    const layers = /** @type {Core['limits']} */ (core.limits).hidden; // only the MLP has layers
    return i18n.t('fields.range_layers', {
      max: layers.layers_max,
      min: layers.width_min,
      maxw: layers.width_max,
    });
  }
  return limitHint(i18n, core.limits[field]);
}

/**
 * "min–max" of one range (integers plain, others locale-formatted); '' for no range.
 * @param {I18n} i18n
 * @param {import('./types').Range | undefined} lim
 */
export function limitHint(i18n, lim) {
  // A choice (init, norm, data set: `values`, no range) needs no hint: its select lists them.
  if (typeof lim?.min !== 'number' || typeof lim?.max !== 'number') return '';
  /** @param {number} v */
  const fmt = (v) => (lim.integer ? String(v) : i18n.num(v, 0, { maximumFractionDigits: 6 }));
  // An open bound (the learning rate must be above 0, dropout below 1) is written as an interval.
  if (lim.min_open || lim.max_open)
    return `${lim.min_open ? '(' : '['}${fmt(lim.min)}, ${fmt(lim.max)}${lim.max_open ? ')' : ']'}`;
  return `${fmt(lim.min)}–${fmt(lim.max)}`;
}

/**
 * A setting's value as its field shows it: numbers with the page's decimal separator (0,3 in
 * Portuguese, as the hints write them; the core reads either), layer widths as "64, 64"
 * (i18n.fieldText).
 * @param {I18n} i18n
 * @param {Settings} settings
 * @param {SettingRow} row
 * @param {SettingValue} value
 */
export function shownValue(i18n, settings, row, value) {
  return i18n.fieldText(value, settings.format(row, value));
}

/**
 * What createFields' sync() shows for a settings table (state.js): each row's value as text, the
 * message of its rejected input (with the default it fell back to) and its hint: the row's own,
 * its limit's range, or for a config field (but the activation selects) the core's range.
 * @param {Settings} settings
 * @param {import('./types').SettingsCore} core  the table's core (the MLP's, or lmCore(core))
 * @param {I18n} i18n
 */
export function settingsFields(settings, core, i18n) {
  /** @type {Texts} */
  const values = {},
    /** @type {Texts} */
    errors = {},
    /** @type {Texts} */
    hints = {};
  for (const row of settings.rows) {
    values[row.key] = shownValue(i18n, settings, row, settings.values[row.key]);
    errors[row.key] = errorMessage(
      i18n,
      settings.errors[row.key],
      shownValue(i18n, settings, row, settings.defaults[row.key]),
    );
    if (row.hint) hints[row.key] = row.hint(i18n);
    else if (row.type === 'number' && typeof row.limit === 'object')
      hints[row.key] = limitHint(i18n, row.limit);
    else if (row.field && !row.side) hints[row.key] = rangeHint(core, i18n, row.field, row.type);
    else hints[row.key] = '';
  }
  return { values, errors, hints };
}

/**
 * Shows a settings table in its form: each field's value, hint, and the message of its rejected
 * input (or one of `extra`, a problem the figure found). Returns the messages, per key.
 * @param {ReturnType<typeof createFields>} fields
 * @param {Settings} settings
 * @param {import('./types').SettingsCore} core
 * @param {I18n} i18n
 * @param {Texts} [extra]
 */
export function showSettings(fields, settings, core, i18n, extra = {}) {
  const { values, errors, hints } = settingsFields(settings, core, i18n);
  const messages = { ...errors, ...extra };
  fields.sync(values, messages, hints);
  return messages;
}

// The kinds only the Transformer's rows give: their messages are in the lm namespace (they name a
// range, a length or a list); the others in the fields one. Both say "number" and "integer" alike.
const LM_KINDS = new Set([
  'range',
  'empty',
  'long',
  'choice',
  'repeat',
  'count',
  'chars',
  'budget',
]);

/**
 * The message for a settings error (state.js's { kind, raw, detail?, min?, max?, list? }) with
 * the value used instead.
 * @param {I18n} i18n
 * @param {Partial<import('./types').SettingError> | null | undefined} error
 * @param {string} fallback
 */
export function errorMessage(i18n, error, fallback) {
  if (!error) return '';
  /** @param {number | undefined} v */
  const fmt = (v) => (v === undefined ? '' : i18n.num(v, 0, { maximumFractionDigits: 6 }));
  // Plain text: sync() writes it with textContent, so the reader's input is never parsed as HTML.
  const [first, second] = error.parts ?? [];
  return i18n.t(`${LM_KINDS.has(error.kind ?? '') ? 'lm' : 'fields'}.err_${error.kind}`, {
    raw: error.raw ?? '',
    first: first ? i18n.t(first.label) : '',
    a: fmt(first?.value),
    second: second ? i18n.t(second.label) : '',
    b: fmt(second?.value),
    detail: error.detail ?? '',
    min: fmt(error.min),
    max: fmt(error.max),
    list: error.list ?? '',
    need: fmt(error.need),
    fallback,
  });
}

/**
 * Keeps a figure's fields in step with their store and the page's language, and draws the figure
 * once it is translated. A change in the store (the URL hash, or an embedded element's
 * attributes) is read in, unless busy() (a run keeps the settings it started with), then sync()
 * and reload(): render(), or for a figure whose results a new setting makes stale, its reset. A
 * change of language: sync() and render().
 * @param {HTMLElement} root
 * @param {I18n} i18n
 * @param {{store: {listen?: (fn: () => void) => void}, readHash: () => void}} settings
 * @param {{sync: () => void, render: () => void, reload?: () => void, busy?: () => unknown}} figure
 */
export async function followSettings(
  root,
  i18n,
  settings,
  { sync, render, reload = render, busy = () => false },
) {
  settings.store.listen?.(() => {
    if (busy()) return;
    settings.readHash();
    sync();
    reload();
  });
  await i18n.apply(root);
  i18n.onChange(() => (sync(), render()));
  sync();
  reload();
}
