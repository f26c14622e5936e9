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
  run_kernel(a, pass, kernel, in.data(), out.data(), n);  // warm-up: caches, page faults
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const double t0 = seconds_now();
    run_kernel(a, pass, kernel, in.data(), out.data(), n);
    best = std::min(best, seconds_now() - t0);
    sink = out[n / 2];
  }
  return double(n) / std::max(best, 1e-9);
}

}  // namespace al
