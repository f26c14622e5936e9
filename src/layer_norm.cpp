#include "layer_norm.hpp"

#include <algorithm>
#include <cmath>

namespace al {

LayerNorm::LayerNorm(std::size_t width, std::size_t max_rows, float* gamma, float* beta,
                     float* dgamma, float* dbeta)
    : width_(width),
      max_rows_(max_rows),
      gamma_(gamma),
      beta_(beta),
      dgamma_(dgamma),
      dbeta_(dbeta),
      xhat_(width * max_rows, 0.0f),
      rstd_(max_rows, 0.0f) {}

void LayerNorm::reset() {
    std::fill(gamma_, gamma_ + width_, 1.0f);
    std::fill(beta_, beta_ + width_, 0.0f);
}

void LayerNorm::forward(const float* z, std::size_t rows, float* y) {
    const std::size_t w = width_;
    for (std::size_t r = 0; r < rows; ++r) {
        const float* zr = z + r * w;
        float* xr = xhat_.data() + r * w;
        double sum = 0.0;
        for (std::size_t i = 0; i < w; ++i) sum += zr[i];
        const double mean = sum / static_cast<double>(w);
        double ss = 0.0;
        for (std::size_t i = 0; i < w; ++i) {
            const double d = zr[i] - mean;
            ss += d * d;
        }
        const float rstd = static_cast<float>(1.0 / std::sqrt(ss / static_cast<double>(w) + eps));
        const float m = static_cast<float>(mean);
        rstd_[r] = rstd;
        float* yr = y + r * w;
        for (std::size_t i = 0; i < w; ++i) {
            xr[i] = (zr[i] - m) * rstd;
            yr[i] = xr[i] * gamma_[i] + beta_[i];
        }
    }
}

void LayerNorm::backward(const float* dy, std::size_t rows, float* dz, bool accumulate) {
    const std::size_t w = width_;
    if (!accumulate) {
        std::fill(dgamma_, dgamma_ + w, 0.0f);
        std::fill(dbeta_, dbeta_ + w, 0.0f);
    }
    const float inv_w = 1.0f / static_cast<float>(w);
    for (std::size_t r = 0; r < rows; ++r) {
        const float* dyr = dy + r * w;
        const float* xr = xhat_.data() + r * w;
        float* dzr = dz + r * w;
        float sg = 0.0f, sgx = 0.0f;  // Σ g, Σ g·x̂
        for (std::size_t i = 0; i < w; ++i) {
            const float g = dyr[i] * gamma_[i];
            sg += g;
            sgx += g * xr[i];
            dgamma_[i] += dyr[i] * xr[i];
            dbeta_[i] += dyr[i];
        }
        const float mg = sg * inv_w, mgx = sgx * inv_w, rstd = rstd_[r];
        for (std::size_t i = 0; i < w; ++i) dzr[i] = rstd * (dyr[i] * gamma_[i] - mg - xr[i] * mgx);
    }
}

}  // namespace al
