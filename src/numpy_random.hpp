// NumPy's legacy `numpy.random.RandomState`, call for call.
//
// The generator is MT19937. `RandomState(seed)` with a Python int seed in [0, 2^32) runs the
// reference `init_genrand(seed)` (not `init_by_array`): verified against NumPy 1.24, where
// `RandomState(5489)` yields 3499211612, 581869302, ... like the reference code.
// Each method consumes the stream exactly as its NumPy namesake, so a sequence of calls here
// reproduces the same sequence of calls on a NumPy `RandomState` with the same seed.
// Nothing here allocates except `permutation`, and nothing throws.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace al {

class RandomState {
  public:
    explicit RandomState(std::uint32_t seed) { this->seed(seed); }

    // Re-seed as `RandomState.seed(seed)`; also drops a cached Gaussian.
    void seed(std::uint32_t seed);

    // One raw MT19937 output (`genrand_int32`).
    std::uint32_t next_u32();
    // Two outputs, the first in the high half (NumPy's `next_uint64` for MT19937).
    std::uint64_t next_u64();

    // `random_sample()`: a double in [0, 1) from 53 random bits: (a >> 5, b >> 6).
    double random_sample();

    // `standard_normal()`: the legacy polar Box–Muller. Each accepted pair yields two values;
    // the second is cached and returned by the next call (other calls leave the cache alone).
    double gauss();

    // `normal(loc, scale)` = loc + scale * gauss(). A negative scale is not rejected (NumPy
    // raises).
    double normal(double loc, double scale);

    // `uniform(lo, hi)` = lo + (hi - lo) * random_sample(). NumPy allows hi < lo; so do we.
    double uniform(double lo, double hi);

    // NumPy's `random_interval(max)`: uniform in [0, max] by masked rejection; 32-bit draws while
    // max fits in 32 bits, else 64-bit draws. Used by `shuffle`. max == 0 draws nothing.
    std::uint64_t interval(std::uint64_t max);

    // Legacy `randint(low, high)` with the default int64 dtype: uniform in [low, high) by masked
    // rejection. Precondition low < high; otherwise returns low and draws nothing (NumPy raises).
    std::int64_t randint(std::int64_t low, std::int64_t high);

    // Legacy `shuffle(x)` of a 1-D array: for i = n-1 down to 1, swap x[i] and x[interval(i)].
    template <class T>
    void shuffle(std::vector<T>& v) {
        for (std::size_t i = v.size(); i > 1; --i) {
            const std::size_t j = static_cast<std::size_t>(interval(i - 1));
            using std::swap;
            swap(v[i - 1], v[j]);
        }
    }

    // Legacy `permutation(n)`: arange(n) shuffled. n == 0 gives an empty vector.
    std::vector<std::size_t> permutation(std::size_t n);

  private:
    static constexpr int kN = 624;
    void regenerate();

    std::array<std::uint32_t, kN> mt_{};
    int pos_ = kN;
    bool has_gauss_ = false;
    double cached_gauss_ = 0.0;
};

}  // namespace al
