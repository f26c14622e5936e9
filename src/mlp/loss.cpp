#include "mlp/loss.hpp"

#include <cmath>

namespace al {

double bce_with_logits(double z, double y) {
    return std::fmax(z, 0.0) - z * y + std::log1p(std::exp(-std::fabs(z)));
}

double sigmoid(double z) {
    // Two branches so that exp never overflows: for z < 0, σ(z) = e^z / (1 + e^z).
    if (z >= 0) return 1.0 / (1.0 + std::exp(-z));
    const double e = std::exp(z);
    return e / (1.0 + e);
}

double bce_sum(const float* z, const float* y, std::size_t n) {
    double s = 0.0;
    for (std::size_t i = 0; i < n; ++i) s += bce_with_logits(z[i], y[i]);
    return s;
}

double bce_backward(const float* z, const float* y, std::size_t n, float scale, float* dz) {
    double s = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        s += bce_with_logits(z[i], y[i]);
        dz[i] = scale * static_cast<float>(sigmoid(z[i]) - y[i]);
    }
    return s;
}

std::size_t count_correct(const float* z, const float* y, std::size_t n) {
    std::size_t c = 0;
    for (std::size_t i = 0; i < n; ++i) c += ((z[i] > 0.0f) == (y[i] > 0.5f)) ? 1 : 0;
    return c;
}

}  // namespace al
