// Loops unrolled at compile time, for kernels that keep small arrays of SIMD registers: GCC keeps
// an array of batches indexed in a loop on the stack (a load and a store per use); indexed by
// constants, as here, it keeps each element in a register.
#pragma once
#include <cstddef>
#include <utility>

namespace al {

namespace detail {
template <class F, std::size_t... i>
inline void unrolled(F&& f, std::index_sequence<i...>) {
    (f(i), ...);
}
}  // namespace detail

// f(0), f(1), …, f(N − 1), each call with a constant argument.
template <std::size_t N, class F>
inline void each_index(F&& f) {
    detail::unrolled(f, std::make_index_sequence<N>{});
}

}  // namespace al
