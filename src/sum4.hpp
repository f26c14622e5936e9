// A sum in four interleaved chains, for the reductions the core runs over long rows (the
// diagnostics' moments, LayerNorm's statistics).
#pragma once
#include <cstddef>

namespace al {

// Σ_{i<n} f(i) in four interleaved partial sums, (s0 + s1) + (s2 + s3): four independent chains
// of additions instead of one, which would be latency-bound (~4x slower). The sum has f's type
// (the callers return double, to keep float rows' moments exact enough).
template <class F>
auto sum4(std::size_t n, F f) -> decltype(f(0)) {
    using T = decltype(f(0));
    T s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += f(i);
        s1 += f(i + 1);
        s2 += f(i + 2);
        s3 += f(i + 3);
    }
    for (; i < n; ++i) s0 += f(i);
    return (s0 + s1) + (s2 + s3);
}

}  // namespace al
