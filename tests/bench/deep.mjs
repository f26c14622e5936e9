// The deep setting of issue 11 in WASM under Node: a 16 x 32 network on 1,600 training points
// for 100 epochs (He init; with and without LayerNorm), and what per-layer diagnostics add to
// an epoch. Runs interleaved, best of ROUNDS (a shared machine only errs on the slow side).

const ROUNDS = 3;
const DIAG_EPOCHS = 10;
// Multiply-adds per sample of 2-32x16-1, and training's ~6 FLOP per multiply-add per sample
// (forward 2, backward 4), over 1,600 samples x 100 epochs: ~14.8 GFLOP. The per-epoch
// evaluation pass and Adam are extra work not counted, so GFLOP/s here is a lower bound.
const MACS = 2 * 32 + 15 * 32 * 32 + 32;
export const DEEP_GFLOP = (6 * MACS * 1600 * 100) / 1e9;

function timeRun(M, config) {
  const e = new M.Experiment(JSON.stringify(config));
  try {
    const t0 = performance.now();
    while (e.step());
    const seconds = (performance.now() - t0) / 1000;
    const last = JSON.parse(e.lastEpochJson());
    return { seconds, reached_95: last.reached_95, train_acc: last.train_acc };
  } finally {
    e.delete();
  }
}

export function runDeepBench(M, { rounds = ROUNDS } = {}) {
  const runs = [
    { name: 'relu, He', config: { activation: 'relu', hidden: '32x16', init: 'he' } },
    { name: 'gelu, He', config: { activation: 'gelu', hidden: '32x16', init: 'he' } },
    {
      name: 'gelu, He, LayerNorm',
      config: { activation: 'gelu', hidden: '32x16', init: 'he', norm: 'layer' },
    },
  ];
  const best = new Map();
  const diag = { plain: Infinity, diagnostics: Infinity };
  for (let round = 0; round < rounds; round++) {
    for (const r of runs) {
      const t = timeRun(M, r.config);
      if (!(best.get(r.name)?.seconds <= t.seconds)) best.set(r.name, t);
    }
    // Diagnostics overhead: the same short run with and without them, back to back.
    for (const on of [false, true]) {
      const config = { ...runs[1].config, epochs: DIAG_EPOCHS, diagnostics: on };
      const key = on ? 'diagnostics' : 'plain';
      diag[key] = Math.min(diag[key], timeRun(M, config).seconds);
    }
  }
  return {
    gflop: DEEP_GFLOP,
    runs: runs.map((r) => ({ name: r.name, ...best.get(r.name) })),
    diagnostics: {
      epochs: DIAG_EPOCHS,
      plain_seconds: diag.plain,
      diagnostics_seconds: diag.diagnostics,
      overhead: diag.diagnostics / diag.plain - 1,
    },
  };
}
