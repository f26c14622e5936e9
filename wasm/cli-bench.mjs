// `activation-lab bench`: throughput of the module it runs in (WASM under Node),
// SIMD kernel and scalar reference measured side by side in one run.

const ELEMENTS = 1 << 20; // 1M floats: fits in L2/L3 like a layer's activations
const REPS = 5;
const ROUNDS = 3;
const TRAIN_REPS = 3;

/** @typedef {import('./activation-lab').ActivationLab} ActivationLab */
/** @typedef {import('./activation-lab').ActivationName} ActivationName */
/** @typedef {{fn: string, simd_meps: number, scalar_meps: number, ratio: number}} KernelRate */
/** @typedef {{activation: string, seconds: number, test_acc: number}} TrainingTime */
/**
 * @typedef {object} EndToEnd
 * @property {ActivationName} fn
 * @property {number} elements
 * @property {number} kernel_meps
 * @property {{input: string, meps: number}[]} inputs
 */

/**
 * Kernel throughput and one default training run per activation.
 * @param {ActivationLab} M
 * @param {{elements?: number, reps?: number, trainRuns?: ActivationName[]}} [options]
 */
export function runBench(
  M,
  { elements = ELEMENTS, reps = REPS, trainRuns = ['relu', 'gelu'] } = {},
) {
  /** @type {ActivationName[]} */
  const names = JSON.parse(M.activationNames());
  const kernels = kernelRates(M, names, elements, reps);
  const endToEnd = evaluateThroughput(
    M,
    'gelu',
    elements,
    reps,
    (kernels.find((k) => k.fn === 'gelu')?.simd_meps ?? NaN) * 1e6,
  );
  const training = trainRuns.map((activation) => {
    // Best of TRAIN_REPS whole runs: timings on a shared machine only err on the slow side.
    let seconds = Infinity,
      testAcc = NaN;
    for (let r = 0; r < TRAIN_REPS; r++) {
      const experiment = new M.Experiment(JSON.stringify({ activation }));
      try {
        const t0 = performance.now();
        while (experiment.step());
        seconds = Math.min(seconds, (performance.now() - t0) / 1000);
        testAcc = JSON.parse(experiment.evaluateJson('test')).acc;
      } finally {
        experiment.delete();
      }
    }
    return { activation, seconds, test_acc: testAcc };
  });
  return {
    engine: 'wasm-node',
    arch: M.simdArch(),
    elements,
    kernels,
    endToEnd,
    training,
    text: render(M, kernels, endToEnd, training),
  };
}

/**
 * Each kernel's rate (value and derivative, SIMD and scalar reference) over `elements` floats.
 * @param {ActivationLab} M
 * @param {ActivationName[]} names
 * @param {number} elements
 * @param {number} [reps]
 * @returns {KernelRate[]}
 */
export function kernelRates(M, names, elements, reps = REPS) {
  // ROUNDS passes over every kernel, keeping each one's best: a slow phase of a shared machine
  // (seconds long, here) then spoils one round of a kernel, not its result.
  const best = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    for (const fn of names) {
      for (const grad of [false, true]) {
        for (const scalar of [false, true]) {
          const key = `${fn}/${grad}/${scalar}`;
          best.set(
            key,
            Math.max(best.get(key) ?? 0, M.benchActivation(fn, grad, scalar, elements, reps)),
          );
        }
      }
    }
  }
  return names.flatMap((fn) =>
    [false, true].map((grad) => {
      const simd = best.get(`${fn}/${grad}/false`),
        scalar = best.get(`${fn}/${grad}/true`);
      return {
        fn: grad ? `${fn}'` : fn,
        simd_meps: simd / 1e6,
        scalar_meps: scalar / 1e6,
        ratio: simd / scalar,
      };
    }),
  );
}

/**
 * evaluate() end to end (input copied into WASM memory, kernel, output copied out) for each kind
 * of input it takes, beside the kernel alone (`kernelRate`, elements/s): M elements/s, best of
 * ROUNDS x reps calls.
 * @param {ActivationLab} M
 * @param {ActivationName} fn
 * @param {number} elements
 * @param {number} reps
 * @param {number} kernelRate
 * @returns {EndToEnd}
 */
export function evaluateThroughput(M, fn, elements, reps, kernelRate) {
  const f32 = new Float32Array(elements);
  for (let i = 0; i < elements; i++) f32[i] = -6 + (12 * i) / elements;
  const inputs = { Float32Array: f32, Float64Array: Float64Array.from(f32), 'number[]': [...f32] };
  const rates = Object.entries(inputs).map(([input, xs]) => {
    let seconds = Infinity;
    for (let r = 0; r < ROUNDS * reps; r++) {
      const t0 = performance.now();
      M.evaluate(fn, false, false, xs);
      seconds = Math.min(seconds, (performance.now() - t0) / 1000);
    }
    return { input, meps: elements / seconds / 1e6 };
  });
  return { fn, elements, kernel_meps: kernelRate / 1e6, inputs: rates };
}

/**
 * @param {ActivationLab} M
 * @param {KernelRate[]} kernels
 * @param {EndToEnd} endToEnd
 * @param {TrainingTime[]} training
 */
function render(M, kernels, endToEnd, training) {
  /** @type {(s: string | number, n: number) => string} */
  const pad = (s, n) => String(s).padStart(n);
  const lines = [
    `WASM under Node (${M.simdArch()}), ${ELEMENTS} floats, best of ${ROUNDS} rounds x ${REPS}`,
    `${'kernel'.padEnd(12)}${pad('SIMD M/s', 11)}${pad('scalar M/s', 12)}${pad('SIMD/scalar', 13)}`,
  ];
  for (const k of kernels) {
    lines.push(
      `${k.fn.padEnd(12)}${pad(k.simd_meps.toFixed(0), 11)}${pad(k.scalar_meps.toFixed(0), 12)}${pad(`${k.ratio.toFixed(2)}x`, 13)}`,
    );
  }
  const relu = kernels.find((k) => k.fn === 'relu');
  const gelu = kernels.find((k) => k.fn === 'gelu');
  if (relu && gelu)
    lines.push(`GELU/ReLU cost (SIMD): ${(relu.simd_meps / gelu.simd_meps).toFixed(2)}x`);
  lines.push(
    `evaluate('${endToEnd.fn}') end to end (copy in, kernel, copy out) vs the kernel alone, M/s:`,
  );
  for (const { input, meps } of endToEnd.inputs) {
    lines.push(
      `  ${input.padEnd(14)}${pad(meps.toFixed(0), 6)} vs ${endToEnd.kernel_meps.toFixed(0)} (${((100 * meps) / endToEnd.kernel_meps).toFixed(0)}%)`,
    );
  }
  lines.push(
    `default run (2000 moons, 2-64-64-1, Adam 0.001, batch 32, 100 epochs), best of ${TRAIN_REPS}:`,
  );
  for (const t of training) {
    lines.push(
      `  ${t.activation.padEnd(10)} ${t.seconds.toFixed(3)} s   test accuracy ${(t.test_acc * 100).toFixed(1)}%`,
    );
  }
  return `${lines.join('\n')}\n`;
}
