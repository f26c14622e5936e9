// The vector exp that the activation kernels (activation_simd.cpp: sigmoid, SiLU, ELU, gelu_tanh)
// and the softmaxes (softmax_simd.cpp) share, with the helpers both use. Internal to those two
// files (SIMD builds only): it includes activation_detail.hpp, whose pragma keeps a*b + c from
// being fused, so its arithmetic rounds where the code says.
#pragma once
#include <cstdint>

#include "simd/arch.hpp"
// After xsimd: GCC does not inline xsimd's functions into ours across a different
// `#pragma GCC optimize` (the kernels would run 10x slower natively).
#include "activation_detail.hpp"

#if AL_SIMD
// GCC leaves the bigger kernels out of line (a call per vector); force the fast paths inline and
// keep the rarely taken general ones out of the loops.
#if defined(__GNUC__)
#define AL_ALWAYS_INLINE inline __attribute__((always_inline))
#define AL_NOINLINE __attribute__((noinline))
#else
#define AL_ALWAYS_INLINE inline
#define AL_NOINLINE
#endif

namespace al::vector_exp {
namespace {  // internal to each file that includes it, as the kernels that inline it

using simd::fbatch;
using simd::ibatch;

inline fbatch bits_as_float(std::int32_t bits) { return xsimd::bitwise_cast<fbatch>(ibatch(bits)); }

// Adding 1.5·2^23 to a float below 2^22 in magnitude rounds it to an integer, which then sits in
// the low mantissa bits of the sum.
constexpr float kRoundMagic = 12582912.0f;
// ln2 = kLn2Hi + kLn2Lo, kLn2Hi short enough that n·kLn2Hi is exact for the n used here.
constexpr float kLn2Hi = 0.693359375f, kLn2Lo = -2.12194440e-4f;
// e^r = 1 + r + r²·P(r), |r| ≤ ½ln2: P(r) = kExpP0 + kExpP1·r + ... + kExpP4·r⁴.
constexpr float kExpP0 = 5.000000000e-01f, kExpP1 = 1.666656229e-01f, kExpP2 = 4.166653625e-02f,
                kExpP3 = 8.365534112e-03f, kExpP4 = 1.392912537e-03f;

// e^{a+b} with |b| ≲ 0.5 a low-order correction of a. Cody–Waite reduction a + b = n·ln2 + r,
// |r| ≤ ½ln2 (a - n·ln2_hi is exact), then e^r = 1 + r + r²·P(r) (P: Chebyshev fit, relative
// error 1.3e-8), times 2^n built in the exponent bits. Returns +inf above ≈ 88.7 and 0 below
// ≈ -87.6 (subnormal results are flushed: every caller is then at least 2^-126 below its value).
// exp_sum<false>(a, 0) is for a b known to be 0: it skips what only b needs, the same values.
template <bool HasB = true>
inline fbatch exp_sum(fbatch a, fbatch b) {
    const fbatch magic(kRoundMagic);
    a = xsimd::min(xsimd::max(a, fbatch(-88.0f)), fbatch(89.0f));
    fbatch k = (HasB ? a + b : a) * fbatch(1.44269504f) + magic;
    // -127 ≤ n ≤ 128 even when b pushes a clamped a further out (gelu_tanh's b reaches ±0.4 at
    // |x| = 20): the exponent bits built below would wrap, n = 129 into -0 and n = -128 into -inf.
    // Without b, the clamp of a keeps n there.
    if constexpr (HasB)
        k = xsimd::min(xsimd::max(k, magic - fbatch(127.0f)), magic + fbatch(128.0f));
    fbatch n = k - magic;
    fbatch r = (a - n * fbatch(kLn2Hi)) - n * fbatch(kLn2Lo);
    if constexpr (HasB) r = r + b;
    fbatch p = fbatch(kExpP4);
    p = p * r + fbatch(kExpP3);
    p = p * r + fbatch(kExpP2);
    p = p * r + fbatch(kExpP1);
    p = p * r + fbatch(kExpP0);
    p = (p * r) * r + r + fbatch(1.0f);
    // n sits in the low mantissa bits of k; n << 23 plus the bias is 2^n (n = -127 gives 0,
    // n = 128 gives inf).
    ibatch scale = (xsimd::bitwise_cast<ibatch>(k) << 23) + ibatch(127 << 23);
    return p * xsimd::bitwise_cast<fbatch>(scale);
}

// NaN in, NaN out (min/max/compare-based clamps would otherwise turn it into a number).
// (== is ordered on every arch.)
inline fbatch keep_nan(fbatch x, fbatch v) { return xsimd::select(x == x, v, x); }

// e^x, the softmaxes' exp. NaN kept: by the clamps themselves where they pass it on
// (simd::clamps_keep_nan), else put back after them.
inline fbatch exp_k(fbatch x) {
    const fbatch e = exp_sum<false>(x, fbatch(0.0f));
    if constexpr (simd::clamps_keep_nan) return e;
    return keep_nan(x, e);
}
// Each lane's index in its vector, as floats (masks compare it with a count).
constexpr float kLaneIndex[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
static_assert(fbatch::size <= 16, "a lane index for every lane");

}  // namespace
}  // namespace al::vector_exp
#endif
