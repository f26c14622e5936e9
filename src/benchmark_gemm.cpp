// GEMM throughput for `npm run bench`: one product of the shapes the networks multiply, timed
// alone (no activation, no allocation), so that a workload's GFLOP/s can be read against its
// products' own rate and the SIMD ceiling (benchmark_peak.cpp).
#include <algorithm>
#include <vector>

#include "benchmark.hpp"
#include "matrix.hpp"

namespace al {

double gemm_throughput(std::size_t M, std::size_t N, std::size_t K, bool transpose_a, int reps) {
    M = std::max<std::size_t>(M, 1);
    N = std::max<std::size_t>(N, 1);
    K = std::max<std::size_t>(K, 1);
    std::vector<float> a(M * K), b(K * N), c(M * N);
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = float(i % 7) * 0.25f - 0.75f;
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = float(i % 5) * 0.125f - 0.25f;
    // A is M×K row-major, or (transpose_a) stored K×M and read transposed: the weight gradient.
    const std::size_t a_row = transpose_a ? 1 : K, a_col = transpose_a ? M : 1;
    auto run = [&](std::size_t times) {
        const double t0 = seconds_now();
        for (std::size_t t = 0; t < times; ++t)
            gemm(M, N, K, a.data(), a_row, a_col, b.data(), N, c.data(), N, nullptr, false);
        return seconds_now() - t0;
    };
    const double flop = 2.0 * double(M) * double(N) * double(K);
    return flop / best_seconds_per_unit(run, 1, std::size_t(1) << 20, reps);
}

}  // namespace al
