// Causal multi-head self-attention (layers.hpp's attention_forward / attention_backward).
// One head's products are tiny (ctx × ctx × hs, 32 × 32 × 16 at the reference size) and half of
// each is the causal mask's zeros. So the queries go in blocks of one per vector lane (four in
// WASM), and a block's scores are held transposed, [key][query]: its softmax (max, exp, sum,
// 1/sum over the keys, softmax.hpp's softmax_lanes) and the softmax's backward run on whole
// vectors, with no reduction across lanes and one call a block (a query's row is only 1 to 32
// scores long). The products run on gemm's register tiles (gemm_tile.hpp) over the triangle only
// (no packing: one head's operands sit in L1). Every sum runs over k in increasing order from 0, as
// gemm's; skipped terms are exact zeros at the ends of the sums.
#include <algorithm>
#include <cmath>

#include "gemm_tile.hpp"
#include "lm/layers.hpp"
#include "matrix.hpp"
#include "simd/arch.hpp"
#include "softmax.hpp"
#include "unrolled.hpp"

namespace al::lm {

namespace {

#if AL_SIMD
using simd::fbatch;
#endif
using simd::L;
constexpr std::size_t RB = L;  // queries per block: one per lane

// Queries rounded up to whole blocks.
std::size_t padded(std::size_t t) { return (t + RB - 1) / RB * RB; }

// MR rows of C [MR][N] = A·B: tiles of 2 and 1 vectors, then the last N mod L columns.
template <std::size_t MR>
void block_rows(std::size_t N, std::size_t K, const float* a, std::size_t a_row, std::size_t a_col,
                const float* b, std::size_t ldb, float* c, std::size_t ldc) {
    std::size_t n = 0;
#if AL_SIMD
    for (; n + 2 * L <= N; n += 2 * L)
        gemm_tile::tile<MR, 2>(K, a, a_row, a_col, b + n, ldb, c + n, ldc);
    for (; n + L <= N; n += L) gemm_tile::tile<MR, 1>(K, a, a_row, a_col, b + n, ldb, c + n, ldc);
#endif
    for (; n < N; ++n)
        for (std::size_t r = 0; r < MR; ++r) {
            float s = 0.0f;
            for (std::size_t k = 0; k < K; ++k) s += a[r * a_row + k * a_col] * b[k * ldb + n];
            c[r * ldc + n] = s;
        }
}

// A block's queries' rows of C [M][N] = A·B (M ≤ RB): four rows a tile, then one.
void query_rows(std::size_t M, std::size_t N, std::size_t K, const float* a, std::size_t a_row,
                std::size_t a_col, const float* b, std::size_t ldb, float* c, std::size_t ldc) {
    std::size_t m = 0;
    for (; m + 4 <= M; m += 4)
        block_rows<4>(N, K, a + m * a_row, a_row, a_col, b, ldb, c + m * ldc, ldc);
    for (; m < M; ++m) block_rows<1>(N, K, a + m * a_row, a_row, a_col, b, ldb, c + m * ldc, ldc);
}

// A block's transposed products, keys × its queries: C [n][RB] = A·B, A's n rows a_row apart
// (contiguous along K: keys or values), B K rows of the block's RB queries, ldb apart (a head's
// queries or output gradient transposed, zero-padded to whole blocks).
void key_rows(std::size_t n, std::size_t K, const float* a, std::size_t a_row, const float* b,
              std::size_t ldb, float* c) {
    std::size_t m = 0;
#if AL_SIMD
    for (; m + 8 <= n; m += 8)
        gemm_tile::tile<8, 1>(K, a + m * a_row, a_row, 1, b, ldb, c + m * L, L);
    for (; m + 4 <= n; m += 4)
        gemm_tile::tile<4, 1>(K, a + m * a_row, a_row, 1, b, ldb, c + m * L, L);
    for (; m < n; ++m) gemm_tile::tile<1, 1>(K, a + m * a_row, a_row, 1, b, ldb, c + m * L, L);
#else
    for (; m < n; ++m) {
        float s = 0.0f;
        for (std::size_t k = 0; k < K; ++k) s += a[m * a_row + k] * b[k * ldb];
        c[m] = s;
    }
#endif
}

// Rows s0 … s0 + MR − 1 of C [t][N] = Σ over the queries i of A(s, i)·B[i], where A is held in
// the blocks of attention_forward's probs (block b at p + b·RB·t, [key][query]): the queries
// from s0's block on (the keys of a block's tile stay in that block: MR divides RB; earlier
// queries do not see s, and their entries in s0's block are zeros), each block's own queries
// in order. B row-major (ldb); columns N.
template <std::size_t MR>
void from_blocks(const float* p, std::size_t t, std::size_t s0, std::size_t N, const float* b,
                 std::size_t ldb, float* c, std::size_t ldc) {
    static_assert(RB % MR == 0, "a tile's keys within one block");
    const std::size_t first = s0 / RB * RB;
    std::size_t n = 0;
#if AL_SIMD
    auto columns = [&](auto nv) {
        constexpr std::size_t NV = decltype(nv)::value;
        for (; n + NV * L <= N; n += NV * L) {
            gemm_tile::Accumulators<MR, NV> acc;
            each_index<MR>(
                [&](std::size_t r) { each_index<NV>([&](std::size_t j) { acc[r][j] = 0.0f; }); });
            // Block by block, the tile's keys' entries (a key a row, RB apart) for its queries.
            for (std::size_t i0 = first; i0 < t; i0 += RB)
                gemm_tile::add_products<MR, NV>(acc, std::min(RB, t - i0), p + i0 * t + s0 * RB, RB,
                                                1, b + i0 * ldb + n, ldb);
            gemm_tile::store<MR, NV>(acc, c + n, ldc);
        }
    };
    columns(std::integral_constant<std::size_t, 4>{});
    columns(std::integral_constant<std::size_t, 1>{});
#endif
    for (; n < N; ++n)
        for (std::size_t r = 0; r < MR; ++r) {
            float s = 0.0f;
            for (std::size_t i = first; i < t; ++i)
                s += p[i / RB * RB * t + (s0 + r) * RB + i % RB] * b[i * ldb + n];
            c[r * ldc + n] = s;
        }
}

// As from_blocks, for every row of C: tiles of 2 keys (4 vectors of columns each fill the 8
// accumulators), or 1 where the block width is odd.
void all_from_blocks(const float* p, std::size_t t, std::size_t N, const float* b, std::size_t ldb,
                     float* c, std::size_t ldc) {
    constexpr std::size_t MR = RB % 2 == 0 ? 2 : 1;
    std::size_t s = 0;
    for (; s + MR <= t; s += MR) from_blocks<MR>(p, t, s, N, b, ldb, c + s * ldc, ldc);
    for (; s < t; ++s) from_blocks<1>(p, t, s, N, b, ldb, c + s * ldc, ldc);
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

// The block's n keys' scores (pt [n][RB]) into the softmax of each query over the keys it sees,
// the block's first query seeing keys 0 … full. The scores are divided by the scale first
// (PyTorch's order); dividing keeps their order, so with a power-of-two scale the division is a
// multiply inside the exp's pass, exact.
void softmax_block(float* pt, std::size_t n, std::size_t full, const Divide& divide) {
    if (!divide.exact)
        for (std::size_t i = 0; i < n * RB; ++i) pt[i] = divide(pt[i]);
    softmax_lanes(pt, n, full, divide.exact ? divide.inverse : 1.0f);
}

// dP into dS = P ∘ (dP − Σ_keys P ∘ dP) / scale, in place, each query (lane) summing over its
// keys in four interleaved chains (P is zero at the keys a query does not see, so are their dS).
void softmax_backward_block(const float* pt, float* dpt, std::size_t n, const Divide& divide) {
#if AL_SIMD
    fbatch acc[4] = {fbatch(0.0f), fbatch(0.0f), fbatch(0.0f), fbatch(0.0f)};  // keys s mod 4
    std::size_t s = 0;
    const auto term = [&](std::size_t s) {
        return fbatch::load_unaligned(pt + s * L) * fbatch::load_unaligned(dpt + s * L);
    };
    for (; s + 4 <= n; s += 4) each_index<4>([&](std::size_t j) { acc[j] += term(s + j); });
    for (; s < n; ++s) acc[s % 4] += term(s);
    const fbatch dot = (acc[0] + acc[1]) + (acc[2] + acc[3]);
    for (s = 0; s < n; ++s) {
        const fbatch p = fbatch::load_unaligned(pt + s * L),
                     d = fbatch::load_unaligned(dpt + s * L);
        divide(p * (d - dot)).store_unaligned(dpt + s * L);
    }
#else
    float dot = 0;
    for (std::size_t s = 0; s < n; ++s) dot += pt[s] * dpt[s];
    for (std::size_t s = 0; s < n; ++s) dpt[s] = divide(pt[s] * (dpt[s] - dot));
#endif
}

// A head's columns (t rows ld apart, hs wide) transposed into dst [hs][padded(t)], the padding
// zeros: the last block's missing queries then score 0, finite, and nothing reads them.
void transpose_padded(const float* src, std::size_t t, std::size_t hs, std::size_t ld, float* dst) {
    const std::size_t tp = padded(t);
    transpose(src, t, hs, ld, dst, tp);
    for (std::size_t k = 0; k < hs; ++k) std::fill(dst + k * tp + t, dst + (k + 1) * tp, 0.0f);
}

}  // namespace

std::size_t attention_probs_floats(std::size_t t) { return padded(t) * t; }

std::size_t attention_scratch_floats(std::size_t t, std::size_t hs) {
    return attention_probs_floats(t) + hs * padded(t);
}

void attention_forward(const float* qkv, std::size_t batch, std::size_t t, std::size_t d,
                       std::size_t heads, float* probs, float* out, float* scratch) {
    const std::size_t hs = d / heads, ld = 3 * d, tp = padded(t);
    const Divide divide(std::sqrt(static_cast<float>(hs)));  // scores = q·kᵀ / √hs
    float* qt = scratch;                                     // [hs][tp]
    for (std::size_t b = 0; b < batch; ++b) {
        for (std::size_t h = 0; h < heads; ++h) {
            const float* q = qkv + b * t * ld + h * hs;
            const float* k = q + d;
            const float* v = q + 2 * d;
            float* p = probs + (b * heads + h) * attention_probs_floats(t);
            float* o = out + b * t * d + h * hs;
            transpose_padded(q, t, hs, ld, qt);
            for (std::size_t i0 = 0; i0 < t; i0 += RB) {
                // The block's keys: up to its last query. Scores, transposed: K·Qᵀ.
                const std::size_t n = std::min(i0 + RB, t);
                float* pt = p + i0 * t;
                key_rows(n, hs, k, ld, qt + i0, tp, pt);
                softmax_block(pt, n, i0, divide);
                // out = P·V over the block's keys (P is zero after each query's own).
                query_rows(std::min(RB, t - i0), hs, n, pt, 1, RB, v, ld, o + i0 * d, d);
            }
        }
    }
}

void attention_backward(const float* qkv, const float* probs, const float* dout, std::size_t batch,
                        std::size_t t, std::size_t d, std::size_t heads, float* dqkv,
                        float* scratch) {
    const std::size_t hs = d / heads, ld = 3 * d, tp = padded(t);
    const Divide divide(std::sqrt(static_cast<float>(hs)));
    float* ds = scratch;                               // dS in the blocks of probs
    float* dot = scratch + attention_probs_floats(t);  // dOᵀ [hs][tp]
    for (std::size_t b = 0; b < batch; ++b) {
        for (std::size_t h = 0; h < heads; ++h) {
            const float* q = qkv + b * t * ld + h * hs;
            const float* k = q + d;
            const float* v = q + 2 * d;
            const float* p = probs + (b * heads + h) * attention_probs_floats(t);
            const float* dO = dout + b * t * d + h * hs;
            float* dq = dqkv + b * t * ld + h * hs;
            float* dk = dq + d;
            float* dv = dq + 2 * d;
            transpose_padded(dO, t, hs, d, dot);
            for (std::size_t i0 = 0; i0 < t; i0 += RB) {
                const std::size_t n = std::min(i0 + RB, t);
                float* dst = ds + i0 * t;
                // dP = dO·Vᵀ, transposed: V·dOᵀ; then through the softmax and the 1/√hs: dS.
                key_rows(n, hs, v, ld, dot + i0, tp, dst);
                softmax_backward_block(p + i0 * t, dst, n, divide);
                // dQ = dS·K over the block's keys.
                query_rows(std::min(RB, t - i0), hs, n, dst, 1, RB, k, ld, dq + i0 * ld, ld);
            }
            // dV = Pᵀ·dO and dK = dSᵀ·Q: key s sums over the queries that see it.
            all_from_blocks(p, t, hs, dO, d, dv, ld);
            all_from_blocks(ds, t, hs, q, ld, dk, ld);
        }
    }
}

}  // namespace al::lm
