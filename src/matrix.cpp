#include "matrix.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "gemm_tile.hpp"
#include "simd/arch.hpp"
#include "unrolled.hpp"

namespace al {

void gemm_reference(std::size_t M, std::size_t N, std::size_t K, const float* a, std::size_t a_row,
                    std::size_t a_col, const float* b, std::size_t ldb, float* c, std::size_t ldc,
                    const float* bias, bool accumulate) {
    for (std::size_t m = 0; m < M; ++m) {
        float* cm = c + m * ldc;
        if (!accumulate)
            for (std::size_t n = 0; n < N; ++n) cm[n] = bias ? bias[n] : 0.0f;
        for (std::size_t k = 0; k < K; ++k) {
            const float av = a[m * a_row + k * a_col];
            const float* bk = b + k * ldb;
            for (std::size_t n = 0; n < N; ++n) cm[n] += av * bk[n];
        }
    }
}

#if AL_SIMD

namespace {

using simd::fbatch;
using simd::L;

// A column panel of NV vectors, all rows: tiles of MR rows, then the rows left, MR − 1 at most.
template <std::size_t NV, std::size_t MR>
void panel(std::size_t M, std::size_t K, const float* a, std::size_t a_row, std::size_t a_col,
           const float* b, std::size_t ldb, float* c, std::size_t ldc, const float* bias,
           bool accumulate) {
    std::size_t m = 0;
    for (; m + MR <= M; m += MR)
        gemm_tile::tile<MR, NV>(K, a + m * a_row, a_row, a_col, b, ldb, c + m * ldc, ldc, bias,
                                accumulate);
    if constexpr (MR > 1) {
        if (m < M)
            panel<NV, MR - 1>(M - m, K, a + m * a_row, a_row, a_col, b, ldb, c + m * ldc, ldc, bias,
                              accumulate);
    }
}

// N == 1, the logit layer: a column of outputs, so vectorise along k (A rows contiguous: a dot
// product per row, four rows at a time) or along m (A columns contiguous: C is then a vector).
// Returns false when neither layout applies.
bool gemm_single_column(std::size_t M, std::size_t K, const float* a, std::size_t a_row,
                        std::size_t a_col, const float* b, std::size_t ldb, float* c,
                        std::size_t ldc, const float* bias, bool accumulate) {
    if (ldb != 1 && K > 1) return false;
    if (a_col == 1) {
        for (std::size_t m = 0; m < M; ++m) {
            const float* am = a + m * a_row;
            fbatch acc(0.0f);
            std::size_t k = 0;
            for (; k + L <= K; k += L)
                acc += fbatch::load_unaligned(am + k) * fbatch::load_unaligned(b + k);
            float s = simd::reduce_add(acc);
            for (; k < K; ++k) s += am[k] * b[k];
            float& cm = c[m * ldc];
            cm = (accumulate ? cm : bias ? bias[0] : 0.0f) + s;
        }
        return true;
    }
    if (a_row == 1 && ldc == 1) {
        std::size_t m = 0;
        for (; m + L <= M; m += L) {
            fbatch acc = accumulate ? fbatch::load_unaligned(c + m) : fbatch(bias ? bias[0] : 0.0f);
            for (std::size_t k = 0; k < K; ++k)
                acc += fbatch::load_unaligned(a + k * a_col + m) * fbatch(b[k]);
            acc.store_unaligned(c + m);
        }
        if (m < M)
            gemm_reference(M - m, 1, K, a + m, a_row, a_col, b, ldb, c + m, ldc, bias, accumulate);
        return true;
    }
    return false;
}

// Packed operands (grown once, reused by every call): 0, the tail's B columns; 1, a B panel,
// contiguous (W floats per k): power-of-two strides (a 128-wide B) would otherwise map its rows
// to the same few L1 sets, evicting each other; packed, they stream in order; 2, the tail's C.
std::vector<float>& packed(int which) {
    static thread_local std::vector<float> buffers[3];
    return buffers[which];
}

// B panels are packed KC rows at a time, so that one (KC × 16 floats = 16 KB) stays in L1 while
// every tile of the panel reads it. C carries the sum from one block to the next: each element
// still adds its products in increasing k, so blocking changes no result.
constexpr std::size_t KC = 256;
// A read transposed (a weight gradient: k runs over the batch, A's rows are columns of dy) takes
// one cache line per k for every two rows of a tile: 256 of them and the B panel overflow a 32 KB
// L1, and the next tile's rows, in the same lines, miss. 64 keep both in L1 (measured: the
// Transformer's step 2–4 % faster; its products change no bit, as above).
constexpr std::size_t KC_transposed = 64;

const float* pack_b(const float* b, std::size_t ldb, std::size_t kc, std::size_t width) {
    std::vector<float>& buf = packed(1);
    if (buf.size() < kc * width) buf.resize(kc * width);
    for (std::size_t k = 0; k < kc; ++k)
        std::copy(b + k * ldb, b + k * ldb + width, buf.data() + k * width);
    return buf.data();
}

// The last N mod L columns (all of them when N < L: the image net's 10 classes end in 2) as
// one vector column: B's and C's columns padded with zeros to L, so the tail runs at the
// tiles' speed instead of the scalar reference's. The padding lanes add 0·a and are dropped;
// the real lanes add the same products in the same order.
void gemm_tail(std::size_t M, std::size_t nt, std::size_t K, const float* a, std::size_t a_row,
               std::size_t a_col, const float* b, std::size_t ldb, float* c, std::size_t ldc,
               const float* bias, bool accumulate) {
    std::vector<float>& bp = packed(0);
    std::vector<float>& cp = packed(2);
    if (bp.size() < K * L) bp.resize(K * L);
    if (cp.size() < M * L) cp.resize(M * L);
    for (std::size_t k = 0; k < K; ++k)
        for (std::size_t j = 0; j < L; ++j) bp[k * L + j] = j < nt ? b[k * ldb + j] : 0.0f;
    for (std::size_t m = 0; m < M; ++m)
        for (std::size_t j = 0; j < L; ++j)
            cp[m * L + j] = j >= nt ? 0.0f : accumulate ? c[m * ldc + j] : bias ? bias[j] : 0.0f;
    panel<1, 4>(M, K, a, a_row, a_col, bp.data(), L, cp.data(), L, nullptr, true);
    for (std::size_t m = 0; m < M; ++m)
        std::copy(cp.data() + m * L, cp.data() + m * L + nt, c + m * ldc);
}

}  // namespace

void gemm(std::size_t M, std::size_t N, std::size_t K, const float* a, std::size_t a_row,
          std::size_t a_col, const float* b, std::size_t ldb, float* c, std::size_t ldc,
          const float* bias, bool accumulate) {
    if (N == 1 && gemm_single_column(M, K, a, a_row, a_col, b, ldb, c, ldc, bias, accumulate))
        return;
    if (K == 0 || M == 0)
        return gemm_reference(M, N, K, a, a_row, a_col, b, ldb, c, ldc, bias, accumulate);
    const std::size_t tail = N % L;
    if (tail)
        gemm_tail(M, tail, K, a, a_row, a_col, b + (N - tail), ldb, c + (N - tail), ldc,
                  bias ? bias + (N - tail) : nullptr, accumulate);
    N -= tail;
    const std::size_t kc_max = a_col == 1 ? KC : KC_transposed;
    for (std::size_t k0 = 0; k0 < K; k0 += kc_max) {
        const std::size_t kc = std::min(kc_max, K - k0);
        const float* ak = a + k0 * a_col;
        const float* bk = b + k0 * ldb;
        const float* init = k0 == 0 ? bias : nullptr;
        const bool acc = accumulate || k0 > 0;
        // Panels of 16 columns in 2-row tiles (V8 runs them ~8% faster than 8 columns in 4-row
        // tiles: one A address per row and step, and fewer of them), then 8, then 4.
        std::size_t n = 0;
        auto panels = [&](auto nv, auto mr) {
            constexpr std::size_t NV = decltype(nv)::value, MR = decltype(mr)::value;
            for (; n + NV * L <= N; n += NV * L)
                panel<NV, MR>(M, kc, ak, a_row, a_col, pack_b(bk + n, ldb, kc, NV * L), NV * L,
                              c + n, ldc, init ? init + n : nullptr, acc);
        };
        panels(std::integral_constant<std::size_t, 4>{}, std::integral_constant<std::size_t, 2>{});
        panels(std::integral_constant<std::size_t, 2>{}, std::integral_constant<std::size_t, 4>{});
        panels(std::integral_constant<std::size_t, 1>{}, std::integral_constant<std::size_t, 4>{});
    }
}

// Each column summed over the rows in order, but row by row across up to 8 vectors of columns:
// 8 independent chains of adds, not one column vector's chain of `rows` dependent ones (3.9 % of
// a Transformer step before); the order of each column's sum, so its bits, is unchanged.
void add_column_sums(const float* x, std::size_t rows, std::size_t cols, float* out) {
    std::size_t n = 0;
    auto columns = [&](auto vectors) {
        constexpr std::size_t V = decltype(vectors)::value;
        for (; n + V * L <= cols; n += V * L) {
            fbatch s[V];
            each_index<V>([&](std::size_t j) { s[j] = fbatch::load_unaligned(out + n + j * L); });
            const float* xr = x + n;
            for (std::size_t r = 0; r < rows; ++r, xr += cols)
                each_index<V>([&](std::size_t j) { s[j] += fbatch::load_unaligned(xr + j * L); });
            each_index<V>([&](std::size_t j) { s[j].store_unaligned(out + n + j * L); });
        }
    };
    columns(std::integral_constant<std::size_t, 8>{});
    columns(std::integral_constant<std::size_t, 4>{});
    columns(std::integral_constant<std::size_t, 1>{});
    for (; n < cols; ++n)
        for (std::size_t r = 0; r < rows; ++r) out[n] += x[r * cols + n];
}

void multiply_inplace(float* a, const float* b, std::size_t n) {
    std::size_t i = 0;
    for (; i + L <= n; i += L)
        (fbatch::load_unaligned(a + i) * fbatch::load_unaligned(b + i)).store_unaligned(a + i);
    for (; i < n; ++i) a[i] *= b[i];
}

void multiply_flush_inplace(float* a, const float* b, std::size_t n) {
    const fbatch tiny(std::numeric_limits<float>::min()), zero(0.0f);
    std::size_t i = 0;
    for (; i + L <= n; i += L) {
        const fbatch p = fbatch::load_unaligned(a + i) * fbatch::load_unaligned(b + i);
        xsimd::select(xsimd::abs(p) < tiny, zero, p).store_unaligned(a + i);  // NaN stays NaN
    }
    for (; i < n; ++i) {
        const float p = a[i] * b[i];
        a[i] = std::fabs(p) < std::numeric_limits<float>::min() ? 0.0f : p;
    }
}

#else  // scalar build: the reference is the kernel

void gemm(std::size_t M, std::size_t N, std::size_t K, const float* a, std::size_t a_row,
          std::size_t a_col, const float* b, std::size_t ldb, float* c, std::size_t ldc,
          const float* bias, bool accumulate) {
    gemm_reference(M, N, K, a, a_row, a_col, b, ldb, c, ldc, bias, accumulate);
}

void add_column_sums(const float* x, std::size_t rows, std::size_t cols, float* out) {
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t n = 0; n < cols; ++n) out[n] += x[r * cols + n];
}

