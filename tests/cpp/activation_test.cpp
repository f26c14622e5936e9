// Activations against the true value (double precision, independent formulas), in float32 ulp;
// the SIMD kernels against the scalar references on misaligned, odd-length and in-place arrays.
#include "activation.hpp"
#include "matrix.hpp"

#include "simd/arch.hpp"
#include "ulp.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

using al::Activation;

namespace {

using ulp::kUlpBound;
using ulp::plain;
using ulp::Truth;
using ulp::ulp_error;

constexpr double kPi = 3.14159265358979323846;
constexpr float kInf = std::numeric_limits<float>::infinity();

// For a derivative that is a sum of two terms of opposite sign (it crosses zero) the magnitude
// whose ulp is the unit of error is the larger term: no float formula is ulp-accurate where the
// sum cancels.
Truth sum(double a, double b) {
    return {a + b, std::max({std::fabs(a + b), std::fabs(a), std::fabs(b)})};
}

double sigmoid(double y) {
    return y >= 0 ? 1.0 / (1.0 + std::exp(-y)) : std::exp(y) / (1.0 + std::exp(y));
}
double Phi(double x) {  // erf where it does not cancel, erfc where it would
    return x >= 0 ? 0.5 * (1.0 + std::erf(x / std::sqrt(2.0)))
                  : 0.5 * std::erfc(-x / std::sqrt(2.0));
}
double phi(double x) { return std::exp(-0.5 * x * x) / std::sqrt(2.0 * kPi); }

Truth truth(Activation a, bool grad, double x) {
    const double k = std::sqrt(2.0 / kPi), kappa = 0.044715;
    double u = k * (x + kappa * x * x * x), du = k * (1.0 + 3.0 * kappa * x * x);
    // ½(1 + tanh u) in double: tanh where it does not cancel; for u < -1 the same value as σ(2u)
    double half_1p_tanh = u > -1.0 ? 0.5 * (1.0 + std::tanh(u)) : sigmoid(2.0 * u);
    switch (a) {
        case Activation::relu: return plain(grad ? (x > 0 ? 1.0 : 0.0) : std::max(x, 0.0));
        case Activation::identity: return plain(grad ? 1.0 : x);
        case Activation::gelu: return grad ? sum(Phi(x), x * phi(x)) : plain(x * Phi(x));
        case Activation::gelu_tanh: {
            double sech = 1.0 / std::cosh(u);
            return grad ? sum(half_1p_tanh, 0.5 * x * sech * sech * du) : plain(x * half_1p_tanh);
        }
        case Activation::silu:
            return grad ? sum(sigmoid(x), x * sigmoid(x) * sigmoid(-x)) : plain(x * sigmoid(x));
        case Activation::elu:
            if (x > 0) return plain(grad ? 1.0 : x);
            return plain(grad ? std::exp(x) : std::expm1(x));
        case Activation::gelu_no_negative:  // x = 0 on the x ≤ 0 side, as torch.where(x > 0, …)
            return x > 0 ? truth(Activation::gelu, grad, x) : plain(0.0);
        case Activation::gelu_linear_positive:
            return x > 0 ? plain(grad ? 1.0 : x) : truth(Activation::gelu, grad, x);
    }
    return plain(0);
}

// The dense grid: [-10, 10] in steps of 1e-3, then float edge values.
std::vector<float> grid() {
    std::vector<float> xs;
    for (int i = -10000; i <= 10000; ++i) xs.push_back(static_cast<float>(i * 1e-3));
    const float lim = std::numeric_limits<float>::max(), tiny = std::numeric_limits<float>::min();
    const float denorm = std::numeric_limits<float>::denorm_min();
    for (float e : {0.0f, tiny, denorm, lim, 1e-30f, 1e-8f, 1e-4f, 0.5f, 1.0f,
                    std::nextafter(1.0f, 0.0f), 5.5f, 9.99f, 12.5f, 20.0f, 25.0f, 1e10f}) {
        xs.push_back(e);
        xs.push_back(-e);
    }
    return xs;
}

std::string describe(Activation a, bool grad) {
    return std::string(al::activation_names.name(a)) + (grad ? "'" : "");
}

std::vector<float> eval_scalar(Activation a, bool grad, const std::vector<float>& xs) {
    std::vector<float> out(xs.size());
    if (grad)
        al::activate_grad_scalar(a, xs.data(), out.data(), xs.size());
    else
        al::activate_scalar(a, xs.data(), out.data(), xs.size());
    return out;
}
void eval_simd(Activation a, bool grad, const float* in, float* out, std::size_t n) {
    if (grad)
        al::activate_grad(a, in, out, n);
    else
        al::activate(a, in, out, n);
}

// Both the scalar reference and the kernel within kUlpBound ulp of the truth over the grid.
void check_accuracy(Activation a, bool grad) {
    const std::vector<float> xs = grid();
    const std::vector<float> ref = eval_scalar(a, grad, xs);
    std::vector<float> vec(xs.size());
    eval_simd(a, grad, xs.data(), vec.data(), xs.size());
    double worst_ref = 0, worst_vec = 0;
    float at_ref = 0, at_vec = 0;
    int checked = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        Truth t = truth(a, grad, xs[i]);
        double e_ref = ulp_error(ref[i], t), e_vec = ulp_error(vec[i], t);
        if (std::isnan(e_ref)) continue;
        ++checked;
        if (!(e_ref <= worst_ref)) worst_ref = e_ref, at_ref = xs[i];  // NaN results count too
        if (!(e_vec <= worst_vec)) worst_vec = e_vec, at_vec = xs[i];
    }
    MESSAGE(describe(a, grad) << ": " << checked << " points, max error scalar " << worst_ref
                              << " ulp (x = " << at_ref << "), simd " << worst_vec
                              << " ulp (x = " << at_vec << ")");
    CHECK(checked > 10000);  // relu: only x > 0 has a normal value
    CHECK(worst_ref <= kUlpBound);
    CHECK(worst_vec <= kUlpBound);
}

