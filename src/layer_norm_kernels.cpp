#include "layer_norm_kernels.hpp"

#include <cmath>
#include <type_traits>

#include "simd/arch.hpp"
#include "sum4.hpp"
#include "unrolled.hpp"

namespace al {

namespace {

// Row kernels over a group of R rows at once: each row keeps its own accumulators and sums in
// the same order as alone, so the results do not depend on R; the R independent chains let the
// CPU overlap rows (one row's sums are a chain of dependent adds, the kernels' critical path).
// The vector loop, then the scalar tail (the whole row in the scalar build); each_index runs a
// step for every row of the group, unrolled (unrolled.hpp says why).
#if AL_SIMD
using simd::fbatch;
using simd::L;
#endif

// x̂ = (x − m)·rstd (kept when xh is given), y = x̂·γ + β (y may be x), row by row.
template <std::size_t R>
void rows_normalise(const float* x, const float* m, const float* rstd, const float* g,
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
            const fbatch v = (fbatch::load_unaligned(x + k) - mb[r]) * rb[r];
            if (xh) v.store_unaligned(xh + k);
            (v * gi + bi).store_unaligned(y + k);
        });
    }
#endif
    for (; i < w; ++i)
        each_index<R>([&](std::size_t r) {
            const std::size_t k = r * w + i;
            const float v = (x[k] - m[r]) * rstd[r];
            if (xh) xh[k] = v;
            y[k] = v * g[i] + b[i];
        });
}

// The backward's x̂: recomputed as (x − m)·rs from the input (FromInput), or x itself (kept).
// Compile-time, so that the MLP's kept x̂ costs no extra arithmetic.
template <bool FromInput>
float xhat_at(const float* x, std::size_t k, float m, float rs) {
    return FromInput ? (x[k] - m) * rs : x[k];
}
#if AL_SIMD
template <bool FromInput>
fbatch xhat_at(const float* x, std::size_t k, const fbatch& m, const fbatch& rs) {
    if constexpr (FromInput) return (fbatch::load_unaligned(x + k) - m) * rs;
    return fbatch::load_unaligned(x + k);
}
#endif

// sg[r] = Σ dy·γ and sgx[r] = Σ dy·γ·x̂, each in index order (one chain per row: PyTorch parity
// of the Transformer is that sensitive, tests/js/lm-parity.test.mjs; the R rows' chains overlap).
template <std::size_t R, bool FromInput>
void rows_backward_sums(const float* dy, const float* g, const float* x, const float* m,
                        const float* rs, std::size_t w, float* sg, float* sgx) {
    each_index<R>([&](std::size_t r) { sg[r] = sgx[r] = 0.0f; });
    for (std::size_t i = 0; i < w; ++i)
        each_index<R>([&](std::size_t r) {
            const std::size_t k = r * w + i;
            const float gi = dy[k] * g[i];
            sg[r] += gi;
            sgx[r] += gi * xhat_at<FromInput>(x, k, m[r], rs[r]);
        });
}

