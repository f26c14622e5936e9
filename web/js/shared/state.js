// Settings <-> their store (the URL hash, so every view is a permalink, or an embedded element's
// attributes). One engine for every figure: a declarative table, one row per setting (as in
// TensorFlow Playground): the store key and how its text is read. A row with a `field` feeds that
// field of the MLP's Experiment config and is checked with the core (M.validateConfigJson; its
// default, range and choices come from the core). A row with a `limit`, or of type text, choice or
// list, is checked here against what the row carries (the Transformer's settings: ranges from the
// core's lmConfigLimitsJson). A bad value never stops the page: it is reported (errors[key]) and
// the default is used instead. Keys of the hash that a table does not own are kept untouched, so
// several widgets can share one URL. Rejected text is quoted as the core quotes it (M.showInput:
// at most 80 characters, controls and bidi marks as U+XXXX).

/** @typedef {import('./types').Core} Core */
/** @typedef {import('./types').SettingsCore} SettingsCore */
/** @typedef {import('./types').SettingRow} SettingRow */
/** @typedef {import('./types').SettingValue} SettingValue */
/** @typedef {import('./types').SettingError} SettingError */
/** @typedef {import('./types').SettingsStore} SettingsStore */
/** @typedef {import('./types').Config} Config */
import { MAX_LINK_POINTS, decodePoints, encodePoints } from './points-code.js';

/**
 * [[x0, x1, label], …] as JSON -> its points, or why not (the core checks their values).
 * @param {string} text
 * @returns {{points: import('./points-code.js').Point[]} | {error: string}}
 */
function pointsOfJson(text) {
  try {
    const points = JSON.parse(text);
    const triple = (/** @type {unknown} */ p) =>
      Array.isArray(p) && p.length === 3 && p.every((v) => typeof v === 'number');
    if (Array.isArray(points) && points.every(triple)) return { points };
  } catch {
    // not JSON: the same answer as a list of something else
  }
  return { error: 'json' };
}

/**
 * The allowed values of an enum setting (data set, init, norm), as the core lists them.
 * @param {Core} core
 * @param {string} field
 * @returns {string[]}
 */
export function enumValues(core, field) {
  const lim = /** @type {unknown} */ (core.limits[field]);
  if (Array.isArray(lim)) return lim;
  const values = /** @type {{values?: string[]} | undefined} */ (lim)?.values;
  return values ?? [];
}

/**
 * Text -> value, or { kind, ... } when the text cannot be that row's. Numbers are read by the
 * core's one grammar (M.parseNumber), as the CLI reads them: integers are digits; reals take '.'
 * or ',' (a pt-PT reader types 0,001); no 0x10, 0b11 or 1e1 where an integer is meant. A number
 * row with a `limit` is range-checked here; one with a `field` is checked by the core later.
 * @param {SettingRow} row
 * @param {string | null | undefined} text
 * @param {SettingsCore} core  the MLP's core, or lmCore(core)
 * @returns {SettingValue | Omit<SettingError, 'raw'>}
 */
