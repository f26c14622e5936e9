// Numbers the build computes in an instant, with the core, from the data the page ships (data-run
// names that are not study runs, fill.mjs): they follow the data and the core with no committed
// result to keep in step.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LM_FILES } from '../../js/shared/lm-config.js';
import { DEPTH_HIDDEN, DEPTH_LAYERS } from '../../js/shared/depth-spreads.js';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @param {import('../../js/shared/types').ActivationLab} M */
const vocabulary = (M) =>
  Number(
    JSON.parse(
      M.lmFlopsJson(M.lmDefaultConfigJson(), readFileSync(join(web, LM_FILES.corpus), 'utf8')),
    ).vocab,
  );

/** How many draws of the initial weights (seeds 0, 1, …) the depth sentences summarise. */
const DEPTH_DRAWS = 10;

/** @type {WeakMap<object, Record<string, number[]>>} M -> { 'gelu.he': last layer's spread per draw } */
const drawsBy = new WeakMap();

/**
 * The spread of the last hidden layer's pre-activations at initialisation (the depth figure's
 * network and data), for each of DEPTH_DRAWS seeds, ReLU and GELU under He's init: the figure
 * shows one draw (the lab's seed), and one draw is not the rule.
 * @param {import('../../js/shared/types').ActivationLab} M
 */
function depthDraws(M) {
  let draws = drawsBy.get(M);
  if (draws) return draws;
  draws = {};
  for (const act of ['relu', 'gelu']) {
    draws[act] = [];
    for (let seed = 0; seed < DEPTH_DRAWS; seed++) {
      const config = { activation: act, hidden: DEPTH_HIDDEN, init: 'he', diagnostics: true, seed };
      const exp = new M.Experiment(JSON.stringify(config));
      try {
        draws[act].push(JSON.parse(exp.diagnosticsJson())[DEPTH_LAYERS - 1].pre_std);
      } finally {
        exp.delete();
      }
    }
  }
  drawsBy.set(M, draws);
  return draws;
}

/** @param {number[]} v */
const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

/**
 * name -> its value (computed by the core), its default digits and the key of what it is.
 * @type {Record<string, {value: (M: import('../../js/shared/types').ActivationLab) => number, digits: number, what: string}>}
 */
export const BUILD_VALUES = {
  // the Transformer's text: how many distinct characters it has, and the loss of a uniform guess
  'lm.corpus.vocabulary': { value: vocabulary, digits: 0, what: 'common.build_lm_vocabulary' },
  'lm.corpus.uniform_loss': {
    value: (M) => Math.log(vocabulary(M)),
    digits: 2,
    what: 'common.build_lm_uniform_loss',
  },
  // the depth figure's last layer over several draws of the initial weights (He's init)
  'depth.draws.count': { value: () => DEPTH_DRAWS, digits: 0, what: 'common.build_depth_count' },
  'depth.draws.relu.median': {
    value: (M) => median(depthDraws(M).relu),
    digits: 2,
    what: 'common.build_depth_relu_median',
  },
  'depth.draws.gelu.median': {
    value: (M) => median(depthDraws(M).gelu),
    digits: 2,
    what: 'common.build_depth_gelu_median',
  },
  'depth.draws.gelu.min': {
    value: (M) => Math.min(...depthDraws(M).gelu),
    digits: 3,
    what: 'common.build_depth_gelu_min',
  },
  'depth.draws.gelu.max': {
    value: (M) => Math.max(...depthDraws(M).gelu),
    digits: 2,
    what: 'common.build_depth_gelu_max',
  },
  'depth.draws.gelu_below': {
    value: (M) => {
      const { relu, gelu } = depthDraws(M);
      return gelu.filter((g, i) => g < relu[i]).length;
    },
    digits: 0,
    what: 'common.build_depth_gelu_below',
  },
};
