// Types the page's modules share, for TypeScript's checker in JSDoc mode (`npm run lint`): the
// core as the page loads it, the settings store, the i18n tables, the plots and the Transformer's
// settings. Each figure's worker protocol lives with it, in <room>/protocol.d.ts. Types only:
// nothing imports this file at run time, and web/build.mjs does not ship it. The module's own types are wasm/activation-lab.d.ts.
import type {
  ActivationLab,
  ActivationName,
  Config,
  EpochStats,
  LayerStats,
  LmActivationName,
  LmConfig,
  LmEval,
  LmExperiment,
  Metrics,
  Status,
  Which,
} from '../../../wasm/activation-lab';

export type {
  LmActivationName,
  LmConfig,
  LmEval,
  LmExperiment,
  ActivationLab,
  ActivationName,
  Config,
  EpochStats,
  LayerStats,
  Metrics,
  Status,
  Which,
};

// --- The core (core.js) ------------------------------------------------------------------------

/** configLimitsJson(): the range of one numeric config field. */
export interface Range {
  min: number;
  max: number;
  /** The minimum itself is not allowed (the learning rate must be above 0). */
  min_open: boolean;
  /** The maximum itself is not allowed (a dropout probability must stay below 1). */
  max_open?: boolean;
  integer: boolean;
}

/** configLimitsJson(): the layer limits, under the key `hidden`. */
export interface LayerLimits {
  layers_max: number;
  width_min: number;
  width_max: number;
}

/** configLimitsJson(): a Range per numeric field, the layer limits, the held-out maximum. */
export type Limits = { [field: string]: Range | undefined } & {
  hidden: LayerLimits;
  held_out_max: number;
  /** The data sets; those whose noise flips labels, and that noise's maximum. */
  dataset: { values: string[]; flip_noise: string[]; flip_noise_max: number };
};

/** What loadCore() resolves to: the module and what it says about itself. */
export interface Core {
  M: ActivationLab;
  defaults: Required<Config>;
  limits: Limits;
  activations: ActivationName[];
  arch: string;
}

/** [xmin, xmax, ymin, ymax] of a decision-boundary picture (bounds.js). */
export type Bounds = [number, number, number, number];

// --- Settings (state.js) -----------------------------------------------------------------------

/**
 * One row of a settings table (state.js): the store key (URL hash), how its text is read, its
 * default. A row with a `field` feeds that field of the MLP's Experiment config and is checked by
 * the core; the others carry what they are checked against (a limit, a length, a list).
 */
export type SettingRow = {
  /** Its key in the store (the URL hash): short, so that links stay short; the address's only. */
  key: string;
  /** What code calls it (settings.named): a readable name, unique in its table; none: its key. */
  name?: string;
  /** The Experiment config field it feeds (the MLP's rows); its default and range are the core's. */
  field?: string;
  /** Rows with a side pick the activation of one network of the twin ('a' or 'b'). */
  side?: 'a' | 'b';
  /**
   * The default when it is not the core's default for the field (required without a field); a
   * function asks it of the table's core (state.js resolveRow).
   */
  initial?: SettingValue | ((core: SettingsCore) => SettingValue);
  /** The element's attribute (embed/embed-attributes.js); none: the setting is the page's only. */
  attr?: string;
  /** The i18n key of the field's label. */
  label?: string;
  /** The i18n key prefix of a choice's option labels (prefix + value). */
  options?: string;
  /** Not part of the Experiment config (a setting of the widget itself). */
  extra?: boolean;
  /** Read from a key another table owns (the study reads the twin lab's drawn points), never written. */
  borrowed?: boolean;
  /** Feeds the config only while the row of `key` has the value `is` (the drawn points: custom data). */
  when?: { key: string; is: string };
  /** Checked as this many more than the row of this key (epochs that go on from its epochs). */
  addsTo?: string;
  /** The allowed range as the field's hint (else, for a field row, the core's range). */
  hint?: (i18n: I18n) => string;
  /**
   * A check beside the table's other values (a value other than the default): why not, or null.
   * `context`: the table's core and what its figure passed to createSettings (the budget).
   */
  check?: (
    value: SettingValue,
    /** The table's values by name (state.js `named`). */
    values: Record<string, SettingValue>,
    context: CheckContext,
  ) => Omit<SettingError, 'raw'> | null;
} & (
  | { type: 'layers' | 'activation' | 'enum' | 'points' }
  /**
   * limit, of, a text's max: given as a name, that entry of the core's limits ('activations': its
   * list; a text's max: that range's max); `of` given as a function is asked of the core.
   */
  | { type: 'number'; limit?: Range | string }
  | { type: 'text'; max: number | string; allowEmpty?: boolean }
  | { type: 'choice'; of: Choices }
  | { type: 'list'; of: Choices; min: number; max: number }
);

