// Adam against values computed by hand from torch.optim.Adam's update rule.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "adam.hpp"

TEST_CASE("two Adam steps by hand") {
    al::AdamOptions o;
    o.lr = 0.1;
    al::Adam adam(1, o);
    float p = 1.0f;
    float g = 0.5f;
    adam.step(&p, &g);
    // t=1: m = 0.05, v = 0.00025, step = 0.1/0.1 = 1, denom = √0.00025/√0.001 + 1e-8 = 0.5 + 1e-8.
    CHECK(adam.exp_avg()[0] == doctest::Approx(0.05).epsilon(1e-7));
    CHECK(adam.exp_avg_sq()[0] == doctest::Approx(0.00025).epsilon(1e-7));
    CHECK(p == doctest::Approx(1.0 - 0.05 / (0.5 + 1e-8)).epsilon(1e-7));
    const double p1 = 1.0 - 0.05 / (0.5 + 1e-8);
    g = -0.25f;
    adam.step(&p, &g);
    // t=2: m = 0.9·0.05 − 0.1·0.25 = 0.02, v = 0.999·0.00025 + 0.001·0.0625 = 0.00031225,
    // step = 0.1 / (1 − 0.81) , denom = √0.00031225 / √(1 − 0.998001) + 1e-8.
    const double m = 0.02, v = 0.00031225;
    const double want = p1 - (0.1 / 0.19) * m / (std::sqrt(v) / std::sqrt(1 - 0.998001) + 1e-8);
    CHECK(adam.exp_avg()[0] == doctest::Approx(m).epsilon(1e-6));
    CHECK(adam.exp_avg_sq()[0] == doctest::Approx(v).epsilon(1e-6));
    CHECK(p == doctest::Approx(want).epsilon(1e-6));
    CHECK(adam.steps() == 2);
    adam.reset();
    CHECK(adam.steps() == 0);
    CHECK(adam.exp_avg()[0] == 0.0f);
}

TEST_CASE("Adam and AdamW: every element of a vector (SIMD body and tail), with weight decay") {
    for (bool decoupled : {false, true}) {
        CAPTURE(decoupled);
        al::AdamOptions o;
        o.lr = 0.01;
        o.weight_decay = 0.1;
        o.decoupled = decoupled;
        const std::size_t n = 11;
        al::Adam adam(n, o);
        std::vector<float> p(n), g(n);
        for (std::size_t i = 0; i < n; ++i) {
            p[i] = 0.1f * static_cast<float>(i) - 0.4f;
            g[i] = 0.3f - 0.05f * static_cast<float>(i);
        }
        const std::vector<float> p0 = p;
        adam.step(p.data(), g.data());
        for (std::size_t i = 0; i < n; ++i) {
            // Adam: an L2 penalty in the gradient, g' = g + 0.1·p. AdamW: the moments see g
            // alone, and p first shrinks by 1 − lr·wd. Then the first step is ~ −lr·sign(g').
            const double gd = decoupled ? double(g[i]) : double(g[i]) + 0.1 * double(p0[i]);
            const double m = 0.1 * gd, v = 0.001 * gd * gd;
            const double start = decoupled ? p0[i] * (1.0 - 0.01 * 0.1) : p0[i];
            const double want = start - (0.01 / 0.1) * m / (std::sqrt(v) / std::sqrt(0.001) + 1e-8);
            CHECK(p[i] == doctest::Approx(want).epsilon(1e-6));
        }
    }
}

TEST_CASE("Adam: a vanishing gradient decays the moments to exactly zero, NaN stays NaN") {
    al::AdamOptions o;
    al::Adam adam(4, o);
    std::vector<float> p{1.0f, 1.0f, 1.0f, 1.0f}, g{1e-3f, 1e-3f, 1e-3f, 1e-3f};
    adam.step(p.data(), g.data());
    const std::vector<float> zero(4, 0.0f);
    for (int t = 0; t < 2000; ++t) adam.step(p.data(), zero.data());
    for (float m : adam.exp_avg()) CHECK(m == 0.0f);    // flushed, never subnormal
    for (float v : adam.exp_avg_sq()) CHECK(v > 0.0f);  // 1e-9 · 0.999^2000 is still normal
    std::vector<float> bad{std::nanf(""), 0.0f, 0.0f, 0.0f};
    adam.step(p.data(), bad.data());
    CHECK(std::isnan(p[0]));
}

TEST_CASE(
    "Adam: the SIMD body equals the scalar tail, lane by lane, around every flush threshold") {
    // Each gradient is stepped in a vector of ordinary neighbours (SIMD body, whichever lane) and
    // alone in a one-element optimiser (the scalar loop); both must agree bit for bit, so a
    // vector's fast path (no flush) and flushing path give the scalar code's values. The warm-up
    // gradients leave moments that then decay through m_min (2e-29: m = 2e-30) and v_min (1e-16: v
    // = 1e-35, below 1e-36 after ~2300 steps).
    const std::vector<float> specials{0.0f,   -0.0f,  1e-30f, 5e-30f,  1e-29f, 2e-29f,       5e-17f,
                                      1e-16f, 2e-16f, 1e-10f, -3e-17f, 0.3f,   std::nanf("")};
    for (float warm : {1e-3f, 2e-29f, 1e-16f}) {
        for (float sg : specials) {
            for (std::size_t lane = 0; lane < 4; ++lane) {
                al::AdamOptions o;
                al::Adam vec(8, o), one(1, o);
                std::vector<float> pv(8, 0.5f), gv(8, 0.01f);
                float p1 = 0.5f;
                bool same = true;
                for (int t = 0; t < 2500 && same; ++t) {
                    const float gt = t < 3 ? warm : sg;
                    gv[lane] = gt;
                    vec.step(pv.data(), gv.data());
                    one.step(&p1, &gt);
                    same = std::isnan(p1)
                               ? std::isnan(pv[lane])
                               : pv[lane] == p1 && vec.exp_avg()[lane] == one.exp_avg()[0] &&
                                     vec.exp_avg_sq()[lane] == one.exp_avg_sq()[0];
                }
                CAPTURE(warm);
                CAPTURE(sg);
                CAPTURE(lane);
                CHECK(same);
            }
        }
    }
}
