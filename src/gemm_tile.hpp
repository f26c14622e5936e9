// The register tile every product of the core runs on: matrix.cpp's gemm and the causal products
// of lm/attention.cpp. MR rows × NV vectors of C stay in registers while each step k loads NV
// vectors of a row of B and broadcasts MR elements of A into them, for MR·NV multiply-adds; the
// sums run over k in increasing order, which is what makes every caller's bits the same.
// A(r, k) = a[r·a_row + k·a_col]: any strides, a transposed A costs nothing (each element of A
// is broadcast on its own). SIMD builds only: the scalar build's products are plain loops.
#pragma once
#include <cstddef>

#include "simd/arch.hpp"
#include "unrolled.hpp"

#if AL_SIMD
namespace al::gemm_tile {
// Internal to each file that includes it, as a kernel of its own would be: clang then inlines
// the tiles' unrolled loops into their callers (with external linkage it kept some out of line,
// the accumulators then passing through memory).
namespace {

// The accumulators, MR·NV + NV + 1 ≤ 13 of the 16 vector registers that SSE and SIMD128 have
// (with the NV vectors of B and A's broadcast): arrays indexed by constants only.
template <std::size_t MR, std::size_t NV>
using Accumulators = simd::fbatch[MR][NV];

// acc += A·B over K steps, B's rows ldb apart. Pointers step by their strides (WASM engines do
// not strength-reduce k·ldb well).
template <std::size_t MR, std::size_t NV>
inline void add_products(Accumulators<MR, NV>& acc, std::size_t K, const float* a,
                         std::size_t a_row, std::size_t a_col, const float* b, std::size_t ldb) {
    static_assert(MR >= 1 && NV >= 1 && MR * NV <= 8 && MR * NV + NV + 1 <= 13, "tile shape");
    using simd::fbatch;
    using simd::L;
    for (std::size_t k = 0; k < K; ++k, b += ldb, a += a_col) {
        fbatch bv[NV];
        each_index<NV>([&](std::size_t j) { bv[j] = fbatch::load_unaligned(b + j * L); });
        each_index<MR>([&](std::size_t r) {
            const fbatch ar(a[r * a_row]);
            each_index<NV>([&](std::size_t j) { acc[r][j] += ar * bv[j]; });
        });
    }
}

// C's MR rows (ldc apart), NV vectors each, = acc.
template <std::size_t MR, std::size_t NV>
inline void store(const Accumulators<MR, NV>& acc, float* c, std::size_t ldc) {
    each_index<MR>([&](std::size_t r) {
        each_index<NV>(
            [&](std::size_t j) { acc[r][j].store_unaligned(c + r * ldc + j * simd::L); });
    });
}

// C [MR][NV·L] (rows ldc apart) = init + A·B over K, where init is C itself if `accumulate`, else
// the row vector `bias` if given, else 0.
template <std::size_t MR, std::size_t NV>
inline void tile(std::size_t K, const float* a, std::size_t a_row, std::size_t a_col,
                 const float* b, std::size_t ldb, float* c, std::size_t ldc,
                 const float* bias = nullptr, bool accumulate = false) {
    using simd::fbatch;
    using simd::L;
    Accumulators<MR, NV> acc;
    each_index<MR>([&](std::size_t r) {
        each_index<NV>([&](std::size_t j) {
            acc[r][j] = accumulate ? fbatch::load_unaligned(c + r * ldc + j * L)
                        : bias     ? fbatch::load_unaligned(bias + j * L)
                                   : fbatch(0.0f);
        });
    });
    add_products<MR, NV>(acc, K, a, a_row, a_col, b, ldb);
    store<MR, NV>(acc, c, ldc);
}

}  // namespace
}  // namespace al::gemm_tile
#endif