/** A choice's or a list's allowed values, or how the core gives them (state.js resolveRow). */
export type Choices = readonly string[] | string | ((core: SettingsCore) => readonly string[]);

/** What a row's check sees besides the values: the table's core and its figure's budget. */
export interface CheckContext {
  core: SettingsCore;
  /** The Transformer's compute budget (shared/lm-budget.js), for its steps. */
  budget?: LmBudget;
}

/** shared/lm-budget.js createLmBudget(): a run's check against the compute budget. */
export type LmBudget = ReturnType<typeof import('./lm-budget.js').createLmBudget>;

/** The values a choice or a list picks from, as its row declares them (`of`). */
type ChoiceOf<O> = O extends readonly (infer C)[]
  ? C
  : O extends (core: never) => readonly (infer C)[]
    ? C
    : O extends 'act'
      ? LmActivationName
      : O extends 'init'
        ? NonNullable<LmConfig['init']>
        : O extends 'activations'
          ? ActivationName
          : string;

/** The value one row holds once read (state.js parseSetting), from its declaration. */
export type ValueOfRow<R> = R extends { type: 'number' }
  ? number
  : R extends { type: 'layers' }
    ? number[]
    : R extends { type: 'activation' }
      ? ActivationName
      : R extends { type: 'choice'; of: infer O }
        ? ChoiceOf<O>
        : R extends { type: 'list'; of: infer O }
          ? ChoiceOf<O>[]
          : string; // text, and an enum (the core's list, checked by the core)

/**
 * A table's values by name (state.js `named`: a row's name, else its key), derived from its rows
 * as a room declares them (`@type {const}`, so that names and choices keep their literal types):
 * <room>/settings.js is their one source.
 */
export type ValuesOf<Rows extends readonly SettingRow[]> = {
  -readonly [R in Rows[number] as R extends { name: infer N extends string }
    ? N
    : R['key']]: ValueOfRow<R>;
};

/** What a settings table is checked with: the MLP's core, or the Transformer's (lmCore). */
export type SettingsCore = Core | LmCore;

/** number[][]: the drawn points, [x0, x1, label] each. */
export type SettingValue = number | string | number[] | string[] | boolean | number[][];

/** Why a text was refused: its kind, the text, and what the message needs (i18n err_<kind>). */
export interface SettingError {
  /**
   * needs_val: the study's validation share must not be 0 (seeds/seeds.js); chars: a prompt with
   * characters the model never saw (transformer/lm-sample.js); points: a points code that is not
   * one (detail: chars, length, check, scale, long, json; shared/points-code.js).
   */
  kind:
    | 'number'
    | 'integer'
    | 'activation'
    | 'core'
    | 'needs_val'
    | 'range'
    | 'empty'
    | 'long'
    | 'choice'
    | 'repeat'
    | 'count'
    | 'chars'
    | 'budget'
    | 'points'
    | 'sum';
  raw: string;
  /** The core's message (kind core). */
  detail?: string;
  min?: number;
  max?: number;
  list?: string;
  /**
   * budget: the GFLOP the run would need (max: the GFLOP allowed); sum: the two rows' sum (max:
   * the field's largest value).
   */
  need?: number;
  /** sum: the two rows whose values add up past the core's limit, as their labels and values. */
  parts?: { label: string; value: number }[];
}

/**
 * One table of settings (state.js createSettings()): values (by key), named (by name), errors,
 * config(side), hash I/O. A widget casts its table to Settings<the shape its rows give its values
 * by name> (ValuesOf).
 */
export type Settings<V extends Record<string, SettingValue> = Record<string, SettingValue>> = Omit<
  ReturnType<typeof import('./state.js').createSettings>,
  'named'
> & { named: V };

/** The MLP's settings, declared once (mlp-settings.js MLP_SETTINGS), by name. */
export type MlpSettings = typeof import('./mlp-settings.js').MLP_SETTINGS;

