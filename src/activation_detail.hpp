// Constants shared by the scalar references (activation.cpp) and the xsimd kernels
// (activation_simd.cpp, and through exp_simd.hpp softmax_simd.cpp). Internal to those files.
#pragma once

// The compensated arithmetic of these files relies on every product being rounded where the code
// says so. A compiler that fuses a*b + c into an fma (GCC does so by default once FMA is enabled,
// e.g. -march=native) breaks it: hi + lo pairs then count a rounding error twice. Each file
// includes this before defining anything.
#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

namespace al::activation_detail {

inline constexpr float kInvSqrt2Pi = 0.398942280401432678f;  // 1/√(2π)
// gelu_tanh: u = √(2/π)(x + 0.044715x³); we work with y = 2u = x(kC1 + kC3·x²).
inline constexpr double kC1 = 1.5957691216057307117;  // 2√(2/π)
inline constexpr double kC3 = kC1 * 0.044715;
// Beyond these |x| every function has saturated (or underflowed) in float; clamping there keeps
// inf out of the arithmetic (inf·0 = NaN).
inline constexpr float kGeluSat = 20.0f;
inline constexpr float kSiluSat = 100.0f;

}  // namespace al::activation_detail
