// How a timing is taken (best_seconds_per_unit), on a made-up clock: 10 µs per unit of work, read
// as a browser without cross-origin isolation reads it (rounded down to 0.1 ms).
#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>

#include "benchmark.hpp"

namespace {
constexpr double unit_seconds = 1e-5;

double coarse(double seconds) { return std::floor(seconds / 1e-4) * 1e-4; }
}  // namespace

TEST_CASE("a timing is kept only once it lasts long enough for a coarse clock") {
    int calls = 0;
    auto steady = [&](std::size_t k) {
        ++calls;
        return coarse(double(k) * unit_seconds);
    };
    const double s = al::best_seconds_per_unit(steady, 1, std::size_t(1) << 20, 3);
    // k = 512 is the first to last 5 ms: 5.1 ms / 512 units.
    CHECK(s == doctest::Approx(coarse(512 * unit_seconds) / 512));
    CHECK(s >= unit_seconds * 0.98);
    CHECK(calls == 10 + 3);  // sizing k = 1 … 512, then three kept timings
}

TEST_CASE("a pause while sizing does not leave timings the clock reads as zero") {
    // The machine stalls for 40 ms during the very first call: sizing stops at k = 1, whose later
    // timings read 0 on the coarse clock (the cost panel once ranked ReLU 112,500× faster).
    bool first = true;
    auto stalled = [&](std::size_t k) {
        const double stall = first ? 0.04 : 0.0;
        first = false;
        return coarse(double(k) * unit_seconds + stall);
    };
    const double s = al::best_seconds_per_unit(stalled, 1, std::size_t(1) << 20, 3);
    CHECK(s == doctest::Approx(coarse(512 * unit_seconds) / 512));
}

TEST_CASE("at the largest k, a short timing is kept rather than looping for ever") {
    auto instant = [](std::size_t) { return 0.0; };
    const double s = al::best_seconds_per_unit(instant, 1, 64, 2);
    CHECK(s == doctest::Approx(1e-9 / 64));
}

TEST_CASE("the best of the kept timings, per unit") {
    // Timings of 8 ms, 6 ms, 7 ms for k = 1 (sizing reads the first 8 ms).
    const double reads[] = {0.008, 0.008, 0.006, 0.007};
    int i = 0;
    auto varying = [&](std::size_t) { return reads[i++]; };
    CHECK(al::best_seconds_per_unit(varying, 1, 1024, 3) == doctest::Approx(0.006));
    CHECK(i == 4);
}
