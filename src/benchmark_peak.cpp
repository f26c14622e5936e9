// The SIMD mul+add ceiling of the CPU the core runs on, for `npm run bench`'s "% of peak": chains
// c = c·m + a of f32 vectors kept in registers (no memory traffic), enough independent chains to
// cover the latency of a multiply followed by an add. WASM SIMD128 in Emscripten 3.1.6 has no
// fused multiply-add, so a multiply-add is two instructions, as in the core's products.
#include <algorithm>

#include "benchmark.hpp"
#include "simd/arch.hpp"
#include "unrolled.hpp"

namespace al {

namespace {

volatile float peak_sink;

#if AL_SIMD
using simd::fbatch;
constexpr std::size_t lanes = simd::float_lanes;
#else
using fbatch = float;
constexpr std::size_t lanes = 1;
#endif

// FLOP per step of C chains: a multiply and an add per lane and chain.
template <std::size_t C>
constexpr double chains_flop_per_step = 2.0 * double(lanes) * double(C);

// `iters` steps of C chains; the result is read so the loop cannot be removed, and m, a are not
// constants to the optimiser (peak_sink is volatile).
template <std::size_t C>
void chains(std::size_t iters) {
    const float seed = peak_sink;
    const fbatch m(0.999f + seed), a(0.001f + seed);
    fbatch acc[C];
    each_index<C>([&](std::size_t i) { acc[i] = fbatch(1.0f + 0.01f * float(i)); });
    for (std::size_t it = 0; it < iters; ++it)
        each_index<C>([&](std::size_t i) { acc[i] = acc[i] * m + a; });
    fbatch total(0.0f);
    each_index<C>([&](std::size_t i) { total += acc[i]; });
#if AL_SIMD
    peak_sink = simd::reduce_add(total) * 0.0f;
#else
    peak_sink = total * 0.0f;
#endif
}

template <std::size_t C>
double best_rate(int reps) {
    auto time = [](std::size_t iters) {
        const double t0 = seconds_now();
        chains<C>(iters);
        return seconds_now() - t0;
    };
    return chains_flop_per_step<C> /
           best_seconds_per_unit(time, std::size_t(1) << 12, std::size_t(1) << 30, reps);
}

}  // namespace

double simd_peak_flops(int reps) {
    peak_sink = 0.0f;
    // 8 chains hide a 4-cycle multiply and add on two ports; 12 cover wider cores (e.g. two
    // multiply and two add pipes). The best of both is the ceiling.
    return std::max(best_rate<8>(reps), best_rate<12>(reps));
}

}  // namespace al
