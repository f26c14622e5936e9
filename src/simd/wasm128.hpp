// xsimd::wasm128 — a WebAssembly SIMD128 architecture for xsimd 8.x (Activation Lab).
//
// Why: xsimd < 11 (Debian's libxsimd-dev is 8.1) knows no WebAssembly architecture, so under
// Emscripten it defines XSIMD_NO_SUPPORTED_ARCHITECTURE and hides every batch type. This header
// adds one architecture on <wasm_simd128.h>, so that xsimd's generic math (exp, log, erf, erfc,
// tanh, ...) runs unchanged on 4 × float32 lanes.
//
// Provides
//   - the arch tag `xsimd::wasm128` (alignment 16, name "wasm128");
//   - batch<float>, batch<int32_t>, batch<uint32_t> and their batch_bool, all on v128_t;
//   - kernels: load/store (aligned = unaligned), broadcast, set, add, sub, mul, div (float),
//     neg, min, max, abs, sqrt, eq/neq/lt/le/gt/ge, select, and/or/xor/andnot/not,
//     bitwise_cast, bool_cast, float <-> int32/uint32 conversion (batch_cast, to_int, to_float),
//     int shifts by a scalar, floor/ceil/trunc/nearbyint/nearbyint_as_int, isnan, any/all,
//     hadd (the sum of the lanes), haddp, rsqrt and reciprocal (exact, not estimates),
//     sadd/ssub (saturating for integers), zip_lo/zip_hi. Everything else (fma, round, exp,
//     log, erf, tanh, ldexp, copysign, ...) is xsimd's generic code built on these.
// Semantics worth knowing
//   - min(a, b) = b < a ? b : a and max(a, b) = a < b ? b : a, lane-wise: std::min/std::max
//     exactly, NaN and signed zeros included (WASM pmin/pmax). So max(NaN, 0) = NaN, max(0, NaN) =
//     0.
//   - fma is x*y + z with two roundings (WASM SIMD128 has no fused multiply-add).
//   - float -> int conversion truncates and saturates: NaN -> 0, out of range -> INT_MIN/INT_MAX
//     (std::static_cast is undefined there). nearbyint rounds half to even.
//   - integer add/sub/mul/neg/abs wrap (abs(INT_MIN) == INT_MIN); shifts take the count mod 32.
// Does not provide
//   - kernels for batch<double> (the type is complete because xsimd's generic layer needs it,
//     but any operation on it fails to compile), 8/16/64-bit integer batches, swizzle, complex.
// How to use
//   - Do not include this header or <xsimd/xsimd.hpp> yourself: include "simd/arch.hpp", which
//     includes this header (which then includes xsimd.hpp itself, after our kernels, because
//     xsimd calls kernels by qualified name and so sees only those declared before it).
//   - Needs -msimd128; without it use the scalar build (arch.hpp sets AL_SIMD to 0).
//   - Load with the member: `xsimd::batch<float, xsimd::wasm128>::load_unaligned(p)`. The free
//     `xsimd::load_unaligned<A>(p)` of xsimd 8.1 is broken for any arch but the default one.
#pragma once

#if !defined(__wasm_simd128__)
#error "src/simd/wasm128.hpp needs WebAssembly SIMD128 (-msimd128); include simd/arch.hpp instead"
#endif
#if defined(XSIMD_HPP) || defined(XSIMD_BATCH_HPP)
#error "xsimd was included before src/simd/wasm128.hpp; include only simd/arch.hpp"
#endif

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <wasm_simd128.h>

// xsimd's config sees no x86/ARM SIMD macro and declares "no architecture", which makes
// xsimd.hpp skip the batch types. We supply one, so we take that verdict back; the config
// header is include-guarded, so xsimd.hpp will not define the macro again.
#include <xsimd/config/xsimd_config.hpp>
#undef XSIMD_NO_SUPPORTED_ARCHITECTURE
#include <xsimd/types/xsimd_generic_arch.hpp>
#include <xsimd/types/xsimd_register.hpp>

