// Settings of the Transformer figures that are not fields of a model's configuration (the prompt,
// the sampling temperature and length, fine-tuning steps, which activations to compare), kept in
// the same store as state.js's tables (the URL hash, or an embedded element's attributes) under
// their own keys. Ranges come from the core's limits table (lmConfigLimitsJson), never from here.
// A rejected value keeps the default and records why, as state.js does. Numbers are read in the
// core's one grammar (M.parseNumber, as the CLI and state.js read them) and rejected text is shown
// as the core shows it (M.showInput: controls and bidi marks as U+XXXX). Pure but for `store`.

/** @typedef {import('./types').ParamRow} ParamRow */
/** @typedef {import('./types').ParamValue} ParamValue */
/** @typedef {import('./types').ParamError} ParamError */
/** @typedef {import('./types').TextInput} TextInput */

/**
 * Text -> value, or { kind, ... } when rejected. row: { type: 'number', limit: {min, max,
 * integer, min_open} } | { type: 'text', max, allowEmpty? } | { type: 'choice', of: [allowed] } |
 * { type: 'list', of: [allowed], min, max } (a comma-separated list of distinct choices).
 * @param {ParamRow} row
 * @param {string | null | undefined} text
 * @param {TextInput} input  the core's grammar (core.M)
 * @returns {ParamValue | ParamError}
 */
export function parseParam(row, text, input) {
  const s = String(text ?? '').trim();
  if (row.type === 'number') {
    const lim = row.limit ?? /** @type {Partial<import('./types').Range>} */ ({});
    // Without a limit, any number: NaN compares false, as the missing bounds did.
    const min = lim.min ?? NaN,
      max = lim.max ?? NaN;
    // (a pt-PT reader's 0,8 is in the grammar; 1e3 is no integer, 0x10 no number)
    const v = input.parseNumber(s, lim.integer ? 'integer' : 'real');
    if (v === null) return { kind: lim.integer ? 'integer' : 'number' };
    const low = lim.min_open ? v <= min : v < min;
    if (low || v > max) return { kind: 'range', min: lim.min, max: lim.max };
    return v;
  }
  if (row.type === 'text') {
    const raw = String(text ?? '');
    if (!raw.length && !row.allowEmpty) return { kind: 'empty' };
    if ([...raw].length > row.max) return { kind: 'long', max: row.max };
    return raw;
  }
  if (row.type === 'choice')
    return row.of.includes(s) ? s : { kind: 'choice', list: row.of.join(', ') };
  if (row.type === 'list') {
    const items = s ? s.split(',').map((x) => x.trim()) : [];
    if (items.some((x) => !row.of.includes(x))) return { kind: 'choice', list: row.of.join(', ') };
    if (new Set(items).size !== items.length) return { kind: 'repeat' };
    if (items.length < row.min || items.length > row.max)
      return { kind: 'count', min: row.min, max: row.max };
    return items;
  }
  throw new Error(`lm-params: unknown type ${/** @type {{type: string}} */ (row).type}`);
}

/** @type {(v: ParamValue | ParamError) => v is ParamError} */
const isError = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** @param {ParamValue} v */
const formatValue = (v) => (Array.isArray(v) ? v.join(',') : String(v));

/**
 * rows: [{ key, type, initial, ... }] -> { values, errors, set(key, text), readHash(), writeHash(),
 * text(key) }. errors[key] = { kind, raw, ... } for the last rejected input of that key.
 * Callers cast the result to Params<their values' shape> (types.d.ts).
 * @param {ParamRow[]} rows
 * @param {import('./types').SettingsStore} store
 * @param {TextInput} input  the core's grammar and echo of rejected text (core.M)
 * @returns {import('./types').Params}
 */
export function createParams(rows, store, input) {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  /** @type {Record<string, ParamValue>} */
  const values = Object.fromEntries(rows.map((r) => [r.key, r.initial]));
  /** @type {Record<string, ParamError>} */
  const errors = {};

  /**
   * @param {string} key
   * @param {string | null} text
   */
  function set(key, text) {
    const row = byKey.get(key);
    if (!row) return null;
    const v = parseParam(row, text, input);
    if (isError(v)) {
      errors[key] = { ...v, raw: input.showInput(String(text)) };
      values[key] = row.initial;
    } else {
      delete errors[key];
      values[key] = v;
    }
    return errors[key] ?? null;
  }

  function readHash(hash = store.read()) {
    const params = new URLSearchParams(hash.replace(/^#/, ''));
    for (const row of rows) {
      delete errors[row.key];
      if (params.has(row.key)) set(row.key, params.get(row.key));
      else values[row.key] = row.initial;
    }
  }

  function writeHash() {
    const params = new URLSearchParams(store.read().replace(/^#/, ''));
    for (const row of rows) params.set(row.key, formatValue(values[row.key]));
    store.write(`#${params.toString().replace(/%2C/gi, ',')}`);
  }

  return {
    rows,
    values,
    errors,
    store,
    set,
    readHash,
    writeHash,
    text: (/** @type {string} */ key) => formatValue(values[key]),
  };
}

/**
 * The message of a rejected value (i18n keys lm.err_<kind>), with the default it fell back to.
 * @param {import('./types').I18n} i18n
 * @param {ParamError | null | undefined} error
 * @param {string} fallback
 */
export function paramError(i18n, error, fallback) {
  if (!error) return '';
  /** @param {number | undefined} v */
  const fmt = (v) => (v === undefined ? '' : i18n.num(v, 0, { maximumFractionDigits: 6 }));
  return i18n.t(`lm.err_${error.kind}`, {
    raw: error.raw ?? '',
    min: fmt(error.min),
    max: fmt(error.max),
    list: error.list ?? '',
    fallback,
  });
}

/**
 * What createFields' sync() shows for a table of params (the Transformer figures' counterpart of
 * fields.js's settingsFields): each row's value as text, the message of its rejected input with
 * the default it fell back to, and its hint.
 * @param {import('./types').Params} params
 * @param {import('./types').I18n} i18n
 */
export function paramFields(params, i18n) {
  /** @type {Record<string, string>} */
  const values = {},
    /** @type {Record<string, string>} */
    errors = {},
    /** @type {Record<string, string>} */
    hints = {};
  for (const row of params.rows) {
    values[row.key] = i18n.fieldText(params.values[row.key], params.text(row.key));
    errors[row.key] = paramError(i18n, params.errors[row.key], String(row.initial));
    hints[row.key] = row.hint?.(i18n) ?? '';
  }
  return { values, errors, hints };
}
