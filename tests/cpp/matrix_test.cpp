// gemm and the small kernels against their scalar references, over the shapes the network uses
// (including the tails: sizes that are not multiples of the SIMD width, N = 1, K = 0).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "matrix.hpp"

namespace {

std::vector<float> ramp(std::size_t n, float scale, float phase) {
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = scale * std::sin(0.37f * i + phase);
    return v;
}

// C = init + A·B in double, A(m, k) = a[m·ar + k·ac].
std::vector<double> product(std::size_t M, std::size_t N, std::size_t K,
                            const std::vector<float>& a, std::size_t ar, std::size_t ac,
                            const std::vector<float>& b, const std::vector<float>& init) {
    std::vector<double> c(M * N);
    for (std::size_t m = 0; m < M; ++m)
        for (std::size_t n = 0; n < N; ++n) {
            double s = init[m * N + n];
            for (std::size_t k = 0; k < K; ++k) s += double(a[m * ar + k * ac]) * b[k * N + n];
            c[m * N + n] = s;
        }
    return c;
}

}  // namespace

TEST_CASE("gemm matches the double-precision product for every mode and shape") {
    const std::size_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 64};
    for (std::size_t M : sizes)
        for (std::size_t N : sizes)
            // 300: past one block of k (gemm packs B 256 rows at a time), with a partial block.
            for (std::size_t K : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(13),
                                  std::size_t(64), std::size_t(300)}) {
                CAPTURE(M);
                CAPTURE(N);
                CAPTURE(K);
                const std::vector<float> b = ramp(K * N, 0.5f, 1.0f);
                const std::vector<float> bias = ramp(N, 0.3f, 2.0f);
                const std::vector<float> start = ramp(M * N, 0.7f, 3.0f);
                for (int mode = 0; mode < 3; ++mode) {       // 0: zero init, 1: bias, 2: accumulate
                    for (bool transposed : {false, true}) {  // A row-major M×K, or stored K×M
                        const std::vector<float> a = ramp(M * K, 1.0f, 0.5f);
                        const std::size_t ar = transposed ? 1 : K, ac = transposed ? M : 1;
                        std::vector<float> init(M * N, 0.0f);
                        if (mode == 1)
                            for (std::size_t m = 0; m < M; ++m)
                                for (std::size_t n = 0; n < N; ++n) init[m * N + n] = bias[n];
                        if (mode == 2) init = start;
                        std::vector<float> c = mode == 2 ? start : std::vector<float>(M * N, 99.0f);
                        std::vector<float> r = c;
                        al::gemm(M, N, K, a.data(), ar, ac, b.data(), N, c.data(), N,
                                 mode == 1 ? bias.data() : nullptr, mode == 2);
                        al::gemm_reference(M, N, K, a.data(), ar, ac, b.data(), N, r.data(), N,
                                           mode == 1 ? bias.data() : nullptr, mode == 2);
                        const std::vector<double> want = product(M, N, K, a, ar, ac, b, init);
                        for (std::size_t i = 0; i < M * N; ++i) {
                            const double tol = 1e-5 * (1.0 + K);
                            REQUIRE(std::fabs(c[i] - want[i]) <= tol);
                            REQUIRE(std::fabs(r[i] - want[i]) <= tol);
                            // The tiles add the products in the reference's order (bias or C,
                            // then k ascending): the same floats, whatever the tile shapes. Only
                            // N = 1 (dot products along k) groups them otherwise.
                            if (N > 1) REQUIRE(c[i] == r[i]);
                        }
                    }
                }
            }
}

TEST_CASE("gemm respects leading dimensions (a sub-block of a wider matrix)") {
    // C is the 3×5 block at column 2 of a 3×9 matrix; the rest must be untouched.
    const std::vector<float> a = ramp(3 * 4, 1.0f, 0.0f), b = ramp(4 * 9, 1.0f, 1.0f);
    std::vector<float> c(3 * 9, -7.0f), r(3 * 9, -7.0f);
    al::gemm(3, 5, 4, a.data(), 4, 1, b.data() + 2, 9, c.data() + 2, 9, nullptr, false);
    al::gemm_reference(3, 5, 4, a.data(), 4, 1, b.data() + 2, 9, r.data() + 2, 9, nullptr, false);
    for (std::size_t i = 0; i < c.size(); ++i) CHECK(c[i] == doctest::Approx(r[i]).epsilon(1e-6));
    CHECK(c[0] == -7.0f);
    CHECK(c[8] == -7.0f);
}

