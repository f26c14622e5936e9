// The softmaxes' kernels (softmax_simd.cpp): a row's exponentials and their sum, and the
// attention's causal softmax of a block of queries held one per vector lane.
#pragma once
#include <cstddef>

namespace al {

// out[i] = e^(in[i]·scale − shift) for i < valid, 0 for valid ≤ i < n; returns the sum of the
// n outputs. A softmax's exponentials and denominator in one pass (the language model's
// attention, whose rows end in masked entries, and its cross-entropy): the vector exp of the
// sigmoid and SiLU kernels (relative error ~1e-7, results below 2^-126 flushed to 0, NaN kept)
// with SIMD, std::exp in a scalar build. The sum runs over vector lanes, in an order that
// depends on n alone. `out` may alias `in`.
float exp_shifted_sum(const float* in, float scale, float shift, std::size_t valid, std::size_t n,
                      float* out);

// The causal softmax of a block of the attention's scores held transposed: n keys × the block's
// queries, one query per lane (pt [n][simd::float_lanes], src/lm/attention.cpp). Lane r sees
// the keys s ≤ full + r (every lane sees keys 0 … full); each lane becomes
// e^(x·scale − max·scale)/Σ over the keys it sees, zeros at the others. Max, exp with sum, and
// 1/Σ are passes over whole vectors: no horizontal reductions, one call a block. The exp is
// exp_shifted_sum's; each lane sums its keys in four interleaved chains (keys s mod 4).
void softmax_lanes(float* pt, std::size_t n, std::size_t full, float scale);

}  // namespace al
