// The ceiling every workload's GFLOP/s is read against: this CPU's SIMD mul+add rate in the
// module itself (benchSimdPeak: register-only f32x4 multiply and add chains, no memory traffic;
// SIMD128 in Emscripten 3.1.6 has no fused multiply-add), and gemm alone on the products the
// workloads are made of (benchGemm), so that a workload's shortfall splits into its products'
// own and what lies around them (activations, softmax, LayerNorm, Adam, copies).
const ROUNDS = 3;

// [m, n, k, A transposed, what]: the products of the moons net (batch 32), the image net (batch
// 128; evaluations 154 rows a chunk) and the Transformer (1,024 tokens of d 32, heads of 16).
const PRODUCTS = [
  [32, 64, 64, false, 'moons 2-64-64-1: hidden layer forward'],
  [64, 64, 32, true, 'moons: its weight gradient'],
  [128, 128, 784, false, 'images: first layer forward'],
  [128, 128, 128, false, 'images: hidden layer forward, input gradient'],
  [128, 128, 128, true, 'images: hidden weight gradient'],
  [128, 10, 128, false, 'images: output layer forward'],
  [1024, 128, 32, false, 'Transformer: FFN up'],
  [1024, 32, 128, false, 'Transformer: FFN down'],
  [128, 32, 1024, true, 'Transformer: FFN down weight gradient'],
  [32, 32, 16, false, 'Transformer: attention scores (one head)'],
];

/** @param {import('../../wasm/activation-lab').ActivationLab} M */
export function runPeakBench(M) {
  // Several rounds: V8 compiles a function's optimised code while it runs, and a shared machine
  // only errs on the slow side.
  let peak = 0;
  for (let r = 0; r < ROUNDS; r++) peak = Math.max(peak, M.benchSimdPeak(3));
  for (let r = 0; r < ROUNDS; r++) M.benchGemm(32, 64, 64, false, 1); // warm: optimised code
  const products = PRODUCTS.map(([m, n, k, transposed, what]) => {
    let flops = 0;
    for (let r = 0; r < ROUNDS; r++) flops = Math.max(flops, M.benchGemm(m, n, k, transposed, 3));
    return { m, n, k, transposed, what, gflops: flops / 1e9 };
  });
  return { peak_gflops: peak / 1e9, products };
}

/**
 * One reading of the ceiling beside a workload, in GFLOP/s: the best of three timings of 5 ms or
 * more. A single timing that met a slow moment of the host would read the ceiling low and
 * flatter the work read against it (one such reading put a Transformer step at 119 % of it).
 * @param {import('../../wasm/activation-lab').ActivationLab} M
 */
export function sampleCeiling(M) {
  return M.benchSimdPeak(3) / 1e9;
}

/**
 * Runs `chunk` until it returns false, timing each call and sampling the ceiling before the first
 * and after every one: the ceiling a long run is read against is then the one the machine had
 * while it ran, not the one of a moment before it (this shared host's speed moves by a third
 * within a minute, the work and the ceiling's loop alike). Returns the run's seconds (the chunks
 * alone) and the ceiling averaged over them, each chunk weighted by its time and given the mean
 * of the samples on either side of it.
 * @param {import('../../wasm/activation-lab').ActivationLab} M
 * @param {() => boolean} chunk
 */
export function runBesideCeiling(M, chunk) {
  const sample = () => sampleCeiling(M);
  let before = sample();
  const samples = [before];
  let seconds = 0;
  let weighted = 0;
  for (;;) {
    const t0 = performance.now();
    const more = chunk();
    const dt = (performance.now() - t0) / 1000;
    const after = sample();
    samples.push(after);
    seconds += dt;
    weighted += (dt * (before + after)) / 2;
    before = after;
    if (!more) break;
  }
  return {
    seconds,
    ceiling_gflops: weighted / seconds,
    ceiling_min: Math.min(...samples),
    ceiling_max: Math.max(...samples),
  };
}

/**
 * "12.3 GFLOP/s, 25% of peak".
 * @param {number} gflops
 * @param {number} peak
 */
export const ofPeak = (gflops, peak) =>
  `${gflops.toFixed(1)} GFLOP/s, ${((100 * gflops) / peak).toFixed(0)}% of peak`;

/** @param {ReturnType<typeof runPeakBench>} p */
export function renderPeak(p) {
  const out = [
    '',
    `SIMD ceiling (WASM/Node, register-only f32x4 mul+add chains): ${p.peak_gflops.toFixed(1)} GFLOP/s`,
    'gemm alone, best of several (C = A·B, m x n x k; T: A read transposed):',
  ];
  for (const x of p.products) {
    const shape = `${x.m}x${x.n}x${x.k}${x.transposed ? 'T' : ''}`;
    out.push(`  ${shape.padEnd(14)}${ofPeak(x.gflops, p.peak_gflops).padEnd(28)}${x.what}`);
  }
  return out;
}
