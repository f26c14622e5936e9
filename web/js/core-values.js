// Numbers inside the prose, computed by the core: the i18n strings hold placeholders such as
// <span data-core="gelu(-1)" data-digits="4"></span>, filled here after every language switch.
// Forms: fn(x) and fn'(x) for an activation, phi(x) for the normal CDF Φ, and the searched
// quantities dip.x, dip.y, tanh.max, tanh.at (see analysis.js).
import { minimum, tanhError } from './analysis.js';
import { num } from './i18n.js';

let searched = null;

function valueOf(core, spec) {
  const { M } = core;
  const call = /^([a-z_]+)('?)\((-?[\d.]+)\)$/.exec(spec);
  if (call) {
    const [, fn, prime, x] = call;
    if (fn === 'phi') return M.normalCdf(Number(x));
    if (!core.activations.includes(fn)) throw new Error(`core value: unknown function ${fn}`);
    return M.evaluate(fn, prime === "'", false, Float32Array.of(Number(x)))[0];
  }
  if (!searched) {
    const dip = minimum(M);
    const tanh = tanhError(M);
    searched = { 'dip.x': dip.x, 'dip.y': dip.y, 'tanh.max': tanh.max, 'tanh.at': tanh.at };
  }
  if (!(spec in searched)) throw new Error(`core value: unknown quantity ${spec}`);
  return searched[spec];
}

export function fillCoreValues(core, root = document) {
  for (const el of root.querySelectorAll('[data-core]')) {
    const digits = Number(el.dataset.digits ?? 4);
    const value = valueOf(core, el.dataset.core);
    el.textContent =
      el.dataset.format === 'sci'
        ? value
            .toExponential(digits - 1)
            .replace('-', '−')
            .replace('e', ' × 10^')
        : num(value, digits);
    el.classList.add('core-value');
    el.title = el.dataset.core;
  }
}
