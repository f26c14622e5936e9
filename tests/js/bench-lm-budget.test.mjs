// The bench's split of a Transformer step (tests/bench/lm-budget.mjs) times the products it lists:
// that list must hold exactly the FLOPs the core counts for a step (lm_config.cpp), or the split
// would misstate what the products cost.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { loadModule } from '../../wasm/module.mjs';
import { stepProducts } from '../bench/lm-budget.mjs';

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
