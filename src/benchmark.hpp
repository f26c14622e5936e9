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

// Seconds on a monotonic clock (performance.now() under Emscripten).
double seconds_now();

}  // namespace al
