// The softmaxes' kernels (softmax.hpp): exp_shifted_sum against the true exp in float32 ulp, on
// every length and mask, NaN and inf; softmax_lanes against a double-precision causal softmax.
#include "softmax.hpp"

#include "simd/arch.hpp"
#include "ulp.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace {
using ulp::kUlpBound;
using ulp::plain;
using ulp::ulp_error;
}  // namespace

TEST_CASE("exp_shifted_sum: e^(x·scale - shift) within the ulp bound, NaN kept, masked, summed") {
    constexpr float kInf = std::numeric_limits<float>::infinity();
    std::vector<float> x;
    for (float v = -87.0f; v <= 88.0f; v += 0.0137f) x.push_back(v);
    x.push_back(0.0f);
    const float shift = 0.75f;
    std::vector<float> out(x.size());
    al::exp_shifted_sum(x.data(), 1.0f, shift, x.size(), x.size(), out.data());
    double worst = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const float arg = x[i] - shift;  // the argument is rounded to float first, by definition
        if (arg < -87.0f) continue;      // results near the subnormal range may be flushed
        worst = std::max(worst, ulp_error(out[i], plain(std::exp(static_cast<double>(arg)))));
    }
    CHECK(worst <= kUlpBound);
    // Every length (the SIMD tail) and every mask, in place; the sum is the outputs' within
    // float rounding, and a scale of 1/4 is the same as dividing the input first.
    for (std::size_t n = 1; n <= 11; ++n) {
        for (std::size_t valid = 0; valid <= n; ++valid) {
            std::vector<float> v(x.begin() + 6000, x.begin() + 6000 + static_cast<long>(n));
            std::vector<float> want(n), quarter(n), scaled(n);
            for (std::size_t i = 0; i < n; ++i) quarter[i] = v[i] * 4.0f;
            const float sum = al::exp_shifted_sum(v.data(), 1.0f, shift, valid, n, want.data());
            al::exp_shifted_sum(quarter.data(), 0.25f, shift, valid, n, scaled.data());
            CHECK(al::exp_shifted_sum(v.data(), 1.0f, shift, valid, n, v.data()) == sum);
            double truth = 0;
            for (std::size_t i = 0; i < n; ++i) {
                CHECK(v[i] == want[i]);
                CHECK(scaled[i] == want[i]);
                if (i < valid) {
                    CHECK(want[i] == out[6000 + i]);
                    truth += want[i];
                } else {
                    CHECK(want[i] == 0.0f);
                }
            }
            CHECK(std::fabs(sum - truth) <= 4e-7 * truth);
        }
    }
    const float edge[] = {std::numeric_limits<float>::quiet_NaN(), kInf, -kInf, -1000.0f, 0.75f};
    float e[5];
    CHECK(std::isnan(al::exp_shifted_sum(edge, 1.0f, shift, 5, 5, e)));
    CHECK(std::isnan(e[0]));
    CHECK(e[1] == kInf);
    CHECK(e[2] == 0.0f);
    CHECK(e[3] == 0.0f);
    CHECK(e[4] == 1.0f);
    // A masked NaN or inf never reaches the sum.
    CHECK(al::exp_shifted_sum(edge + 2, 1.0f, shift, 3, 3, e) == 1.0f);
    const float tail[] = {0.75f, 0.75f, std::numeric_limits<float>::quiet_NaN(), kInf, kInf};
    CHECK(al::exp_shifted_sum(tail, 1.0f, shift, 2, 5, e) == 2.0f);
    CHECK(e[2] == 0.0f);
    CHECK(e[4] == 0.0f);
}

TEST_CASE("softmax_lanes: each lane's causal softmax over the keys it sees, against double") {
    // A block of n keys × one query per lane; lane r sees keys 0 … full + r. Blocks whose last
    // keys are seen by some lanes only, by none but the first, and wholly seen; scale 1/4 (as
    // the attention's with heads of 16) and 1/3; a NaN score spoils its own lane only.
    constexpr std::size_t lanes = al::simd::float_lanes;
    for (const float scale : {0.25f, 1.0f / 3.0f})
        for (std::size_t n = 1; n <= 13; ++n)
            for (std::size_t full = n > lanes ? n - lanes : 0; full < n + 2; ++full) {
                std::vector<float> pt(n * lanes);
                for (std::size_t i = 0; i < pt.size(); ++i)
                    pt[i] = 6.0f * std::sin(0.37f * static_cast<float>(i + 3 * n) + scale);
                const std::vector<float> x = pt;
                al::softmax_lanes(pt.data(), n, full, scale);
                for (std::size_t r = 0; r < lanes; ++r) {
                    const std::size_t seen = std::min(n, full + r + 1);
                    double mx = -INFINITY, total = 0, got_total = 0;
                    for (std::size_t s = 0; s < seen; ++s)
                        mx = std::max(mx, static_cast<double>(x[s * lanes + r]) * scale);
                    for (std::size_t s = 0; s < seen; ++s)
                        total += std::exp(static_cast<double>(x[s * lanes + r]) * scale - mx);
                    for (std::size_t s = 0; s < n; ++s) {
                        CAPTURE(n);
                        CAPTURE(full);
                        CAPTURE(r);
                        CAPTURE(s);
                        const float got = pt[s * lanes + r];
                        got_total += got;
                        if (s >= seen) {
                            CHECK(got == 0.0f);
                            continue;
                        }
                        const double want =
                            std::exp(static_cast<double>(x[s * lanes + r]) * scale - mx) / total;
                        CHECK(got == doctest::Approx(want).epsilon(2e-6));
                    }
                    CHECK(got_total == doctest::Approx(1.0).epsilon(1e-5));
                }
            }
    // NaN: in the lane it sits in, every probability is NaN; the other lanes are untouched by it.
    if (lanes > 1) {
        const std::size_t n = 3;
        std::vector<float> pt(n * lanes, 0.5f), clean = pt;
        pt[lanes + 1] = std::numeric_limits<float>::quiet_NaN();  // key 1, lane 1
        al::softmax_lanes(pt.data(), n, n, 1.0f);
        al::softmax_lanes(clean.data(), n, n, 1.0f);
        for (std::size_t s = 0; s < n; ++s)
            for (std::size_t r = 0; r < lanes; ++r) {
                if (r == 1)
                    CHECK(std::isnan(pt[s * lanes + r]));
                else
                    CHECK(pt[s * lanes + r] == clean[s * lanes + r]);
            }
    }
}
