// Lab settings <-> URL hash, so every view is a permalink. A declarative table, one row per
// setting (as in TensorFlow Playground): the hash key, the Experiment config field it feeds and
// how to parse it (number, layers, activation or enum; whole numbers are the core's call). Defaults,
// ranges and the choices of an enum come from the WASM core; values are checked with
// M.validateConfigJson. A bad value never stops the page: it is reported (errors[key]) and the
// default is used instead. Keys of the hash that a table does not own are kept untouched, so
// several widgets can share one URL.

/** The twin lab's settings. `side` rows pick one network's activation; the rest are shared. */
export const LAB_SETTINGS = [
  { key: 'a', field: 'activation', type: 'activation', side: 'a', initial: 'relu' },
  { key: 'b', field: 'activation', type: 'activation', side: 'b' },
  { key: 'data', field: 'dataset', type: 'enum' },
  { key: 'factor', field: 'factor', type: 'number' },
  { key: 'n', field: 'n', type: 'number' },
  { key: 'noise', field: 'noise', type: 'number' },
  { key: 'dseed', field: 'data_seed', type: 'number' },
  { key: 'hidden', field: 'hidden', type: 'layers' },
  { key: 'init', field: 'init', type: 'enum' },
  { key: 'norm', field: 'norm', type: 'enum' },
  { key: 'lr', field: 'lr', type: 'number' },
  { key: 'batch', field: 'batch', type: 'number' },
  { key: 'epochs', field: 'epochs', type: 'number' },
  { key: 'seed', field: 'seed', type: 'number' },
  { key: 'test', field: 'test_fraction', type: 'number' },
  { key: 'val', field: 'val_fraction', type: 'number' },
];

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
// "32x16": 16 hidden layers of 32 units (also written 32×16), alone or in a list ("64,32x2").
const REPEAT = /^(\d+)\s*[x×]\s*(\d+)$/i;

/** The allowed values of an enum setting (data set, init, norm), as the core lists them. */
export function enumValues(core, field) {
  const lim = core.limits[field];
  return Array.isArray(lim) ? lim : (lim?.values ?? []);
}

/** Text -> value, or { kind } when the text cannot be that type. */
function parse(row, text, core) {
  const s = String(text).trim();
  switch (row.type) {
    case 'number': {
      // Whole or not is the core's call (limits[field].integer). pt-PT readers
      // may type 0,001.
      if (core.limits[row.field]?.integer) {
        return NUMBER.test(s) && Number.isInteger(Number(s)) ? Number(s) : { kind: 'integer' };
      }
      const t = s.replace(/^([^,]*),([^,]*)$/, '$1.$2');
      return NUMBER.test(t) ? Number(t) : { kind: 'number' };
    }
    case 'layers': {
      if (s === '') return [];
      // Widths separated by commas, each one alone or repeated ("64", "32x16"), as the core reads.
      const parts = s.split(',').map((p) => REPEAT.exec(p.trim()) ?? /^\d+$/.exec(p.trim()));
      if (!parts.every(Boolean)) return { kind: 'layers' };
      const count = parts.reduce((n, m) => n + (m[2] ? Number(m[2]) : 1), 0);
      // Too many layers: hand the core the text itself, so its message names the limit.
      if (count > (core.limits.hidden?.layers_max ?? 0)) return s;
      return parts.flatMap((m) => (m[2] ? Array(Number(m[2])).fill(Number(m[1])) : [Number(m[0])]));
    }
    case 'activation':
      return core.activations.includes(s) ? s : { kind: 'activation' };
    case 'enum':
      return s; // the core checks it against its list, with its own message
    default:
      throw new Error(`state: unknown type ${row.type}`);
  }
}

/** Value -> text, for the URL and the controls. Three or more equal widths read as "32x16". */
export function format(row, value) {
  if (!Array.isArray(value)) return String(value);
  if (value.length > 2 && value.every((w) => w === value[0])) return `${value[0]}x${value.length}`;
  return value.join(',');
}

const isError = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Where settings live: { read() -> '#…', write(hash), listen(fn on outside change) }. By default the
 * page's URL hash, so every view is a permalink; an embedded widget (activation-lab.js) brings its
 * own, fed by its element's attributes, and leaves the host page's URL alone.
 */
export const pageHash = {
  read: () => location.hash,
  write: (hash) => hash !== location.hash && history.replaceState(null, '', hash),
  listen: (fn) => addEventListener('hashchange', fn),
};

/**
 * Settings for one table of rows. `values[key]` always holds a valid value; `errors[key]` is
 * { kind, raw, detail } for the last rejected input of that row (kind: number | integer | layers |
 * activation | core; detail: the core's message).
 */
export function createSettings(core, rows = LAB_SETTINGS, store = pageHash) {
  const { M } = core;
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const defaults = {};
  for (const row of rows) defaults[row.key] = row.initial ?? core.defaults[row.field];
  const values = { ...defaults };
  const errors = {};

  const shared = () => {
    const config = { ...core.defaults };
    for (const row of rows) if (!row.side) config[row.field] = values[row.key];
    return config;
  };

  /** The full Experiment config for one side ('a' or 'b'). */
  const config = (side) => {
    const cfg = shared();
    const row = rows.find((r) => r.side === side);
    if (row) cfg.activation = values[row.key];
    return cfg;
  };

  /** Checks one text for one row; on failure keeps the default and records the error. */
  function setOne(key, text) {
    const row = byKey.get(key);
    if (!row) return false;
    const value = parse(row, text, core);
    let error = isError(value) ? value : null;
    if (!error) {
      const message = M.validateConfigJson(
        JSON.stringify({ ...core.defaults, [row.field]: value }),
      );
      if (message) error = { kind: 'core', detail: message };
    }
    if (error) {
      errors[key] = { ...error, raw: String(text) };
      values[key] = defaults[key];
      return false;
    }
    delete errors[key];
    values[key] = value;
    return true;
  }

  /** Rows may be valid alone but not together (e.g. fractions): blame the field the core names. */
  function checkTogether() {
    for (let guard = 0; guard < rows.length; guard++) {
      let message = '';
      for (const side of ['a', 'b']) message ||= M.validateConfigJson(JSON.stringify(config(side)));
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

  /** Sets one setting from text (a control). Returns the error object or null. */
  function set(key, text) {
    setOne(key, text);
    checkTogether();
    return errors[key] ?? null;
  }

  /** Reads every owned key from a hash ("#a=relu&n=500"); missing keys take their default. */
  function readHash(hash = store.read()) {
    const params = new URLSearchParams(hash.replace(/^#/, ''));
    for (const row of rows) {
      delete errors[row.key];
      if (params.has(row.key)) setOne(row.key, params.get(row.key));
      else values[row.key] = defaults[row.key];
    }
    checkTogether();
  }

  /** The hash with this table's values, keeping keys other widgets own. */
  function toHash(hash = store.read()) {
    const params = new URLSearchParams(hash.replace(/^#/, ''));
    for (const row of rows) params.set(row.key, format(row, values[row.key]));
    // Keep commas readable in the URL ("hidden=64,64"): they are safe in a fragment.
    return `#${params.toString().replace(/%2C/gi, ',')}`;
  }

  function writeHash() {
    store.write(toHash());
  }

  return {
    rows,
    values,
    errors,
    defaults,
    config,
    set,
    readHash,
    toHash,
    writeHash,
    format,
    store,
  };
}