export function parseSetting(row, text, core) {
  const s = String(text ?? '').trim();
  switch (row.type) {
    case 'number': {
      // Whole or not: the core's call (its limits table for the field, or the row's limit).
      const own = typeof row.limit === 'object' ? row.limit : undefined; // (resolved: resolveRow)
      const lim = own ?? core.limits[row.field ?? ''];
      const integer = Boolean(lim?.integer);
      const x = core.M.parseNumber(s, integer ? 'integer' : 'real');
      if (x === null) return { kind: integer ? 'integer' : 'number' };
      if (!own) return x;
      const { min = NaN, max = NaN } = own; // without a bound, NaN compares false
      const low = own.min_open ? x <= min : x < min;
      return low || x > max ? { kind: 'range', min: own.min, max: own.max } : x;
    }
    case 'layers': {
      // The core's one grammar, the CLI's --hidden: the page, the URL and the attributes accept
      // and refuse the same texts, with the core's message ("32x16": 16 layers of 32; "64,32").
      const read = /** @type {{ok: true, layers: number[]} | {ok: false, message: string}} */ (
        JSON.parse(core.M.parseLayers(s))
      );
      return read.ok ? read.layers : { kind: 'core', detail: read.message };
    }
    case 'activation':
      return /** @type {string[]} */ (core.activations).includes(s) ? s : { kind: 'activation' };
    case 'enum':
      return s; // the core checks it against its list, with its own message
    case 'text': {
      const raw = String(text ?? ''); // spaces are characters of a prompt
      if (!raw.length && !row.allowEmpty) return { kind: 'empty' };
      const max = Number(row.max); // (resolved: resolveRow)
      return [...raw].length > max ? { kind: 'long', max } : raw;
    }
    case 'choice': {
      const of = /** @type {string[]} */ (row.of); // (resolved: resolveRow)
      return of.includes(s) ? s : { kind: 'choice', list: of.join(', ') };
    }
    case 'list': {
      // A comma-separated list of distinct choices.
      const of = /** @type {string[]} */ (row.of);
      const items = s ? s.split(',').map((x) => x.trim()) : [];
      if (items.some((x) => !of.includes(x))) return { kind: 'choice', list: of.join(', ') };
      if (new Set(items).size !== items.length) return { kind: 'repeat' };
      if (items.length < row.min || items.length > row.max)
        return { kind: 'count', min: row.min, max: row.max };
      return items;
    }
    case 'points': {
      // A drawn set: its link code (points-code.js), or the points as JSON ([[x0, x1, label], …],
      // an imported set too large for a link); checked by the core as a custom data set.
      if (!s) return [];
      const read = s.startsWith('[') ? pointsOfJson(s) : decodePoints(s);
      if ('error' in read) return { kind: 'points', detail: read.error };
      const problem = core.M.validateConfigJson(
        JSON.stringify({ ...core.defaults, dataset: 'custom', points: read.points }),
      );
      return problem ? { kind: 'core', detail: problem } : read.points;
    }
    default:
      throw new Error(`state: unknown type ${/** @type {{type: string}} */ (row).type}`);
  }
}

/**
 * A row as declared (a module constant, before any core is loaded) -> as checked: a `limit` or an
 * `of` given as a name is that entry of the core's limits table (a text's `max`: that range's
 * max), an `initial` or an `of` given as a function is asked of the core. So a room declares its
 * rows once, and the element's attributes can be derived from them before the core loads
 * (embed/embed-attributes.js).
 * @param {SettingRow} row
 * @param {SettingsCore} core
 * @returns {SettingRow}
 */
export function resolveRow(row, core) {
  const table = /** @type {Record<string, any>} */ (/** @type {unknown} */ (core.limits));
  const out = /** @type {SettingRow & Record<string, unknown>} */ ({ ...row });
  if (typeof row.initial === 'function') out.initial = row.initial(core);
  if (row.type === 'number' && typeof row.limit === 'string') out.limit = table[row.limit];
  if (row.type === 'text' && typeof row.max === 'string') out.max = table[row.max].max;
  if ('of' in row && typeof row.of === 'function') out.of = [...row.of(core)];
  if ('of' in row && typeof row.of === 'string')
    out.of = row.of === 'activations' ? [...core.activations] : table[row.of];
  return out;
}

/**
 * Value -> text, for the URL and the controls. Three or more equal widths read as "32x16".
 * @param {{type?: SettingRow['type']}} row
 * @param {SettingValue} value
 */
export function format(row, value) {
  if (!Array.isArray(value)) return String(value);
  if (row.type === 'points') {
    const points = /** @type {import('./points-code.js').Point[]} */ (
      /** @type {unknown} */ (value)
    );
    return points.length && points.length <= MAX_LINK_POINTS ? encodePoints(points) : '';
  }
  const repeated = value.length > 2 && value.every((w) => w === value[0]);
  if (row.type === 'layers' && repeated) return `${value[0]}x${value.length}`;
  return value.join(',');
}

