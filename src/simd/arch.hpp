// The one place that chooses the SIMD architecture. Every other file includes this header and
// never <xsimd/xsimd.hpp> (nor src/simd/wasm128.hpp) directly.
//
//   AL_SIMD              1 when a SIMD architecture is in use, 0 for a scalar-only build.
//   al::simd::arch       (AL_SIMD only) the xsimd architecture:
//                          native          xsimd::default_arch (best the compiler flags allow)
//                          WASM, xsimd>=11 xsimd::wasm
//                          WASM, xsimd<11  xsimd::wasm128, ours (src/simd/wasm128.hpp)
//   al::simd::fbatch     (AL_SIMD only) xsimd::batch<float, arch>
//   al::simd::ibatch     (AL_SIMD only) xsimd::batch<std::int32_t, arch>
//   al::simd::float_lanes  fbatch::size, or 1 when AL_SIMD == 0
//   al::simd::arch_name()  "sse2", "avx2", ..., "wasm128 (Activation Lab)", "wasm (xsimd)",
//   "scalar" al::simd::reduce_add(b)  (AL_SIMD only) sum of the lanes: xsimd::hadd before xsimd 9,
//                          xsimd::reduce_add after; use this and the code works on both.
//
// Rules for kernels
//   - Guard SIMD code with `#if AL_SIMD`; keep the scalar reference outside it.
//   - Load with the member functions: `fbatch::load_unaligned(p)`, `fbatch::load_aligned(p)`.
//     The free `xsimd::load_unaligned<A>(p)` of xsimd 8.1 is broken for a non-default arch.
//   - Do not count on fused multiply-add: xsimd::fma is x*y+z with two roundings on WASM.
//
// Scalar build (Emscripten without -msimd128): AL_SIMD is 0 and xsimd is NOT included at all,
// so any stray xsimd use in that build fails at compile time instead of silently misbehaving.
// Natively, xsimd.hpp is always included; AL_SIMD is 0 only if xsimd finds no SIMD instruction
// set for the target (XSIMD_NO_SUPPORTED_ARCHITECTURE).
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__EMSCRIPTEN__) || defined(__wasm__)
#if defined(__wasm_simd128__)
#define AL_SIMD 1
#if __has_include(<xsimd/arch/xsimd_wasm.hpp>)
#include <xsimd/xsimd.hpp>
#define AL_SIMD_XSIMD_WASM 1
#else
#include "simd/wasm128.hpp"
#define AL_SIMD_XSIMD_WASM 0
#endif
#else
#define AL_SIMD 0
#endif
#else  // native
#include <xsimd/xsimd.hpp>
#if defined(XSIMD_NO_SUPPORTED_ARCHITECTURE)
#define AL_SIMD 0
#else
#define AL_SIMD 1
#endif
#endif

namespace al::simd {
#if AL_SIMD
#if defined(__wasm_simd128__) && AL_SIMD_XSIMD_WASM
using arch = xsimd::wasm;
#elif defined(__wasm_simd128__)
using arch = xsimd::wasm128;
#else
using arch = xsimd::default_arch;
#endif
using fbatch = xsimd::batch<float, arch>;
using ibatch = xsimd::batch<std::int32_t, arch>;

inline constexpr std::size_t float_lanes = fbatch::size;

inline float reduce_add(fbatch const& b) noexcept {
#if XSIMD_VERSION_MAJOR >= 9
    return xsimd::reduce_add(b);
#else
    return xsimd::hadd(b);
#endif
}
#else
inline constexpr std::size_t float_lanes = 1;
#endif
// True when xsimd::max(x, c) and xsimd::min(x, c) return a NaN x itself, so that a clamp passes
// NaN on to the arithmetic after it: our SIMD128 arch's pmin/pmax (src/simd/wasm128.hpp). SSE's
// minps/maxps return c instead, and a kernel must then put the NaN back (activation_simd.cpp).
#if AL_SIMD && defined(__wasm_simd128__) && !AL_SIMD_XSIMD_WASM
inline constexpr bool clamps_keep_nan = true;
#else
inline constexpr bool clamps_keep_nan = false;
#endif
// The kernels' shorthand for float_lanes (`for (; i + L <= n; i += L)`), named once so that every
// file of the core can share one translation unit (the lint reads them so).
inline constexpr std::size_t L = float_lanes;

inline const char* arch_name() noexcept {
#if !AL_SIMD
    return "scalar";
#elif defined(__wasm_simd128__) && AL_SIMD_XSIMD_WASM
    return "wasm (xsimd)";
#elif defined(__wasm_simd128__)
    return "wasm128 (Activation Lab)";
#else
    return arch::name();
#endif
}
}  // namespace al::simd
