// `activation-lab lm parts`: which part of GELU a trained Transformer uses (src/lm/lm_parts.hpp).
// The model's validation loss with its FFN function replaced by each stand-in (relu, GELU's two
// parts, gelu_tanh, silu; forward passes only), and per block what the FFN function receives.
import { experiment, loadWeights, modelOf, readWeights, shippedWeights } from './cli-lm-model.mjs';

/** @typedef {import('./activation-lab').ActivationLab} ActivationLab */
/** @typedef {import('./cli-lm-model.mjs').Io} Io */

export const PARTS_USAGE = `  lm parts [--weights FILE] [--json]                         which part of GELU the model uses
                                            (validation loss with each stand-in for its FFN
                                            function; the FFN's inputs per block) -> table or JSON`;

/** @type {NonNullable<import('node:util').ParseArgsConfig['options']>} */
export const partsFlags = { weights: { type: 'string' }, json: { type: 'boolean' } };

/**
 * The model's own FFN function: the one its file records, else GELU (the shipped model's).
 * @param {ActivationLab} M
 * @param {import('./cli-lm-model.mjs').Weights} weights
 * @returns {import('./activation-lab').LmActivationName}
 */
function recordedAct(M, weights) {
  if (typeof weights === 'string') return 'gelu';
  return JSON.parse(M.lmSafetensorsConfigJson(weights)).config?.act ?? 'gelu';
}

/**
 * The core's measurement of a weight file (the shipped GELU model without --weights).
 * @param {ActivationLab} M
 * @param {{[flag: string]: string | boolean | undefined}} o
 * @param {Io} io
 * @returns {import('./activation-lab').LmGeluParts}
 */
export function runParts(M, o, io) {
  const path =
    typeof o.weights === 'string' ? o.weights : shippedWeights(M, 'gelu', 'lm parts', io);
  const weights = readWeights(M, io, path, '--weights');
  const model = modelOf(M, io, recordedAct(M, weights), weights, 'lm parts');
  const e = experiment(M, model.config, model.text, io, 'lm parts');
  try {
    loadWeights(e, weights, '--weights', io);
    /** @type {import('./activation-lab').LmGeluParts | {error: string}} */
    const parts = JSON.parse(e.geluPartsJson());
    if ('error' in parts) return io.fail(`lm parts: ${parts.error}`);
    return parts;
  } finally {
    e.delete();
  }
}

const pct = (/** @type {number} */ x) => `${(100 * x).toFixed(1)} %`;

/**
 * The table `lm parts` prints without --json.
 * @param {import('./activation-lab').LmGeluParts} p
 */
export function partsText(p) {
  const lines = [
    `${p.base.name}'s validation loss ${p.base.val_loss.toFixed(4)} nats/char; with its FFN ` +
      'function replaced by:',
    '  function               val loss     change',
    ...p.parts.map(
      (r) =>
        `  ${r.name.padEnd(22)} ${r.val_loss.toFixed(4).padStart(8)} ` +
        `${(r.delta >= 0 ? '+' : '') + r.delta.toFixed(4)}`.padStart(10),
    ),
    `what ${p.base.name} receives (w1·LN(x) + b), per block; GELU's minimum at ${p.dip.toFixed(4)}:`,
    '  block     mean       sd     ≤ 0   below the minimum',
    ...p.blocks.map(
      (b) =>
        `  ${String(b.block).padEnd(5)} ${b.mean.toFixed(3).padStart(8)} ${b.sd.toFixed(3).padStart(8)}` +
        ` ${pct(b.share_nonpositive).padStart(7)}   ${pct(b.share_below_dip).padStart(7)}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