void multiply_inplace(float* a, const float* b, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) a[i] *= b[i];
}

void multiply_flush_inplace(float* a, const float* b, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        const float p = a[i] * b[i];
        a[i] = std::fabs(p) < std::numeric_limits<float>::min() ? 0.0f : p;
    }
}

#endif

void transpose(const float* src, std::size_t rows, std::size_t cols, std::size_t src_ld, float* dst,
               std::size_t dst_ld) {
    std::size_t r0 = 0;
#if AL_SIMD
    // 4×4 blocks through registers (two rounds of zips), where scalar code would do a strided
    // store per element: the [out][in] weight copy is rebuilt after every Adam step, and the
    // attention transposes every head's keys and values in every step, and the neuron maps turn
    // every batch of grid cells × units into one row per unit.
    if constexpr (L == 4) {
        for (; r0 + 4 <= rows; r0 += 4) {
            std::size_t c = 0;
            for (; c + 4 <= cols; c += 4) {
                const float* s = src + r0 * src_ld + c;
                const fbatch a = fbatch::load_unaligned(s), b = fbatch::load_unaligned(s + src_ld);
                const fbatch e = fbatch::load_unaligned(s + 2 * src_ld),
                             f = fbatch::load_unaligned(s + 3 * src_ld);
                const fbatch ae_lo = xsimd::zip_lo(a, e),
                             ae_hi = xsimd::zip_hi(a, e);  // a0 e0 a1 e1 | a2 e2 a3 e3
                const fbatch bf_lo = xsimd::zip_lo(b, f), bf_hi = xsimd::zip_hi(b, f);
                float* d = dst + c * dst_ld + r0;
                xsimd::zip_lo(ae_lo, bf_lo).store_unaligned(d);  // a0 b0 e0 f0
                xsimd::zip_hi(ae_lo, bf_lo).store_unaligned(d + dst_ld);
                xsimd::zip_lo(ae_hi, bf_hi).store_unaligned(d + 2 * dst_ld);
                xsimd::zip_hi(ae_hi, bf_hi).store_unaligned(d + 3 * dst_ld);
            }
            for (; c < cols; ++c)
                for (std::size_t r = r0; r < r0 + 4; ++r) dst[c * dst_ld + r] = src[r * src_ld + c];
        }
    }
#endif
    for (std::size_t r = r0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c) dst[c * dst_ld + r] = src[r * src_ld + c];
}

