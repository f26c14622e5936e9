// Dense float32 matrices and the few SIMD kernels the network is made of.
// Every product is one routine, `gemm`, vectorised along the columns of B and C: each step
// broadcasts one element of A and multiplies it into a row of B (a rank-1 update of a register
// tile of C). The forward pass, the input gradient and the weight gradient are all that shape
// once the weights are kept in the right layout (see mlp/dense.hpp), so one well-tuned kernel
// serves all three. Sized for what the page does: rows 1–512, columns 1–512; correct for any size.
#pragma once
#include <cstddef>
#include <vector>

namespace al {

// A row-major rows × cols matrix that owns its storage. Allocated once, reused every step.
struct Matrix {
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::vector<float> data;

    Matrix() = default;
    Matrix(std::size_t r, std::size_t c) : rows(r), cols(c), data(r * c, 0.0f) {}
    float* row(std::size_t r) { return data.data() + r * cols; }
    const float* row(std::size_t r) const { return data.data() + r * cols; }
    float& operator()(std::size_t r, std::size_t c) { return data[r * cols + c]; }
    float operator()(std::size_t r, std::size_t c) const { return data[r * cols + c]; }
};

// C (M×N, row stride ldc) = init + A·B, where
//   A(m, k) = a[m * a_row + k * a_col]   (any strides: a transposed A costs nothing, since each
//                                          element of A is broadcast on its own),
//   B       = row-major K×N with row stride ldb,
//   init    = C itself if `accumulate`, else the row vector `bias` (N values) if given, else 0.
// K == 0 leaves init. Sums run over k in increasing order (B packed 256 rows of k at a time, C
// carrying the sum between blocks), so results depend neither on the SIMD width nor the packing.
void gemm(std::size_t M, std::size_t N, std::size_t K, const float* a, std::size_t a_row,
          std::size_t a_col, const float* b, std::size_t ldb, float* c, std::size_t ldc,
          const float* bias, bool accumulate);

// Scalar reference of gemm (same contract), the specification the tests compare against.
void gemm_reference(std::size_t M, std::size_t N, std::size_t K, const float* a, std::size_t a_row,
                    std::size_t a_col, const float* b, std::size_t ldb, float* c, std::size_t ldc,
                    const float* bias, bool accumulate);

// out (cols values) += Σ_rows x (column sums of a row-major rows × cols matrix).
void add_column_sums(const float* x, std::size_t rows, std::size_t cols, float* out);

// a[i] *= b[i] for i < n.
void multiply_inplace(float* a, const float* b, std::size_t n);

// As multiply_inplace, with products below the smallest normal float (|p| < 2^-126) flushed to
// zero. Backpropagated gradients: a subnormal operand costs x86 a microcode assist on every
// multiply it meets (WASM cannot set flush-to-zero), and each element of dz meets dozens in the
// next layer's products. Such values are far below anything Adam keeps (see adam.cpp).
void multiply_flush_inplace(float* a, const float* b, std::size_t n);

// dst (cols × rows) = srcᵀ, src row-major rows × cols.
void transpose(const float* src, std::size_t rows, std::size_t cols, float* dst);
// The same between blocks of wider matrices: src's rows are `src_ld` floats apart (≥ cols), dst's
// `dst_ld` (≥ rows).
void transpose(const float* src, std::size_t rows, std::size_t cols, std::size_t src_ld, float* dst,
               std::size_t dst_ld);

// The largest of x[0 … n − 1] (-inf for n = 0). The order of a max does not change it, so it
// runs on vectors.
float max_of(const float* x, std::size_t n);

// True when every value is finite (no NaN, no ±inf).
bool all_finite(const float* x, std::size_t n);

}  // namespace al
