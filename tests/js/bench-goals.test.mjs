// The bench's goals as this CPU allows them (tests/bench/, `npm run bench`), read from made-up
// measurements: the image epoch against 80 % of the SIMD ceiling, PyTorch's ratio printed as
// information only; the neuron maps' refresh a guard at 12 % of an epoch; the reference
// Transformer run with no 75 % goal; `lm parts` under a second and the default GLU study within
// 90 s on two cores, estimated from one run of each variant.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stepSplit } from './bench-fixtures.mjs';

import { IMAGE_GFLOP, IMAGE_GOAL, renderImages } from '../bench/images.mjs';
import { MAPS_GOAL, renderNeuronMaps } from '../bench/neuron-maps.mjs';
import {
  GLU_GOAL_S,
  GLU_WORKERS,
  PARTS_GOAL_S,
  gluEstimate,
  renderLmCommands,
} from '../bench/lm-commands.mjs';
import { renderLm } from '../bench/lm.mjs';

const goal = (text, ok, measured) => `  [${ok ? 'met' : 'MISSED'}] ${text}: ${measured}`;
const goals = (lines) => lines.filter((l) => /\[(met|MISSED)\]/.test(l));

test('the image epoch: a goal of 80 % of the SIMD ceiling; PyTorch, faster or not, is information', () => {
  assert.equal(IMAGE_GOAL, 0.8);
  const peak = 50;
  const seconds = (share) => IMAGE_GFLOP / (share * peak);
  const torch = { seconds: seconds(1.4), torch: '1.13' }; // 1.4x the ceiling, as OpenBLAS's AVX-512
  const met = renderImages({ seconds: seconds(0.81), torch }, goal, peak);
  assert.deepEqual(goals(met), [`  [met] epoch in WASM >= 80% of the SIMD ceiling: 81%`]);
  assert.ok(met.some((l) => /\(information\) PyTorch.*1\.40x the SIMD128 ceiling/.test(l)));
  const missed = renderImages({ seconds: seconds(0.79), torch }, goal, peak);
  assert.deepEqual(goals(missed), [`  [MISSED] epoch in WASM >= 80% of the SIMD ceiling: 79%`]);
  const noTorch = renderImages({ seconds: seconds(0.9), torch: { error: 'no torch' } }, goal, peak);
  assert.equal(goals(noTorch).length, 1, 'PyTorch missing costs no goal');
  assert.ok(!noTorch.some((l) => /not measured\]/.test(l)));
});

test('the neuron maps: the default net’s 24x24 refresh at most 12 % of an epoch, a guard', () => {
  assert.equal(MAPS_GOAL, 0.12);
  const nets = (perEpoch) => [
    {
      name: '2-64-64-1',
      epoch_ms: 10,
      maps: [
        { layer: 0, cells: 24, ms: 1, per_epoch: 0.05 },
        { layer: 1, cells: 24, ms: perEpoch * 10, per_epoch: perEpoch },
        { layer: 1, cells: 48, ms: 5, per_epoch: 0.5 }, // the 48x48 grid is not the goal's
      ],
    },
  ];
  assert.match(goals(renderNeuronMaps(nets(0.115), goal))[0], /\[met\].*<= 12% .*a guard.*11\.5%/);
  assert.match(goals(renderNeuronMaps(nets(0.125), goal))[0], /\[MISSED\].*12\.5%/);
});

test('the reference Transformer run states no goal of 75 % of the ceiling', () => {
  const config = { d: 32, layers: 2, ctx: 32, batch: 32, steps: 1500, act: 'gelu' };
  const wasm = {
    seconds: 10,
    gflop: 300,
    gflop_per_s: 30,
    ceiling_gflops: 50,
    ceiling_min: 45,
    ceiling_max: 55,
    chars_per_s: 1e5,
    val_loss: 2,
    peak_heap_mb: 20,
  };
  const budget = stepSplit();
  const lines = renderLm({ config, wasm, budget, torch: { error: 'no torch' } }, goal, 50);
  assert.ok(!goals(lines).some((l) => l.includes('75%')), goals(lines).join('\n'));
  assert.ok(goals(lines).some((l) => l.includes('a whole step >= 55%')));
});

test('lm parts: under a second; the default GLU study: CPU seconds per run x seeds / 2 workers, within 90 s', () => {
  assert.equal(PARTS_GOAL_S, 1);
  assert.equal(GLU_GOAL_S, 90);
  assert.equal(GLU_WORKERS, 2);
  const glu = (each) => ({
    seeds: 3,
    steps: 1000,
    runs: ['relu', 'gelu', 'swiglu'].map((act, i) => ({ act, cpu_s: each + i })),
  });
  // 3 seeds x (19 + 20 + 21) s / 2 = 90 s; with 20, 21, 22: 94.5 s
  assert.equal(gluEstimate(glu(19)), 90);
  const at = renderLmCommands({ parts_s: 0.99, glu: glu(19) }, goal);
  assert.deepEqual(goals(at), [
    "  [met] lm parts (the shipped model's stand-ins and inputs) < 1 s, best of 3: 0.99 s",
    '  [met] default GLU study <= 90 s on 2 idle cores (CPU s per run x 3 seeds / 2 workers): ~90 s',
  ]);
  const over = goals(renderLmCommands({ parts_s: 1, glu: glu(20) }, goal));
  assert.match(over[0], /\[MISSED\] lm parts.*: 1\.00 s/);
  assert.match(over[1], /\[MISSED\] default GLU study.*~95 s/);
  assert.match(
    renderLmCommands({ error: 'lm parts: no model' }, goal).join('\n'),
    /not measured \(lm parts: no model\)/,
  );
});
