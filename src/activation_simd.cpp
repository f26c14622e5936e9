// Activation functions: the xsimd kernels (the scalar references and the accuracy notes that
// both follow are in activation.cpp) and the array functions activate, activate_grad and
// activate_with_grad, which run them (or, in a scalar-only build, the references).
#include "activation.hpp"

#include "simd/arch.hpp"
// After xsimd: GCC does not inline xsimd's functions into ours across a different
// `#pragma GCC optimize` (the kernels would run 10x slower natively).
#include "activation_detail.hpp"
#include "exp_simd.hpp"
#include "unrolled.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace al {

using namespace activation_detail;

// ---------------------------------------------------------------------------------------------
// xsimd kernels: the same formulas on batches, with our own exp (exp_simd.hpp) and erfc
// (branch-free within a vector; the GELU kernels branch once per vector between a fast and a
// general formula).
// ---------------------------------------------------------------------------------------------
#if AL_SIMD
namespace {

using simd::fbatch;
using simd::ibatch;
using namespace vector_exp;  // exp_sum, keep_nan, bits_as_float and the exp's constants

inline fbatch abs_(fbatch x) { return x & bits_as_float(0x7fffffff); }

// The top 12 significant bits of x (x - hi12(x) holds the other 12): products of two such
// halves are exact in float.
inline fbatch hi12(fbatch x) { return x & bits_as_float(static_cast<std::int32_t>(0xfffff000u)); }
float hi12(float x) {
    std::uint32_t u;
    std::memcpy(&u, &x, sizeof u);
    u &= 0xfffff000u;
    std::memcpy(&x, &u, sizeof u);
    return x;
}

inline fbatch relu_k(fbatch x) { return xsimd::select(x <= fbatch(0.0f), fbatch(0.0f), x); }
inline fbatch relu_grad_k(fbatch x) {
    return xsimd::select(x <= fbatch(0.0f), fbatch(0.0f),
                         xsimd::select(x > fbatch(0.0f), fbatch(1.0f), x));
}

// Fast range of the GELU kernels, |x| ≤ kGeluFast: every finite input whose result is not
// (nearly) subnormal. Q(a) = ½erfc(a/√2) = e^{-a²/2}·F(a)/(a + c), a = |x|, c = 3/4, with
// F = c/2 + a·N(a)/D(a): F ∈ [0.375, 0.47] is a constant plus a correction below a fifth of it,
// so the rounding errors of the (5,5) rational a·N/D (positive coefficients, variable a exact, no
// cancellation) are damped about fivefold. Relative error of the fit with these float
// coefficients 3.3e-9 on [0, 13.1]. No clamps (the range excludes inf; NaN goes through the
// arithmetic and comes out NaN), and 2^-m stays normal (m ≤ 122); Estrin's scheme for short
// dependency chains.
constexpr float kGeluFast = 13.0f;
constexpr float kMillsC = 0.75f;  // c: few bits, so (a + c) - c is exact
struct FastTail {
    // e^{-a²/2} = (1 + em1)·scale, scale = 2^-m (em1 kept apart: one rounding less)
    fbatch em1, scale;
    fbatch f;  // F(a) = Q(a)·(a + c)/e^{-a²/2}
};
// e^{-a²/2} = 2^-m·(1 + em1) for 0 ≤ a ≤ 15: a² = hi + lo (hi = ah² exact), m = round(hi/(2ln2))
// ≤ 163 held in the low mantissa bits of k = m + 1.5·2^23, and em1 = e^{w/2} - 1 with
// w = (m·2ln2_hi - hi) + (m·2ln2_lo - lo), the first difference exact; |w/2| ≲ 0.38.
struct Gauss {
    fbatch em1, k;
};
AL_ALWAYS_INLINE Gauss gauss_parts(fbatch a) {
    fbatch ah = hi12(a), al = a - ah;
    fbatch hi = ah * ah, lo = al * (a + ah);
    const fbatch magic(kRoundMagic);
    fbatch k = hi * fbatch(0.721347520f) + magic;  // ½·log2(e)
    fbatch m = k - magic;
    fbatch w = (m * fbatch(2.0f * kLn2Hi) - hi) + (m * fbatch(2.0f * kLn2Lo) - lo);
    // e^{w/2} - 1 = r + r²·P(r), the P of exp_sum (Estrin's scheme)
    fbatch r = fbatch(0.5f) * w, r2 = r * r;
    fbatch inner = (fbatch(kExpP0) + fbatch(kExpP1) * r) +
                   r2 * ((fbatch(kExpP2) + fbatch(kExpP3) * r) + fbatch(kExpP4) * r2);
    return {r + r2 * inner, k};
}

AL_ALWAYS_INLINE FastTail fast_tail(fbatch a) {
    Gauss g = gauss_parts(a);
    ibatch scale = ibatch(127 << 23) - (xsimd::bitwise_cast<ibatch>(g.k) << 23);  // 2^-m, m ≤ 122
    fbatch a2 = a * a;
    fbatch num = a * ((fbatch(2.007933408e-01f) + fbatch(1.284987777e-01f) * a) +
                      a2 * ((fbatch(3.967950121e-02f) + fbatch(6.043967791e-03f) * a) +
                            fbatch(2.757098118e-04f) * a2));
    fbatch den = (fbatch(1.0f) + fbatch(1.692995191e+00f) * a) +
                 a2 * ((fbatch(1.232009053e+00f) + fbatch(4.894262850e-01f) * a) +
                       a2 * (fbatch(1.086397097e-01f) + fbatch(1.151389536e-02f) * a));
    return {g.em1, xsimd::bitwise_cast<fbatch>(scale), fbatch(0.5f * kMillsC) + num / den};
}

// Beyond the fast range (13 < |x|, inf, NaN): a·Q(a) = e^{-a²/2}·T(y), y = 1/a², with
// T = K + y·P(y) (K = 1/√(2π), the asymptotic series summed by a degree-4 fit on a ∈ [5.9, 15.1],
// relative error 2.5e-9; y·P is under 3% of T, so its rounding errors hardly count). a is clamped
// to 15, where every result has under- or overflowed (a·Q(15) < 2^-150), which also keeps inf
// out of the arithmetic; 2^-m (m ≤ 163) is applied in two factors so that each is a normal float.
constexpr float kGeluClamp = 15.0f;
struct GeneralTail {
    fbatch em1, s1, s2;  // e^{-a²/2} = (1 + em1)·s1·s2
    fbatch t, y;         // T(y), y = 1/a²
};
inline GeneralTail general_tail(fbatch a) {
    Gauss g = gauss_parts(a);
    ibatch m = xsimd::bitwise_cast<ibatch>(g.k) - xsimd::bitwise_cast<ibatch>(fbatch(kRoundMagic));
    ibatch m1 = m >> 1;
    fbatch s1 = xsimd::bitwise_cast<fbatch>((ibatch(127) - m1) << 23);
    fbatch s2 = xsimd::bitwise_cast<fbatch>((ibatch(127) - (m - m1)) << 23);
    fbatch y = fbatch(1.0f) / (a * a), y2 = y * y;
    fbatch p = (fbatch(-3.989461064e-01f) + fbatch(1.197103500e+00f) * y) +
               y2 * ((fbatch(-5.962018490e+00f) + fbatch(3.808934402e+01f) * y) +
                     fbatch(-1.905355988e+02f) * y2);
    return {g.em1, s1, s2, fbatch(kInvSqrt2Pi) + y * p, y};
}
AL_NOINLINE fbatch gelu_general_k(fbatch x) {
    fbatch a = xsimd::min(abs_(x), fbatch(kGeluClamp));
    GeneralTail t = general_tail(a);
    fbatch aq = ((t.t + t.t * t.em1) * t.s1) * t.s2;  // a·Q(a)
    return keep_nan(x, xsimd::max(x, fbatch(0.0f)) - aq);
}
AL_NOINLINE fbatch gelu_grad_general_k(fbatch x) {
    fbatch a = xsimd::min(abs_(x), fbatch(kGeluClamp));
    GeneralTail t = general_tail(a);
    fbatch b = a * (t.t * t.y - fbatch(kInvSqrt2Pi));  // (Q - aφ)/e^{-a²/2} = T/a - aK
    fbatch gb = ((b + b * t.em1) * t.s1) * t.s2;
    return keep_nan(x, xsimd::select(x < fbatch(0.0f), gb, fbatch(1.0f) - gb));
}

// The fast formulas of GELU and GELU′, from the shared parts a = |x| and fast_tail(a).
AL_ALWAYS_INLINE fbatch gelu_fast_value(fbatch x, fbatch a, const FastTail& t) {
    // GELU = relu(x) - a·Q(a): x·(1 - Q) for x > 0, -a·Q for x < 0
    // s = a + c rounds by δ = a - (s - c) (exact, as s - c is); F/(a + c) = (F/s)(1 - δ/s), and
    // the first-order term goes into F as F·δ/s ≈ δ·(0.42/s), the reciprocal from the exponent
    // bits (within 4%, ample for a term below 2^-24·F).
    fbatch s = a + fbatch(kMillsC);
    fbatch delta = a - (s - fbatch(kMillsC));
    fbatch approx_f_over_s =
        xsimd::bitwise_cast<fbatch>(ibatch(0x7E500000) - xsimd::bitwise_cast<ibatch>(s));
    fbatch f = t.f - delta * approx_f_over_s;
    fbatch u = a / s;
    return xsimd::max(x, fbatch(0.0f)) - ((u + u * t.em1) * t.scale) * f;
}
AL_ALWAYS_INLINE fbatch gelu_fast_grad(fbatch x, fbatch a, const FastTail& t) {
    // GELU' = Φ(x) + xφ(x) = Q(a) - aφ(a) for x < 0, 1 - (Q(a) - aφ(a)) for x > 0, and
    // Q - aφ = e^{-a²/2}·b with b = F/(a + c) - aK: near the zero crossing (x ≈ -0.75) the
    // cancellation happens before the last rounding errors, which then scale with the result.
    fbatch b = t.f / (a + fbatch(kMillsC)) - a * fbatch(kInvSqrt2Pi);
    fbatch gb = (b + b * t.em1) * t.scale;
    return xsimd::select(x < fbatch(0.0f), gb, fbatch(1.0f) - gb);
}
// Lanes outside the fast range: |x| > kGeluFast and ±inf (a NaN compares false: the fast formula
// carries it through). A vector whose lanes are all in the fast range takes the fast formula
// alone. Beyond it, two ranges take the values the general formula rounds to, directly:
//  - x > kGeluFast (+inf included) saturates: there a·Q(a) and e^{-a²/2}·|b| are below 1e-36, far
//    under half an ulp of x and of 1, so GELU = x and GELU′ = 1 exactly;
//  - x < -kGeluClamp (-inf included) vanishes: the general formula clamps a to 15, where a·Q(a)
//    and e^{-a²/2}·|b| are below half the smallest subnormal (its last nonzero results are at
//    x = -14.356 and -14.541), so GELU = 0 - 0 = +0 and GELU′ = -0 (the sign of b: GELU′ < 0 for
//    x < -0.75).
// Only the lanes left, -kGeluClamp ≤ x < -kGeluFast, need the general formula, so a vector of a
// trained deep layer, whose pre-activations often pass ±13, rarely pays for it. Either way each
// lane's result is its own, whatever its neighbours. (Float compares, one instruction each in
// V8; any_true is cheaper than all_true.)
using fmask = fbatch::batch_bool_type;
struct SlowLanes {
    fmask saturated, vanished, general;
};
AL_ALWAYS_INLINE fmask gelu_slow_lanes(fbatch a) { return a > fbatch(kGeluFast); }
AL_ALWAYS_INLINE SlowLanes sort_slow_lanes(fbatch x, fmask slow) {
    const fmask saturated = x > fbatch(kGeluFast), vanished = x < fbatch(-kGeluClamp);
    return {saturated, vanished, slow & ~(saturated | vanished)};
}
AL_ALWAYS_INLINE fbatch tail_value(const SlowLanes& s, fbatch x, fbatch v) {
    return xsimd::select(s.saturated, x, xsimd::select(s.vanished, fbatch(0.0f), v));
}
AL_ALWAYS_INLINE fbatch tail_grad(const SlowLanes& s, fbatch g) {
    return xsimd::select(s.saturated, fbatch(1.0f), xsimd::select(s.vanished, fbatch(-0.0f), g));
}
AL_ALWAYS_INLINE fbatch gelu_k(fbatch x) {
    fbatch a = abs_(x);
    fbatch v = gelu_fast_value(x, a, fast_tail(a));
    auto slow = gelu_slow_lanes(a);
    if (!xsimd::any(slow)) return v;
    const SlowLanes s = sort_slow_lanes(x, slow);
    v = tail_value(s, x, v);
    if (!xsimd::any(s.general)) return v;
    return xsimd::select(s.general, gelu_general_k(x), v);
}
AL_ALWAYS_INLINE fbatch gelu_grad_k(fbatch x) {
    fbatch a = abs_(x);
    fbatch g = gelu_fast_grad(x, a, fast_tail(a));
    auto slow = gelu_slow_lanes(a);
    if (!xsimd::any(slow)) return g;
    const SlowLanes s = sort_slow_lanes(x, slow);
    g = tail_grad(s, g);
    if (!xsimd::any(s.general)) return g;
    return xsimd::select(s.general, gelu_grad_general_k(x), g);
}
// Both from one fast_tail: the value and the derivative as the two kernels above compute them.
AL_ALWAYS_INLINE fbatch gelu_with_grad_k(fbatch x, fbatch& dx) {
    fbatch a = abs_(x);
    FastTail t = fast_tail(a);
    fbatch v = gelu_fast_value(x, a, t);
    dx = gelu_fast_grad(x, a, t);
    auto slow = gelu_slow_lanes(a);
    if (!xsimd::any(slow)) return v;
    const SlowLanes s = sort_slow_lanes(x, slow);
    v = tail_value(s, x, v);
    dx = tail_grad(s, dx);
    if (!xsimd::any(s.general)) return v;
    dx = xsimd::select(s.general, gelu_grad_general_k(x), dx);
    return xsimd::select(s.general, gelu_general_k(x), v);
}

// GELU's parts: GELU's kernels on one side, ReLU's values on the other (x = 0 on the x ≤ 0
// side; a NaN compares false and takes that side, where it is kept).
AL_ALWAYS_INLINE fbatch gelu_no_negative_k(fbatch x) {
    return xsimd::select(x > fbatch(0.0f), gelu_k(x), relu_k(x));
}
AL_ALWAYS_INLINE fbatch gelu_no_negative_grad_k(fbatch x) {
    return xsimd::select(x > fbatch(0.0f), gelu_grad_k(x), relu_grad_k(x));
}
AL_ALWAYS_INLINE fbatch gelu_no_negative_with_grad_k(fbatch x, fbatch& dx) {
    const auto positive = x > fbatch(0.0f);
    const fbatch v = gelu_with_grad_k(x, dx);
    dx = xsimd::select(positive, dx, relu_grad_k(x));
    return xsimd::select(positive, v, relu_k(x));
}
AL_ALWAYS_INLINE fbatch gelu_linear_positive_k(fbatch x) {
    return xsimd::select(x > fbatch(0.0f), x, gelu_k(x));
}
AL_ALWAYS_INLINE fbatch gelu_linear_positive_grad_k(fbatch x) {
    return xsimd::select(x > fbatch(0.0f), fbatch(1.0f), gelu_grad_k(x));
}
AL_ALWAYS_INLINE fbatch gelu_linear_positive_with_grad_k(fbatch x, fbatch& dx) {
    const auto positive = x > fbatch(0.0f);
    const fbatch v = gelu_with_grad_k(x, dx);
    dx = xsimd::select(positive, fbatch(1.0f), dx);
    return xsimd::select(positive, x, v);
}

// gelu_tanh's y = x(kC1 + kC3·x²) as hi + lo (relative error ~2^-34), |x| ≤ 20.
struct TanhArg {
    fbatch hi, lo;  // y
    fbatch dy;      // y′ = kC1 + 3kC3·x²
};
inline TanhArg gelu_tanh_arg_k(fbatch x) {
    static const float c1 = static_cast<float>(kC1), c1_lo = static_cast<float>(kC1 - c1);
    static const float c3_hi = hi12(static_cast<float>(kC3));
    static const float c3_lo = static_cast<float>(kC3 - c3_hi);
    fbatch xh = hi12(x), xl = x - xh;
    fbatch s = xh * xh, s_lo = xl * (x + xh);  // x² = s + s_lo
    fbatch sh = hi12(s);
    fbatch p = fbatch(c3_hi) * sh;  // exact
    fbatch p_lo = fbatch(c3_hi) * (s - sh) + fbatch(c3_lo) * s + fbatch(c3_hi + c3_lo) * s_lo;
    // m = kC1 + kC3·x² (both terms ≥ 0): Fast2Sum with the larger term first
    fbatch m = fbatch(c1) + p;
    fbatch big = xsimd::max(fbatch(c1), p), small = xsimd::min(fbatch(c1), p);
    fbatch m_lo = ((big - m) + small) + (p_lo + fbatch(c1_lo));
    // y = x·m: Dekker's product with 12-bit halves
    fbatch mh = hi12(m), ml = m - mh;
    fbatch y = x * m;
    fbatch y_lo = (((xh * mh - y) + xh * ml + xl * mh) + xl * ml) + x * m_lo;
    // y′ = m + 2kC3·x², with m's low part: one rounding
    fbatch dy = m + (fbatch(2.0f) * p + (m_lo + fbatch(2.0f) * p_lo));
    return {y, y_lo, dy};
}
struct Sigmoids {
    fbatch s, sn;  // σ(y), σ(-y)
};
inline Sigmoids sigmoids(fbatch y_hi, fbatch y_lo) {
    fbatch e = exp_sum(-y_hi, -y_lo);  // e^{-y}
    fbatch s = fbatch(1.0f) / (fbatch(1.0f) + e);
    // σ(-y) = e·σ(y), except where e = inf; 1 - σ(y) does not cancel for y < 0
    return {s, xsimd::select(y_hi < fbatch(0.0f), fbatch(1.0f) - s, e * s)};
}
AL_ALWAYS_INLINE fbatch gelu_tanh_k(fbatch x) {
    fbatch xc = xsimd::min(xsimd::max(x, fbatch(-kGeluSat)), fbatch(kGeluSat));
    TanhArg y = gelu_tanh_arg_k(xc);
    fbatch xv = xsimd::max(x, fbatch(-kGeluSat));
    return keep_nan(x, xv * sigmoids(y.hi, y.lo).s);
}
AL_ALWAYS_INLINE fbatch gelu_tanh_grad_k(fbatch x) {
    fbatch xc = xsimd::min(xsimd::max(x, fbatch(-kGeluSat)), fbatch(kGeluSat));
    TanhArg y = gelu_tanh_arg_k(xc);
    Sigmoids sg = sigmoids(y.hi, y.lo);
    return keep_nan(x, sg.s + xc * sg.s * sg.sn * y.dy);
}

inline fbatch silu_k(fbatch x) {
    fbatch xv = xsimd::max(x, fbatch(-kSiluSat));
    return keep_nan(x, xv / (fbatch(1.0f) + exp_sum(-xv, fbatch(0.0f))));
}
inline fbatch silu_grad_k(fbatch x) {
    fbatch xc = xsimd::min(xsimd::max(x, fbatch(-kSiluSat)), fbatch(kSiluSat));
    Sigmoids sg = sigmoids(xc, fbatch(0.0f));
    return keep_nan(x, sg.s + xc * sg.s * sg.sn);
}

// e^x − 1 for x ≤ 0 without cancellation: with the reduction of exp_sum, x = n·ln2 + r,
// e^x − 1 = (2^n − 1) + 2^n·(r + r²·P(r)); 2^n − 1 is exact for the n that matter (n ≥ -24) and
// 2^n·(…) is a scaling, so one rounding remains. Near 0, n = 0 and r = x: the result is
// x + x²·P(x), accurate to the last bit where e^x − 1 would have cancelled.
inline fbatch expm1_nonpositive(fbatch x) {
    const fbatch magic(kRoundMagic);
    const fbatch a = xsimd::max(x, fbatch(-88.0f));  // below: -1 in float, and 2^n stays normal
    const fbatch k = a * fbatch(1.44269504f) + magic;
    const fbatch n = k - magic;
    const fbatch r = (a - n * fbatch(kLn2Hi)) - n * fbatch(kLn2Lo);
    fbatch p = fbatch(kExpP4);
    p = p * r + fbatch(kExpP3);
    p = p * r + fbatch(kExpP2);
    p = p * r + fbatch(kExpP1);
    p = p * r + fbatch(kExpP0);
    const fbatch q = (p * r) * r + r;
    const ibatch bits = (xsimd::bitwise_cast<ibatch>(k) << 23) + ibatch(127 << 23);
    const fbatch scale = xsimd::bitwise_cast<fbatch>(bits);  // 2^n, n in [-127, 0]
    return (scale - fbatch(1.0f)) + scale * q;
}
inline fbatch elu_k(fbatch x) {
    return xsimd::select(x > fbatch(0.0f), x, keep_nan(x, expm1_nonpositive(x)));
}
inline fbatch elu_grad_k(fbatch x) {
    const fbatch e = exp_sum(xsimd::min(x, fbatch(0.0f)), fbatch(0.0f));
    return xsimd::select(x > fbatch(0.0f), fbatch(1.0f), keep_nan(x, e));
}

inline fbatch identity_k(fbatch x) { return x; }

inline fbatch identity_grad_k(fbatch x) { return keep_nan(x, fbatch(1.0f)); }

// Vector loop with unaligned loads and stores. The last n mod lanes elements go through the same
// kernel on a zero-padded copy, so a value never depends on its position in the array. Each
// block is loaded before it is stored, so `out` may alias `in`.
template <fbatch (*kernel)(fbatch)>  // a template argument, so the kernel is inlined (GCC does not
void simd_loop(const float* in, float* out, std::size_t n) {  // inline through a function pointer)
    constexpr std::size_t lanes = fbatch::size;
    std::size_t i = 0;
    for (; i + 4 * lanes <= n; i += 4 * lanes) {  // four independent vectors per iteration
        fbatch x0 = fbatch::load_unaligned(in + i), x1 = fbatch::load_unaligned(in + i + lanes);
        fbatch x2 = fbatch::load_unaligned(in + i + 2 * lanes),
               x3 = fbatch::load_unaligned(in + i + 3 * lanes);
        kernel(x0).store_unaligned(out + i);
        kernel(x1).store_unaligned(out + i + lanes);
        kernel(x2).store_unaligned(out + i + 2 * lanes);
        kernel(x3).store_unaligned(out + i + 3 * lanes);
    }
    for (; i + lanes <= n; i += lanes)
        kernel(fbatch::load_unaligned(in + i)).store_unaligned(out + i);
    if (i < n) {
        float buf[lanes] = {};
        std::memcpy(buf, in + i, (n - i) * sizeof(float));
        kernel(fbatch::load_unaligned(buf)).store_unaligned(buf);
        std::memcpy(out + i, buf, (n - i) * sizeof(float));
    }
}

// Value and derivative together; a kernel that shares nothing is the pair of the two kernels
// (inlined into one loop body, so the compiler may still share common subexpressions).
template <fbatch (*f)(fbatch), fbatch (*g)(fbatch)>
AL_ALWAYS_INLINE fbatch pair_k(fbatch x, fbatch& dx) {
    dx = g(x);
    return f(x);
}
// As simd_loop, two outputs. Two vectors per iteration (each keeps two results live).
template <fbatch (*kernel)(fbatch, fbatch&)>
void simd_loop2(const float* in, float* out, float* dout, std::size_t n) {
    constexpr std::size_t lanes = fbatch::size;
    std::size_t i = 0;
    for (; i + 2 * lanes <= n; i += 2 * lanes) {
        fbatch x0 = fbatch::load_unaligned(in + i), x1 = fbatch::load_unaligned(in + i + lanes);
        fbatch d0, d1;
        fbatch v0 = kernel(x0, d0), v1 = kernel(x1, d1);
        v0.store_unaligned(out + i);
        v1.store_unaligned(out + i + lanes);
        d0.store_unaligned(dout + i);
        d1.store_unaligned(dout + i + lanes);
    }
    for (; i + lanes <= n; i += lanes) {
        fbatch d;
        fbatch v = kernel(fbatch::load_unaligned(in + i), d);
        v.store_unaligned(out + i);
        d.store_unaligned(dout + i);
    }
    if (i < n) {
        float buf[lanes] = {}, dbuf[lanes];
        std::memcpy(buf, in + i, (n - i) * sizeof(float));
        fbatch d;
        kernel(fbatch::load_unaligned(buf), d).store_unaligned(buf);
        d.store_unaligned(dbuf);
        std::memcpy(out + i, buf, (n - i) * sizeof(float));
        std::memcpy(dout + i, dbuf, (n - i) * sizeof(float));
    }
}

}  // namespace