/** @type {(v: SettingValue | Omit<SettingError, 'raw'>) => v is Omit<SettingError, 'raw'>} */
const isError = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The key=value pairs of a "#k=v&…" string. Only pairs are settings: a bare fragment such as the
 * skip link's #main is not one.
 * @param {string} hash
 */
const pairsOf = (hash) =>
  new URLSearchParams(
    hash
      .replace(/^#/, '')
      .split('&')
      .filter((p) => p.includes('='))
      .join('&'),
  );

/** @param {URLSearchParams} params  as a hash, commas kept readable ("hidden=64,64") */
const hashOf = (params) => `#${params.toString().replace(/%2C/gi, ',')}`;

/**
 * A store { get(key), set(key, text), listen(fn) } over a "#k=v&…" string that `read` gives and
 * `write` takes, keeping keys no table owns (several widgets share one URL). `defer`: the writes of
 * one task reach `write` once, at its end (the URL: one history.replaceState per change, not one
 * per setting); get() sees them at once.
 * @param {() => string} read
 * @param {(hash: string) => void} write
 * @param {{listen?: (fn: () => void) => void, defer?: boolean}} [options]
 * @returns {SettingsStore}
 */
export function hashStore(read, write, { listen = () => {}, defer = false } = {}) {
  /** @type {URLSearchParams | null} */
  let pending = null;
  const flush = () => {
    if (pending) write(hashOf(pending));
    pending = null;
  };
  return {
    get: (key) => (pending ?? pairsOf(read())).get(key),
    set(key, text) {
      if (!pending && defer) queueMicrotask(flush);
      pending ??= pairsOf(read());
      pending.set(key, text);
      if (!defer) flush();
    },
    listen,
  };
}

/**
 * Where settings live by default: the page's URL hash, so every view is a permalink. An embedded
 * widget (activation-lab.js) brings its own store, fed by its element's attributes, and leaves the
 * host page's URL alone.
 */
export const pageHash = hashStore(
  () => location.hash,
  (hash) => {
    if (hash !== location.hash) history.replaceState(null, '', hash);
  },
  { listen: (fn) => addEventListener('hashchange', fn), defer: true },
);

/**
 * Settings for one table of rows. `values[key]` always holds a valid value, which code reads by
 * the row's name as `named[name]`; `errors[key]` is
 * { kind, raw, detail?, min?, max?, list? } for the last rejected input of that row (kind: number |
 * integer | layers | activation | core (detail: the core's message) | range | empty | long | choice
 * | repeat | count). Rows without a `field` need an `initial`.
 * @param {SettingsCore} core  the MLP's, or lmCore(core)
 * @param {readonly SettingRow[]} declared  the rows as a figure declares them (<room>/settings.js)
 * @param {SettingsStore} [store]
 * @param {Omit<import('./types').CheckContext, 'core'>} [context]  what the rows' checks need
 *   besides the core (the Transformer's compute budget)
 */
export function createSettings(core, declared, store = pageHash, context = {}) {
  const { M } = core;
  const rows = declared.map((row) => resolveRow(row, core));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  /** @type {Record<string, SettingValue>} */
  const defaults = {};
  const coreDefaults = /** @type {Record<string, SettingValue>} */ (core.defaults);
  for (const row of rows)
    defaults[row.key] =
      /** @type {SettingValue | undefined} */ (row.initial) ?? coreDefaults[row.field ?? ''];
  const values = { ...defaults };
  /** @type {Record<string, SettingError>} */
  const errors = {};
  // The values by each row's name (its key when it has none): what code reads, so that the short
  // keys stay in the address. Live: each name reads its row's current value.
  /** @type {Record<string, SettingValue>} */
  const named = {};
  for (const row of rows)
    Object.defineProperty(named, row.name ?? row.key, {
      get: () => values[row.key],
      enumerable: true,
    });

  /**
   * The config fields of the rows that are not a side's, from `v` (the values, or the values with
   * one row changed: a row fed only beside another's value follows it).
   * @param {Record<string, SettingValue>} [v]
   */
  const shared = (v = values) => {
    /** @type {Record<string, SettingValue>} */
    const config = { ...core.defaults };
    for (const row of rows)
      if (row.field && !row.side && !row.extra && (!row.when || v[row.when.key] === row.when.is))
        config[row.field] = v[row.key];
    return config;
  };

  /**
   * The full Experiment config for one side ('a' or 'b').
   * @param {string} [side]
   * @returns {Required<Config> & Record<string, SettingValue>}
   */
  const config = (side) => {
    const cfg = shared();
    const row = rows.find((r) => r.side === side);
    if (row) cfg.activation = values[row.key];
    // The core's defaults, with the rows' values (each one valid for its field).
    return /** @type {Required<Config> & Record<string, SettingValue>} */ (cfg);
  };

  /**
   * Checks one text for one row; on failure keeps the default and records the error.
   * @param {string} key
   * @param {string} text
   */
  function setOne(key, text) {
    const row = byKey.get(key);
    if (!row) return false;
    const value = parseSetting(row, text, core);
    /** @type {Omit<SettingError, 'raw'> | null} */
    let error = isError(value) ? value : null;
    if (!error && row.field && row.type !== 'points') {
      // (Points were checked by parseSetting, as a custom set.) Alone among the core's defaults,
      // or else beside the other rows' values: the work budget depends on n, and
      // `hidden=512x16&n=480` is within it where the default n is not; the custom data set needs
      // the drawn points beside it.
      // A row that goes on from another (addsTo) is checked as itself first, so that the core's
      // message quotes the reader's number; their sum after.
      const field = row.field;
      const check = (/** @type {object} */ base) =>
        M.validateConfigJson(JSON.stringify({ ...base, [field]: value }));
      const message =
        check(core.defaults) &&
        check(shared({ ...values, [key]: /** @type {SettingValue} */ (value) }));
      if (message) error = { kind: 'core', detail: message };
      else if (
        row.addsTo &&
        !sumPasses(row, { ...values, [key]: /** @type {SettingValue} */ (value) })
      )
        error = sumError(row, { ...values, [key]: /** @type {SettingValue} */ (value) });
    }
    // The row's own check beside the other rows' values (the Transformer's compute budget), for
    // a value other than the default (the core's defaults run).
    const own = /** @type {SettingValue} */ (value);
    if (!error && row.check && format(row, own) !== format(row, defaults[key]))
      error = row.check(own, named, { ...context, core });
    if (error) {
      errors[key] = { ...error, raw: M.showInput(String(text)) };
      values[key] = defaults[key];
      return false;
    }
    delete errors[key];
    values[key] = /** @type {SettingValue} */ (value); // not an error: checked above
    return true;
  }

  /**
   * Whether the core accepts what it is asked to run for a row that goes on from another
   * (addsTo): their sum, in `v` (the values, or the values with one row changed).
   * @param {SettingRow} row
   * @param {Record<string, SettingValue>} [v]
   */
  const sumPasses = (row, v = values) =>
    !M.validateConfigJson(
      JSON.stringify({
        ...config('a'),
        [row.field ?? '']: Number(v[row.key]) + Number(v[row.addsTo ?? row.key]),
      }),
    );

  /**
   * The error of a sum the core refuses: both rows (labels and values), the sum and the field's
   * largest value; `raw` is the text of the row it is shown under.
   * @param {SettingRow} row  the row that goes on from the other
   * @param {Record<string, SettingValue>} v
   * @param {SettingRow} [blamed]  the row whose field shows it (default: `row`)
   * @returns {SettingError}
   */
  const sumError = (row, v, blamed = row) => {
    const other = byKey.get(row.addsTo ?? '') ?? row;
    return {
      kind: 'sum',
      raw: format(blamed, v[blamed.key]),
      need: Number(v[other.key]) + Number(v[row.key]),
      max: core.limits[row.field ?? '']?.max,
      parts: [other, row].map((r) => ({ label: r.label ?? r.key, value: Number(v[r.key]) })),
    };
  };

  /** Rows may be valid alone but not together (e.g. fractions): blame the field the core names. */
  function checkTogether() {
    if (!rows.some((r) => r.field)) return; // a table of the widget's own settings only
    for (let guard = 0; guard < rows.length; guard++) {
      let message = '';
      for (const side of ['a', 'b']) message ||= M.validateConfigJson(JSON.stringify(config(side)));
      // Fine-tuning epochs after the pretraining ones: the sum must pass, blamed on the former
      // (or, left at its default, on the latter), with a message that names both.
      const after = message ? undefined : rows.find((r) => r.addsTo && !sumPasses(r));
      if (after) {
        const other = byKey.get(after.addsTo ?? '');
        const blamed = [after, other].find((r) => r && values[r.key] !== defaults[r.key]);
        if (!blamed) return; // only defaults left: nothing a reader could fix
        errors[blamed.key] = sumError(after, values, blamed);
        values[blamed.key] = defaults[blamed.key];
        continue;
      }
      if (!message) return;
      const field = /^[a-z_]+/.exec(message)?.[0]; // the core names the field first
      const row =
        rows.find((r) => r.field === field && !r.side && values[r.key] !== defaults[r.key]) ??
        rows.find((r) => !r.side && values[r.key] !== defaults[r.key]);
      if (!row) return; // only defaults left: nothing a reader could fix
      errors[row.key] = { kind: 'core', detail: message, raw: format(row, values[row.key]) };
      values[row.key] = defaults[row.key];
    }
  }

  /**
   * Sets one setting from text (a control). Returns the error object or null.
   * @param {string} key
   * @param {string} text
   */
  function set(key, text) {
    setOne(key, text);
    checkTogether();
    return errors[key] ?? null;
  }

  /**
   * Reads every owned key from the store (or from a hash such as "#a=relu&n=500": a permalink, a
   * test); missing keys take their default.
   * @param {string} [hash]
   */
  function readHash(hash) {
    const params = hash === undefined ? null : pairsOf(hash);
    /** @param {string} key */
    const get = (key) => (params ? params.get(key) : store.get(key));
    for (const row of rows) {
      delete errors[row.key];
      const text = get(row.key);
      if (text !== null) setOne(row.key, text);
      else values[row.key] = defaults[row.key];
    }
    // A value refused beside the defaults of rows read after it is read again beside their values.
    for (const row of rows) {
      const text = get(row.key);
      const kind = errors[row.key]?.kind;
      if (text !== null && (kind === 'core' || kind === 'sum')) setOne(row.key, text);
    }
    checkTogether();
  }

  /**
   * A hash with this table's values, keeping the other keys of `hash` (a permalink).
   * @param {string} hash
   */
  function toHash(hash) {
    const params = pairsOf(hash);
    for (const row of rows) if (!row.borrowed) params.set(row.key, format(row, values[row.key]));
    return hashOf(params);
  }

  /** Every row's value to the store. */
  function writeHash() {
    for (const row of rows) if (!row.borrowed) store.set(row.key, format(row, values[row.key]));
  }

  return {
    rows,
    values,
    named,
    errors,
    defaults,
    config,
    set,
    readHash,
    toHash,
    writeHash,
    format,
    /** @param {string} name  a row's name -> its key (its field, its error, its store entry) */
    keyOf: (name) => rows.find((r) => (r.name ?? r.key) === name)?.key ?? name,
    /** @param {string} key  the value of one row as text, as the store holds it */
    text: (key) => format(byKey.get(key) ?? {}, values[key]),
    store,
  };
}

/**
 * The rows of a settings table whose value differs from its default: { key: text }.
 * @param {import('./types').Settings} settings
 */
export function changedSettings(settings) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const row of settings.rows) {
    const value = settings.format(row, settings.values[row.key]);
    if (value !== settings.format(row, settings.defaults[row.key])) out[row.key] = value;
  }
  return out;
}