// NaN propagates; the limits at ±inf; ±0 stays finite.
void check_special(Activation a, bool grad, float at_minus_inf, float at_plus_inf) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const std::vector<float> xs = {nan, -kInf, kInf, 0.0f, -0.0f, 1e-8f};
    const std::vector<float> ref = eval_scalar(a, grad, xs);
    std::vector<float> vec(xs.size());
    eval_simd(a, grad, xs.data(), vec.data(), xs.size());
    for (const std::vector<float>* r : {&ref, static_cast<const std::vector<float>*>(&vec)}) {
        CAPTURE(describe(a, grad));
        CHECK(std::isnan((*r)[0]));
        CHECK((*r)[1] == at_minus_inf);
        CHECK((*r)[2] == at_plus_inf);
        CHECK(std::isfinite((*r)[3]));
        CHECK(std::isfinite((*r)[4]));
        CHECK(std::isfinite((*r)[5]));
    }
}

std::int64_t ulp_distance(float a, float b) {
    auto ordered = [](float f) {
        std::int32_t i;
        std::memcpy(&i, &f, sizeof i);
        return i < 0 ? std::int64_t{INT32_MIN} - i : std::int64_t{i};
    };
    return std::llabs(ordered(a) - ordered(b));
}

}  // namespace

TEST_CASE("activation names round-trip") {
    for (Activation a : al::all_activations)
        CHECK(al::activation_names.parse(al::activation_names.name(a)) == a);
    CHECK_FALSE(al::activation_names.parse("tanh").has_value());
    CHECK_FALSE(al::activation_names.parse("").has_value());
}

TEST_CASE("relu and its derivative") {
    check_accuracy(Activation::relu, false);
    check_accuracy(Activation::relu, true);
    check_special(Activation::relu, false, 0.0f, kInf);
    check_special(Activation::relu, true, 0.0f, 1.0f);
    for (bool simd : {false, true}) {
        float xs[] = {-2.0f, -0.0f, 0.0f, 3.5f}, v[4], g[4];
        if (simd) {
            al::activate(Activation::relu, xs, v, 4);
            al::activate_grad(Activation::relu, xs, g, 4);
        } else {
            al::activate_scalar(Activation::relu, xs, v, 4);
            al::activate_grad_scalar(Activation::relu, xs, g, 4);
        }
        CHECK(v[0] == 0.0f);
        CHECK(v[3] == 3.5f);
        CHECK(g[0] == 0.0f);
        CHECK(g[1] == 0.0f);  // ReLU'(0) = 0, as PyTorch
        CHECK(g[2] == 0.0f);
        CHECK(g[3] == 1.0f);
    }
}

