// Numbers in the prose that come from a run of the core or from someone else's measurement, never
// typed in. An i18n string holds an empty placeholder, and web/build.mjs fills it in each
// language's dist/i18n table (so the prerendered page and the live language switch read the same
// text), in that language's number format, with a tooltip that says what the number is:
//   <span data-run="study.circles.ci" data-seeds="10"></span>   a committed study (study-runs.mjs):
//     run name, then the quantity: diff (mean difference a − b), low and high (its 95 % interval's
//     ends), ci (the interval as the language writes it), a and b (each side's mean), all in
//     points of test accuracy, or seeds (the count), below and above (how many seeds had a < b,
//     a > b); for a run with speed, speed_diff, speed_gap (its size), speed_low, speed_high,
//     speed_ci in epochs to 95 % training accuracy (a − b) and speed_pairs (the seeds where both
//     got there, the ones it pairs); data-seeds: the summary of the first n seeds
//     (one of the run's counts; default: all of them); data-digits (default: a difference takes
//     the digits its interval supports, shared/difference-digits.js; a count 0; a mean 2) and
//     data-format="sci" as data-core has.
//   <span data-quoted="pytorch.checkerboard.diff" data-digits="1"></span>   a number quoted from
//     web/data/quoted.json (value, unit, source, note): another implementation's or a paper's,
//     labelled as theirs by its tooltip (common.quoted_<name with _ for .>).
//   <span data-run="lm.corpus.vocabulary"></span>   a number the build computes in an instant with
//     the core from the shipped data (build-values.mjs), when the page has no copy of that data.
//   <span data-reading="glu.reference"></span>   a sentence that reads a committed result, written
//     by the figure's own caption code (readings.mjs), so its words follow the numbers' signs.
// A number the core computes in an instant stays a data-core placeholder (js/shared/core-values.js).
// An unknown name, quantity or count fails the build with the string's file and key.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STUDY_RUNS, readRun } from './study-runs.mjs';
import { BUILD_VALUES } from './build-values.mjs';
import { READINGS } from './readings.mjs';
import { summaryDigits } from '../../js/shared/difference-digits.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const QUOTED_FILE = join(root, 'web', 'data', 'quoted.json');

/** @type {Record<string, string>} quantity -> the summary's field, in points of test accuracy (seeds: the count) */
const QUANTITIES = {
  diff: 'mean_diff',
  low: 'ci_low',
  high: 'ci_high',
  a: 'mean_a',
  b: 'mean_b',
  ci: '',
  seeds: 'n',
};
/** @type {Record<string, string>} quantity -> the speed summary's field, in epochs (a run with speed) */
const SPEED_QUANTITIES = {
  speed_diff: 'mean_diff',
  speed_gap: 'mean_diff', // its size: the sentence says which side was faster
  speed_low: 'ci_low',
  speed_high: 'ci_high',
  speed_ci: '',
  speed_pairs: 'n',
};
/** @type {Record<string, (p: {a: number, b: number}) => boolean>} quantity -> the seeds it counts */
const COUNTS = { below: (p) => p.a < p.b, above: (p) => p.a > p.b };
const KNOWN = [
  ...Object.keys(QUANTITIES),
  ...Object.keys(SPEED_QUANTITIES),
  ...Object.keys(COUNTS),
];

/** @typedef {(key: string, vars?: import('../../js/shared/types').I18nVars) => string} Translate */
/**
 * @typedef {object} Language  one language's formatters (js/shared/i18n.js, switched to it)
 * @property {Translate} t
 * @property {(x: number, digits: number) => string} num
 * @property {(low: string, high: string) => string} interval
 */

/** @type {RegExp} an empty placeholder: its attributes, its kind and its name */
const PLACEHOLDER = /<span((?:\s[^>]*?)?\sdata-(run|quoted|reading)="([^"]*)"[^>]*)><\/span>/g;

/** @param {string} attrs @param {string} name */
const attr = (attrs, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];