// dx (+= when Add, else =) rstd·(dy·γ − mg − x̂·mgx) (dx may be dy when written), row by row;
// adds dy·x̂ to dγ and dy to dβ, rows in order.
template <std::size_t R, bool FromInput, bool Add>
void rows_input_grad(const float* dy, const float* g, const float* x, const float* m,
                     const float* rstd, const float* mg, const float* mgx, float* dx, float* dg,
                     float* db, std::size_t w) {
    std::size_t i = 0;
#if AL_SIMD
    fbatch mb[R], rb[R], mgb[R], mgxb[R];  // in registers, as in rows_normalise
    each_index<R>([&](std::size_t r) {
        mb[r] = fbatch(m[r]), rb[r] = fbatch(rstd[r]), mgb[r] = fbatch(mg[r]);
        mgxb[r] = fbatch(mgx[r]);
    });
    for (; i + L <= w; i += L) {
        const fbatch gamma = fbatch::load_unaligned(g + i);
        fbatch dgi = fbatch::load_unaligned(dg + i), dbi = fbatch::load_unaligned(db + i);
        each_index<R>([&](std::size_t r) {
            const std::size_t k = r * w + i;
            const fbatch d = fbatch::load_unaligned(dy + k);
            const fbatch xh = xhat_at<FromInput>(x, k, mb[r], rb[r]);
            const fbatch v = rb[r] * (d * gamma - mgb[r] - xh * mgxb[r]);
            dgi = dgi + d * xh;
            dbi = dbi + d;
            if constexpr (Add)
                (fbatch::load_unaligned(dx + k) + v).store_unaligned(dx + k);
            else
                v.store_unaligned(dx + k);
        });
        dgi.store_unaligned(dg + i);
        dbi.store_unaligned(db + i);
    }
#endif
    for (; i < w; ++i)
        each_index<R>([&](std::size_t r) {
            const std::size_t k = r * w + i;
            const float xh = xhat_at<FromInput>(x, k, m[r], rstd[r]), d = dy[k];
            dg[i] += d * xh;
            db[i] += d;
            const float v = rstd[r] * (d * g[i] - mg[r] - xh * mgx[r]);
            dx[k] = Add ? dx[k] + v : v;
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

template <bool FromInput, bool Add>
void backward_rows(const float* x, const float* gamma, const float* mean, const float* rstd,
                   const float* dy, std::size_t rows, std::size_t w, float* dgamma, float* dbeta,
                   float* dx) {
    const float fw = static_cast<float>(w);
    for_row_groups(rows, [&](std::size_t r0, auto group) {
        constexpr std::size_t R = decltype(group)::value;
        const std::size_t k = r0 * w;
        // μ (any valid pointer when x is x̂: then the kernels ignore it).
        const float* m = FromInput ? mean + r0 : rstd + r0;
        float mg[R], mgx[R];  // means of g and g·x̂
        rows_backward_sums<R, FromInput>(dy + k, gamma, x + k, m, rstd + r0, w, mg, mgx);
        each_index<R>([&](std::size_t r) { mg[r] /= fw, mgx[r] /= fw; });
        rows_input_grad<R, FromInput, Add>(dy + k, gamma, x + k, m, rstd + r0, mg, mgx, dx + k,
                                           dgamma, dbeta, w);
    });
}

}  // namespace

void layernorm_forward(const float* x, const float* gamma, const float* beta, std::size_t rows,
                       std::size_t w, float* y, float* mean, float* rstd, float* xhat) {
    const auto dw = static_cast<double>(w);
    for_row_groups(rows, [&](std::size_t r0, auto group) {
        constexpr std::size_t R = decltype(group)::value;
        float m[R];
        each_index<R>([&](std::size_t r) {
            const float* xr = x + (r0 + r) * w;
            // Moments in double (four chains, sum4.hpp): correctly rounded for these widths.
            const double mu = sum4(w, [xr](std::size_t i) { return double(xr[i]); }) / dw;
            const double v =
                sum4(w, [xr, mu](std::size_t i) { return (xr[i] - mu) * (xr[i] - mu); });
            m[r] = static_cast<float>(mu);
            rstd[r0 + r] = static_cast<float>(1.0 / std::sqrt(v / dw + layer_norm_eps));
            if (mean) mean[r0 + r] = m[r];
        });
        rows_normalise<R>(x + r0 * w, m, rstd + r0, gamma, beta, xhat ? xhat + r0 * w : nullptr,
                          y + r0 * w, w);
    });
}

void layernorm_backward(const float* x, const float* gamma, const float* mean, const float* rstd,
                        const float* dy, std::size_t rows, std::size_t w, float* dgamma,
                        float* dbeta, float* dx, bool add_to_dx) {
    // The two combinations the models use: the Transformer's, and the MLP's (in place).
    if (mean && add_to_dx)
        backward_rows<true, true>(x, gamma, mean, rstd, dy, rows, w, dgamma, dbeta, dx);
    else if (!mean && !add_to_dx)
        backward_rows<false, false>(x, gamma, mean, rstd, dy, rows, w, dgamma, dbeta, dx);
    else if (mean)
        backward_rows<true, false>(x, gamma, mean, rstd, dy, rows, w, dgamma, dbeta, dx);
    else
        backward_rows<false, true>(x, gamma, mean, rstd, dy, rows, w, dgamma, dbeta, dx);
}

}  // namespace al