TEST_CASE("identity and its derivative") {
    check_accuracy(Activation::identity, false);
    check_accuracy(Activation::identity, true);
    check_special(Activation::identity, false, -kInf, kInf);
    check_special(Activation::identity, true, 1.0f, 1.0f);
}

TEST_CASE("gelu (exact, erf)") {
    check_accuracy(Activation::gelu, false);
    check_special(Activation::gelu, false, 0.0f, kInf);  // -0 == 0
    // Known values (float nearest to the decimal), scalar and kernel
    const float xs[] = {-1.0f, 2.0f, -0.751791525f};
    const float want[] = {-0.158655254f, 1.95449974f, -0.169971208f};
    float vec[3];
    al::activate(Activation::gelu, xs, vec, 3);
    for (int i = 0; i < 3; ++i) {
        CAPTURE(xs[i]);
        CHECK(ulp_distance(al::activate_scalar(Activation::gelu, xs[i]), want[i]) <= 1);
        CHECK(ulp_distance(vec[i], want[i]) <= 1);
    }
}

TEST_CASE("gelu derivative") {
    check_accuracy(Activation::gelu, true);
    check_special(Activation::gelu, true, 0.0f, 1.0f);
    // The minimum of GELU: the derivative changes sign at x = -0.751791525
    const float xs[] = {-0.7519f, -0.7517f};
    float vec[2];
    al::activate_grad(Activation::gelu, xs, vec, 2);
    CHECK(al::activate_grad_scalar(Activation::gelu, xs[0]) < 0.0f);
    CHECK(al::activate_grad_scalar(Activation::gelu, xs[1]) > 0.0f);
    CHECK(vec[0] < 0.0f);
    CHECK(vec[1] > 0.0f);
}

// The GELU kernels take a fast formula for vectors whose lanes all have |x| <= 13 and a general
// one otherwise (inf, NaN, and the underflowing tail): both must meet the bound on a grid ten times
// denser than check_accuracy's, out to where the results underflow, and a value must not depend on
// its neighbours' path.
TEST_CASE("gelu kernels: dense grid, fast/general boundary, mixed vectors") {
    // Out to |x| = 14 for the kernel. A scalar-only build runs the reference here, whose float
    // std::erfc goes subnormal (and loses digits) once x < -12.9 while x·Φ(x) is still normal.
    const int reach = AL_SIMD ? 140000 : 125000;
    std::vector<float> xs;
    for (int i = -reach; i <= reach; ++i) xs.push_back(static_cast<float>(i * 1e-4));
    for (float e : {6.0f, 13.0f, 15.0f}) {
        for (float x : {std::nextafter(e, 0.0f), e, std::nextafter(e, 100.0f)}) {
            xs.push_back(x);
            xs.push_back(-x);
        }
    }
    for (bool grad : {false, true}) {
        std::vector<float> out(xs.size());
        eval_simd(Activation::gelu, grad, xs.data(), out.data(), xs.size());
        double worst = 0;
        float at = 0;
        for (std::size_t i = 0; i < xs.size(); ++i) {
            double e = ulp_error(out[i], truth(Activation::gelu, grad, xs[i]));
            if (!std::isnan(e) && !(e <= worst)) worst = e, at = xs[i];
        }
        MESSAGE(describe(Activation::gelu, grad)
                << " dense grid to |x| = " << reach * 1e-4 << ": max error " << worst
                << " ulp (x = " << at << ")");
        CHECK(worst <= kUlpBound);
    }
    // Each value alone (its vector padded with zeros: fast path when |x| <= 13) and next to lanes
    // beyond the fast range, NaN and inf (general path): bit-identical.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (bool grad : {false, true}) {
        for (float x :
             {-12.99f, -5.99f, -0.7517f, -1e-30f, 0.0f, 0.3f, 2.5f, 6.0f, -13.0f, 13.0f}) {
            float alone;
            eval_simd(Activation::gelu, grad, &x, &alone, 1);
            for (float other : {13.5f, -14.5f, nan, kInf, -kInf}) {
                float in[8] = {other, x, other, x, x, other, other, x}, out[8];
                eval_simd(Activation::gelu, grad, in, out, 8);
                CAPTURE(x);
                CAPTURE(other);
                for (int i : {1, 3, 4, 7}) CHECK(ulp_distance(out[i], alone) == 0);
                float other_alone;
                eval_simd(Activation::gelu, grad, &other, &other_alone, 1);
                CHECK((std::isnan(out[0]) ? std::isnan(other_alone) : out[0] == other_alone));
            }
        }
    }
}