void transpose(const float* src, std::size_t rows, std::size_t cols, float* dst) {
    transpose(src, rows, cols, cols, dst, rows);
}

float max_of(const float* x, std::size_t n) {
    float mx = -INFINITY;
    std::size_t j = 0;
#if AL_SIMD
    if (n >= L) {
        fbatch m = fbatch::load_unaligned(x);
        for (j = L; j + L <= n; j += L) m = xsimd::max(m, fbatch::load_unaligned(x + j));
        alignas(16) float lanes[L];
        m.store_aligned(lanes);
        for (const float l : lanes) mx = std::max(mx, l);
    }
#endif
    for (; j < n; ++j) mx = std::max(mx, x[j]);
    return mx;
}

bool all_finite(const float* x, std::size_t n) {
    // x - x is 0 for finite x and NaN for NaN or ±inf; sums keep the loop branch-free, on
    // vectors (Adam's check after every step of the Transformer, 28K parameters).
    float acc = 0.0f;
    std::size_t i = 0;
#if AL_SIMD
    fbatch a0(0.0f), a1(0.0f);
    for (; i + 2 * L <= n; i += 2 * L) {
        const fbatch u = fbatch::load_unaligned(x + i), v = fbatch::load_unaligned(x + i + L);
        a0 += u - u;
        a1 += v - v;
    }
    acc = simd::reduce_add(a0 + a1);
#endif
    for (; i < n; ++i) acc += x[i] - x[i];
    return acc == 0.0f;
}

}  // namespace al
