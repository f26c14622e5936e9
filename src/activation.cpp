// Activation functions: the scalar references (std:: functions in float); the xsimd
// kernels are in activation_simd.cpp, with the dispatch of the array functions.
//
// Accuracy is the point of this file. Two things make naive float formulas lose it:
//  - cancellation: ½(1 + erf(x/√2)) for x < -1, and ½(1 + tanh u) for u < 0. We use
//    Φ(x) = ½·erfc(-x/√2) and ½(1 + tanh u) = σ(2u) instead.
//  - an exp/erfc argument that is rounded to float: e^(y + δ) = e^y·(1 + δ), so a rounding error
//    of ½ ulp in y becomes |y|/2 ulp in the result (≈ 40 ulp for y = -x²/2 at |x| = 9). Those
//    arguments are carried as a pair hi + lo (lo ≈ the part lost to rounding) and lo enters as a
//    first-order correction. The scalar references form the pair in double; the kernels, which
//    cannot rely on a fused multiply-add (WASM SIMD128 has none), split floats into 12-bit halves
//    whose products are exact (Dekker).
#include "activation.hpp"

#include "activation_detail.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace al {

namespace {

using namespace activation_detail;
constexpr double kSqrt1_2 = 0.70710678118654752440;  // 1/√2
constexpr float kInvSqrtPi = 0.564189583547756287f;  // 1/√π

// ---------------------------------------------------------------------------------------------
// Scalar references
// ---------------------------------------------------------------------------------------------

struct HiLo {
    float hi, lo;  // value ≈ hi + lo, |lo| ≤ ½ulp(hi)
};
HiLo hilo(double v) {
    float hi = static_cast<float>(v);
    return {hi, static_cast<float>(v - hi)};
}

// The transcendental functions are called in float; the few operations around them are done in
// double, so the reference carries the error of std::erfc/std::exp(float) and little else.

// e^{-x²/2}, |x| ≤ kGeluSat. x² is exact in double.
double gauss_scalar(float x) {
    HiLo s = hilo(static_cast<double>(x) * x);
    return std::exp(-0.5f * s.hi) * (1.0 - 0.5 * s.lo);
}

// Φ(x) = ½·erfc(t), t = -x/√2 = hi + lo; erfc(hi + lo) ≈ erfc(hi) - (2/√π)·e^{-hi²}·lo.
double cdf_scalar(float x) {
    HiLo t = hilo(-kSqrt1_2 * x);
    return 0.5 * std::erfc(t.hi) - kInvSqrtPi * std::exp(-t.hi * t.hi) * t.lo;
}

// σ(y) for y = hi + lo.
double sigmoid_scalar(HiLo y) { return 1.0 / (1.0 + std::exp(-y.hi) * (1.0 - y.lo)); }

float relu_scalar(float x) { return std::isnan(x) ? x : (x > 0.0f ? x : 0.0f); }
float relu_grad_scalar(float x) { return std::isnan(x) ? x : (x > 0.0f ? 1.0f : 0.0f); }

float gelu_scalar(float x) {
    if (x < -kGeluSat) return -0.0f;  // -inf·Φ(-inf) would be NaN
    if (x > kGeluSat) return x;
    return static_cast<float>(x * cdf_scalar(x));
}
float gelu_grad_scalar(float x) {  // Φ(x) + x·φ(x)
    if (std::fabs(x) > kGeluSat) return x > 0.0f ? 1.0f : 0.0f;
    return static_cast<float>(cdf_scalar(x) + x * (kInvSqrt2Pi * gauss_scalar(x)));
}

// y = 2u formed in double: in the tail σ(y) ≈ e^y amplifies the rounding of y by |y| (up to 87).
HiLo gelu_tanh_arg(float x) {
    double xd = x;
    return hilo(xd * (kC1 + kC3 * xd * xd));
}
float gelu_tanh_scalar(float x) {  // ½x(1 + tanh u) = x·σ(2u)
    if (std::fabs(x) > kGeluSat) return x > 0.0f ? x : -0.0f;
    return static_cast<float>(x * sigmoid_scalar(gelu_tanh_arg(x)));
}
float gelu_tanh_grad_scalar(float x) {  // σ(y) + x·σ(y)·σ(-y)·y′, y′ = kC1 + 3kC3·x²
    if (std::fabs(x) > kGeluSat) return x > 0.0f ? 1.0f : 0.0f;
    HiLo y = gelu_tanh_arg(x);
    double s = sigmoid_scalar(y), sn = sigmoid_scalar({-y.hi, -y.lo});
    double dy = kC1 + 3.0 * kC3 * x * x;
    return static_cast<float>(s + x * s * sn * dy);
}

float silu_scalar(float x) {  // x·σ(x)
    if (x < -kSiluSat) return -0.0f;
    return static_cast<float>(x / (1.0 + std::exp(-x)));
}
float silu_grad_scalar(float x) {  // σ(x) + x·σ(x)·σ(-x)
    if (std::fabs(x) > kSiluSat) return x > 0.0f ? 1.0f : 0.0f;
    double s = 1.0 / (1.0 + std::exp(-x)), sn = 1.0 / (1.0 + std::exp(x));
    return static_cast<float>(s + x * s * sn);
}

// GELU's parts (activation.hpp): one side GELU, the other ReLU's; x = 0 takes the x ≤ 0 side.
float gelu_no_negative_scalar(float x) { return x > 0.0f ? gelu_scalar(x) : relu_scalar(x); }
float gelu_no_negative_grad_scalar(float x) {
    return x > 0.0f ? gelu_grad_scalar(x) : relu_grad_scalar(x);
}
float gelu_linear_positive_scalar(float x) { return x > 0.0f ? x : gelu_scalar(x); }
float gelu_linear_positive_grad_scalar(float x) { return x > 0.0f ? 1.0f : gelu_grad_scalar(x); }

// expm1, not exp − 1: near 0 the difference would cancel to a few significant bits.
float elu_scalar(float x) { return x > 0.0f ? x : std::expm1(x); }
// PyTorch's ELU backward on the input: e^x for x ≤ 0 (= elu(x) + 1), 1 above; NaN kept.
float elu_grad_scalar(float x) { return x > 0.0f ? 1.0f : std::isnan(x) ? x : std::exp(x); }

float identity_grad_scalar(float x) { return std::isnan(x) ? x : 1.0f; }

template <class F>
void scalar_loop(const float* in, float* out, std::size_t n, F f) {
    for (std::size_t i = 0; i < n; ++i) out[i] = f(in[i]);
}

}  // namespace

