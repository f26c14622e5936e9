#include "numpy_random.hpp"

#include <cmath>
#include <numeric>

namespace al {

namespace {
constexpr int kM = 397;
constexpr std::uint32_t kMatrixA = 0x9908b0dfu;
constexpr std::uint32_t kUpperMask = 0x80000000u;
constexpr std::uint32_t kLowerMask = 0x7fffffffu;

// Smallest all-ones mask covering max (max | max>>1 | ... ).
std::uint64_t mask_for(std::uint64_t max) {
    std::uint64_t m = max;
    m |= m >> 1;
    m |= m >> 2;
    m |= m >> 4;
    m |= m >> 8;
    m |= m >> 16;
    m |= m >> 32;
    return m;
}
}  // namespace

void RandomState::seed(std::uint32_t seed) {
    // init_genrand: Knuth's multiplier, everything modulo 2^32.
    mt_[0] = seed;
    for (int i = 1; i < kN; ++i) {
        const std::uint32_t prev = mt_[i - 1];
        mt_[i] = 1812433253u * (prev ^ (prev >> 30)) + static_cast<std::uint32_t>(i);
    }
    pos_ = kN;  // the first draw regenerates the whole state
    has_gauss_ = false;
    cached_gauss_ = 0.0;
}

void RandomState::regenerate() {
    auto twist = [](std::uint32_t hi, std::uint32_t lo) {
        const std::uint32_t y = (hi & kUpperMask) | (lo & kLowerMask);
        return (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
    };
    int i = 0;
    for (; i < kN - kM; ++i) mt_[i] = mt_[i + kM] ^ twist(mt_[i], mt_[i + 1]);
    for (; i < kN - 1; ++i) mt_[i] = mt_[i + kM - kN] ^ twist(mt_[i], mt_[i + 1]);
    mt_[kN - 1] = mt_[kM - 1] ^ twist(mt_[kN - 1], mt_[0]);
    pos_ = 0;
}

std::uint32_t RandomState::next_u32() {
    if (pos_ >= kN) regenerate();
    std::uint32_t y = mt_[pos_++];
    // Tempering.
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

std::uint64_t RandomState::next_u64() {
    const std::uint64_t hi = next_u32();
    return (hi << 32) | next_u32();
}

double RandomState::random_sample() {
    const std::uint32_t a = next_u32() >> 5;           // 27 bits
    const std::uint32_t b = next_u32() >> 6;           // 26 bits
    return (a * 67108864.0 + b) / 9007199254740992.0;  // (a * 2^26 + b) / 2^53
}

double RandomState::gauss() {
    if (has_gauss_) {
        has_gauss_ = false;
        const double g = cached_gauss_;
        cached_gauss_ = 0.0;
        return g;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * random_sample() - 1.0;
        x2 = 2.0 * random_sample() - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    // Polar Box-Muller: both f*x1 and f*x2 are standard normal; NumPy returns f*x2 first.
    const double f = std::sqrt(-2.0 * std::log(r2) / r2);
    cached_gauss_ = f * x1;
    has_gauss_ = true;
    return f * x2;
}

double RandomState::normal(double loc, double scale) { return loc + scale * gauss(); }

double RandomState::uniform(double lo, double hi) {
    const double range = hi - lo;  // computed once, as NumPy does before drawing
    return lo + range * random_sample();
}

std::uint64_t RandomState::interval(std::uint64_t max) {
    if (max == 0) return 0;
    const std::uint64_t mask = mask_for(max);
    std::uint64_t value;
    if (max <= 0xffffffffu) {
        while ((value = (next_u32() & mask)) > max) {
        }
    } else {
        while ((value = (next_u64() & mask)) > max) {
        }
    }
    return value;
}

std::int64_t RandomState::randint(std::int64_t low, std::int64_t high) {
    if (low >= high) return low;
    // rng = high - low - 1 fits in uint64 for any int64 pair with low < high.
    const std::uint64_t rng =
        static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low) - 1u;
    if (rng == 0) return low;
    // NumPy special-cases rng == 2^32-1 and 2^64-1 as raw draws; the masked rejection below
    // gives the same values there (an all-ones mask never rejects).
    const std::uint64_t off = interval(rng);
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + off);
}

std::vector<std::size_t> RandomState::permutation(std::size_t n) {
    std::vector<std::size_t> v(n);
    std::iota(v.begin(), v.end(), std::size_t{0});
    shuffle(v);
    return v;
}

}  // namespace al