void activate(Activation a, const float* in, float* out, std::size_t n) {
    switch (a) {
        case Activation::relu: return simd_loop<relu_k>(in, out, n);
        case Activation::gelu: return simd_loop<gelu_k>(in, out, n);
        case Activation::gelu_tanh: return simd_loop<gelu_tanh_k>(in, out, n);
        case Activation::silu: return simd_loop<silu_k>(in, out, n);
        case Activation::elu: return simd_loop<elu_k>(in, out, n);
        case Activation::identity:
            if (out != in) std::memmove(out, in, n * sizeof(float));
            return;
        case Activation::gelu_no_negative: return simd_loop<gelu_no_negative_k>(in, out, n);
        case Activation::gelu_linear_positive: return simd_loop<gelu_linear_positive_k>(in, out, n);
    }
}

void activate_grad(Activation a, const float* in, float* out, std::size_t n) {
    switch (a) {
        case Activation::relu: return simd_loop<relu_grad_k>(in, out, n);
        case Activation::gelu: return simd_loop<gelu_grad_k>(in, out, n);
        case Activation::gelu_tanh: return simd_loop<gelu_tanh_grad_k>(in, out, n);
        case Activation::silu: return simd_loop<silu_grad_k>(in, out, n);
        case Activation::elu: return simd_loop<elu_grad_k>(in, out, n);
        case Activation::identity: return simd_loop<identity_grad_k>(in, out, n);
        case Activation::gelu_no_negative: return simd_loop<gelu_no_negative_grad_k>(in, out, n);
        case Activation::gelu_linear_positive:
            return simd_loop<gelu_linear_positive_grad_k>(in, out, n);
    }
}

