// nn.LayerNorm(width) over each row, forward and backward side by side:
//   μ = mean(z), σ² = mean((z − μ)²) (biased, as PyTorch), r = 1/√(σ² + ε), ε = 1e-5,
//   x̂ = (z − μ)·r,  y = x̂·γ + β.
// Backward, with g = dy·γ (per row):  dγ += Σ_rows dy·x̂,  dβ += Σ_rows dy,
//   dz = r·(g − mean(g) − x̂·mean(g·x̂)).
// Everything in float32, vectorised along the row (μ and σ² in two passes), rows four at a time
// (the same bits as one at a time): PyTorch sums in another order, so the two agree to a float32
// ulp or so, not bit for bit.
// Like Dense, the layer points into the network's flat parameter and gradient vectors.
#pragma once
#include <cstddef>
#include <vector>

namespace al {

class LayerNorm {
  public:
    static constexpr float eps = 1e-5f;

    LayerNorm(std::size_t width, std::size_t max_rows, float* gamma, float* beta, float* dgamma,
              float* dbeta);

    std::size_t width() const { return width_; }
    const float* gamma() const { return gamma_; }
    const float* beta() const { return beta_; }
    float* gamma() { return gamma_; }
    float* beta() { return beta_; }

    // γ = 1, β = 0 (PyTorch's init).
    void reset();

    // z (rows × width) -> y, in place allowed (y == z). Keeps x̂ and r for backward().
    void forward(const float* z, std::size_t rows, float* y);

    // After forward(): dz from dy (in place allowed) and dγ, dβ (accumulated, or overwritten
    // when accumulate is false).
    void backward(const float* dy, std::size_t rows, float* dz, bool accumulate);

  private:
    std::size_t width_;
    float *gamma_, *beta_, *dgamma_, *dbeta_;
    std::vector<float> xhat_;  // max_rows × width
    std::vector<float> rstd_;  // max_rows
};

}  // namespace al
