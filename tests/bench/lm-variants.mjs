// The FFN variants' training step time, for `npm run bench`: the reference model (d 32, 2 layers,
// ffn 128, batch 32 × ctx 32) with each FFN activation the core offers, measured side by side in
// rounds (each round steps every variant once, so a change of machine load hits them all), the
// median milliseconds per step and the ratio to ReLU. Gated variants have the parameter count of
// the plain ones (within 1 %), so a difference is the cost of the function and of the gate's
// product, not of a larger model.
import { readFileSync } from 'node:fs';
import { scratchText } from '../../web/js/shared/lm-config.js';

const corpus = scratchText(
  readFileSync(new URL('../../web/data/jargon.txt', import.meta.url), 'utf8'),
);
const ROUNDS = 7;
const STEPS_PER_ROUND = 10;

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** @param {import('../../wasm/activation-lab').ActivationLab} M */
export function runLmVariantsBench(M) {
  /** @type {string[]} */
  const acts = JSON.parse(M.lmConfigLimitsJson()).act;
  // Long enough a schedule that it never ends here, and no evaluation inside the timed steps.
  const config = { steps: 10000, eval_every: 10000 };
  const runs = acts.map((act) => {
    const e = new M.LmExperiment(JSON.stringify({ ...config, act }), corpus);
    if (e.error()) throw new Error(`lm-variants bench: ${act}: ${e.error()}`);
    e.step(3); // the step-0 evaluation and a warm-up
    return { act, e, params: e.paramCount(), ms: /** @type {number[]} */ ([]) };
  });
  try {
    for (let round = 0; round < ROUNDS; ++round)
      for (const r of runs) {
        const t0 = performance.now();
        r.e.step(STEPS_PER_ROUND);
        r.ms.push((performance.now() - t0) / STEPS_PER_ROUND);
      }
  } finally {
    for (const r of runs) r.e.delete();
  }
  const relu = median(/** @type {{ms: number[]}} */ (runs.find((r) => r.act === 'relu')).ms);
  return runs.map(({ act, params, ms }) => ({
    act,
    params,
    ms_per_step: median(ms),
    vs_relu: median(ms) / relu,
  }));
}

/** @param {ReturnType<typeof runLmVariantsBench>} rows */
export function renderLmVariants(rows) {
  const out = [
    `Transformer FFN variants (reference model, WASM/Node, median of ${ROUNDS} rounds of ${STEPS_PER_ROUND} steps):`,
    `  ${'act'.padEnd(11)}${'params'.padStart(8)}${'ms/step'.padStart(10)}${'vs relu'.padStart(10)}`,
  ];
  for (const r of rows)
    out.push(
      `  ${r.act.padEnd(11)}${String(r.params).padStart(8)}${r.ms_per_step.toFixed(2).padStart(10)}${`${r.vs_relu.toFixed(2)}x`.padStart(10)}`,
    );
  return out;
}
