// The bench's split of a Transformer step (tests/bench/lm-budget.mjs) times the products it lists:
// that list must hold exactly the FLOPs the core counts for a step (lm_config.cpp), or the split
// would misstate what the products cost.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { loadModule } from '../../wasm/module.mjs';
import { renderLmStepBudget, stepProducts } from '../bench/lm-budget.mjs';

const M = await loadModule();
const text = 'the quick brown fox jumps over the lazy dog. '.repeat(200);

test("the bench's step products are the core's step FLOPs, for several shapes", () => {
  const defaults = JSON.parse(M.lmDefaultConfigJson());
  for (const change of [{}, { d: 48, heads: 3 }, { layers: 1, ctx: 13 }, { ffn: 64, batch: 8 }]) {
    const config = { ...defaults, ...change };
    const flops = JSON.parse(M.lmFlopsJson(JSON.stringify(config), text));
    assert.ok(flops, `a valid config: ${JSON.stringify(change)}`);
    const listed = stepProducts(config, config.ffn, config.ffn, flops.vocab).reduce(
      (sum, [m, n, k, , calls]) => sum + 2 * m * n * k * calls,
      0,
    );
    assert.equal(listed, flops.step, JSON.stringify(change));
  }
});

test("the split's ReLU line reads the ReLU step against its own ceiling, and says which side of 75 % it is", () => {
  // 100 MFLOP a step, a 50 GFLOP/s ceiling: 2 ms is 100 %, 4 ms 50 %, 2.5 ms 80 %.
  const split = {
    act: 'gelu',
    step_flops: 100e6,
    product_flops: 100e6,
    linear_flops: 90e6,
    attention_flops: 10e6,
    linearMs: 2,
    activationMs: 0.2,
    kernelCeiling: 50,
    stepMs: 3,
    ceiling: 50,
  };
  const line = (relu) =>
    renderLmStepBudget({ ...split, relu }).find((l) => l.includes('with relu in its FFN'));
  assert.equal(line(null), undefined, 'no line when the step has no ReLU twin');
  const slow = line({ stepMs: 4, ceiling: 50 });
  assert.match(slow, /4\.00 ms \(50% of peak\): under 75%/);
  const fast = line({ stepMs: 2.5, ceiling: 50 });
  assert.match(fast, /2\.50 ms \(80% of peak\): at 75% or more: the gelu activation/);
  // its own ceiling, not the gelu step's: 2.5 ms against 40 GFLOP/s is 100 %
  assert.match(line({ stepMs: 2.5, ceiling: 40 }), /\(100% of peak\)/);
  assert.ok(!renderLmStepBudget({ ...split, relu: null }).some((l) => l.includes('[check]')));
});
