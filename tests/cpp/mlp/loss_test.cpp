// BCE with logits against its closed form, including the extreme logits where a naive
// log(σ(z)) overflows or loses everything.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "mlp/loss.hpp"

TEST_CASE("BCE with logits at extreme and ordinary logits") {
    // ℓ(z, 1) = log(1 + e^−z), ℓ(z, 0) = log(1 + e^z).
    CHECK(al::bce_with_logits(0.0, 1.0) == doctest::Approx(std::log(2.0)).epsilon(1e-15));
    CHECK(al::bce_with_logits(0.0, 0.0) == doctest::Approx(std::log(2.0)).epsilon(1e-15));
    CHECK(al::bce_with_logits(100.0, 0.0) == doctest::Approx(100.0).epsilon(1e-15));
    CHECK(al::bce_with_logits(-100.0, 1.0) == doctest::Approx(100.0).epsilon(1e-15));
    // e^−100 = 3.720075976020836e-44: kept, not rounded to 0.
    CHECK(al::bce_with_logits(100.0, 1.0) == doctest::Approx(3.720075976020836e-44).epsilon(1e-12));
    CHECK(al::bce_with_logits(-100.0, 0.0) ==
          doctest::Approx(3.720075976020836e-44).epsilon(1e-12));
    CHECK(al::bce_with_logits(2.0, 1.0) == doctest::Approx(std::log1p(std::exp(-2.0))));
    CHECK(al::bce_with_logits(-3.0, 0.0) == doctest::Approx(std::log1p(std::exp(-3.0))));
    CHECK(std::isfinite(al::bce_with_logits(1e30, 0.0)));
}

TEST_CASE("BCE sums, gradients and accuracy over a batch") {
    const std::vector<float> z{100.0f, -100.0f, 0.0f, 2.5f, -0.5f};
    const std::vector<float> y{1.0f, 1.0f, 0.0f, 0.0f, 0.0f};
    std::vector<float> dz(z.size());
    const double sum = al::bce_backward(z.data(), y.data(), z.size(), 0.2f, dz.data());
    double want = 0.0;
    for (std::size_t i = 0; i < z.size(); ++i) want += al::bce_with_logits(z[i], y[i]);
    CHECK(sum == doctest::Approx(want).epsilon(1e-15));
    CHECK(al::bce_sum(z.data(), y.data(), z.size()) == doctest::Approx(want).epsilon(1e-15));
    // dℓ/dz = σ(z) − y, times the scale (1 / batch for the mean).
    CHECK(dz[0] == doctest::Approx(0.0).epsilon(1e-12));
    CHECK(dz[1] == doctest::Approx(-0.2));
    CHECK(dz[2] == doctest::Approx(0.1));
    CHECK(dz[3] == doctest::Approx(0.2 / (1.0 + std::exp(-2.5))));
    CHECK(al::sigmoid(-800.0) == 0.0);
    CHECK(al::sigmoid(800.0) == 1.0);
    CHECK(al::sigmoid(0.0) == 0.5);
    // Class 1 iff z > 0. Right: (100, 1), (0, 0) since σ(0) = 0.5 is not > 0.5, (−0.5, 0).
    // Wrong: (−100, 1), (2.5, 0).
    CHECK(al::count_correct(z.data(), y.data(), z.size()) == 3);
}
