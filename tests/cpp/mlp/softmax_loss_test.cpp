// Softmax cross-entropy against its definition in long double, at ordinary and extreme logits.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "mlp/softmax_loss.hpp"

TEST_CASE("softmax cross-entropy: value, gradient, extreme logits, arg-max") {
    const std::vector<float> z{1.0f, 2.0f, 3.0f, 0.5f, -1.0f, 0.0f};  // 2 rows of 3
    const std::vector<float> y{2.0f, 0.0f};
    long double want = 0;
    for (int r = 0; r < 2; ++r) {
        long double s = 0;
        for (int j = 0; j < 3; ++j) s += std::exp(static_cast<long double>(z[3 * r + j]));
        want += std::log(s) - z[3 * r + static_cast<int>(y[r])];
    }
    CHECK(al::softmax_ce_sum(z.data(), y.data(), 2, 3) ==
          doctest::Approx(static_cast<double>(want)).epsilon(1e-14));
    std::vector<float> dz(6);
    const double s = al::softmax_ce_backward(z.data(), y.data(), 2, 3, 0.5f, dz.data());
    CHECK(s == doctest::Approx(static_cast<double>(want)).epsilon(1e-14));
    const double e = std::exp(1.0) + std::exp(2.0) + std::exp(3.0);
    CHECK(dz[0] == doctest::Approx(0.5 * std::exp(1.0) / e));
    CHECK(dz[2] == doctest::Approx(0.5 * (std::exp(3.0) / e - 1.0)));
    CHECK(dz[0] + dz[1] + dz[2] == doctest::Approx(0.0).epsilon(1e-7));
    // Logits of ±1e4 would overflow a plain e^z: the loss is their gap, exactly.
    const std::vector<float> big{10000.0f, -10000.0f};
    const std::vector<float> lab{1.0f};
    CHECK(al::softmax_ce_sum(big.data(), lab.data(), 1, 2) == 20000.0);
    std::vector<float> dbig(2);
    al::softmax_ce_backward(big.data(), lab.data(), 1, 2, 1.0f, dbig.data());
    CHECK(dbig[0] == 1.0f);
    CHECK(dbig[1] == -1.0f);
    // Arg-max: row 0 picks class 2 (right), row 1 class 0 (right); ties go to the first.
    CHECK(al::count_argmax_correct(z.data(), y.data(), 2, 3) == 2);
    const std::vector<float> tie{1.0f, 1.0f};
    const std::vector<float> second{1.0f};
    CHECK(al::count_argmax_correct(tie.data(), second.data(), 1, 2) == 0);
}
