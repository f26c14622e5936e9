#include "mlp/softmax_loss.hpp"

#include <cmath>

namespace al {

namespace {

// Largest logit of a row: the shift that keeps every e^{z − m} ≤ 1.
double row_max(const float* z, std::size_t k) {
    double m = z[0];
    for (std::size_t j = 1; j < k; ++j) m = std::fmax(m, z[j]);
    return m;
}

// log Σ e^{z_j − m}, in double (the terms are ≥ e^{z_j − m} of float logits: no underflow trap).
double log_sum_shifted(const float* z, std::size_t k, double m) {
    double s = 0.0;
    for (std::size_t j = 0; j < k; ++j) s += std::exp(z[j] - m);
    return std::log(s);
}

std::size_t label_of(float y) { return static_cast<std::size_t>(y); }

}  // namespace

double softmax_ce_sum(const float* z, const float* labels, std::size_t rows, std::size_t k) {
    double total = 0.0;
    for (std::size_t r = 0; r < rows; ++r, z += k) {
        const double m = row_max(z, k);
        total += m + log_sum_shifted(z, k, m) - z[label_of(labels[r])];
    }
    return total;
}

double softmax_ce_backward(const float* z, const float* labels, std::size_t rows, std::size_t k,
                           float scale, float* dz) {
    double total = 0.0;
    for (std::size_t r = 0; r < rows; ++r, z += k, dz += k) {
        const double m = row_max(z, k);
        const double lse = log_sum_shifted(z, k, m);
        const std::size_t y = label_of(labels[r]);
        total += m + lse - z[y];
        for (std::size_t j = 0; j < k; ++j) {
            const double p = std::exp(z[j] - m - lse);  // softmax, ≤ 1
            dz[j] = scale * static_cast<float>(p - (j == y ? 1.0 : 0.0));
        }
    }
    return total;
}

std::size_t argmax_row(const float* z, std::size_t k) {
    std::size_t best = 0;
    for (std::size_t j = 1; j < k; ++j)
        if (z[j] > z[best]) best = j;
    return best;
}

double softmax_probability(const float* z, std::size_t k, std::size_t j) {
    const double m = row_max(z, k);
    return std::exp(double(z[j]) - m - log_sum_shifted(z, k, m));
}

std::size_t count_argmax_correct(const float* z, const float* labels, std::size_t rows,
                                 std::size_t k) {
    std::size_t correct = 0;
    for (std::size_t r = 0; r < rows; ++r, z += k)
        correct += argmax_row(z, k) == label_of(labels[r]) ? 1 : 0;
    return correct;
}

}  // namespace al
