// Where a Transformer step's time goes, and its goals: the whole step at STEP_GOAL of the SIMD
// ceiling (a guard), its linear products (every gemm of layers.cpp and model.cpp, timed alone at
// their own shapes with benchGemm) at LINEAR_GOAL. What is left beside the products is everything
// else: the attention (its own small kernels over the mask's triangle, which benchGemm's full
// squares would misstate), the activation, softmaxes, LayerNorm, AdamW and copies. The 75 % once
// asked of the whole step is withdrawn: those passes around the products keep the step lower in
// this design, as the split shows. The linear products and the activation's value pass, each at
// its kernel's own rate, and the attention's products at the ceiling itself, are a floor under the
// step. The same step with ReLU in the FFN shows what the rest allows when the activation costs
// next to nothing.
import { sampleCeiling } from './peak.mjs';

const ROUNDS = 3;
const STEP_ROUNDS = 5;
const STEPS_PER_ROUND = 20;
/** The whole step's share of the ceiling beside it: a guard. */
export const STEP_GOAL = 0.55;
/** The step's linear products' share of the ceiling beside them, at gemm's own rates. */
export const LINEAR_GOAL = 0.85;
/** The share once asked of the whole step, withdrawn; the ReLU line still reads against it. */
const WITHDRAWN = 0.75;

/**
 * [m, n, k, A transposed, calls, kind] of one training step, kind 'linear' or 'attention':
 * forward y = x·Wᵀ as gemm(n, out, in),
 * input gradient dy·W as gemm(n, in, out), weight gradient dyᵀ·x as gemm(out, in, n) with A
 * read transposed (layers.cpp); attention per sequence and head, over its causal triangle (attention.cpp).
 * @param {{d: number, layers: number, heads: number, ctx: number, batch: number}} c
 * @param {number} rows1 rows of the FFN's first weight (ffn, or twice the gated hidden width)
 * @param {number} hidden the FFN's hidden width
 * @param {number} vocab
 */
export function stepProducts(c, rows1, hidden, vocab) {
  const n = c.batch * c.ctx;
  const linears = [
    [c.d, 3 * c.d],
    [c.d, c.d],
    [c.d, rows1],
    [hidden, c.d],
  ];
  const out = [];
  for (let l = 0; l < c.layers; l++)
    for (const [inW, outW] of linears)
      out.push(
        [n, outW, inW, false, 1, 'linear'],
        [n, inW, outW, false, 1, 'linear'],
        [outW, inW, n, true, 1, 'linear'],
      );
  out.push(
    [n, vocab, c.d, false, 1, 'linear'],
    [n, c.d, vocab, false, 1, 'linear'],
    [vocab, c.d, n, true, 1, 'linear'],
  );
  // Each attention product runs over the causal triangle: the pairs of a query and a key at or
  // before it, t(t + 1)/2 a head, each a dot product of hs terms (its FLOP as the core counts
  // them, lm_config.cpp; the shapes are not timed).
  const pairs = (c.ctx * (c.ctx + 1)) / 2;
  const hs = c.d / c.heads;
  const heads = c.layers * c.batch * c.heads;
  // scores q·kᵀ, p·v; backward dO·vᵀ, dS·k, and the transposed pᵀ·dO, dSᵀ·q
  for (const transposed of [false, false, false, false, true, true])
    out.push([pairs, 1, hs, transposed, heads, 'attention']);
  return out;
}

/**
 * The reference step with activation `act`: a run long enough that no evaluation falls inside
 * the timed rounds. The ceiling is sampled beside each round, and each round read against its own
 * (the best ratio wins): a shared host's speed moves between rounds, the work and the ceiling's
 * loop alike.
 * @param {import('../../wasm/activation-lab').ActivationLab} M
 * @param {string} corpus
 * @param {string} act
 */
