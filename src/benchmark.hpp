// Timings of the core, measured where it runs: the page's cost panel (in the
// reader's browser), `npm run bench` (Node and native). Never used in tests.
#pragma once
#include <cstddef>

#include "activation.hpp"

namespace al {

enum class Kernel { simd, scalar };
enum class Pass { value, grad };

// Elements per second of one activation kernel over `n` floats: the best of `reps`
// timings, each of enough passes to last >= 5 ms (coarse browser clocks). Inputs span [-6, 6].
double activation_throughput(Activation a, Pass pass, Kernel kernel, std::size_t n, int reps);

// FLOP per second of the SIMD multiply-add ceiling (benchmark_peak.cpp): register-only chains of
// f32 vector multiplies and adds, the best of `reps` timings of >= 5 ms each.
double simd_peak_flops(int reps);

// FLOP per second of gemm (matrix.hpp) for C (M×N) = A·B with B row-major K×N and A row-major
// M×K, or, with `transpose_a`, Aᵀ of a row-major K×M (the weight gradient's layout): the best of
// `reps` timings of >= 5 ms each.
double gemm_throughput(std::size_t M, std::size_t N, std::size_t K, bool transpose_a, int reps);

// Seconds on a monotonic clock (performance.now() under Emscripten).
double seconds_now();

}  // namespace al