// Each GELU kernel (value, derivative, and both in one pass) writes exactly value(x) and grad at
// every x, bit for bit (the sign of a zero included); the scalar references equal them.
template <class Value>
void check_gelu_tail(const std::vector<float>& xs, Value value, float grad) {
    std::vector<float> v(xs.size()), g(xs.size()), v2(xs.size()), g2(xs.size());
    al::activate(Activation::gelu, xs.data(), v.data(), xs.size());
    al::activate_grad(Activation::gelu, xs.data(), g.data(), xs.size());
    al::activate_with_grad(Activation::gelu, xs.data(), v2.data(), g2.data(), xs.size());
    const auto same = [](float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; };
    for (std::size_t i = 0; i < xs.size(); ++i) {
        CAPTURE(xs[i]);
        const float want = value(xs[i]);
        CHECK((same(v[i], want) && same(v2[i], want)));
        CHECK((same(g[i], grad) && same(g2[i], grad)));
        CHECK(al::activate_scalar(Activation::gelu, xs[i]) == want);
        CHECK(al::activate_grad_scalar(Activation::gelu, xs[i]) == grad);
    }
}

// Above the fast range GELU saturates in float: x·Φ(x) rounds to x and GELU′ to 1 (the kernels
// take those values without the general formula, the scalar reference from kGeluSat on).
TEST_CASE("gelu saturates exactly above 13: value x, derivative 1") {
    check_gelu_tail(
        {std::nextafter(13.0f, 100.0f), 13.5f, 14.99f, 15.0f, 16.0f, 19.99f, 20.0f, 21.0f, 1e10f,
         std::numeric_limits<float>::max(), kInf},
        [](float x) { return x; }, 1.0f);
}

// Below -15 (where the general formula clamps |x|) GELU and GELU′ vanish: +0 and -0, the values
// the formula gives there, which the kernels write without it. (The references: 0 too.)
TEST_CASE("gelu vanishes exactly below -15: value +0, derivative -0") {
    check_gelu_tail(
        {std::nextafter(-15.0f, -100.0f), -15.5f, -19.99f, -20.0f, -21.0f, -1e10f,
         -std::numeric_limits<float>::max(), -kInf},
        [](float) { return 0.0f; }, -0.0f);
    // A NaN takes the fast formula, which carries it through, also in a vector of fast lanes.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<float> fast = {nan, 0.5f, -0.5f, 1.0f, 2.0f, nan, -3.0f, 4.0f}, fv(8), fg(8);
    al::activate_with_grad(Activation::gelu, fast.data(), fv.data(), fg.data(), fast.size());
    for (std::size_t i = 0; i < fast.size(); ++i) {
        CAPTURE(fast[i]);
        CHECK(std::isnan(fv[i]) == std::isnan(fast[i]));
        CHECK(std::isnan(fg[i]) == std::isnan(fast[i]));
    }
}

TEST_CASE("normal_cdf") {
    CHECK(ulp_distance(al::normal_cdf(1.0f), 0.841344746f) <= 1);
    CHECK(al::normal_cdf(0.0f) == 0.5f);
    double worst = 0;
    for (int i = -10000; i <= 10000; ++i) {
        float x = static_cast<float>(i * 1e-3);
        worst = std::max(worst, ulp_error(al::normal_cdf(x), plain(Phi(x))));
    }
    MESSAGE("normal_cdf max error " << worst << " ulp");
    CHECK(worst <= kUlpBound);
    CHECK(al::normal_cdf(-kInf) == 0.0f);
    CHECK(al::normal_cdf(kInf) == 1.0f);
    CHECK(std::isnan(al::normal_cdf(std::nanf(""))));
}

TEST_CASE("gelu_tanh (PyTorch approximate='tanh')") {
    check_accuracy(Activation::gelu_tanh, false);
    check_special(Activation::gelu_tanh, false, 0.0f, kInf);
    // Close to the exact form: |tanh - exact| < 5e-4 on [-10, 10]
    for (float x : {-3.0f, -1.0f, -0.5f, 0.5f, 1.0f, 3.0f})
        CHECK(std::fabs(al::activate_scalar(Activation::gelu_tanh, x) -
                        al::activate_scalar(Activation::gelu, x)) < 5e-4f);
}