/** @param {string} s */
const escapeAttr = (s) => s.replace(/&(?![#\w]+;)/g, '&amp;').replace(/"/g, '&quot;');

/**
 * @param {number} value
 * @param {number} digits
 * @param {string | undefined} format
 * @param {Language['num']} num
 */
function formatted(value, digits, format, num) {
  if (format === undefined) return num(value, digits);
  if (format !== 'sci') throw new Error(`unknown data-format "${format}" (known: sci)`);
  return value
    .toExponential(digits - 1)
    .replace('-', '−')
    .replace('e', ' × 10^');
}

/**
 * The text and tooltip of one data-run placeholder.
 * @param {string} spec  "run.quantity"
 * @param {string} attrs
 * @param {Language} lang
 */
function runValue(spec, attrs, { t, num, interval }) {
  const dot = spec.lastIndexOf('.');
  const [name, quantity] = [spec.slice(0, dot), spec.slice(dot + 1)];
  const run = STUDY_RUNS[name];
  if (!run) throw new Error(`unknown run "${name}" (known: ${Object.keys(STUDY_RUNS).join(', ')})`);
  if (!KNOWN.includes(quantity))
    throw new Error(`unknown quantity "${quantity}" of ${name} (known: ${KNOWN.join(', ')})`);
  const speed = quantity in SPEED_QUANTITIES;
  if (speed && !run.speed)
    throw new Error(`${name} has no speed (set speed: true in study-runs.mjs)`);
  const seeds = Number(attr(attrs, 'data-seeds') ?? run.seeds);
  const committed = readRun(name);
  const summary = (speed ? (committed.speed ?? {}) : committed.summaries)[seeds];
  if (!run.counts.includes(seeds) || !summary)
    throw new Error(`${name} has no summary of ${seeds} seeds (counts: ${run.counts.join(', ')})`);
  // A difference takes the digits its interval supports (shared/difference-digits.js), as the
  // study's own table and caption print it; a count none, a mean two.
  const isCount = ['seeds', 'speed_pairs'].includes(quantity) || quantity in COUNTS;
  const difference = [
    'diff',
    'low',
    'high',
    'ci',
    'speed_diff',
    'speed_gap',
    'speed_low',
    'speed_high',
    'speed_ci',
  ].includes(quantity);
  const fallback = isCount ? 0 : speed ? 1 : 2;
  const digits = Number(
    attr(attrs, 'data-digits') ??
      (difference ? summaryDigits(summary, { scale: speed ? 1 : 100, fallback }) : fallback),
  );
  const format = attr(attrs, 'data-format');
  const scale = speed ? 1 : 100; // epochs, or accuracy in points
  /** @param {keyof import('../../js/shared/types').PairedSummary} field */
  const value = (field) => formatted(Number(summary[field]) * scale, digits, format, num);
  const fields = speed ? SPEED_QUANTITIES : QUANTITIES;
  const field = /** @type {keyof import('../../js/shared/types').PairedSummary} */ (
    fields[quantity]
  );
  const text =
    quantity in COUNTS
      ? formatted(
          committed.per_seed.slice(0, seeds).filter(COUNTS[quantity]).length,
          0,
          format,
          num,
        )
      : quantity === 'ci' || quantity === 'speed_ci'
        ? interval(value('ci_low'), value('ci_high'))
        : isCount
          ? formatted(Number(summary[field]), digits, format, num)
          : quantity === 'speed_gap'
            ? formatted(Math.abs(Number(summary.mean_diff)), digits, format, num)
            : value(field);
  const [a, b] = committed.acts.map((act) => t(`common.act_${act}`));
  const title = t('common.run_value_title', {
    preset: t(run.label ?? `seeds.preset_${run.preset}`),
    seeds,
    what: t(`common.run_${quantity}`, { a, b }),
  });
  return { text, title };
}

/**
 * The fill of every data-run and data-quoted placeholder of a language's strings.
 * @param {{M: import('../../js/shared/types').ActivationLab, quoted?: Record<string, {value: number}>}} opts
 *   M: the module, for the build's own values; quoted: default web/data/quoted.json
 */
export function createProseNumbers({ M, quoted = JSON.parse(readFileSync(QUOTED_FILE, 'utf8')) }) {
  /** @type {Map<string, number>} */
  const computed = new Map();
  /**
   * @param {string} spec
   * @param {string} attrs
   * @param {Language} lang
   */
  const buildValue = (spec, attrs, { t, num }) => {
    const entry = BUILD_VALUES[spec];
    if (!computed.has(spec)) computed.set(spec, entry.value(M));
    const digits = Number(attr(attrs, 'data-digits') ?? entry.digits);
    return {
      text: formatted(Number(computed.get(spec)), digits, attr(attrs, 'data-format'), num),
      title: t('common.core_value_title', { what: t(entry.what) }),
    };
  };
  /**
   * text with its placeholders filled; where ("web/i18n/en/ns.json key") names it in errors.
   * @param {string} text
   * @param {string} where
   * @param {Language} lang
   */
  return function fill(text, where, lang) {
    const out = text.replace(
      PLACEHOLDER,
      /** @type {(m: string, attrs: string, kind: string, spec: string) => string} */ (
        m,
        attrs,
        kind,
        spec,
      ) => {
        try {
          if (kind === 'reading') {
            const read = READINGS[spec];
            if (!read)
              throw new Error(
                `unknown reading "${spec}" (known: ${Object.keys(READINGS).join(', ')})`,
              );
            return `<span${attrs} class="reading-value">${read(lang)}</span>`;
          }
          let value;
          if (kind === 'run' && spec in BUILD_VALUES) value = buildValue(spec, attrs, lang);
          else if (kind === 'run') value = runValue(spec, attrs, lang);
          else {
            const entry = quoted[spec];
            if (!entry)
              throw new Error(
                `unknown quoted number "${spec}" (known: ${Object.keys(quoted).join(', ')})`,
              );
            const digits = Number(attr(attrs, 'data-digits') ?? 2);
            value = {
              text: formatted(entry.value, digits, attr(attrs, 'data-format'), lang.num),
              title: lang.t('common.quoted_value_title', {
                what: lang.t(`common.quoted_${spec.replace(/\./g, '_')}`),
              }),
            };
          }
          // The look of the core's numbers (a dotted underline: there is a tooltip), and a class
          // of its own for a number quoted from elsewhere.
          const cls = `core-value ${kind}-value`;
          const own = attr(attrs, 'class');
          const head = own ? attrs.replace(/\sclass="[^"]*"/, '') : attrs;
          return `<span${head} class="${own ? `${own} ` : ''}${cls}" title="${escapeAttr(value.title)}">${value.text}</span>`;
        } catch (err) {
          throw new Error(
            `${where}: data-${kind}="${spec}": ${/** @type {Error} */ (err).message}`,
          );
        }
      },
    );
    const left = /<span[^>]*\sdata-(?:run|quoted|reading)="([^"]*)"[^>]*>(?!<\/span>)/.exec(text);
    if (left)
      throw new Error(`${where}: the placeholder of ${left[1]} must be empty in the source`);
    return out;
  };
}
