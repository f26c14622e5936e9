#include "benchmark.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

namespace al {

double seconds_now() {
    using clock = std::chrono::steady_clock;
    return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

namespace {
// Keeps the optimiser from deleting work whose result nobody reads.
volatile float sink;

void run_kernel(Activation a, Pass pass, Kernel kernel, const float* in, float* out,
                std::size_t n) {
    if (pass == Pass::value) {
        kernel == Kernel::simd ? activate(a, in, out, n) : activate_scalar(a, in, out, n);
    } else {
        kernel == Kernel::simd ? activate_grad(a, in, out, n) : activate_grad_scalar(a, in, out, n);
    }
}
}  // namespace

double activation_throughput(Activation a, Pass pass, Kernel kernel, std::size_t n, int reps) {
    n = std::max<std::size_t>(n, 1);
    reps = std::max(reps, 1);
    std::vector<float> in(n), out(n);
    for (std::size_t i = 0; i < n; ++i) in[i] = -6.0f + 12.0f * float(i) / float(n);
    // Browsers round performance.now() to 0.1 ms or coarser, so each timing covers as many passes
    // as fill at least min_seconds; this first loop also warms caches and pages.
    constexpr double min_seconds = 0.005;
    std::size_t passes = 1;
    auto time_passes = [&](std::size_t k) {
        const double t0 = seconds_now();
        for (std::size_t p = 0; p < k; ++p) run_kernel(a, pass, kernel, in.data(), out.data(), n);
        sink = out[n / 2];
        return seconds_now() - t0;
    };
    while (time_passes(passes) < min_seconds && passes < (std::size_t(1) << 20)) passes *= 2;
    double best = 1e300;
    for (int r = 0; r < reps; ++r) best = std::min(best, time_passes(passes));
    return double(n) * double(passes) / std::max(best, 1e-9);
}

}  // namespace al
