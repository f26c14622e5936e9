// Timings of the core, measured where it runs: the page's cost panel (in the
// reader's browser), `npm run bench` (Node and native). Tests check how a timing is taken
// (best_seconds_per_unit), never a speed.
#pragma once
#include <algorithm>
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

// Browsers round performance.now() to 0.1 ms or coarser, so a timing counts only if it lasts at
// least this long.
inline constexpr double min_timing_seconds = 0.005;

// The best seconds per unit of work over `reps` timings of `run(k)` (k units, returns the seconds
// they took), k doubled from `k` until a timing lasts min_timing_seconds (or k reaches `k_max`).
// A timing under that length is never kept, also after sizing: a pause of the machine while k was
// sized (a preempted core, a page's compile) would otherwise leave k at a few microseconds of work,
// timed as 0 by a coarse clock, and the rate at nanoseconds per million passes.
template <class Run>
double best_seconds_per_unit(Run&& run, std::size_t k, std::size_t k_max, int reps) {
    k = std::max<std::size_t>(k, 1);
    while (k < k_max && run(k) < min_timing_seconds) k *= 2;
    double best = 1e300;
    for (int kept = 0; kept < std::max(reps, 1);) {
        const double s = run(k);
        if (s < min_timing_seconds && k < k_max) {
            k *= 2;
            continue;
        }
        best = std::min(best, std::max(s, 1e-9) / double(k));
        ++kept;
    }
    return best;
}

}  // namespace al
