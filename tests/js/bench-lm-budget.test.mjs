// The bench's split of a Transformer step (tests/bench/lm-budget.mjs) times the products it lists:
// that list must hold exactly the FLOPs the core counts for a step (lm_config.cpp), or the split
// would misstate what the products cost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stepSplit } from './bench-fixtures.mjs';

import { loadModule } from '../../wasm/module.mjs';
import {
  LINEAR_GOAL,
  STEP_GOAL,
  renderLmStepBudget as render,
  stepProducts,
} from '../bench/lm-budget.mjs';

const goal = (text, ok, measured) => `  [${ok ? 'met' : 'MISSED'}] ${text}: ${measured}`;
/** The split's lines with run.mjs's goal lines. */
const renderLmStepBudget = (b) => render(b, goal);

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

test("the split's ReLU line reads the ReLU step against its own ceiling, and says which side of the withdrawn 75 % it is", () => {
  // 100 MFLOP a step, a 50 GFLOP/s ceiling: 2 ms is 100 %, 4 ms 50 %, 2.5 ms 80 %.
  const split = stepSplit();
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

test('the step is a guard at 55 % of the ceiling beside it, its linear products a goal at 85 %; no 75 % goal', () => {
  assert.equal(STEP_GOAL, 0.55);
  assert.equal(LINEAR_GOAL, 0.85);
  // 100 MFLOP a step against 50 GFLOP/s: 2 ms is 100 %; 90 MFLOP of linear products against the
  // 50 GFLOP/s beside them: 1.8 ms is 100 %.
  const split = (stepMs, linearMs) => stepSplit({ stepMs, linearMs });
  const goals = (stepMs, linearMs) =>
    renderLmStepBudget(split(stepMs, linearMs)).filter((l) => /\[(met|MISSED)\]/.test(l));
  // 2 / 0.56 = 3.571 ms is 56 %, 2 / 0.54 = 3.704 ms 54 %; 1.8 / 0.86 = 2.093 ms is 86 %, 1.8 / 0.84 = 2.143 ms 84 %
  const [step, linear, ...rest] = goals(3.571, 2.093);
  assert.deepEqual(rest, []);
  assert.match(step, /\[met\] a whole step >= 55% of the SIMD ceiling \(a guard\): 56%/);
  assert.match(linear, /\[met\] its linear products >= 85% of the SIMD ceiling: 86%/);
  const [slowStep, slowLinear] = goals(3.704, 2.143);
  assert.match(slowStep, /\[MISSED\] a whole step >= 55%.*: 54%/);
  assert.match(slowLinear, /\[MISSED\] its linear products >= 85%.*: 84%/);
  const lines = renderLmStepBudget(split(3.571, 2.093));
  assert.ok(!lines.some((l) => /\[(met|MISSED)\][^:]*75%/.test(l)), 'no goal of 75 %');
  assert.ok(
    lines.some((l) => /no goal of 75% for the whole step: the passes around its products/.test(l)),
    'the split says where the 75 % went and why',
  );
});
