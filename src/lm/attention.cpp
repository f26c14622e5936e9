// Causal multi-head self-attention (layers.hpp's attention_forward / attention_backward).
// One head's products are tiny (ctx × ctx × hs, 32 × 32 × 16 at the reference size) and half of
// each is the causal mask's zeros, so they run on a small register-tiled kernel over the
// triangle only, blocks of four rows: no packing (one head's operands sit in L1), no call per
// product, about half the multiply-adds. Skipped terms are exact zeros at the ends of the sums,
// so every value has the bits gemm's full product would give.
#include <algorithm>
#include <cmath>

#include "activation.hpp"
#include "lm/layers.hpp"
#include "matrix.hpp"
#include "simd/arch.hpp"
#include "unrolled.hpp"

namespace al::lm {

namespace {

#if AL_SIMD
using simd::fbatch;
#endif
using simd::L;
constexpr std::size_t RB = 4;  // rows per block of the triangle

#if AL_SIMD
// C [MR][NV·L] = A·B over K: A(m, k) = a[m·a_row + k·a_col], B row-major (ldb). Sums run over k
// in increasing order from 0, as gemm's (matrix.hpp), so the results are the same bits.
template <std::size_t MR, std::size_t NV>
void tile(std::size_t K, const float* a, std::size_t a_row, std::size_t a_col, const float* b,
          std::size_t ldb, float* c, std::size_t ldc) {
    fbatch acc[MR][NV];
    each_index<MR>(
        [&](std::size_t r) { each_index<NV>([&](std::size_t j) { acc[r][j] = 0.0f; }); });
    const float* ak = a;
    const float* bk = b;
    for (std::size_t k = 0; k < K; ++k, ak += a_col, bk += ldb) {
        fbatch bv[NV];
        each_index<NV>([&](std::size_t j) { bv[j] = fbatch::load_unaligned(bk + j * L); });
        each_index<MR>([&](std::size_t r) {
            const fbatch ar(ak[r * a_row]);
            each_index<NV>([&](std::size_t j) { acc[r][j] += ar * bv[j]; });
        });
    }
    each_index<MR>([&](std::size_t r) {
        each_index<NV>([&](std::size_t j) { acc[r][j].store_unaligned(c + r * ldc + j * L); });
    });
}
#endif

// MR rows of C [MR][N] = A·B: tiles of 2 and 1 vectors, then the last N mod L columns.
template <std::size_t MR>
void block_rows(std::size_t N, std::size_t K, const float* a, std::size_t a_row, std::size_t a_col,
                const float* b, std::size_t ldb, float* c, std::size_t ldc) {
    std::size_t n = 0;
#if AL_SIMD
    for (; n + 2 * L <= N; n += 2 * L) tile<MR, 2>(K, a, a_row, a_col, b + n, ldb, c + n, ldc);
    for (; n + L <= N; n += L) tile<MR, 1>(K, a, a_row, a_col, b + n, ldb, c + n, ldc);
#endif
    for (; n < N; ++n)
        for (std::size_t r = 0; r < MR; ++r) {
            float s = 0.0f;
            for (std::size_t k = 0; k < K; ++k) s += a[r * a_row + k * a_col] * b[k * ldb + n];
            c[r * ldc + n] = s;
        }
}

// C [M][N] = A·B (M ≤ RB), A and B as in tile.
void small_gemm(std::size_t M, std::size_t N, std::size_t K, const float* a, std::size_t a_row,
                std::size_t a_col, const float* b, std::size_t ldb, float* c, std::size_t ldc) {
    if (M == RB) return block_rows<RB>(N, K, a, a_row, a_col, b, ldb, c, ldc);
    for (std::size_t m = 0; m < M; ++m)
        block_rows<1>(N, K, a + m * a_row, a_row, a_col, b, ldb, c + m * ldc, ldc);
}

// x / scale, as x · (1/scale) when that is the same (scale a power of two: √16 = 4 at the
// reference size), a multiply instead of a divide.
struct Divide {
    float scale, inverse;
    bool exact;
    explicit Divide(float s) : scale(s), inverse(1.0f / s) {
        int e;
        exact = std::frexp(s, &e) == 0.5f;
    }
    float operator()(float x) const { return exact ? x * inverse : x / scale; }
#if AL_SIMD
    fbatch operator()(fbatch x) const { return exact ? x * fbatch(inverse) : x / fbatch(scale); }
#endif
};

// Rows i0 … i0 + rows − 1 of the scores hold columns 0 … w − 1 (the block's width): row i becomes
// the max-shifted softmax of its columns 0 … i (the causal mask), zeros after them up to w.
// Nothing reads a row past its block's width (the block's products and the backward's transposed
// ones stop there), so nothing is written there. Dividing by the scale keeps the order of the
// scores, so their max divided is the max of the divided; with a power-of-two scale the division
// is a multiply inside the exp's pass, exact.
void softmax_block(float* p, std::size_t ld, std::size_t rows, std::size_t i0, std::size_t w,
                   const Divide& divide) {
    if (!divide.exact)
        for (std::size_t r = 0; r < rows; ++r) {
            float* pr = p + r * ld;
            std::size_t s = 0;
#if AL_SIMD
            for (; s + L <= w; s += L)
                divide(fbatch::load_unaligned(pr + s)).store_unaligned(pr + s);
#endif
            for (; s < w; ++s) pr[s] = divide(pr[s]);
        }
    softmax_rows(p, ld, rows, i0 + 1, w, divide.exact ? divide.inverse : 1.0f);
}

// Row i of dP (columns 0 … i meaningful) into dS = P ∘ (dP − Σ P ∘ dP) / scale, zeros after up
// to the block's width w.
void softmax_backward_row(const float* pr, float* dr, std::size_t i, std::size_t w,
                          const Divide& divide) {
    float dot = 0;
    std::size_t s = 0;
#if AL_SIMD
    fbatch acc(0.0f);
    for (; s + L <= i + 1; s += L)
        acc += fbatch::load_unaligned(pr + s) * fbatch::load_unaligned(dr + s);
    dot = simd::reduce_add(acc);
#endif
    for (; s <= i; ++s) dot += pr[s] * dr[s];
    s = 0;
#if AL_SIMD
    const fbatch dv(dot);
    for (; s + L <= i + 1; s += L) {
        const fbatch p = fbatch::load_unaligned(pr + s), d = fbatch::load_unaligned(dr + s);
        divide(p * (d - dv)).store_unaligned(dr + s);
    }
#endif
    for (; s <= i; ++s) dr[s] = divide(pr[s] * (dr[s] - dot));
    std::fill(dr + i + 1, dr + w, 0.0f);
}

// Columns of the triangle's row block starting at row i0: up to its last row, rounded to L.
std::size_t block_cols(std::size_t i0, std::size_t t) { return std::min(i0 + RB, t); }

}  // namespace

void attention_forward(const float* qkv, std::size_t batch, std::size_t t, std::size_t d,
                       std::size_t heads, float* probs, float* out, float* scratch) {
    const std::size_t hs = d / heads, ld = 3 * d;
    const Divide divide(std::sqrt(static_cast<float>(hs)));  // scores = q·kᵀ / √hs
    float* kt = scratch;                                     // [hs][t]
    for (std::size_t b = 0; b < batch; ++b) {
        for (std::size_t h = 0; h < heads; ++h) {
            const float* q = qkv + b * t * ld + h * hs;
            const float* k = q + d;
            const float* v = q + 2 * d;
            float* p = probs + (b * heads + h) * t * t;
            float* o = out + b * t * d + h * hs;
            transpose(k, t, hs, ld, kt, t);
            for (std::size_t i0 = 0; i0 < t; i0 += RB) {
                const std::size_t rows = std::min(RB, t - i0), n = block_cols(i0, t);
                // Scores = q·kᵀ over the block's columns, then each row's softmax.
                small_gemm(rows, n, hs, q + i0 * ld, ld, 1, kt, t, p + i0 * t, t);
                softmax_block(p + i0 * t, t, rows, i0, n, divide);
                // out = P·V over positions 0 … the block's last row (P is zero after it).
                small_gemm(rows, hs, n, p + i0 * t, t, 1, v, ld, o + i0 * d, d);
            }
        }
    }
}

void attention_backward(const float* qkv, const float* probs, const float* dout, std::size_t batch,
                        std::size_t t, std::size_t d, std::size_t heads, float* dqkv,
                        float* scratch) {
    const std::size_t hs = d / heads, ld = 3 * d;
    const Divide divide(std::sqrt(static_cast<float>(hs)));
    float* dp = scratch;          // [t][t]
    float* vt = scratch + t * t;  // [hs][t]
    for (std::size_t b = 0; b < batch; ++b) {
        for (std::size_t h = 0; h < heads; ++h) {
            const float* q = qkv + b * t * ld + h * hs;
            const float* k = q + d;
            const float* v = q + 2 * d;
            const float* p = probs + (b * heads + h) * t * t;
            const float* dO = dout + b * t * d + h * hs;
            float* dq = dqkv + b * t * ld + h * hs;
            float* dk = dq + d;
            float* dv = dq + 2 * d;
            transpose(v, t, hs, ld, vt, t);
            for (std::size_t i0 = 0; i0 < t; i0 += RB) {
                const std::size_t rows = std::min(RB, t - i0), n = block_cols(i0, t);
                // dP = dO·Vᵀ, then through the softmax and the 1/√hs: dS.
                small_gemm(rows, n, hs, dO + i0 * d, d, 1, vt, t, dp + i0 * t, t);
                for (std::size_t i = i0; i < i0 + rows; ++i)
                    softmax_backward_row(p + i * t, dp + i * t, i, n, divide);
                // dQ = dS·K over positions 0 … the block's last row.
                small_gemm(rows, hs, n, dp + i0 * t, t, 1, k, ld, dq + i0 * ld, ld);
            }
            // dV = Pᵀ·dO and dK = dSᵀ·Q: row s sums over the queries i ≥ s (the rest are zeros),
            // so a block starting at s0 reads P and dS from row s0 on.
            for (std::size_t s0 = 0; s0 < t; s0 += RB) {
                const std::size_t rows = std::min(RB, t - s0), n = t - s0;
                small_gemm(rows, hs, n, p + s0 * t + s0, 1, t, dO + s0 * d, d, dv + s0 * ld, ld);
                small_gemm(rows, hs, n, dp + s0 * t + s0, 1, t, q + s0 * ld, ld, dk + s0 * ld, ld);
            }
        }
    }
}

}  // namespace al::lm
