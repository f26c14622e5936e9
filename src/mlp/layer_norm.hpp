// nn.LayerNorm(width) as a layer of the MLP (the math: layer_norm_kernels.hpp). It normalises
// in place, so it keeps x̂ (and r) for the backward instead of its input.
// Like Dense, the layer points into the network's flat parameter and gradient vectors.
#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

#include "layer_norm_kernels.hpp"

namespace al {

class LayerNorm {
  public:
    static constexpr double eps = layer_norm_eps;

    LayerNorm(std::size_t width, std::size_t max_rows, float* gamma, float* beta, float* dgamma,
              float* dbeta)
        : width_(width),
          gamma_(gamma),
          beta_(beta),
          dgamma_(dgamma),
          dbeta_(dbeta),
          xhat_(width * max_rows, 0.0f),
          rstd_(max_rows, 0.0f) {}

    std::size_t width() const { return width_; }
    const float* gamma() const { return gamma_; }
    const float* beta() const { return beta_; }
    float* gamma() { return gamma_; }
    float* beta() { return beta_; }

    // γ = 1, β = 0 (PyTorch's init).
    void reset() {
        std::fill(gamma_, gamma_ + width_, 1.0f);
        std::fill(beta_, beta_ + width_, 0.0f);
    }

    // z (rows × width) -> y, in place allowed (y == z). Keeps x̂ and r for backward().
    void forward(const float* z, std::size_t rows, float* y) {
        layernorm_forward(z, gamma_, beta_, rows, width_, y, nullptr, rstd_.data(), xhat_.data());
    }

    // After forward(): dz from dy (in place allowed) and dγ, dβ (accumulated, or overwritten
    // when accumulate is false).
    void backward(const float* dy, std::size_t rows, float* dz, bool accumulate) {
        if (!accumulate) {
            std::fill(dgamma_, dgamma_ + width_, 0.0f);
            std::fill(dbeta_, dbeta_ + width_, 0.0f);
        }
        layernorm_backward(xhat_.data(), gamma_, nullptr, rstd_.data(), dy, rows, width_, dgamma_,
                           dbeta_, dz, false);
    }

  private:
    std::size_t width_;
    float *gamma_, *beta_, *dgamma_, *dbeta_;
    std::vector<float> xhat_;  // max_rows × width
    std::vector<float> rstd_;  // max_rows
};

}  // namespace al
