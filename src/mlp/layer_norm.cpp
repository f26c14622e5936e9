#include "mlp/layer_norm.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "simd/arch.hpp"
#include "unrolled.hpp"

namespace al {

LayerNorm::LayerNorm(std::size_t width, std::size_t max_rows, float* gamma, float* beta,
                     float* dgamma, float* dbeta)
    : width_(width),
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

// Row kernels over a group of R rows at once: each row keeps its own accumulators and sums in
// the same order as alone, so the results do not depend on R; the R independent chains let the
// CPU overlap rows (one row's sums are a chain of dependent adds, the kernels' critical path).
// The vector loop, then the scalar tail (the whole row in the scalar build); each_index runs a
// step for every row of the group, unrolled (unrolled.hpp says why).
#if AL_SIMD
using simd::fbatch;
constexpr std::size_t L = simd::float_lanes;
#endif

// sum[r] = Σ x[r][i]
template <std::size_t R>
void rows_sum(const float* x, std::size_t w, float* sum) {
    std::size_t i = 0;
    each_index<R>([&](std::size_t r) { sum[r] = 0.0f; });
#if AL_SIMD
    fbatch acc[R];
    each_index<R>([&](std::size_t r) { acc[r] = fbatch(0.0f); });
    for (; i + L <= w; i += L)
        each_index<R>([&](std::size_t r) { acc[r] += fbatch::load_unaligned(x + r * w + i); });
    each_index<R>([&](std::size_t r) { sum[r] = simd::reduce_add(acc[r]); });
#endif
    for (; i < w; ++i) each_index<R>([&](std::size_t r) { sum[r] += x[r * w + i]; });
}

// sum[r] = Σ (x[r][i] − m[r])²
template <std::size_t R>
void rows_sq_dev(const float* x, const float* m, std::size_t w, float* sum) {
    std::size_t i = 0;
    each_index<R>([&](std::size_t r) { sum[r] = 0.0f; });
#if AL_SIMD
    fbatch acc[R], mb[R];
    each_index<R>([&](std::size_t r) { acc[r] = fbatch(0.0f), mb[r] = fbatch(m[r]); });
    for (; i + L <= w; i += L)
        each_index<R>([&](std::size_t r) {
            const fbatch d = fbatch::load_unaligned(x + r * w + i) - mb[r];
            acc[r] += d * d;
        });
    each_index<R>([&](std::size_t r) { sum[r] = simd::reduce_add(acc[r]); });
#endif
    for (; i < w; ++i)
        each_index<R>(
            [&](std::size_t r) { sum[r] += (x[r * w + i] - m[r]) * (x[r * w + i] - m[r]); });
}

// x̂ = (z − m)·rstd, y = x̂·γ + β (y may be z), row by row.
template <std::size_t R>
void rows_normalise(const float* z, const float* m, const float* rstd, const float* g,
                    const float* b, float* xh, float* y, std::size_t w) {
    std::size_t i = 0;
#if AL_SIMD
    // The rows' constants in registers (read through pointers that the stores might alias, they
    // would be loaded and broadcast again for every vector).
    fbatch mb[R], rb[R];
    each_index<R>([&](std::size_t r) { mb[r] = fbatch(m[r]), rb[r] = fbatch(rstd[r]); });
    for (; i + L <= w; i += L) {
        const fbatch gi = fbatch::load_unaligned(g + i), bi = fbatch::load_unaligned(b + i);
        each_index<R>([&](std::size_t r) {
            const std::size_t k = r * w + i;
            const fbatch x = (fbatch::load_unaligned(z + k) - mb[r]) * rb[r];
            x.store_unaligned(xh + k);
            (x * gi + bi).store_unaligned(y + k);
        });
    }
#endif
    for (; i < w; ++i)
        each_index<R>([&](std::size_t r) {
            const std::size_t k = r * w + i;
            xh[k] = (z[k] - m[r]) * rstd[r];
            y[k] = xh[k] * g[i] + b[i];
        });
}

// sg[r] = Σ dy·γ and sgx[r] = Σ dy·γ·x̂; adds dy·x̂ to dγ and dy to dβ, rows in order.
template <std::size_t R>
void rows_backward_sums(const float* dy, const float* g, const float* xh, float* dg, float* db,
                        std::size_t w, float* sg, float* sgx) {
    std::size_t i = 0;
    each_index<R>([&](std::size_t r) { sg[r] = sgx[r] = 0.0f; });
#if AL_SIMD
    fbatch ag[R], agx[R];
    each_index<R>([&](std::size_t r) { ag[r] = agx[r] = fbatch(0.0f); });
    for (; i + L <= w; i += L) {
        const fbatch gamma = fbatch::load_unaligned(g + i);
        fbatch dgi = fbatch::load_unaligned(dg + i), dbi = fbatch::load_unaligned(db + i);
        each_index<R>([&](std::size_t r) {
            const std::size_t k = r * w + i;
            const fbatch d = fbatch::load_unaligned(dy + k), x = fbatch::load_unaligned(xh + k);
            const fbatch gi = d * gamma;
            ag[r] += gi;
            agx[r] += gi * x;
            dgi = dgi + d * x;
            dbi = dbi + d;
        });
        dgi.store_unaligned(dg + i);
        dbi.store_unaligned(db + i);
    }
    each_index<R>([&](std::size_t r) {
        sg[r] = simd::reduce_add(ag[r]);
        sgx[r] = simd::reduce_add(agx[r]);
    });
#endif
    for (; i < w; ++i)
        each_index<R>([&](std::size_t r) {
            const std::size_t k = r * w + i;
            const float gi = dy[k] * g[i];
            sg[r] += gi;
            sgx[r] += gi * xh[k];
            dg[i] += dy[k] * xh[k];
            db[i] += dy[k];
        });
}

// dz = rstd·(dy·γ − mg − x̂·mgx) (dz may be dy), row by row.
template <std::size_t R>
void rows_input_grad(const float* dy, const float* g, const float* xh, const float* rstd,
                     const float* mg, const float* mgx, float* dz, std::size_t w) {
    std::size_t i = 0;
#if AL_SIMD
    fbatch rb[R], mgb[R], mgxb[R];  // in registers, as in rows_normalise
    each_index<R>([&](std::size_t r) {
        rb[r] = fbatch(rstd[r]), mgb[r] = fbatch(mg[r]), mgxb[r] = fbatch(mgx[r]);
    });
    for (; i + L <= w; i += L) {
        const fbatch gamma = fbatch::load_unaligned(g + i);
        each_index<R>([&](std::size_t r) {
            const std::size_t k = r * w + i;
            const fbatch gi = fbatch::load_unaligned(dy + k) * gamma;
            (rb[r] * (gi - mgb[r] - fbatch::load_unaligned(xh + k) * mgxb[r]))
                .store_unaligned(dz + k);
        });
    }
#endif
    for (; i < w; ++i)
        each_index<R>([&](std::size_t r) {
            const std::size_t k = r * w + i;
            dz[k] = rstd[r] * (dy[k] * g[i] - mg[r] - xh[k] * mgx[r]);
        });
}

// Calls group(r0, R) for rows r0 … r0 + R − 1, R a std::integral_constant: groups of four
// rows, then one at a time.
template <class Group>
void for_row_groups(std::size_t rows, Group group) {
    std::size_t r = 0;
    for (; r + 4 <= rows; r += 4) group(r, std::integral_constant<std::size_t, 4>{});
    for (; r < rows; ++r) group(r, std::integral_constant<std::size_t, 1>{});
}

}  // namespace

