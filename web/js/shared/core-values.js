// Numbers inside the prose, computed by the core: the i18n strings hold placeholders such as
// <span data-core="gelu(-1)" data-digits="4"></span>. web/ship/prerender.mjs fills them at build
// time (the same module, in Node) and the page fills them again from the live core after it loads,
// with the same text. Forms: fn(x) and fn'(x) for an activation, phi(x) for the normal CDF Φ,
// ln(x) for a natural logarithm (a loss of ln V nats is a uniform guess over V symbols), the
// searched quantities dip.x, dip.y, tanh.max, tanh.at (see analysis.js), default.<field> for a
// number of the core's default config (the lab's setup), and depth.<act>.<init>.<layer> for the
// spread of a deep network's pre-activations at init (depth-spreads.js).
import { minimum, tanhError } from './analysis.js';
import { depthValue } from './depth-spreads.js';

// Quantities that take the core a while (four 16-layer networks): the live page keeps the text the
// build wrote with the same core instead of recomputing it on the main thread.
const COSTLY = /^depth\./;

/** @type {WeakMap<import('./types').ActivationLab, Record<string, number>>} */
const searchedBy = new WeakMap(); // M -> the searched quantities, found once per module

/**
 * @param {Pick<import('./types').Core, 'M' | 'activations'>} core
 * @param {string} spec
 * @returns {number}
 */
function valueOf(core, spec) {
  const { M } = core;
  const call = /^([a-z_]+)('?)\((-?[\d.]+)\)$/.exec(spec);
  if (call) {
    const [, fn, prime, x] = call;
    if (fn === 'phi') return M.normalCdf(Number(x));
    if (fn === 'ln') return Math.log(Number(x));
    const name = core.activations.find((a) => a === fn);
    if (!name) throw new Error(`core value: unknown function ${fn}`);
    return M.evaluate(name, prime === "'", false, Float32Array.of(Number(x)))[0];
  }
  if (spec.startsWith('default.')) {
    const value = JSON.parse(M.defaultConfigJson())[spec.slice('default.'.length)];
    if (typeof value !== 'number') throw new Error(`core value: no numeric default ${spec}`);
    return value;
  }
  const depth = depthValue(core, spec);
  if (depth !== undefined) return depth;
  let searched = searchedBy.get(M);
  if (!searched) {
    const dip = minimum(M);
    const tanh = tanhError(M);
    searched = { 'dip.x': dip.x, 'dip.y': dip.y, 'tanh.max': tanh.max, 'tanh.at': tanh.at };
    searchedBy.set(M, searched);
  }
  if (!(spec in searched)) throw new Error(`core value: unknown quantity ${spec}`);
  return searched[spec];
}

/**
 * The text of one placeholder: spec (data-core), digits (data-digits, default 4), format
 * (data-format: 'sci' or none), and num, the language's number formatter (i18n.num).
 * @param {Pick<import('./types').Core, 'M' | 'activations'>} core
 * @param {{spec: string, digits?: number, format?: string, num: Num}} placeholder
 */
export function coreValueText(core, { spec, digits = 4, format, num }) {
  const value = valueOf(core, spec);
  return format === 'sci'
    ? value
        .toExponential(digits - 1)
        .replace('-', '−')
        .replace('e', ' × 10^')
    : num(value, digits);
}

/** @typedef {(x: number, digits: number) => string} Num */
/** @typedef {(key: string, vars?: import('./types').I18nVars) => string} Translate */

/**
 * The tooltip of a placeholder: what the number is, in words or as the formula it computes
 * ("GELU′(−1)"), never the spec's internal name (dip.x).
 * @param {string} spec
 * @param {Translate} t
 */
export function coreValueTitle(spec, t) {
  const call = /^([a-z_]+)('?)\((-?[\d.]+)\)$/.exec(spec);
  const x = call?.[3].replace('-', '−');
  const what = call
    ? call[1] === 'phi'
      ? `Φ(${x})`
      : call[1] === 'ln'
        ? `ln ${x}`
        : `${t(`common.act_${call[1]}`)}${call[2] ? '′' : ''}(${x})`
    : spec.startsWith('default.')
      ? t('common.core_default')
      : spec.startsWith('depth.')
        ? t('common.core_depth')
        : t(`common.core_${spec.replace('.', '_')}`);
  return t('common.core_value_title', { what });
}

/**
 * Fills every placeholder under root.
 * @param {Pick<import('./types').Core, 'M' | 'activations'>} core
 * @param {Num} num
 * @param {ParentNode} [root]
 * @param {Translate} [t]  the language's strings (i18n.t), for the tooltips
 */
export function fillCoreValues(core, num, root = document, t = undefined) {
  for (const el of root.querySelectorAll('[data-core]')) {
    if (!(el instanceof HTMLElement)) continue;
    const { core: spec = '', digits, format } = el.dataset;
    if (COSTLY.test(spec) && el.textContent) continue;
    const text = coreValueText(core, { spec, digits: Number(digits ?? 4), format, num });
    if (el.textContent !== text) el.textContent = text;
    el.classList.add('core-value');
    if (t) el.title = coreValueTitle(spec, t);
    else el.removeAttribute('title');
  }
}
