#include "layer_norm.hpp"

#include <algorithm>
#include <cmath>

#include "simd/arch.hpp"

namespace al {

LayerNorm::LayerNorm(std::size_t width, std::size_t max_rows, float* gamma, float* beta,
                     float* dgamma, float* dbeta)
    : width_(width),
      max_rows_(max_rows),
      gamma_(gamma),
      beta_(beta),
      dgamma_(dgamma),
      dbeta_(dbeta),
      xhat_(width * max_rows, 0.0f),
      rstd_(max_rows, 0.0f) {}

void LayerNorm::reset() {
    std::fill(gamma_, gamma_ + width_, 1.0f);
    std::fill(beta_, beta_ + width_, 0.0f);
}

namespace {

// Row kernels: the vector loop, then the scalar tail (the whole row in the scalar build).
#if AL_SIMD
using simd::fbatch;
constexpr std::size_t L = simd::float_lanes;
#endif

// Σ x[i]
float row_sum(const float* x, std::size_t w) {
    std::size_t i = 0;
    float s = 0.0f;
#if AL_SIMD
    fbatch acc(0.0f);
    for (; i + L <= w; i += L) acc += fbatch::load_unaligned(x + i);
    s = simd::reduce_add(acc);
#endif
    for (; i < w; ++i) s += x[i];
    return s;
}

// Σ (x[i] − m)²
float row_sq_dev(const float* x, float m, std::size_t w) {
    std::size_t i = 0;
    float s = 0.0f;
#if AL_SIMD
    fbatch acc(0.0f);
    const fbatch mb(m);
    for (; i + L <= w; i += L) {
        const fbatch d = fbatch::load_unaligned(x + i) - mb;
        acc += d * d;
    }
    s = simd::reduce_add(acc);
#endif
    for (; i < w; ++i) s += (x[i] - m) * (x[i] - m);
    return s;
}

// x̂ = (z − m)·r, y = x̂·γ + β (y may be z).
void row_normalise(const float* z, float m, float r, const float* g, const float* b, float* xh,
                   float* y, std::size_t w) {
    std::size_t i = 0;
#if AL_SIMD
    const fbatch mb(m), rb(r);
    for (; i + L <= w; i += L) {
        const fbatch x = (fbatch::load_unaligned(z + i) - mb) * rb;
        x.store_unaligned(xh + i);
        (x * fbatch::load_unaligned(g + i) + fbatch::load_unaligned(b + i)).store_unaligned(y + i);
    }
#endif
    for (; i < w; ++i) {
        xh[i] = (z[i] - m) * r;
        y[i] = xh[i] * g[i] + b[i];
    }
}

// Returns Σ dy·γ and Σ dy·γ·x̂; adds dy·x̂ to dγ and dy to dβ.
void row_backward_sums(const float* dy, const float* g, const float* xh, float* dg, float* db,
                       std::size_t w, float& sg, float& sgx) {
    std::size_t i = 0;
    sg = 0.0f;
    sgx = 0.0f;
#if AL_SIMD
    fbatch ag(0.0f), agx(0.0f);
    for (; i + L <= w; i += L) {
        const fbatch d = fbatch::load_unaligned(dy + i), x = fbatch::load_unaligned(xh + i);
        const fbatch gi = d * fbatch::load_unaligned(g + i);
        ag += gi;
        agx += gi * x;
        (fbatch::load_unaligned(dg + i) + d * x).store_unaligned(dg + i);
        (fbatch::load_unaligned(db + i) + d).store_unaligned(db + i);
    }
    sg = simd::reduce_add(ag);
    sgx = simd::reduce_add(agx);
#endif
    for (; i < w; ++i) {
        const float gi = dy[i] * g[i];
        sg += gi;
        sgx += gi * xh[i];
        dg[i] += dy[i] * xh[i];
        db[i] += dy[i];
    }
}

// dz = r·(dy·γ − mg − x̂·mgx) (dz may be dy).
void row_input_grad(const float* dy, const float* g, const float* xh, float r, float mg, float mgx,
                    float* dz, std::size_t w) {
    std::size_t i = 0;
#if AL_SIMD
    const fbatch rb(r), mgb(mg), mgxb(mgx);
    for (; i + L <= w; i += L) {
        const fbatch gi = fbatch::load_unaligned(dy + i) * fbatch::load_unaligned(g + i);
        (rb * (gi - mgb - fbatch::load_unaligned(xh + i) * mgxb)).store_unaligned(dz + i);
    }
#endif
    for (; i < w; ++i) dz[i] = r * (dy[i] * g[i] - mg - xh[i] * mgx);
}

}  // namespace

void LayerNorm::forward(const float* z, std::size_t rows, float* y) {
    const std::size_t w = width_;
    const float inv_w = 1.0f / static_cast<float>(w);
    for (std::size_t r = 0; r < rows; ++r) {
        const float* zr = z + r * w;
        const float mean = row_sum(zr, w) * inv_w;
        const float var = row_sq_dev(zr, mean, w) * inv_w;
        const float rstd = 1.0f / std::sqrt(var + eps);
        rstd_[r] = rstd;
        row_normalise(zr, mean, rstd, gamma_, beta_, xhat_.data() + r * w, y + r * w, w);
    }
}

void LayerNorm::backward(const float* dy, std::size_t rows, float* dz, bool accumulate) {
    const std::size_t w = width_;
    if (!accumulate) {
        std::fill(dgamma_, dgamma_ + w, 0.0f);
        std::fill(dbeta_, dbeta_ + w, 0.0f);
    }
    const float inv_w = 1.0f / static_cast<float>(w);
    for (std::size_t r = 0; r < rows; ++r) {
        const float* xr = xhat_.data() + r * w;
        float sg, sgx;  // Σ g, Σ g·x̂ with g = dy·γ
        row_backward_sums(dy + r * w, gamma_, xr, dgamma_, dbeta_, w, sg, sgx);
        row_input_grad(dy + r * w, gamma_, xr, rstd_[r], sg * inv_w, sgx * inv_w, dz + r * w, w);
    }
}

}  // namespace al
