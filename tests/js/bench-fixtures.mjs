// A made-up split of one Transformer step, as tests/bench/lm-budget.mjs measures it, for the tests
// of the bench's lines: 100 MFLOP a step (90 of linear products) against a 50 GFLOP/s ceiling, so
// 2 ms is 100 %; the linear products' 2 ms, the activation's 0.2, the whole step's 3.
/** @param {Record<string, unknown>} [change] */
export const stepSplit = (change = {}) => ({
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
  relu: null,
  ...change,
});
