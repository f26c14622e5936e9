// nn.LayerNorm over the rows of a row-major [rows][width] matrix, the one implementation both
// models use (the MLP's LayerNorm layer, the Transformer's pre-LN blocks):
//   μ = mean(x), σ² = mean((x − μ)²) (biased, as PyTorch), r = 1/√(σ² + ε), ε = 1e-5,
//   x̂ = (x − μ)·r,  y = x̂·γ + β.
// Backward, with g = dy·γ (per row):  dγ += Σ_rows dy·x̂,  dβ += Σ_rows dy,
//   dx = r·(g − mean(g) − x̂·mean(g·x̂)).
// μ and σ² in double (then rounded to float32), the backward's two means in float32 in index
// order: the Transformer's PyTorch parity (tests/js/lm-parity.test.mjs) moves with the last bits
// of these sums (the MLP's former vectorised float32 sums took silu's parameter deviation from
// 1.8e-6 to 6.1e-6, over its 5e-6 limit). The elementwise passes (y, dx, dγ, dβ) are vectorised,
// rows four at a time, the same bits as one row at a time.
#pragma once
#include <cstddef>

namespace al {

inline constexpr double layer_norm_eps = 1e-5;

// y = LayerNorm(x)·γ + β (y may be x). Keeps r [rows], and when given μ [rows] and x̂
// [rows][width], for the backward: a caller that keeps x keeps μ, one that normalises in place x̂.
void layernorm_forward(const float* x, const float* gamma, const float* beta, std::size_t rows,
                       std::size_t width, float* y, float* mean, float* rstd,
                       float* xhat = nullptr);

// dγ += Σ dy·x̂, dβ += Σ dy (accumulated); dx from dy, added to dx (the residual stream's
// gradient) or, with add_to_dx false, written (dx may then be dy). x̂ is recomputed from x, μ
// and r; mean == nullptr says x is x̂ itself (forward's xhat).
void layernorm_backward(const float* x, const float* gamma, const float* mean, const float* rstd,
                        const float* dy, std::size_t rows, std::size_t width, float* dgamma,
                        float* dbeta, float* dx, bool add_to_dx = true);

}  // namespace al
