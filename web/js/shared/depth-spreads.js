// The numbers behind "Depth and scale": the spread of the activation's input (pre_std,
// src/mlp/diagnostics.hpp) in each of 16 hidden layers of 32 at initialisation, for ReLU and
// GELU under PyTorch's default init and He's, on the lab's default data. Computed by the core
// (Experiment.diagnosticsJson(), the config the lab's "16 layers of 32" links set), once per
// module. Read by the figure (depth/depth-spread.js) and by the prose's data-core placeholders
// "depth.<act>.<init>.<layer>" (core-values.js).

export const DEPTH_HIDDEN = '32x16';
export const DEPTH_LAYERS = 16;
/** @type {{act: import('./types').ActivationName, init: 'default' | 'he'}[]} */
export const SERIES = [
  { act: 'relu', init: 'he' },
  { act: 'gelu', init: 'he' },
  { act: 'relu', init: 'default' },
  { act: 'gelu', init: 'default' },
];

/** @type {WeakMap<object, Record<string, number[]>>} */
const spreadsBy = new WeakMap(); // M -> { 'gelu.he': [pre_std of layers 1..16] }

/**
 * The pre-activation spread per hidden layer at init, for every series, computed once per module.
 * @param {Pick<import('./types').Core, 'M'>} core
 * @returns {Record<string, number[]>}
 */
export function depthSpreads({ M }) {
  let spreads = spreadsBy.get(M);
  if (spreads) return spreads;
  spreads = {};
  for (const { act, init } of SERIES) {
    const config = { activation: act, hidden: DEPTH_HIDDEN, init, diagnostics: true };
    const exp = new M.Experiment(JSON.stringify(config));
    try {
      const layers = /** @type {import('./types').LayerStats[]} */ (
        JSON.parse(exp.diagnosticsJson())
      );
      spreads[`${act}.${init}`] = layers.map((l) => l.pre_std);
    } finally {
      exp.delete();
    }
  }
  spreadsBy.set(M, spreads);
  return spreads;
}

/**
 * One value for a placeholder "depth.gelu.he.16" (layer 1..16), or undefined if not that form.
 * @param {Pick<import('./types').Core, 'M'>} core
 * @param {string} spec
 */
export function depthValue(core, spec) {
  const m = /^depth\.(relu|gelu)\.(default|he)\.(\d+)$/.exec(spec);
  if (!m) return undefined;
  const value = depthSpreads(core)[`${m[1]}.${m[2]}`][Number(m[3]) - 1];
  if (value === undefined) throw new Error(`core value: no layer ${m[3]} in ${spec}`);
  return value;
}
