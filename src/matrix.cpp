#include "matrix.hpp"

#include <cmath>
#include <limits>

#include "simd/arch.hpp"

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
constexpr std::size_t L = simd::float_lanes;

// One register tile: MR rows × NV vectors of C (MR ≤ 4, NV ≤ 2). The accumulators are named
// variables, not an array: GCC keeps an array of batches on the stack (a load and a store per
// update), named ones live in registers (MR·NV + NV + 1 ≤ 11 of the 16 that SSE and SIMD128
// have). Unused ones are optimised away.
template <int MR, int NV>
inline void tile(std::size_t K, const float* a, std::size_t a_row, std::size_t a_col,
                 const float* b, std::size_t ldb, float* c, std::size_t ldc, const float* bias,
                 bool accumulate) {
    static_assert(MR >= 1 && MR <= 4 && NV >= 1 && NV <= 2, "tile shape");
    auto init = [&](int r, int j) {
        return accumulate ? fbatch::load_unaligned(c + r * ldc + j * L)
               : bias     ? fbatch::load_unaligned(bias + j * L)
                          : fbatch(0.0f);
    };
    fbatch c00 = init(0, 0), c01, c10, c11, c20, c21, c30, c31;
    if constexpr (NV > 1) c01 = init(0, 1);
    if constexpr (MR > 1) c10 = init(1, 0);
    if constexpr (MR > 1 && NV > 1) c11 = init(1, 1);
    if constexpr (MR > 2) c20 = init(2, 0);
    if constexpr (MR > 2 && NV > 1) c21 = init(2, 1);
    if constexpr (MR > 3) c30 = init(3, 0);
    if constexpr (MR > 3 && NV > 1) c31 = init(3, 1);
    // Pointers step by their strides (WASM engines do not strength-reduce k·ldb well).
    const float* bk = b;
    const float* ak = a;
    const std::size_t a1_off = a_row, a2_off = 2 * a_row, a3_off = 3 * a_row;
    for (std::size_t k = 0; k < K; ++k, bk += ldb, ak += a_col) {
        const fbatch b0 = fbatch::load_unaligned(bk);
        fbatch b1;
        if constexpr (NV > 1) b1 = fbatch::load_unaligned(bk + L);
        const fbatch a0(ak[0]);
        c00 += a0 * b0;
        if constexpr (NV > 1) c01 += a0 * b1;
        if constexpr (MR > 1) {
            const fbatch a1(ak[a1_off]);
            c10 += a1 * b0;
            if constexpr (NV > 1) c11 += a1 * b1;
        }
        if constexpr (MR > 2) {
            const fbatch a2(ak[a2_off]);
            c20 += a2 * b0;
            if constexpr (NV > 1) c21 += a2 * b1;
        }
        if constexpr (MR > 3) {
            const fbatch a3(ak[a3_off]);
            c30 += a3 * b0;
            if constexpr (NV > 1) c31 += a3 * b1;
        }
    }
    c00.store_unaligned(c);
    if constexpr (NV > 1) c01.store_unaligned(c + L);
    if constexpr (MR > 1) c10.store_unaligned(c + ldc);
    if constexpr (MR > 1 && NV > 1) c11.store_unaligned(c + ldc + L);
    if constexpr (MR > 2) c20.store_unaligned(c + 2 * ldc);
    if constexpr (MR > 2 && NV > 1) c21.store_unaligned(c + 2 * ldc + L);
    if constexpr (MR > 3) c30.store_unaligned(c + 3 * ldc);
    if constexpr (MR > 3 && NV > 1) c31.store_unaligned(c + 3 * ldc + L);
}

