// The softmaxes' kernels: exp_shifted_sum (a row's exponentials and their sum: the language
// model's cross-entropy) and softmax_lanes (the attention's causal softmax of a block of queries,
// one per lane), on the activation kernels' vector exp (exp_simd.hpp); std::exp in a scalar build.
#include "softmax.hpp"

#include "matrix.hpp"
#include "simd/arch.hpp"
// After xsimd and its pragma (activation_detail.hpp): the kernels below round as they say.
#include "exp_simd.hpp"
#include "unrolled.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace al {

#if AL_SIMD
namespace {

using namespace vector_exp;

// exp_shifted_sum's loop: two vectors per step, each with its own running sum; lanes from
// `valid` on are zeros (a select, so a masked lane's exp never reaches the sum, NaN or not);
// the last n mod lanes outputs through a padded copy.
AL_ALWAYS_INLINE float exp_shifted_sum_loop(const float* in, float scale, float shift,
                                            std::size_t valid, std::size_t n, float* out) {
    constexpr std::size_t lanes = fbatch::size;
    const fbatch k(scale), s(shift), zero(0.0f);
    const fbatch lane = fbatch::load_unaligned(kLaneIndex);  // each lane's index in its vector
    const auto exp_at = [&](const float* p, std::size_t i) {
        const fbatch e = exp_k(fbatch::load_unaligned(p) * k - s);
        if (i + lanes <= valid) return e;
        return xsimd::select(
            lane + fbatch(static_cast<float>(i)) < fbatch(static_cast<float>(valid)), e, zero);
    };
    fbatch sum0(0.0f), sum1(0.0f);
    std::size_t i = 0;
    for (; i + 2 * lanes <= n; i += 2 * lanes) {
        const fbatch e0 = exp_at(in + i, i), e1 = exp_at(in + i + lanes, i + lanes);
        e0.store_unaligned(out + i);
        e1.store_unaligned(out + i + lanes);
        sum0 += e0;
        sum1 += e1;
    }
    for (; i + lanes <= n; i += lanes) {
        const fbatch e = exp_at(in + i, i);
        e.store_unaligned(out + i);
        sum0 += e;
    }
    if (i < n) {
        float buf[lanes] = {};
        std::memcpy(buf, in + i, (n - i) * sizeof(float));
        const fbatch e = exp_at(buf, i);
        sum1 += e;
        e.store_unaligned(buf);
        std::memcpy(out + i, buf, (n - i) * sizeof(float));
    }
    return simd::reduce_add(sum0 + sum1);
}

}  // namespace

float exp_shifted_sum(const float* in, float scale, float shift, std::size_t valid, std::size_t n,
                      float* out) {
    return exp_shifted_sum_loop(in, scale, shift, std::min(valid, n), n, out);
}

void softmax_lanes(float* pt, std::size_t n, std::size_t full, float scale) {
    constexpr std::size_t lanes = fbatch::size;
    const fbatch lane = fbatch::load_unaligned(kLaneIndex);
    const auto at = [pt](std::size_t s) { return fbatch::load_unaligned(pt + s * lanes); };
    // Keys after `full` are seen by the lanes from s − full on.
    const auto seen = [&](std::size_t s) { return lane >= fbatch(static_cast<float>(s - full)); };
    const std::size_t all = std::min(n, full + 1);  // keys every lane sees
    const fbatch none(-INFINITY), zero(0.0f);
    fbatch m0 = at(0), m1 = m0;
    std::size_t s = 1;
    for (; s + 2 <= all; s += 2) m0 = xsimd::max(m0, at(s)), m1 = xsimd::max(m1, at(s + 1));
    for (; s < all; ++s) m0 = xsimd::max(m0, at(s));
    for (; s < n; ++s) m1 = xsimd::max(m1, xsimd::select(seen(s), at(s), none));
    const fbatch k(scale), shift = xsimd::max(m0, m1) * k;
    const auto exp_at = [&](std::size_t s) { return exp_k(at(s) * k - shift); };
    fbatch sum[4] = {zero, zero, zero, zero};  // keys s mod 4: four chains
    for (s = 0; s + 4 <= all; s += 4) {
        fbatch e[4];
        each_index<4>([&](std::size_t j) { e[j] = exp_at(s + j); });
        each_index<4>([&](std::size_t j) {
            e[j].store_unaligned(pt + (s + j) * lanes);
            sum[j] += e[j];
        });
    }
    for (; s < n; ++s) {
        const fbatch e = s < all ? exp_at(s) : xsimd::select(seen(s), exp_at(s), zero);
        e.store_unaligned(pt + s * lanes);
        sum[s % 4] += e;
    }
    const fbatch inv = fbatch(1.0f) / ((sum[0] + sum[1]) + (sum[2] + sum[3]));
    for (s = 0; s < n; ++s) (at(s) * inv).store_unaligned(pt + s * lanes);
}

#else  // scalar-only build

void softmax_lanes(float* pt, std::size_t n, std::size_t full, float scale) {
    // One lane: a row of n keys, the first min(n, full + 1) seen.
    const std::size_t seen = std::min(n, full + 1);
    const float inv = 1.0f / exp_shifted_sum(pt, scale, max_of(pt, seen) * scale, seen, n, pt);
    for (std::size_t s = 0; s < n; ++s) pt[s] *= inv;
}

float exp_shifted_sum(const float* in, float scale, float shift, std::size_t valid, std::size_t n,
                      float* out) {
    float sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = i < valid ? std::exp(in[i] * scale - shift) : 0.0f;
        sum += out[i];
    }
    return sum;
}

#endif

}  // namespace al
