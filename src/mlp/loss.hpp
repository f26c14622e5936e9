// Binary cross-entropy on logits, as torch.nn.BCEWithLogitsLoss (reduction "mean").
// Per sample: ℓ(z, y) = max(z, 0) − z·y + log1p(exp(−|z|)), which never overflows and keeps
// the precision of log1p for large |z| (ℓ(100, 1) = 3.7e-44, not 0 and not NaN).
// The sums here are returned rather than the mean so that a batch can be processed in chunks.
#pragma once
#include <cstddef>

namespace al {

// ℓ(z, y) in double.
double bce_with_logits(double z, double y);

// Σ ℓ(z[i], y[i]) over n samples (the mean is this / n).
double bce_sum(const float* z, const float* y, std::size_t n);

// As bce_sum, and also dz[i] = scale · (σ(z[i]) − y[i]), the gradient of scale · Σ ℓ.
// For the mean over a batch of B samples, scale = 1/B.
double bce_backward(const float* z, const float* y, std::size_t n, float scale, float* dz);

// Stable logistic function σ(z) = 1 / (1 + e^−z).
double sigmoid(double z);

// How many samples the logits classify right (class 1 iff z > 0, i.e. σ(z) > 0.5).
std::size_t count_correct(const float* z, const float* y, std::size_t n);

}  // namespace al
