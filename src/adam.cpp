#include "adam.hpp"

#include <algorithm>
#include <cmath>

#include "simd/arch.hpp"

namespace al {

namespace {

// Subnormal floats. Moments that decay towards zero (a unit whose gradient vanishes) pass
// through the subnormal range, where x86 arithmetic is 10–100× slower, and WASM cannot set
// flush-to-zero. So the tiny values are flushed here, below thresholds where they cannot change
// a float32 parameter: denom >= eps = 1e-8, so an m below 1e-30 moves p by < 1e-21, and a v below
// 1e-36 adds < 4e-17 to denom, under half an ulp of 1e-8. The gradient terms are dropped below
// the size whose contribution would itself be subnormal (products are then all normal floats).
// Above these thresholds every value is exactly PyTorch's.
constexpr float m_min = 1e-30f;
constexpr float v_min = 1e-36f;
constexpr float g_min_m = 1e-29f;  // a1·g >= 1e-30
constexpr float g_min_v = 1e-16f;  // a2·g·g >= 1e-35

// One step's float32 constants (see Adam::step).
struct StepConstants {
    float neg_step, bias2_sqrt, b1, a1, b2, a2, eps, wd, keep;
};

#if AL_SIMD
// The vector part of a step over [0, n − n mod lanes); returns where the scalar tail starts.
// The weight-decay variant is a template argument, not a test in the loop: the loop then has no
// branch, and the registers the unused constants would take are free (fewer spills in V8).
template <bool decay, bool shrink>
std::size_t simd_steps(const StepConstants& k, std::size_t n, float* p, const float* g, float* m,
                       float* v) {
    using simd::fbatch;
    constexpr std::size_t L = simd::float_lanes;
    const fbatch zero(0.0f);
    std::size_t i = 0;
    for (; i + L <= n; i += L) {
        fbatch gi = fbatch::load_unaligned(g + i);
        fbatch pi = fbatch::load_unaligned(p + i);
        if constexpr (shrink) pi = pi * fbatch(k.keep);
        if constexpr (decay) gi = gi + fbatch(k.wd) * pi;
        const fbatch gm = xsimd::select(xsimd::abs(gi) < fbatch(g_min_m), zero, gi);
        const fbatch gv = xsimd::select(xsimd::abs(gi) < fbatch(g_min_v), zero, gi);
        fbatch mi = fbatch::load_unaligned(m + i) * fbatch(k.b1) + fbatch(k.a1) * gm;
        fbatch vi = fbatch::load_unaligned(v + i) * fbatch(k.b2) + fbatch(k.a2) * gv * gv;
        mi = xsimd::select(xsimd::abs(mi) < fbatch(m_min), zero, mi);
        vi = xsimd::select(vi < fbatch(v_min), zero, vi);
        const fbatch denom = xsimd::sqrt(vi) / fbatch(k.bias2_sqrt) + fbatch(k.eps);
        (pi + fbatch(k.neg_step) * mi / denom).store_unaligned(p + i);
        mi.store_unaligned(m + i);
        vi.store_unaligned(v + i);
    }
    return i;
}
#endif

}  // namespace

Adam::Adam(std::size_t n, AdamOptions options) : opt_(options), m_(n, 0.0f), v_(n, 0.0f) {}

void Adam::reset() {
    t_ = 0;
    std::fill(m_.begin(), m_.end(), 0.0f);
    std::fill(v_.begin(), v_.end(), 0.0f);
}

void Adam::step(float* p, const float* g) {
    ++t_;
    // Bias corrections: both moments start at 0, so early on they underestimate; dividing by
    // 1 − β^t rescales them (PyTorch folds the first into the step size, the second into denom).
    const double bias1 = 1.0 - std::pow(opt_.beta1, static_cast<double>(t_));
    const double bias2 = 1.0 - std::pow(opt_.beta2, static_cast<double>(t_));
    const StepConstants k{static_cast<float>(-(opt_.lr / bias1)),
                          static_cast<float>(std::sqrt(bias2)),
                          static_cast<float>(opt_.beta1),
                          static_cast<float>(1.0 - opt_.beta1),
                          static_cast<float>(opt_.beta2),
                          static_cast<float>(1.0 - opt_.beta2),
                          static_cast<float>(opt_.eps),
                          static_cast<float>(opt_.weight_decay),
                          static_cast<float>(1.0 - opt_.lr * opt_.weight_decay)};
    const bool decay = opt_.weight_decay != 0.0 && !opt_.decoupled;
    const bool shrink = opt_.weight_decay != 0.0 && opt_.decoupled;
    float* m = m_.data();
    float* v = v_.data();
    const std::size_t n = m_.size();
    std::size_t i = 0;
#if AL_SIMD
    i = decay    ? simd_steps<true, false>(k, n, p, g, m, v)
        : shrink ? simd_steps<false, true>(k, n, p, g, m, v)
                 : simd_steps<false, false>(k, n, p, g, m, v);
#endif
    for (; i < n; ++i) {
        float gi = g[i];
        if (shrink) p[i] = p[i] * k.keep;
        if (decay) gi = gi + k.wd * p[i];
        const float gm = std::fabs(gi) < g_min_m ? 0.0f : gi;
        const float gv = std::fabs(gi) < g_min_v ? 0.0f : gi;
        m[i] = m[i] * k.b1 + k.a1 * gm;
        v[i] = v[i] * k.b2 + k.a2 * gv * gv;
        if (std::fabs(m[i]) < m_min) m[i] = 0.0f;  // NaN stays NaN: divergence shows
        if (v[i] < v_min) v[i] = 0.0f;
        const float denom = std::sqrt(v[i]) / k.bias2_sqrt + k.eps;
        p[i] = p[i] + k.neg_step * m[i] / denom;
    }
}

}  // namespace al
