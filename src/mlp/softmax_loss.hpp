// Softmax cross-entropy over K logits per row, as torch.nn.CrossEntropyLoss with class-index
// targets (reduction "mean"): ℓ(z, y) = log Σ_k e^{z_k} − z_y, written as m + log Σ e^{z_k − m}
// with m = max_k z_k, so no exponential overflows (every term ≤ 1, one of them exactly 1).
// As in loss.hpp, sums come back rather than means so that a batch can be processed in chunks.
#pragma once
#include <cstddef>

namespace al {

// Σ ℓ over `rows` rows of k logits (row-major); labels hold class indices 0..k−1 as floats.
double softmax_ce_sum(const float* z, const float* labels, std::size_t rows, std::size_t k);

// As softmax_ce_sum, and also dz = scale · (softmax(z) − onehot(y)), the gradient of scale · Σ ℓ
// (scale = 1/B for the mean over a batch of B rows). dz may not alias z.
double softmax_ce_backward(const float* z, const float* labels, std::size_t rows, std::size_t k,
                           float scale, float* dz);

// The index of a row's largest logit (the first, on ties: torch.argmax).
std::size_t argmax_row(const float* z, std::size_t k);

// Softmax probability of class j of one row of k logits, in double.
double softmax_probability(const float* z, std::size_t k, std::size_t j);

// Rows whose arg-max (argmax_row) is the label.
std::size_t count_argmax_correct(const float* z, const float* labels, std::size_t rows,
                                 std::size_t k);

}  // namespace al