TEST_CASE("gelu_tanh derivative") {
    check_accuracy(Activation::gelu_tanh, true);
    check_special(Activation::gelu_tanh, true, 0.0f, 1.0f);
}

TEST_CASE("silu") {
    check_accuracy(Activation::silu, false);
    check_special(Activation::silu, false, 0.0f, kInf);
    CHECK(ulp_distance(al::activate_scalar(Activation::silu, 1.0f), 0.731058579f) <= 1);  // 1·σ(1)
}

TEST_CASE("silu derivative") {
    check_accuracy(Activation::silu, true);
    check_special(Activation::silu, true, 0.0f, 1.0f);
    // minimum of SiLU at x ≈ -1.2785
    CHECK(al::activate_grad_scalar(Activation::silu, -1.2786f) < 0.0f);
    CHECK(al::activate_grad_scalar(Activation::silu, -1.2784f) > 0.0f);
}

TEST_CASE("elu (alpha 1)") {
    check_accuracy(Activation::elu, false);
    check_special(Activation::elu, false, -1.0f, kInf);
    CHECK(ulp_distance(al::activate_scalar(Activation::elu, -1.0f), -0.632120559f) <= 1);
    // expm1 near 0: e^x − 1 in float would give 0 or a few bits here.
    std::vector<float> tiny = {-1e-7f, -3e-5f, -0.01f}, out(3);
    al::activate(Activation::elu, tiny.data(), out.data(), 3);
    for (std::size_t i = 0; i < 3; ++i)
        CHECK(ulp_error(out[i], plain(std::expm1(static_cast<double>(tiny[i])))) <= 1.0);
}

TEST_CASE("elu derivative") {
    check_accuracy(Activation::elu, true);
    check_special(Activation::elu, true, 0.0f, 1.0f);
    CHECK(al::activate_grad_scalar(Activation::elu, 0.0f) == 1.0f);  // e^0, PyTorch's x ≤ 0 branch
    CHECK(ulp_distance(al::activate_grad_scalar(Activation::elu, -1.0f), 0.367879441f) <= 1);
}

TEST_CASE("gelu_no_negative: GELU above 0, 0 at and below it") {
    check_accuracy(Activation::gelu_no_negative, false);
    check_accuracy(Activation::gelu_no_negative, true);
    check_special(Activation::gelu_no_negative, false, 0.0f, kInf);
    check_special(Activation::gelu_no_negative, true, 0.0f, 1.0f);
    for (const float x : {0.0f, -0.0f, -0.5f, -3.0f}) {  // the x ≤ 0 side: value and slope 0
        CHECK(al::activate_scalar(Activation::gelu_no_negative, x) == 0.0f);
        CHECK(al::activate_grad_scalar(Activation::gelu_no_negative, x) == 0.0f);
    }
    for (const float x : {1e-6f, 0.3f, 2.5f}) {  // GELU's own values above 0, bit for bit
        CHECK(al::activate_scalar(Activation::gelu_no_negative, x) ==
              al::activate_scalar(Activation::gelu, x));
        CHECK(al::activate_grad_scalar(Activation::gelu_no_negative, x) ==
              al::activate_grad_scalar(Activation::gelu, x));
    }
}

TEST_CASE("gelu_linear_positive: x above 0, GELU at and below it") {
    check_accuracy(Activation::gelu_linear_positive, false);
    check_accuracy(Activation::gelu_linear_positive, true);
    check_special(Activation::gelu_linear_positive, false, 0.0f, kInf);
    check_special(Activation::gelu_linear_positive, true, 0.0f, 1.0f);
    CHECK(al::activate_grad_scalar(Activation::gelu_linear_positive, 0.0f) == 0.5f);  // GELU′(0)
    for (const float x : {0.0f, -0.5f, -0.75f, -3.0f}) {
        CHECK(al::activate_scalar(Activation::gelu_linear_positive, x) ==
              al::activate_scalar(Activation::gelu, x));
        CHECK(al::activate_grad_scalar(Activation::gelu_linear_positive, x) ==
              al::activate_grad_scalar(Activation::gelu, x));
    }
    CHECK(al::activate_scalar(Activation::gelu_linear_positive, 0.3f) == 0.3f);
    CHECK(al::activate_grad_scalar(Activation::gelu_linear_positive, 1e-6f) == 1.0f);
}

