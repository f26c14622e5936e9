// Issue 29's cost of the neuron maps: one Experiment.neuronMaps call (every unit of a hidden layer
// over a grid, one batched forward pass) beside one epoch of the same run, in WASM under Node, so
// that a refresh per epoch is priced as a fraction of the epoch. The twin's default network
// (2-64-64-1 on 2000 moons) and a wide one (2-512x4-1, 79 % of the work budget), the first and the
// last hidden layer, at the page's grid sizes; best of ROUNDS each, interleaved.

const ROUNDS = 5;
/** A guard, not a target: the default net's 24x24 refresh at most this share of an epoch. */
export const MAPS_GOAL = 0.12;
const GRIDS = [24, 48];
const NETS = [
  { name: '2-64-64-1', config: { hidden: '64,64' } },
  { name: '2-512x4-1', config: { hidden: '512x4' } },
];

/** Best time in ms of `f` over `rounds` calls. @param {() => void} f @param {number} rounds */
function best(f, rounds) {
  let ms = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    f();
    ms = Math.min(ms, performance.now() - t0);
  }
  return ms;
}

/** @param {import('../../wasm/activation-lab').ActivationLab} M */
export function runNeuronMapsBench(M, { rounds = ROUNDS } = {}) {
  return NETS.map(({ name, config }) => {
    const e = new M.Experiment(JSON.stringify({ ...config, epochs: 1000 }));
    try {
      const epoch_ms = best(() => e.step(), rounds);
      const layers = JSON.parse(e.configJson()).hidden.length;
      const maps = [];
      for (const layer of [0, layers - 1])
        for (const cells of GRIDS) {
          const ms = best(() => e.neuronMaps(layer, cells, cells, -1.5, 2.5, -1, 1.5), rounds);
          maps.push({ layer, cells, ms, per_epoch: ms / epoch_ms });
        }
      return { name, epoch_ms, maps };
    } finally {
      e.delete();
    }
  });
}

/**
 * @param {ReturnType<typeof runNeuronMapsBench>} nets
 * @param {(text: string, ok: boolean, measured: string) => string} goal
 */
export function renderNeuronMaps(nets, goal) {
  const out = [
    '',
    'Neuron maps: one neuronMaps call (all units of a hidden layer over an n x n grid) vs one epoch, WASM, best of 5:',
  ];
  for (const n of nets) {
    out.push(`  ${n.name}: one epoch on 1,600 points ${n.epoch_ms.toFixed(1)} ms`);
    for (const m of n.maps)
      out.push(
        `    layer ${m.layer}, ${m.cells}x${m.cells}: ${m.ms.toFixed(2)} ms = ${(m.per_epoch * 100).toFixed(1)}% of an epoch`,
      );
  }
  const def = nets[0].maps.filter((m) => m.cells === GRIDS[0]);
  const worst = Math.max(...def.map((m) => m.per_epoch));
  out.push(
    goal(
      `default net: a ${GRIDS[0]}x${GRIDS[0]} refresh per epoch <= ${Math.round(MAPS_GOAL * 100)}% of the epoch (a guard)`,
      worst <= MAPS_GOAL,
      `${(worst * 100).toFixed(1)}%`,
    ),
  );
  const wide = nets[nets.length - 1];
  const deepest = wide.maps.find((m) => m.cells === GRIDS[0] && m.layer > 0);
  if (deepest)
    out.push(
      `  (${wide.name}'s layer ${deepest.layer} at ${GRIDS[0]}x${GRIDS[0]}: ${deepest.ms.toFixed(1)} ms in one call, ${deepest.ms > 50 ? 'more' : 'less'} than a worker's ~50 ms slice: neuronMapsCells fills it in pieces)`,
    );
  return out;
}