function bestStep(M, corpus, act) {
  const steps = (STEP_ROUNDS + 1) * STEPS_PER_ROUND;
  const e = new M.LmExperiment(JSON.stringify({ act, steps, eval_every: steps }), corpus);
  let best = { ms: Infinity, ceiling: 0 };
  try {
    e.step(STEPS_PER_ROUND); // its first call evaluates the untrained model too
    let before = sampleCeiling(M);
    for (let r = 0; r < STEP_ROUNDS; r++) {
      const t0 = performance.now();
      e.step(STEPS_PER_ROUND);
      const ms = (performance.now() - t0) / STEPS_PER_ROUND;
      const after = sampleCeiling(M);
      const beside = (before + after) / 2;
      if (!best.ceiling || ms * beside < best.ms * best.ceiling) best = { ms, ceiling: beside };
      before = after;
    }
  } finally {
    e.delete();
  }
  return best;
}

/**
 * @param {import('../../wasm/activation-lab').ActivationLab} M
 * @param {string} corpus
 */
export function runLmStepBudget(M, corpus) {
  const config = JSON.parse(M.lmDefaultConfigJson());
  const flops = JSON.parse(M.lmFlopsJson('{}', corpus));
  // The default activation is not gated: the FFN is d → ffn → d (a gated one would change the
  // shapes, and the FLOP check in the rendering would say so).
  const rows1 = config.ffn;
  const hidden = config.ffn;
  let productFlops = 0; // every product the step's FLOP count holds
  let linearFlops = 0;
  let linearMs = 0;
  let attentionFlops = 0;
  for (let r = 0; r < ROUNDS; r++) M.benchGemm(32, 64, 64, false, 1); // warm: optimised code
  // The kernels' best rates are read against the best ceiling beside them, not the step's: a
  // shared host's speed moves between the two.
  let kernelCeiling = sampleCeiling(M);
  const products = stepProducts(config, rows1, hidden, flops.vocab);
  for (const [m, n, k, transposed, calls, kind] of products) {
    const f = 2 * m * n * k * calls;
    productFlops += f;
    if (kind !== 'linear') {
      attentionFlops += f;
      continue;
    }
    let rate = 0;
    for (let r = 0; r < ROUNDS; r++) rate = Math.max(rate, M.benchGemm(m, n, k, transposed, 3));
    linearFlops += f;
    linearMs += (f / rate) * 1e3;
  }
  // The FFN's activation over a step's pre-activations (layers × tokens × ffn), its value pass
  // alone at the kernel's own rate: a pass with the derivative too costs at least that, so the
  // products and it are a floor under the step (a ceiling over its share of the ceiling).
  const activations = config.layers * config.batch * config.ctx * hidden;
  let activationRate = 0;
  for (let r = 0; r < ROUNDS; r++)
    activationRate = Math.max(
      activationRate,
      M.benchActivation(config.act, false, false, activations, 3),
    );
  const activationMs = (activations / activationRate) * 1e3;
  kernelCeiling = Math.max(kernelCeiling, sampleCeiling(M));
  const step = bestStep(M, corpus, config.act);
  // The same step with ReLU in the FFN (one compare a value, no erf or exp; the same FLOP count,
  // as neither is gated): what the products and the step's other passes allow with an
  // activation that costs next to nothing.
  const relu = config.act === 'relu' ? null : bestStep(M, corpus, 'relu');
  return {
    act: config.act,
    step_flops: flops.step,
    product_flops: productFlops,
    linear_flops: linearFlops,
    attention_flops: attentionFlops,
    linearMs,
    activationMs,
    kernelCeiling,
    stepMs: step.ms,
    ceiling: step.ceiling,
    relu: relu && { stepMs: relu.ms, ceiling: relu.ceiling },
  };
}

/**
 * @param {ReturnType<typeof runLmStepBudget>} b
 * @param {(text: string, ok: boolean, measured: string) => string} goal
 */