TEST_CASE("column sums, elementwise product, transpose, finiteness") {
    const std::size_t rows = 5, cols = 11;
    const std::vector<float> x = ramp(rows * cols, 1.0f, 0.2f);
    std::vector<float> sums(cols, 1.0f);
    al::add_column_sums(x.data(), rows, cols, sums.data());
    for (std::size_t c = 0; c < cols; ++c) {
        double s = 1.0;
        for (std::size_t r = 0; r < rows; ++r) s += x[r * cols + c];
        CHECK(sums[c] == doctest::Approx(s).epsilon(1e-6));
    }
    std::vector<float> p = x;
    al::multiply_inplace(p.data(), x.data(), p.size());
    for (std::size_t i = 0; i < p.size(); ++i) CHECK(p[i] == x[i] * x[i]);
    // The flushing product: exact above 2^-126, zero below, NaN kept; vector lanes and tail alike.
    const float fmin = std::numeric_limits<float>::min();
    std::vector<float> fa = {1e-20f,  -1e-20f, 3.0f,
                             fmin,    1e-30f,  std::numeric_limits<float>::quiet_NaN(),
                             -2e-19f, 1e-19f,  1e-20f};
    const std::vector<float> fb = {1e-20f, 1e-20f, 0.5f, 1.0f, 1e-10f, 1.0f, 1e-19f, 1.0f, 1e-18f};
    al::multiply_flush_inplace(fa.data(), fb.data(), fa.size());
    CHECK(fa[0] == 0.0f);
    CHECK(fa[1] == 0.0f);
    CHECK(fa[2] == 1.5f);
    CHECK(fa[3] == fmin);
    CHECK(fa[4] == 0.0f);
    CHECK(std::isnan(fa[5]));
    CHECK(fa[6] == -2e-19f * 1e-19f);  // 2e-38: normal, kept
    CHECK(fa[7] == 1e-19f);
    CHECK(fa[8] == 0.0f);  // the scalar tail flushes too
    // Transpose: every shape around the 4×4 blocks (full blocks, ragged rows and columns, vectors).
    for (std::size_t tr : {1, 2, 3, 4, 5, 8, 9, 64}) {
        for (std::size_t tc : {1, 2, 4, 7, 12, 64}) {
            const std::vector<float> src = ramp(tr * tc, -3.0f, 0.25f);
            std::vector<float> t(tr * tc, -1.0f);
            al::transpose(src.data(), tr, tc, t.data());
            bool same = true;
            for (std::size_t r = 0; r < tr; ++r)
                for (std::size_t c = 0; c < tc; ++c)
                    same = same && t[c * tr + r] == src[r * tc + c];
            CAPTURE(tr);
            CAPTURE(tc);
            CHECK(same);
            // The same block inside a wider matrix (rows 3 floats further apart, as the
            // attention's keys in the q|k|v rows): the padding is never read into the result.
            const std::size_t ld = tc + 3;
            std::vector<float> wide(tr * ld, std::numeric_limits<float>::quiet_NaN());
            for (std::size_t r = 0; r < tr; ++r)
                std::copy(src.begin() + r * tc, src.begin() + (r + 1) * tc, wide.begin() + r * ld);
            std::vector<float> tw(tr * tc, -1.0f);
            al::transpose(wide.data(), tr, tc, ld, tw.data(), tr);
            CHECK(tw == t);
            // Into a wider destination (each column's row 2 floats further apart, as a neuron
            // map's unit rows): what lies between the rows keeps its value.
            const std::size_t dst_ld = tr + 2;
            std::vector<float> td(tc * dst_ld, 9.0f);
            al::transpose(wide.data(), tr, tc, ld, td.data(), dst_ld);
            bool placed = true;
            for (std::size_t c = 0; c < tc; ++c)
                for (std::size_t r = 0; r < dst_ld; ++r)
                    placed = placed && td[c * dst_ld + r] == (r < tr ? t[c * tr + r] : 9.0f);
            CHECK(placed);
        }
    }
    // max_of: vector lanes and tail alike, wherever the largest sits; -inf for no values.
    for (std::size_t n : {1, 3, 4, 5, 8, 13}) {
        for (std::size_t at = 0; at < n; ++at) {
            std::vector<float> v = ramp(n, 2.0f, -0.5f);  // in [-2, 2]
            v[at] = 7.5f;
            CAPTURE(n);
            CAPTURE(at);
            CHECK(al::max_of(v.data(), n) == 7.5f);
        }
    }
    CHECK(al::max_of(x.data(), 0) == -std::numeric_limits<float>::infinity());
    CHECK(al::all_finite(x.data(), x.size()));
    std::vector<float> bad = x;
    bad[7] = std::numeric_limits<float>::infinity();
    CHECK_FALSE(al::all_finite(bad.data(), bad.size()));
    bad[7] = std::numeric_limits<float>::quiet_NaN();
    CHECK_FALSE(al::all_finite(bad.data(), bad.size()));
    al::Matrix m(2, 3);
    m(1, 2) = 4.0f;
    CHECK(m.row(1)[2] == 4.0f);
}