float normal_cdf(float x) {
    if (std::fabs(x) > kGeluSat) return x > 0.0f ? 1.0f : 0.0f;
    return static_cast<float>(cdf_scalar(x));
}

float activate_scalar(Activation a, float x) {
    switch (a) {
        case Activation::relu: return relu_scalar(x);
        case Activation::gelu: return gelu_scalar(x);
        case Activation::gelu_tanh: return gelu_tanh_scalar(x);
        case Activation::silu: return silu_scalar(x);
        case Activation::elu: return elu_scalar(x);
        case Activation::identity: return x;
        case Activation::gelu_no_negative: return gelu_no_negative_scalar(x);
        case Activation::gelu_linear_positive: return gelu_linear_positive_scalar(x);
    }
    return x;
}

float activate_grad_scalar(Activation a, float x) {
    switch (a) {
        case Activation::relu: return relu_grad_scalar(x);
        case Activation::gelu: return gelu_grad_scalar(x);
        case Activation::gelu_tanh: return gelu_tanh_grad_scalar(x);
        case Activation::silu: return silu_grad_scalar(x);
        case Activation::elu: return elu_grad_scalar(x);
        case Activation::identity: return identity_grad_scalar(x);
        case Activation::gelu_no_negative: return gelu_no_negative_grad_scalar(x);
        case Activation::gelu_linear_positive: return gelu_linear_positive_grad_scalar(x);
    }
    return x;
}

void activate_scalar(Activation a, const float* in, float* out, std::size_t n) {
    scalar_loop(in, out, n, [a](float x) { return activate_scalar(a, x); });
}

void activate_grad_scalar(Activation a, const float* in, float* out, std::size_t n) {
    scalar_loop(in, out, n, [a](float x) { return activate_grad_scalar(a, x); });
}

void activate_with_grad_scalar(Activation a, const float* in, float* out, float* dout,
                               std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        const float x = in[i];  // read before either store: out or dout may alias in
        out[i] = activate_scalar(a, x);
        dout[i] = activate_grad_scalar(a, x);
    }
}

}  // namespace al
