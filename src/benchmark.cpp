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
    std::vector<float> in(n), out(n);
    for (std::size_t i = 0; i < n; ++i) in[i] = -6.0f + 12.0f * float(i) / float(n);
    auto time_passes = [&](std::size_t k) {
        const double t0 = seconds_now();
        for (std::size_t p = 0; p < k; ++p) run_kernel(a, pass, kernel, in.data(), out.data(), n);
        sink = out[n / 2];
        return seconds_now() - t0;
    };
    return double(n) / best_seconds_per_unit(time_passes, 1, std::size_t(1) << 20, reps);
}

}  // namespace al