/** What a figure adds to, or sets otherwise in, an MLP setting it takes (mlp-settings.js mlpRow). */
export type MlpRowOwn = {
  label?: string;
  initial?: SettingValue | ((core: SettingsCore) => SettingValue);
  borrowed?: boolean;
  check?: SettingRow['check'];
};

/**
 * An MLP setting as a figure takes it: its declaration, its key behind the figure's prefix (a
 * borrowed row keeps the twin's), what the figure adds.
 */
export type MlpRow<P extends string, N extends keyof MlpSettings, O> = Omit<
  MlpSettings[N],
  keyof O | 'key'
> &
  O & {
    key: O extends { borrowed: true } ? MlpSettings[N]['key'] : `${P}${MlpSettings[N]['key']}`;
  };

/** The twin lab's settings (twin/settings.js ROWS). */
export type TwinValues = ValuesOf<typeof import('../twin/settings.js').ROWS>;

/** The many-seeds study's settings (seeds/settings.js ROWS). */
export type SeedsValues = ValuesOf<typeof import('../seeds/settings.js').ROWS>;

/** The Transformer's study, and the model choice (seeds/settings.js LM_ROWS). */
export type SeedsLmValues = ValuesOf<typeof import('../seeds/settings.js').LM_ROWS>;

/** The swap's settings (swap/settings.js ROWS). */
export type SwapValues = ValuesOf<typeof import('../swap/settings.js').ROWS>;

/**
 * Where settings live, as key/value pairs: the page's URL hash (state.js pageHash), or an embedded
 * element's attributes (activation-lab.js).
 */
export interface SettingsStore {
  /** The text stored under a settings key, or null. */
  get(key: string): string | null;
  set(key: string, text: string): void;
  /** Calls fn when the settings change from outside (the reader edits the URL, an attribute). */
  listen(fn: () => void): void;
}

// --- i18n (i18n.js) ----------------------------------------------------------------------------

/** One file i18n/<lang>/<ns>.json: key -> trusted HTML with {name} placeholders. */
export type I18nTable = { [key: string]: string };

/** The i18n module itself, as widgets receive it. */
export type I18n = typeof import('./i18n.js');

/** Values of the {name} placeholders of a string. */
export type I18nVars = { [name: string]: string | number };

/** What a widget receives from the page (main.js) or from its custom element (activation-lab.js). */
export interface WidgetContext {
  core: Core;
  i18n: I18n;
  /** The settings store; the URL hash when absent. */
  store?: SettingsStore;
}

/** What a widget factory returns: its hooks for the page and for an embedding element. */
export interface Widget {
  /** Ends its workers and timers (an embedded element left the page). */
  dispose?: () => void;
  /** Its settings table (state.js), read by the embed dialog when there is no embedSettings. */
  settings?: Settings;
  /** Its current settings that differ from the defaults, { hash key: text } (embed hook). */
  embedSettings?: () => Record<string, string>;
  /**
   * Resolves once its first full layout is drawn (e.g. the twin: both workers reported); an
   * embedding element keeps the figure out of sight until then, so it does not move once seen.
   */
  settled?: Promise<unknown>;
}

/** The default export of <room>/<name>.js (the module its room's manifest.js names). */
export type WidgetFactory = (root: HTMLElement, ctx: WidgetContext) => Promise<Widget | undefined>;

// --- Many-seeds study (seeds/) -----------------------------------------------------------------

/** pairedSummaryJson(): statistics of a − b over pairs (NaN, for fewer than 2 pairs, is null). */
export interface PairedSummary {
  n: number;
  mean_a: number | null;
  sd_a: number | null;
  mean_b: number | null;
  sd_b: number | null;
  mean_diff: number | null;
  sd_diff: number | null;
  /** The 95 % interval of mean_diff. */
  ci_low: number | null;
  ci_high: number | null;
}

// --- Plots (plots/) ----------------------------------------------------------------------------

/** A linear scale (plots/axes.js linear()): domain value -> pixel, and back with invert. */
export interface Scale {
  (x: number): number;
  invert(y: number): number;
  domain: [number, number];
}

/** A plot area in CSS pixels. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The page's colours, read at draw time (plots/canvas.js theme()). */
export type Theme = ReturnType<typeof import('../plots/canvas.js').theme>;

/** Formats a tick label (or a value) with this many digits after the point. */
export type TickFormat = (value: number, digits: number) => string;

