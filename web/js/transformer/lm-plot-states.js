// What the Transformer's histograms and bars draw, from the core's numbers: the live parts
// (lm-block.js, lm-parts.js, the worker's 'histogram') and the build's no-script pictures
// (web/ship/pictures/transformer.mjs) call the same functions, so a picture shows what its figure
// shows. The curves are the core's kernels, sampled here (cheap: a few hundred values).
import { linspace, sample } from '../shared/core.js';
import { blockHistogram, differInterval, fractionWithin, histogram, moments } from './lm-stats.js';
import { PART_ORDER, partsNumbers } from './lm-parts-reading.js';

/** @typedef {import('../shared/types').ActivationLab} ActivationLab */
/** @typedef {import('../plots/histogram.js').HistogramState} HistogramState */

/** The block part's histogram: its range and bins, and what "GELU and ReLU differ" means. */
export const BLOCK_RANGE = { lo: -5, hi: 5, bins: 80 };
export const DIFFER_EPS = 0.01; // |GELU(x) − ReLU(x)| above this

/**
 * One block's FFN pre-activations (the core's), binned, with their moments and the share of them
 * where GELU and ReLU differ by more than eps.
 * @param {ActivationLab} M
 * @param {number} layer
 * @param {Float32Array} values
 * @param {{lo: number, hi: number, bins: number, eps: number}} range
 */
export function inputHistogram(M, layer, values, { lo, hi, bins, eps }) {
  // Where GELU and ReLU differ, on the core's own kernels.
  const xs = linspace(lo, hi, 2001);
  const region = differInterval(xs, sample(M, 'gelu', xs), sample(M, 'relu', xs), eps);
  return {
    layer,
    ...histogram(values, { lo, hi, bins }),
    moments: moments(values),
    region,
    inRegion: region ? fractionWithin(values, region[0], region[1]) : 0,
  };
}

/**
 * The block part's plot: the inputs, the band where GELU and ReLU differ, both curves.
 * @param {ActivationLab} M
 * @param {import('./protocol').LmHistogram | null} hist
 * @returns {Partial<HistogramState>}
 */
export function blockPlotState(M, hist) {
  const xs = linspace(BLOCK_RANGE.lo, BLOCK_RANGE.hi, 401);
  return {
    hist,
    band: hist?.region ?? null,
    bandColor: 'relu',
    color: 'gelu',
    curves: [
      { xs, ys: sample(M, 'gelu', xs), color: 'gelu' },
      { xs, ys: sample(M, 'relu', xs), color: 'relu', dash: [5, 4] },
    ],
    curveDomain: [-1, BLOCK_RANGE.hi * 0.6],
  };
}

/**
 * The parts figure's histogram of one block: every input the core counted (the end bars hold
 * what lies beyond the range), the inputs at or below 0 shaded, a line at GELU's minimum.
 * @param {ActivationLab} M
 * @param {import('./protocol').LmFfnStats['blocks'][number] | undefined} block
 * @returns {Partial<HistogramState>}
 */
export function partsPlotState(M, block) {
  const hist = block ? blockHistogram(block) : null;
  const xs = linspace(hist?.lo ?? -1, hist?.hi ?? 1, 401);
  return {
    hist,
    ends: true,
    band: hist ? [hist.lo, 0] : null,
    bandColor: 'relu',
    color: 'gelu',
    marks: [{ x: M.geluDip(), color: 'fg', dash: [4, 3] }],
    curves: hist ? [{ xs, ys: sample(M, 'gelu', xs), color: 'gelu' }] : [],
    curveDomain: [-0.5, 3],
  };
}

/**
 * The parts figure's bars: each stand-in's change in validation loss against the model's own
 * function, in PART_ORDER.
 * @param {import('./protocol').LmGeluParts} parts
 * @param {(act: string) => string} name  an activation's display name
 * @param {(x: number) => string} signed  a change as text
 */
export function partsBarGroups(parts, name, signed) {
  const { delta } = partsNumbers(parts);
  return PART_ORDER.filter((a) => a in delta).map((a) => ({
    label: name(a),
    bars: [{ value: delta[a], color: a, text: signed(delta[a]) }],
  }));
}