// A column panel of NV vectors, all rows: tiles of 4 rows, then the 1–3 rows left.
template <int NV>
void panel(std::size_t M, std::size_t K, const float* a, std::size_t a_row, std::size_t a_col,
           const float* b, std::size_t ldb, float* c, std::size_t ldc, const float* bias,
           bool accumulate) {
    std::size_t m = 0;
    for (; m + 4 <= M; m += 4)
        tile<4, NV>(K, a + m * a_row, a_row, a_col, b, ldb, c + m * ldc, ldc, bias, accumulate);
    const float* am = a + m * a_row;
    float* cm = c + m * ldc;
    switch (M - m) {
        case 3: tile<3, NV>(K, am, a_row, a_col, b, ldb, cm, ldc, bias, accumulate); break;
        case 2: tile<2, NV>(K, am, a_row, a_col, b, ldb, cm, ldc, bias, accumulate); break;
        case 1: tile<1, NV>(K, am, a_row, a_col, b, ldb, cm, ldc, bias, accumulate); break;
        default: break;
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

}  // namespace

void gemm(std::size_t M, std::size_t N, std::size_t K, const float* a, std::size_t a_row,
          std::size_t a_col, const float* b, std::size_t ldb, float* c, std::size_t ldc,
          const float* bias, bool accumulate) {
    if (N == 1 && gemm_single_column(M, K, a, a_row, a_col, b, ldb, c, ldc, bias, accumulate))
        return;
    std::size_t n = 0;
    for (; n + 2 * L <= N; n += 2 * L)
        panel<2>(M, K, a, a_row, a_col, b + n, ldb, c + n, ldc, bias ? bias + n : nullptr,
                 accumulate);
    for (; n + L <= N; n += L)
        panel<1>(M, K, a, a_row, a_col, b + n, ldb, c + n, ldc, bias ? bias + n : nullptr,
                 accumulate);
    if (n < N)  // the last N mod L columns (all of them when N < L, e.g. the logit layer)
        gemm_reference(M, N - n, K, a, a_row, a_col, b + n, ldb, c + n, ldc,
                       bias ? bias + n : nullptr, accumulate);
}

void add_column_sums(const float* x, std::size_t rows, std::size_t cols, float* out) {
    std::size_t n = 0;
    for (; n + L <= cols; n += L) {
        fbatch s = fbatch::load_unaligned(out + n);
        for (std::size_t r = 0; r < rows; ++r) s += fbatch::load_unaligned(x + r * cols + n);
        s.store_unaligned(out + n);
    }
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

void transpose(const float* src, std::size_t rows, std::size_t cols, float* dst) {
    std::size_t r0 = 0;
#if AL_SIMD
    // 4×4 blocks through registers (two rounds of zips), where scalar code would do a strided
    // store per element: the [out][in] weight copy is rebuilt after every Adam step.
    if constexpr (L == 4) {
        for (; r0 + 4 <= rows; r0 += 4) {
            std::size_t c = 0;
            for (; c + 4 <= cols; c += 4) {
                const float* s = src + r0 * cols + c;
                const fbatch a = fbatch::load_unaligned(s), b = fbatch::load_unaligned(s + cols);
                const fbatch e = fbatch::load_unaligned(s + 2 * cols),
                             f = fbatch::load_unaligned(s + 3 * cols);
                const fbatch ae_lo = xsimd::zip_lo(a, e),
                             ae_hi = xsimd::zip_hi(a, e);  // a0 e0 a1 e1 | a2 e2 a3 e3
                const fbatch bf_lo = xsimd::zip_lo(b, f), bf_hi = xsimd::zip_hi(b, f);
                float* d = dst + c * rows + r0;
                xsimd::zip_lo(ae_lo, bf_lo).store_unaligned(d);  // a0 b0 e0 f0
                xsimd::zip_hi(ae_lo, bf_lo).store_unaligned(d + rows);
                xsimd::zip_lo(ae_hi, bf_hi).store_unaligned(d + 2 * rows);
                xsimd::zip_hi(ae_hi, bf_hi).store_unaligned(d + 3 * rows);
            }
            for (; c < cols; ++c)
                for (std::size_t r = r0; r < r0 + 4; ++r) dst[c * rows + r] = src[r * cols + c];
        }
    }
#endif
    for (std::size_t r = r0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c) dst[c * rows + r] = src[r * cols + c];
}

bool all_finite(const float* x, std::size_t n) {
    // x - x is 0 for finite x and NaN for NaN or ±inf; one sum keeps the loop branch-free.
    float acc = 0.0f;
    for (std::size_t i = 0; i < n; ++i) acc += x[i] - x[i];
    return acc == 0.0f;
}

}  // namespace al
