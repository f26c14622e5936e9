// Activation functions: value and derivative, each as a scalar reference and an xsimd kernel.
// The scalar reference is the specification; the kernels must agree with it (tests/cpp).
#pragma once
#include <cstddef>
#include <optional>
#include <string_view>

#include "named_enum.hpp"

namespace al {

// New ones go last, so the older ones keep their order.
enum class Activation {
    relu,
    gelu,
    gelu_tanh,
    silu,
    elu,
    identity,
    gelu_no_negative,
    gelu_linear_positive
};

// Every kernel's name. elu is nn.ELU(alpha=1): x for x > 0, e^x − 1 otherwise; its derivative 1,
// resp. e^x. The last two are GELU's parts, each half of GELU completed by ReLU's other half, for
// asking which half a trained Transformer uses (lm parts):
//   gelu_no_negative      x > 0 ? GELU(x) : 0   GELU without its negative dip (derivative 0 there)
//   gelu_linear_positive  x > 0 ? x : GELU(x)   GELU's dip, with ReLU's straight positive side
// At exactly 0 both take the x ≤ 0 side, value and derivative (torch.where(x > 0, a, b)): 0 and 0,
// resp. GELU(0) = 0 and GELU′(0) = ½. A NaN stays NaN, as in every kernel here.
inline constexpr auto activation_names =
    named_enum<Activation>({{Activation::relu, "relu"},
                            {Activation::gelu, "gelu"},
                            {Activation::gelu_tanh, "gelu_tanh"},
                            {Activation::silu, "silu"},
                            {Activation::elu, "elu"},
                            {Activation::identity, "identity"},
                            {Activation::gelu_no_negative, "gelu_no_negative"},
                            {Activation::gelu_linear_positive, "gelu_linear_positive"}});
inline constexpr auto all_activations = activation_names.values();

// GELU's parts are probes of a trained model, not activations to build one with: a model is
// never trained from scratch with them, so the MLP's settings and the page's menus leave them out.
constexpr bool is_gelu_part(Activation a) {
    return a == Activation::gelu_no_negative || a == Activation::gelu_linear_positive;
}
// The activations a model is built with ("relu", "gelu", "gelu_tanh", "silu", "elu",
// "identity"): the MLP's settings, the page's menus and the CLI's eval.
inline constexpr auto model_activation_names =
    activation_names.subset<6>([](Activation a) { return !is_gelu_part(a); });

// GELU's minimum: where GELU′(x) = Φ(x) + x·φ(x) crosses zero (below it GELU falls as x grows).
// Newton's method in double on GELU′ (GELU″ = φ(x)·(2 − x²)); tests/cpp check the root.
inline constexpr double gelu_dip = -0.7517915246935645;

// Scalar references, float32 in and out.
float activate_scalar(Activation a, float x);
float activate_grad_scalar(Activation a, float x);  // d f(x) / dx

// Whole arrays. Any length, any alignment; `out` may alias `in`.
void activate(Activation a, const float* in, float* out, std::size_t n);       // SIMD kernel
void activate_grad(Activation a, const float* in, float* out, std::size_t n);  // SIMD kernel
void activate_scalar(Activation a, const float* in, float* out, std::size_t n);
void activate_grad_scalar(Activation a, const float* in, float* out, std::size_t n);

// Value and derivative in one pass, for training's forward pass: backward() then multiplies by
// the stored derivative instead of evaluating the function a second time (GELU's value and
// derivative share e^{-x²/2} and the Mills-ratio fit, the bulk of the work). Each output equals
// what activate() / activate_grad() (resp. the scalar references) write, bit for bit.
// `out` or `dout` may alias `in`, not each other.
void activate_with_grad(Activation a, const float* in, float* out, float* dout, std::size_t n);
void activate_with_grad_scalar(Activation a, const float* in, float* out, float* dout,
                               std::size_t n);

// Standard normal CDF Φ(x), float32, computed without cancellation in the negative tail.
float normal_cdf(float x);

}  // namespace al