export function renderLmStepBudget(b, goal) {
  const peak = b.ceiling;
  const share = (/** @type {number} */ flops, /** @type {number} */ ms, ceiling = peak) =>
    (100 * flops) / (ms * 1e6) / ceiling;
  const pct = (/** @type {number} */ flops, /** @type {number} */ ms, ceiling = peak) =>
    `${share(flops, ms, ceiling).toFixed(0)}% of peak`;
  // The attention's products can run no faster than the ceiling: their share of the floor.
  const attentionMs = b.attention_flops / (b.kernelCeiling * 1e6);
  const floorMs = b.linearMs + b.activationMs + attentionMs;
  const allowed = b.step_flops / (WITHDRAWN * peak * 1e6);
  const stepShare = share(b.step_flops, b.stepMs);
  const linearShare = share(b.linear_flops, b.linearMs, b.kernelCeiling);
  const w = `${Math.round(WITHDRAWN * 100)}%`;
  const lines = [
    `  one ${b.act} step, best of ${STEP_ROUNDS} x ${STEPS_PER_ROUND} against the ceiling beside it (${peak.toFixed(1)} GFLOP/s): ${b.stepMs.toFixed(2)} ms (${pct(b.step_flops, b.stepMs)})`,
    `  its linear products (${((100 * b.linear_flops) / b.step_flops).toFixed(0)}% of its FLOPs) alone, at gemm's own rates: ${b.linearMs.toFixed(2)} ms (${pct(b.linear_flops, b.linearMs, b.kernelCeiling)}, against ${b.kernelCeiling.toFixed(1)} beside them); everything else (the attention, activation, softmaxes, LayerNorm, AdamW, copies) ${(b.stepMs - b.linearMs).toFixed(2)} ms`,
    goal(
      `a whole step >= ${Math.round(STEP_GOAL * 100)}% of the SIMD ceiling (a guard)`,
      stepShare >= 100 * STEP_GOAL,
      `${stepShare.toFixed(0)}%`,
    ),
    goal(
      `its linear products >= ${Math.round(LINEAR_GOAL * 100)}% of the SIMD ceiling`,
      linearShare >= 100 * LINEAR_GOAL,
      `${linearShare.toFixed(0)}%`,
    ),
    `  (no goal of ${w} for the whole step: the passes around its products keep it lower in this design; at ${w} a step has ${allowed.toFixed(2)} ms, ${(allowed - b.linearMs).toFixed(2)} ms beside its linear products, against ${(b.stepMs - b.linearMs).toFixed(2)} ms here)`,
    `  a floor under the step: its linear products, the ${b.act} value pass alone (${b.activationMs.toFixed(2)} ms at the kernel's own rate) and the attention's products at the ceiling itself (${attentionMs.toFixed(2)} ms), ${floorMs.toFixed(2)} ms: at most ${pct(b.step_flops, floorMs, b.kernelCeiling)} with no softmax, LayerNorm, derivative, cross-entropy or AdamW`,
  ];
  if (b.relu) {
    const { stepMs, ceiling } = b.relu;
    lines.push(
      `  the same step with relu in its FFN, best of ${STEP_ROUNDS} x ${STEPS_PER_ROUND} against the ceiling beside it (${ceiling.toFixed(1)} GFLOP/s): ${stepMs.toFixed(2)} ms (${pct(b.step_flops, stepMs, ceiling)}): ${share(b.step_flops, stepMs, ceiling) < 100 * WITHDRAWN ? `under ${w} with an activation that costs next to nothing` : `at ${w} or more: the ${b.act} activation's passes alone hold the step under it`}`,
    );
  }
  // The list of products must be the FLOP count's (lm_config.cpp): a product left out or
  // counted twice would make the split above wrong.
  if (Math.abs(b.product_flops - b.step_flops) > 1e-6 * b.step_flops)
    lines.push(
      `  [check] the products listed (${b.product_flops} FLOP) differ from the step's count (${b.step_flops})`,
    );
  return lines;
}