TEST_CASE("gelu_dip: GELU's minimum, where its derivative crosses zero") {
    const double x = al::gelu_dip;
    // GELU′ = Φ + xφ in double vanishes there (to rounding), and changes sign around it.
    CHECK(std::fabs(Phi(x) + x * phi(x)) < 1e-15);
    CHECK(Phi(x - 1e-9) + (x - 1e-9) * phi(x - 1e-9) < 0);
    CHECK(Phi(x + 1e-9) + (x + 1e-9) * phi(x + 1e-9) > 0);
    // The float kernels' derivative changes sign at the float next to it.
    const float xf = static_cast<float>(x);
    const float below = std::nextafter(xf, -1.0f), above = std::nextafter(xf, 0.0f);
    CHECK(al::activate_grad_scalar(Activation::gelu, below - 1e-6f) < 0);
    CHECK(al::activate_grad_scalar(Activation::gelu, above + 1e-6f) > 0);
}

TEST_CASE("model_activation_names: every activation but GELU's parts") {
    CHECK(al::model_activation_names.joined() == "relu, gelu, gelu_tanh, silu, elu, identity");
    for (Activation a : al::all_activations)
        CHECK(al::model_activation_names.contains(a) == !al::is_gelu_part(a));
}

TEST_CASE("kernels agree with the scalar references at any length, alignment and in place") {
    const std::vector<float> xs = grid();
    const std::size_t lanes = al::simd::float_lanes;
    MESSAGE("SIMD arch " << std::string(al::simd::arch_name()) << ", " << lanes
                         << " float lanes, AL_SIMD = " << AL_SIMD);
    for (Activation a : al::all_activations) {
        for (bool grad : {false, true}) {
            CAPTURE(describe(a, grad));
            const std::vector<float> ref = eval_scalar(a, grad, xs);
            std::vector<float> whole(xs.size());
            eval_simd(a, grad, xs.data(), whole.data(), xs.size());
            // The kernel against the reference, every element (both are within kUlpBound of the
            // truth)
            double worst = 0;
            for (std::size_t i = 0; i < xs.size(); ++i) {
                if (std::isnan(ref[i]) || std::isnan(whole[i])) {
                    CHECK(std::isnan(ref[i]) == std::isnan(whole[i]));
                    continue;
                }
                Truth t = truth(a, grad, xs[i]);
                t.value = ref[i];  // distance from the reference, in ulp of the same scale
                double e = ulp_error(whole[i], t);
                if (!std::isnan(e)) worst = std::max(worst, e);
            }
            CHECK(worst <= 2 * kUlpBound);
            // Sub-arrays at every offset 0..lanes and odd lengths, out of place and in place:
            // identical to the whole-array result (no element depends on where it sits).
            std::vector<float> buf(xs.size() + 2 * lanes + 8);
            std::vector<std::size_t> lengths;
            for (std::size_t n = 0; n <= 3 * lanes + 1; ++n) lengths.push_back(n);
            lengths.push_back(xs.size() - 8);
            for (std::size_t offset = 0; offset <= lanes; ++offset) {
                for (std::size_t n : lengths) {
                    const std::size_t from = (offset * 977 + n * 31) % (xs.size() - n + 1);
                    float* in = buf.data() + offset;
                    std::copy(xs.begin() + from, xs.begin() + from + n, in);
                    std::vector<float> out(n + 1, -7.0f);  // out[n]: a guard that must survive
                    eval_simd(a, grad, in, out.data(), n);
                    eval_simd(a, grad, in, in, n);  // in place
                    bool same = out[n] == -7.0f;
                    for (std::size_t i = 0; i < n; ++i) {
                        float w = whole[from + i];
                        same = same && ulp_distance(out[i], w) == 0 && ulp_distance(in[i], w) == 0;
                    }
                    CAPTURE(offset);
                    CAPTURE(n);
                    REQUIRE(same);
                }
            }
        }
    }
}

