#include "mlp/dense.hpp"

#include <algorithm>

#include "matrix.hpp"

namespace al {

Dense::Dense(std::size_t in, std::size_t out, float* wt, float* b, float* dwt, float* db)
    : in_(in), out_(out), wt_(wt), b_(b), dwt_(dwt), db_(db), w_(in * out, 0.0f) {
    refresh();
}

void Dense::refresh() { transpose(wt_, in_, out_, w_.data()); }

void Dense::forward(const float* x, std::size_t rows, float* y) const {
    // y[r][o] = b[o] + Σ_i x[r][i] · Wᵀ[i][o]: broadcast x[r][i], vectorise along o.
    gemm(rows, out_, in_, x, in_, 1, wt_, out_, y, out_, b_, false);
}

void Dense::backward(const float* x, const float* dy, std::size_t rows, float* dx,
                     bool accumulate) const {
    // dWᵀ[i][o] += Σ_r x[r][i] · dy[r][o]: A = xᵀ (strides swapped), a rank-1 update per row r.
    gemm(in_, out_, rows, x, 1, in_, dy, out_, dwt_, out_, nullptr, accumulate);
    if (!accumulate) std::fill(db_, db_ + out_, 0.0f);
    add_column_sums(dy, rows, out_, db_);
    // dx[r][i] = Σ_o dy[r][o] · W[o][i]: broadcast dy[r][o], vectorise along i.
    if (dx) gemm(rows, in_, out_, dy, out_, 1, w_.data(), in_, dx, in_, nullptr, false);
}

}  // namespace al