void LayerNorm::forward(const float* z, std::size_t rows, float* y) {
    const std::size_t w = width_;
    const float inv_w = 1.0f / static_cast<float>(w);
    for_row_groups(rows, [&](std::size_t r0, auto group) {
        constexpr std::size_t R = decltype(group)::value;
        const float* zr = z + r0 * w;
        float mean[R], var[R];
        rows_sum<R>(zr, w, mean);
        each_index<R>([&](std::size_t r) { mean[r] *= inv_w; });
        rows_sq_dev<R>(zr, mean, w, var);
        float* rstd = rstd_.data() + r0;
        each_index<R>([&](std::size_t r) { rstd[r] = 1.0f / std::sqrt(var[r] * inv_w + eps); });
        rows_normalise<R>(zr, mean, rstd, gamma_, beta_, xhat_.data() + r0 * w, y + r0 * w, w);
    });
}

void LayerNorm::backward(const float* dy, std::size_t rows, float* dz, bool accumulate) {
    const std::size_t w = width_;
    if (!accumulate) {
        std::fill(dgamma_, dgamma_ + w, 0.0f);
        std::fill(dbeta_, dbeta_ + w, 0.0f);
    }
    const float inv_w = 1.0f / static_cast<float>(w);
    for_row_groups(rows, [&](std::size_t r0, auto group) {
        constexpr std::size_t R = decltype(group)::value;
        const float* xr = xhat_.data() + r0 * w;
        float mg[R], mgx[R];  // mean of g and of g·x̂, g = dy·γ
        rows_backward_sums<R>(dy + r0 * w, gamma_, xr, dgamma_, dbeta_, w, mg, mgx);
        each_index<R>([&](std::size_t r) { mg[r] *= inv_w, mgx[r] *= inv_w; });
        rows_input_grad<R>(dy + r0 * w, gamma_, xr, rstd_.data() + r0, mg, mgx, dz + r0 * w, w);
    });
}

}  // namespace al