void activate_with_grad(Activation a, const float* in, float* out, float* dout, std::size_t n) {
    switch (a) {
        case Activation::relu: return simd_loop2<pair_k<relu_k, relu_grad_k>>(in, out, dout, n);
        case Activation::gelu: return simd_loop2<gelu_with_grad_k>(in, out, dout, n);
        case Activation::gelu_tanh:
            return simd_loop2<pair_k<gelu_tanh_k, gelu_tanh_grad_k>>(in, out, dout, n);
        case Activation::silu: return simd_loop2<pair_k<silu_k, silu_grad_k>>(in, out, dout, n);
        case Activation::elu: return simd_loop2<pair_k<elu_k, elu_grad_k>>(in, out, dout, n);
        case Activation::identity:
            return simd_loop2<pair_k<identity_k, identity_grad_k>>(in, out, dout, n);
        case Activation::gelu_no_negative:
            return simd_loop2<gelu_no_negative_with_grad_k>(in, out, dout, n);
        case Activation::gelu_linear_positive:
            return simd_loop2<gelu_linear_positive_with_grad_k>(in, out, dout, n);
    }
}

#else  // scalar-only build: the kernels are the references

void activate(Activation a, const float* in, float* out, std::size_t n) {
    activate_scalar(a, in, out, n);
}
void activate_grad(Activation a, const float* in, float* out, std::size_t n) {
    activate_grad_scalar(a, in, out, n);
}
void activate_with_grad(Activation a, const float* in, float* out, float* dout, std::size_t n) {
    activate_with_grad_scalar(a, in, out, dout, n);
}

#endif

}  // namespace al
