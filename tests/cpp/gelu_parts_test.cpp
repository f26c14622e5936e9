// GELU's parts (activation.hpp: gelu_no_negative, gelu_linear_positive) against PyTorch's
// torch.where(x > 0, …) forms (tests/fixtures/make_gelu_parts_fixtures.py) and against finite
// differences of their own values. Their accuracy against the true value is activation_test.cpp's.
#include "activation.hpp"

#include "fixture_reader.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace {

struct TorchPoint {
    float x, value, grad;
};

std::vector<TorchPoint> torch_points(const std::string& act) {
    std::vector<TorchPoint> out;
    for (const fixture::Line& l : fixture::read_fixture("torch_gelu_parts.txt"))
        if (l.size() == 4 && l[0] == act)
            out.push_back({static_cast<float>(fixture::to_d(l[1])),
                           static_cast<float>(fixture::to_d(l[2])),
                           static_cast<float>(fixture::to_d(l[3]))});
    return out;
}

// Within a few float32 roundings of a value of size `scale`. PyTorch's float32 GELU is
// x·½(1 + erf(x/√2)), which cancels below x ≈ -1: its value there is good to a few ulp of |x|,
// not of the (smaller) value, and its derivative to a few ulp of 1 (ours are ulp-accurate:
// activation_test.cpp).
bool near(float got, float want, double scale) {
    return std::fabs(static_cast<double>(got) - want) <= 4 * 6e-8 * std::max(1.0, scale);
}

}  // namespace

TEST_CASE("GELU's parts: values and gradients as PyTorch's torch.where forms") {
    for (const al::Activation a :
         {al::Activation::gelu_no_negative, al::Activation::gelu_linear_positive}) {
        const std::string name = al::activation_names.name(a);
        CAPTURE(name);
        const std::vector<TorchPoint> points = torch_points(name);
        REQUIRE(points.size() > 800);
        std::vector<float> xs, v(points.size()), g(points.size());
        for (const TorchPoint& p : points) xs.push_back(p.x);
        al::activate_with_grad(a, xs.data(), v.data(), g.data(), xs.size());
        int bad = 0;
        for (std::size_t i = 0; i < points.size(); ++i) {
            const TorchPoint& p = points[i];
            const double size = std::max(std::fabs(p.value), std::fabs(p.x));
            const bool ok = near(v[i], p.value, size) && near(g[i], p.grad, 1.0) &&
                            near(al::activate_scalar(a, p.x), p.value, size) &&
                            near(al::activate_grad_scalar(a, p.x), p.grad, 1.0);
            if (!ok && bad++ < 5)
                MESSAGE("x " << p.x << ": " << v[i] << " / " << g[i] << ", torch " << p.value
                             << " / " << p.grad);
        }
        CHECK(bad == 0);
        // At exactly 0 (either sign), the x ≤ 0 side, as torch.where: both agree bit for bit there.
        for (const TorchPoint& p : points)
            if (p.x == 0.0f) {
                CHECK(al::activate_scalar(a, p.x) == p.value);
                CHECK(al::activate_grad_scalar(a, p.x) == p.grad);
            }
    }
}

TEST_CASE("GELU's parts: derivatives match central differences of the values") {
    const double h = 1e-3;
    for (const al::Activation a :
         {al::Activation::gelu_no_negative, al::Activation::gelu_linear_positive}) {
        CAPTURE(al::activation_names.name(a));
        double worst = 0;
        for (double x = -8; x <= 8; x += 0.0173) {
            if (std::fabs(x) < 2 * h) continue;  // the kink at 0 has no derivative
            const float lo = static_cast<float>(x - h), hi = static_cast<float>(x + h);
            float v[2], in[2] = {lo, hi};
            al::activate(a, in, v, 2);
            const double fd = (static_cast<double>(v[1]) - v[0]) / (static_cast<double>(hi) - lo);
            float xf = static_cast<float>(x), g;
            al::activate_grad(a, &xf, &g, 1);
            worst = std::max(worst, std::fabs(fd - g));
        }
        MESSAGE("worst |finite difference - derivative| " << worst);
        CHECK(worst < 1e-3);  // rounding of the values / h plus h²·f‴ ~ 1e-6
    }
}
