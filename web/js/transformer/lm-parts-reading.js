// What the "parts" figure reads from the core's numbers (geluPartsJson, src/lm/lm_parts.hpp):
// ReLU differs from GELU on both sides of 0, and two of the stand-ins each keep one difference
// (gelu_no_negative: GELU's negative side zeroed; gelu_linear_positive: its positive side straight).
// The share of ReLU's cost that zeroing the negative side alone accounts for says which side the
// trained weights rely on; the takeaway says so whichever way the numbers go. Pure (the strings
// and number formats come in through `words`) so that Node tests and the build can call it.
import { LOSS_LEVEL } from '../shared/takeaway.js';

/**
 * The page's i18n, or the build's translator (web/ship/).
 * @typedef {object} Words
 * @property {(key: string, vars?: Record<string, string | number>) => string} t
 * @property {(x: number, digits?: number, opts?: Intl.NumberFormatOptions) => string} num
 * @property {(x: number, digits?: number) => string} pct
 */
/** @typedef {import('./protocol').LmGeluParts} LmGeluParts */

/** The stand-ins in the order the bars show them: the two extremes first, then GELU's parts. */
export const PART_ORDER = /** @type {const} */ ([
  'relu',
  'gelu_no_negative',
  'gelu_linear_positive',
  'gelu_tanh',
  'silu',
]);

/** Below this share of ReLU's cost a side counts as minor, above 1 − it as the main one. */
const MINOR = 1 / 3;

/**
 * The losses the takeaway reads: each stand-in's Δ against the model's own function, and the
 * share of ReLU's Δ that zeroing GELU's negative side costs (NaN when ReLU costs nothing).
 * @param {LmGeluParts} parts
 */
export function partsNumbers(parts) {
  /** @type {Record<string, number>} */
  const delta = Object.fromEntries(parts.parts.map((p) => [p.name, p.delta]));
  const relu = delta.relu ?? NaN,
    negative = delta.gelu_no_negative ?? NaN,
    positive = delta.gelu_linear_positive ?? NaN;
  const share = relu > LOSS_LEVEL ? negative / relu : NaN;
  return { base: parts.base.val_loss, delta, relu, negative, positive, share };
}

/**
 * Which sentence the takeaway says: 'free' when ReLU costs the model nothing that shows (so no
 * side matters), 'negative' when zeroing the negative side costs most of what ReLU costs,
 * 'positive' when it costs little of it (the straight positive side is the rest), 'both'
 * otherwise; null before the numbers.
 * @param {ReturnType<typeof partsNumbers> | null} n
 * @returns {'free' | 'negative' | 'positive' | 'both' | null}
 */
export function partsCase(n) {
  if (!n || !Number.isFinite(n.relu)) return null;
  if (!(n.relu > LOSS_LEVEL)) return 'free';
  if (n.share >= 1 - MINOR) return 'negative';
  return n.share <= MINOR ? 'positive' : 'both';
}

/**
 * The figure's takeaway, from the core's numbers (null before them).
 * @param {Words} words
 * @param {LmGeluParts | null} parts
 * @param {(act: string) => string} name an activation's display name
 */
export function partsTakeaway(words, parts, name) {
  const n = parts ? partsNumbers(parts) : null;
  const reading = partsCase(n);
  if (!n || !reading) return null;
  const signed = (/** @type {number} */ x) => words.num(x, 3, { signDisplay: 'exceptZero' });
  return words.t(`lm.parts_takeaway_${reading}`, {
    base: name(parts?.base.name ?? 'gelu'),
    relu: signed(n.relu),
    negative: signed(n.negative),
    positive: signed(n.positive),
    share: words.pct(n.share, 0),
  });
}