namespace xsimd {
struct wasm128 : generic {
    static constexpr bool supported() noexcept { return true; }
    static constexpr bool available() noexcept { return true; }
    static constexpr bool requires_alignment() noexcept { return false; }
    static constexpr unsigned version() noexcept { return generic::version(1, 0, 0); }
    static constexpr std::size_t alignment() noexcept { return 16; }
    static constexpr char const* name() noexcept { return "wasm128"; }
};

namespace types {
XSIMD_DECLARE_SIMD_REGISTER(float, wasm128, v128_t);
XSIMD_DECLARE_SIMD_REGISTER(int32_t, wasm128, v128_t);
XSIMD_DECLARE_SIMD_REGISTER(uint32_t, wasm128, v128_t);
XSIMD_DECLARE_SIMD_REGISTER(double, wasm128, v128_t);  // type only, no kernels
}  // namespace types

template <class T, class A>
class batch;
template <class T, class A>
class batch_bool;

namespace kernel {
namespace wasm128_detail {
// Any 4-lane type of ours (float, int32, uint32), and the 32-bit integers alone.
template <class T>
using if_lane4 =
    typename std::enable_if<(std::is_same<T, float>::value || std::is_same<T, int32_t>::value ||
                             std::is_same<T, uint32_t>::value),
                            int>::type;
template <class T>
using if_int32 =
    typename std::enable_if<(std::is_same<T, int32_t>::value || std::is_same<T, uint32_t>::value),
                            int>::type;
}  // namespace wasm128_detail
using wasm128_detail::if_int32;
using wasm128_detail::if_lane4;

// ---- memory ----------------------------------------------------------------------
template <class A, class T, if_lane4<T> = 0>
inline batch<T, A> load_aligned(T const* mem, convert<T>, requires_arch<wasm128>) noexcept {
    return wasm_v128_load(mem);
}
template <class A, class T, if_lane4<T> = 0>
inline batch<T, A> load_unaligned(T const* mem, convert<T>, requires_arch<wasm128>) noexcept {
    return wasm_v128_load(mem);
}
template <class A, class T, if_lane4<T> = 0>
inline void store_aligned(T* mem, batch<T, A> const& self, requires_arch<wasm128>) noexcept {
    wasm_v128_store(mem, self);
}
template <class A, class T, if_lane4<T> = 0>
inline void store_unaligned(T* mem, batch<T, A> const& self, requires_arch<wasm128>) noexcept {
    wasm_v128_store(mem, self);
}

template <class A>
inline batch<float, A> broadcast(float val, requires_arch<wasm128>) noexcept {
    return wasm_f32x4_splat(val);
}
template <class A, class T, if_int32<T> = 0>
inline batch<T, A> broadcast(T val, requires_arch<wasm128>) noexcept {
    return wasm_i32x4_splat(static_cast<int32_t>(val));
}

template <class A, class... V>
inline batch<float, A> set(batch<float, A> const&, requires_arch<wasm128>, V... v) noexcept {
    static_assert(sizeof...(V) == 4, "4 lanes");
    return wasm_f32x4_make(v...);
}
template <class A, class T, class... V, if_int32<T> = 0>
inline batch<T, A> set(batch<T, A> const&, requires_arch<wasm128>, V... v) noexcept {
    static_assert(sizeof...(V) == 4, "4 lanes");
    return wasm_i32x4_make(static_cast<int32_t>(v)...);
}
template <class A, class T, class... V, if_lane4<T> = 0>
inline batch_bool<T, A> set(batch_bool<T, A> const&, requires_arch<wasm128>, V... v) noexcept {
    static_assert(sizeof...(V) == 4, "4 lanes");
    return wasm_i32x4_make((v ? -1 : 0)...);
}

// ---- arithmetic --------------------------------------------------------------------
template <class A>
inline batch<float, A> add(batch<float, A> const& a, batch<float, A> const& b,
                           requires_arch<wasm128>) noexcept {
    return wasm_f32x4_add(a, b);
}
template <class A, class T, if_int32<T> = 0>
inline batch<T, A> add(batch<T, A> const& a, batch<T, A> const& b,
                       requires_arch<wasm128>) noexcept {
    return wasm_i32x4_add(a, b);
}
template <class A>
inline batch<float, A> sub(batch<float, A> const& a, batch<float, A> const& b,
                           requires_arch<wasm128>) noexcept {
    return wasm_f32x4_sub(a, b);
}
template <class A, class T, if_int32<T> = 0>
inline batch<T, A> sub(batch<T, A> const& a, batch<T, A> const& b,
                       requires_arch<wasm128>) noexcept {
    return wasm_i32x4_sub(a, b);
}
template <class A>
inline batch<float, A> mul(batch<float, A> const& a, batch<float, A> const& b,
                           requires_arch<wasm128>) noexcept {
    return wasm_f32x4_mul(a, b);
}
template <class A, class T, if_int32<T> = 0>
inline batch<T, A> mul(batch<T, A> const& a, batch<T, A> const& b,
                       requires_arch<wasm128>) noexcept {
    return wasm_i32x4_mul(a, b);
}
template <class A>
inline batch<float, A> div(batch<float, A> const& a, batch<float, A> const& b,
                           requires_arch<wasm128>) noexcept {
    return wasm_f32x4_div(a, b);
}
template <class A>
inline batch<float, A> neg(batch<float, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_f32x4_neg(a);
}
template <class A, class T, if_int32<T> = 0>
inline batch<T, A> neg(batch<T, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_i32x4_neg(a);
}

template <class A>
inline batch<float, A> min(batch<float, A> const& a, batch<float, A> const& b,
                           requires_arch<wasm128>) noexcept {
    return wasm_f32x4_pmin(a, b);
}
template <class A, class T, if_int32<T> = 0>
inline batch<T, A> min(batch<T, A> const& a, batch<T, A> const& b,
                       requires_arch<wasm128>) noexcept {
    return std::is_signed<T>::value ? wasm_i32x4_min(a, b) : wasm_u32x4_min(a, b);
}
template <class A>
inline batch<float, A> max(batch<float, A> const& a, batch<float, A> const& b,
                           requires_arch<wasm128>) noexcept {
    return wasm_f32x4_pmax(a, b);
}
template <class A, class T, if_int32<T> = 0>
inline batch<T, A> max(batch<T, A> const& a, batch<T, A> const& b,
                       requires_arch<wasm128>) noexcept {
    return std::is_signed<T>::value ? wasm_i32x4_max(a, b) : wasm_u32x4_max(a, b);
}
template <class A>
inline batch<float, A> abs(batch<float, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_f32x4_abs(a);
}
template <class A, class T, if_int32<T> = 0>
inline batch<T, A> abs(batch<T, A> const& a, requires_arch<wasm128>) noexcept {
    return std::is_signed<T>::value ? wasm_i32x4_abs(a) : v128_t(a);
}
template <class A>
inline batch<float, A> sqrt(batch<float, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_f32x4_sqrt(a);
}
template <class A>
inline batch<float, A> rsqrt(batch<float, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_f32x4_div(wasm_f32x4_splat(1.0f), wasm_f32x4_sqrt(a));
}
template <class A>
inline batch<float, A> reciprocal(batch<float, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_f32x4_div(wasm_f32x4_splat(1.0f), a);
}

// Saturating add/sub: plain for float; clamped for 32-bit integers.
template <class A>
inline batch<float, A> sadd(batch<float, A> const& a, batch<float, A> const& b,
                            requires_arch<wasm128>) noexcept {
    return wasm_f32x4_add(a, b);
}
template <class A>
inline batch<float, A> ssub(batch<float, A> const& a, batch<float, A> const& b,
                            requires_arch<wasm128>) noexcept {
    return wasm_f32x4_sub(a, b);
}
template <class A, class T, if_int32<T> = 0>
inline batch<T, A> sadd(batch<T, A> const& a, batch<T, A> const& b,
                        requires_arch<wasm128>) noexcept {
    v128_t r = wasm_i32x4_add(a, b);
    if (!std::is_signed<T>::value)
        return wasm_v128_or(r, wasm_u32x4_lt(r, a));  // wrapped: all ones
    // Overflow iff a and b share a sign that r does not; then clamp toward a's sign.
    v128_t over = wasm_i32x4_shr(wasm_v128_and(wasm_v128_xor(a, r), wasm_v128_xor(b, r)), 31);
    v128_t clamp = wasm_v128_xor(wasm_i32x4_shr(a, 31), wasm_i32x4_splat(INT32_MAX));
    return wasm_v128_bitselect(clamp, r, over);
}
template <class A, class T, if_int32<T> = 0>
inline batch<T, A> ssub(batch<T, A> const& a, batch<T, A> const& b,
                        requires_arch<wasm128>) noexcept {
    v128_t r = wasm_i32x4_sub(a, b);
    if (!std::is_signed<T>::value)
        return wasm_v128_andnot(r, wasm_u32x4_lt(a, b));  // wrapped: zero
    // Overflow iff a and b differ in sign and r differs from a.
    v128_t over = wasm_i32x4_shr(wasm_v128_and(wasm_v128_xor(a, b), wasm_v128_xor(a, r)), 31);
    v128_t clamp = wasm_v128_xor(wasm_i32x4_shr(a, 31), wasm_i32x4_splat(INT32_MAX));
    return wasm_v128_bitselect(clamp, r, over);
}

// ---- reductions ----------------------------------------------------------------------
template <class A>
inline float hadd(batch<float, A> const& a, requires_arch<wasm128>) noexcept {
    v128_t s = wasm_f32x4_add(a, wasm_i32x4_shuffle(a, a, 2, 3, 0, 1));  // (0+2, 1+3, ..)
    s = wasm_f32x4_add(s, wasm_i32x4_shuffle(s, s, 1, 0, 3, 2));
    return wasm_f32x4_extract_lane(s, 0);
}
template <class A, class T, if_int32<T> = 0>
inline T hadd(batch<T, A> const& a, requires_arch<wasm128>) noexcept {
    v128_t s = wasm_i32x4_add(a, wasm_i32x4_shuffle(a, a, 2, 3, 0, 1));
    s = wasm_i32x4_add(s, wasm_i32x4_shuffle(s, s, 1, 0, 3, 2));
    return static_cast<T>(wasm_i32x4_extract_lane(s, 0));
}
// Lane i of the result is the sum of row[i]'s lanes.
template <class A>
inline batch<float, A> haddp(batch<float, A> const* row, requires_arch<wasm128>) noexcept {
    v128_t p01 = wasm_f32x4_add(wasm_i32x4_shuffle(row[0], row[1], 0, 4, 2, 6),
                                wasm_i32x4_shuffle(row[0], row[1], 1, 5, 3, 7));
    v128_t p23 = wasm_f32x4_add(wasm_i32x4_shuffle(row[2], row[3], 0, 4, 2, 6),
                                wasm_i32x4_shuffle(row[2], row[3], 1, 5, 3, 7));
    return wasm_f32x4_add(wasm_i32x4_shuffle(p01, p23, 0, 1, 4, 5),
                          wasm_i32x4_shuffle(p01, p23, 2, 3, 6, 7));
}
template <class A, class T, if_lane4<T> = 0>
inline bool any(batch_bool<T, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_v128_any_true(a);
}
template <class A, class T, if_lane4<T> = 0>
inline bool all(batch_bool<T, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_i32x4_all_true(a);
}

// ---- comparisons -----------------------------------------------------------------------
template <class A>
inline batch_bool<float, A> eq(batch<float, A> const& a, batch<float, A> const& b,
                               requires_arch<wasm128>) noexcept {
    return wasm_f32x4_eq(a, b);
}
template <class A>
inline batch_bool<float, A> neq(batch<float, A> const& a, batch<float, A> const& b,
                                requires_arch<wasm128>) noexcept {
    return wasm_f32x4_ne(a, b);
}
template <class A>
inline batch_bool<float, A> lt(batch<float, A> const& a, batch<float, A> const& b,
                               requires_arch<wasm128>) noexcept {
    return wasm_f32x4_lt(a, b);
}
template <class A>
inline batch_bool<float, A> le(batch<float, A> const& a, batch<float, A> const& b,
                               requires_arch<wasm128>) noexcept {
    return wasm_f32x4_le(a, b);
}
template <class A>
inline batch_bool<float, A> gt(batch<float, A> const& a, batch<float, A> const& b,
                               requires_arch<wasm128>) noexcept {
    return wasm_f32x4_gt(a, b);
}
template <class A>
inline batch_bool<float, A> ge(batch<float, A> const& a, batch<float, A> const& b,
                               requires_arch<wasm128>) noexcept {
    return wasm_f32x4_ge(a, b);
}
template <class A>
inline batch_bool<float, A> isnan(batch<float, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_f32x4_ne(a, a);
}

template <class A, class T, if_int32<T> = 0>
inline batch_bool<T, A> eq(batch<T, A> const& a, batch<T, A> const& b,
                           requires_arch<wasm128>) noexcept {
    return wasm_i32x4_eq(a, b);
}
template <class A, class T, if_int32<T> = 0>
inline batch_bool<T, A> neq(batch<T, A> const& a, batch<T, A> const& b,
                            requires_arch<wasm128>) noexcept {
    return wasm_i32x4_ne(a, b);
}
template <class A, class T, if_int32<T> = 0>
inline batch_bool<T, A> lt(batch<T, A> const& a, batch<T, A> const& b,
                           requires_arch<wasm128>) noexcept {
    return std::is_signed<T>::value ? wasm_i32x4_lt(a, b) : wasm_u32x4_lt(a, b);
}
template <class A, class T, if_int32<T> = 0>
inline batch_bool<T, A> le(batch<T, A> const& a, batch<T, A> const& b,
                           requires_arch<wasm128>) noexcept {
    return std::is_signed<T>::value ? wasm_i32x4_le(a, b) : wasm_u32x4_le(a, b);
}
template <class A, class T, if_int32<T> = 0>
inline batch_bool<T, A> gt(batch<T, A> const& a, batch<T, A> const& b,
                           requires_arch<wasm128>) noexcept {
    return std::is_signed<T>::value ? wasm_i32x4_gt(a, b) : wasm_u32x4_gt(a, b);
}
template <class A, class T, if_int32<T> = 0>
inline batch_bool<T, A> ge(batch<T, A> const& a, batch<T, A> const& b,
                           requires_arch<wasm128>) noexcept {
    return std::is_signed<T>::value ? wasm_i32x4_ge(a, b) : wasm_u32x4_ge(a, b);
}
// batch_bool == and != (masks are all-ones or zero per lane)
template <class A, class T, if_lane4<T> = 0>
inline batch_bool<T, A> eq(batch_bool<T, A> const& a, batch_bool<T, A> const& b,
                           requires_arch<wasm128>) noexcept {
    return wasm_i32x4_eq(a, b);
}
template <class A, class T, if_lane4<T> = 0>
inline batch_bool<T, A> neq(batch_bool<T, A> const& a, batch_bool<T, A> const& b,
                            requires_arch<wasm128>) noexcept {
    return wasm_v128_xor(a, b);
}

template <class A, class T, if_lane4<T> = 0>
inline batch<T, A> select(batch_bool<T, A> const& c, batch<T, A> const& t, batch<T, A> const& f,
                          requires_arch<wasm128>) noexcept {
    return wasm_v128_bitselect(t, f, c);
}

// ---- bitwise, on batches and on masks alike ------------------------------------------
// bitwise_andnot(a, b) is a & ~b, as in xsimd.
#define AL_WASM128_BITWISE(NAME, EXPR)                                                 \
    template <class A, class T, if_lane4<T> = 0>                                       \
    inline batch<T, A> NAME(batch<T, A> const& a, batch<T, A> const& b,                \
                            requires_arch<wasm128>) noexcept {                         \
        return EXPR;                                                                   \
    }                                                                                  \
    template <class A, class T, if_lane4<T> = 0>                                       \
    inline batch_bool<T, A> NAME(batch_bool<T, A> const& a, batch_bool<T, A> const& b, \
                                 requires_arch<wasm128>) noexcept {                    \
        return EXPR;                                                                   \
    }
AL_WASM128_BITWISE(bitwise_and, wasm_v128_and(a, b))
AL_WASM128_BITWISE(bitwise_or, wasm_v128_or(a, b))
AL_WASM128_BITWISE(bitwise_xor, wasm_v128_xor(a, b))
AL_WASM128_BITWISE(bitwise_andnot, wasm_v128_andnot(a, b))
#undef AL_WASM128_BITWISE
template <class A, class T, if_lane4<T> = 0>
inline batch<T, A> bitwise_not(batch<T, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_v128_not(a);
}
template <class A, class T, if_lane4<T> = 0>
inline batch_bool<T, A> bitwise_not(batch_bool<T, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_v128_not(a);
}

template <class A, class T, if_int32<T> = 0>
inline batch<T, A> bitwise_lshift(batch<T, A> const& a, int32_t n,
                                  requires_arch<wasm128>) noexcept {
    return wasm_i32x4_shl(a, n);
}
template <class A, class T, if_int32<T> = 0>
inline batch<T, A> bitwise_rshift(batch<T, A> const& a, int32_t n,
                                  requires_arch<wasm128>) noexcept {
    return std::is_signed<T>::value ? wasm_i32x4_shr(a, n)
                                    : wasm_u32x4_shr(a, n);  // arithmetic / logical
}

// ---- casts -----------------------------------------------------------------------------
template <class A, class T, class U, if_lane4<T> = 0, if_lane4<U> = 0>
inline batch<U, A> bitwise_cast(batch<T, A> const& a, batch<U, A> const&,
                                requires_arch<wasm128>) noexcept {
    return v128_t(a);
}
template <class A>
inline batch_bool<int32_t, A> bool_cast(batch_bool<float, A> const& a,
                                        requires_arch<wasm128>) noexcept {
    return v128_t(a);
}
template <class A>
inline batch_bool<float, A> bool_cast(batch_bool<int32_t, A> const& a,
                                      requires_arch<wasm128>) noexcept {
    return v128_t(a);
}

namespace detail {
// Found by xsimd's batch_cast (to_int, to_float) through conversion_type<>.
template <class A>
inline batch<float, A> fast_cast(batch<int32_t, A> const& a, batch<float, A> const&,
                                 requires_arch<wasm128>) noexcept {
    return wasm_f32x4_convert_i32x4(a);
}
template <class A>
inline batch<float, A> fast_cast(batch<uint32_t, A> const& a, batch<float, A> const&,
                                 requires_arch<wasm128>) noexcept {
    return wasm_f32x4_convert_u32x4(a);
}
template <class A>
inline batch<int32_t, A> fast_cast(batch<float, A> const& a, batch<int32_t, A> const&,
                                   requires_arch<wasm128>) noexcept {
    return wasm_i32x4_trunc_sat_f32x4(a);
}
template <class A>
inline batch<uint32_t, A> fast_cast(batch<float, A> const& a, batch<uint32_t, A> const&,
                                    requires_arch<wasm128>) noexcept {
    return wasm_u32x4_trunc_sat_f32x4(a);
}
}  // namespace detail

// ---- rounding (round, half away from zero, is xsimd's generic one) ----------------
template <class A>
inline batch<float, A> floor(batch<float, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_f32x4_floor(a);
}
template <class A>
inline batch<float, A> ceil(batch<float, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_f32x4_ceil(a);
}
template <class A>
inline batch<float, A> trunc(batch<float, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_f32x4_trunc(a);
}
template <class A>
inline batch<float, A> nearbyint(batch<float, A> const& a, requires_arch<wasm128>) noexcept {
    return wasm_f32x4_nearest(a);
}
template <class A>
inline batch<int32_t, A> nearbyint_as_int(batch<float, A> const& a,
                                          requires_arch<wasm128>) noexcept {
    return wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(a));
}

// ---- lane shuffles ------------------------------------------------------------------
template <class A, class T, if_lane4<T> = 0>
inline batch<T, A> zip_lo(batch<T, A> const& a, batch<T, A> const& b,
                          requires_arch<wasm128>) noexcept {
    return wasm_i32x4_shuffle(a, b, 0, 4, 1, 5);
}
template <class A, class T, if_lane4<T> = 0>
inline batch<T, A> zip_hi(batch<T, A> const& a, batch<T, A> const& b,
                          requires_arch<wasm128>) noexcept {
    return wasm_i32x4_shuffle(a, b, 2, 6, 3, 7);
}
}  // namespace kernel
}  // namespace xsimd

#include <xsimd/xsimd.hpp>