/** What drawAxes() reads from a plot's options. */
export interface AxesOptions {
  fmt: TickFormat;
  xLabel?: string;
  yLabel?: string;
  zeroLines?: boolean;
}

/** One line of a line plot (plots/line-plot.js). */
export interface Series {
  xs: Numbers;
  ys: Numbers;
  color: string;
  width?: number;
  dash?: number[];
  hidden?: boolean;
}

/** A marked point of a line plot. */
export interface Mark {
  x: number;
  y: number;
  color: string;
  label?: string;
  /** Radius in CSS pixels. */
  r?: number;
  /** The label under the point rather than above. */
  below?: boolean;
}

export type Domain = [number, number];

/** Numbers as the core gives them (typed arrays) or as the page computes them. */
export type Numbers = number[] | Float32Array | Float64Array;

/** Options and state of a line plot: createLinePlot(parent, options), update(partial). */
export interface LinePlotState extends AxesOptions {
  height?: (w: number) => number;
  xDomain?: Domain;
  /** Fixed, or computed from the automatic domain of the visible series. */
  yDomain?: Domain | ((auto: Domain) => Domain);
  series: Series[];
  marks: Mark[];
  cursor: number | null;
}

// --- The Transformer (lm-config.js; transformer/lm-worker.js driven by lm-client.js) --

/** lmConfigLimitsJson(): a Range per numeric field of LmConfig, the names, the compute budget. */
export type LmLimits = { [field: string]: Range | undefined } & {
  [field in 'steps' | 'lr' | 'seed' | 'sample_chars' | 'temperature']: Range;
} & {
  act: LmActivationName[];
  gated_act: LmActivationName[]; // the gated FFNs: w1 twice as tall, no swap to or from a plain one
  swap_only_act: LmActivationName[]; // GELU's parts: a swap's target only, never in act (the menus)
  swap_defaults: { lr: number }; // fine-tuning after a swap: its constant learning rate
  init: NonNullable<LmConfig['init']>[];
  /** the GLU study's defaults (the figure's run and `lm study`'s): ReLU first among the variants */
  glu_defaults: { seeds: number; steps: number; variants: LmActivationName[] };
  max_call_flops: number;
  max_run_flops: number;
  max_vocab: number;
  eval_windows: number;
};

/**
 * What the shipped models were trained with (data/lm-pretrained.json, per activation): the
 * Transformer's worker reports it (transformer/protocol.d.ts LmInfo), the compute budget
 * (lm-budget.js) reads it.
 */
export interface LmTrained {
  config: Required<LmConfig>;
  /** The file in data/ it learnt (the pretrained models: the whole lexicon, jargon.txt). */
  text: string;
  /** How long its run took on the machine that made it. */
  seconds: number;
  steps: number;
  train_loss: number;
  val_loss: number;
}

/** The core's reading of typed text (text_input.hpp): the one grammar, the echo of input. */
export interface TextInput {
  parseNumber(text: string, kind: 'integer' | 'real' | 'any'): number | null;
  /** JSON {ok, layers} | {ok: false, message}: a list of hidden widths, as the CLI's --hidden. */
  parseLayers(text: string): string;
  showInput(text: string): string;
}

/** lm-config.js lmCore(): the Transformer's defaults and limits, shaped as state.js reads a core. */

export interface LmCore {
  M: { validateConfigJson(json: string): string } & TextInput;
  defaults: Required<LmConfig>;
  limits: LmLimits;
  activations: LmActivationName[];
}

/** The sampler's settings (transformer/settings.js SAMPLE_ROWS). */
export type LmSampleValues = ValuesOf<typeof import('../transformer/settings.js').SAMPLE_ROWS>;

/** The swap's settings (transformer/settings.js SWAP_ROWS, with SAMPLE_ROWS). */
export type LmSwapValues = LmSampleValues &
  ValuesOf<typeof import('../transformer/settings.js').SWAP_ROWS>;

/** The from-scratch runs' settings (transformer/settings.js SCRATCH_ROWS, with SAMPLE_ROWS). */
export type LmScratchValues = LmSampleValues &
  ValuesOf<typeof import('../transformer/settings.js').SCRATCH_ROWS>;

/** The parts the whole figure shows (transformer/settings.js PART_ROWS). */
export type LmPartsValues = ValuesOf<typeof import('../transformer/settings.js').PART_ROWS>;