// Far from zero every function saturates (x, 0 or 1) or underflows. The ulp comparisons above
// skip results that are not normal floats, so here the kernel must follow the reference out to
// |x| = 100 within a loose bound (1e-5 relative, plus 1e-30 absolute for results that underflow;
// what matters is the gross error, e.g. an exponent built as 2^129 that wraps to -0 and turns
// gelu_tanh(-19.9) = -0 into -19.9). The tight bounds on [-10, 10] are checked above.
TEST_CASE("kernels saturate and underflow like the references out to |x| = 100") {
    std::vector<float> xs;
    for (int i = -10000; i <= 10000; ++i) xs.push_back(static_cast<float>(i * 1e-2));
    for (Activation a : al::all_activations) {
        for (bool grad : {false, true}) {
            CAPTURE(describe(a, grad));
            const std::vector<float> ref = eval_scalar(a, grad, xs);
            std::vector<float> got(xs.size());
            eval_simd(a, grad, xs.data(), got.data(), xs.size());
            int bad = 0;
            float first_bad = 0;
            for (std::size_t i = 0; i < xs.size(); ++i) {
                // Derivatives cross zero between terms of order 1: there the scale is 1.
                const double scale = grad ? 1.0 : std::fabs(ref[i]);
                const double diff = std::fabs(static_cast<double>(got[i]) - ref[i]);
                if (!(diff <= 1e-5 * scale + 1e-30) && bad++ == 0) first_bad = xs[i];
            }
            CAPTURE(first_bad);
            CHECK(bad == 0);
        }
    }
}

// The fused pass of training (value and derivative from one evaluation) writes exactly what the
// two separate kernels write, bit for bit, at every length and offset and with either output over
// the input; likewise its scalar reference against the two scalar references.
TEST_CASE("activate_with_grad equals activate and activate_grad, bit for bit") {
    std::vector<float> xs = grid();
    for (float x : {13.0f, std::nextafter(13.0f, 14.0f), -13.5f, -14.8f, -15.5f, 15.0f, kInf, -kInf,
                    std::numeric_limits<float>::quiet_NaN()})
        xs.push_back(x);  // lanes outside GELU's fast range, mixed with fast ones in a vector
    const std::size_t lanes = al::simd::float_lanes;
    for (Activation a : al::all_activations) {
        CAPTURE(describe(a, false));
        std::vector<float> v(xs.size()), g(xs.size()), fv(xs.size()), fg(xs.size());
        al::activate(a, xs.data(), v.data(), xs.size());
        al::activate_grad(a, xs.data(), g.data(), xs.size());
        al::activate_with_grad(a, xs.data(), fv.data(), fg.data(), xs.size());
        bool same = true;
        for (std::size_t i = 0; i < xs.size(); ++i)
            same = same && std::memcmp(&v[i], &fv[i], 4) == 0 && std::memcmp(&g[i], &fg[i], 4) == 0;
        CHECK(same);
        const std::vector<float> sv = eval_scalar(a, false, xs), sg = eval_scalar(a, true, xs);
        al::activate_with_grad_scalar(a, xs.data(), fv.data(), fg.data(), xs.size());
        same = true;
        for (std::size_t i = 0; i < xs.size(); ++i)
            same =
                same && std::memcmp(&sv[i], &fv[i], 4) == 0 && std::memcmp(&sg[i], &fg[i], 4) == 0;
        CHECK(same);
        // Sub-arrays: every offset 0..lanes, short and odd lengths, each output over the input.
        for (std::size_t offset = 0; offset <= lanes; ++offset) {
            for (std::size_t n = 0; n <= 3 * lanes + 1; ++n) {
                const std::size_t from = (offset * 977 + n * 31) % (xs.size() - n + 1);
                std::vector<float> in(n + offset + 1), out(n + 1, -7.0f), dout(n + 1, -7.0f);
                std::copy(xs.begin() + from, xs.begin() + from + n, in.begin() + offset);
                al::activate_with_grad(a, in.data() + offset, out.data(), dout.data(), n);
                std::vector<float> in2 = in, in3 = in, o2(n), d3(n);
                al::activate_with_grad(a, in2.data() + offset, in2.data() + offset, d3.data(), n);
                al::activate_with_grad(a, in3.data() + offset, o2.data(), in3.data() + offset, n);
                bool ok = out[n] == -7.0f && dout[n] == -7.0f;
                for (std::size_t i = 0; i < n; ++i) {
                    ok = ok && ulp_distance(out[i], v[from + i]) == 0 &&
                         ulp_distance(dout[i], g[from + i]) == 0 &&
                         ulp_distance(in2[offset + i], v[from + i]) == 0 &&
                         ulp_distance(d3[i], g[from + i]) == 0 &&
                         ulp_distance(o2[i], v[from + i]) == 0 &&
                         ulp_distance(in3[offset + i], g[from + i]) == 0;
                }
                CAPTURE(offset);
                CAPTURE(n);
                REQUIRE(ok);
            }
        }
    }
}
