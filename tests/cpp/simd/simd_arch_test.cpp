// Tests of the chosen SIMD architecture (src/simd/arch.hpp): every kernel of our wasm128
// architecture against std:: on edge values, and xsimd's generic exp/erf/erfc/tanh/log against
// std:: in double, in float ulp. The same file runs natively (xsimd's SSE/AVX: checks the same
// API) and under Node (our wasm128); parts that pin down wasm128-only semantics are guarded.
#include <doctest/doctest.h>

#include "simd/arch.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#if !AL_SIMD

TEST_CASE("simd: scalar build") {
    CHECK(std::string(al::simd::arch_name()) == "scalar");
    CHECK(al::simd::float_lanes == 1);
}

#else

namespace {
using al::simd::arch;
using al::simd::fbatch;
using al::simd::ibatch;
constexpr std::size_t N = fbatch::size;
constexpr float inf = std::numeric_limits<float>::infinity();
constexpr float qnan = std::numeric_limits<float>::quiet_NaN();
constexpr std::int32_t imin = std::numeric_limits<std::int32_t>::min();
constexpr std::int32_t imax = std::numeric_limits<std::int32_t>::max();
#if defined(__wasm_simd128__)
constexpr bool ours = std::is_same<arch, xsimd::wasm128>::value;
#else
constexpr bool ours = false;
#endif

std::uint32_t bits(float x) {
    std::uint32_t u;
    std::memcpy(&u, &x, sizeof u);
    return u;
}
// Identical floats: same bits, or both NaN (any payload).
bool same(float a, float b) { return (std::isnan(a) && std::isnan(b)) || bits(a) == bits(b); }
bool same(std::int32_t a, std::int32_t b) { return a == b; }
bool same(bool a, bool b) { return a == b; }
// Equal values: +0 == -0. For xsimd's own SSE kernels, whose signed zeros differ from std::.
bool same_value(float a, float b) { return (std::isnan(a) && std::isnan(b)) || a == b; }
std::int32_t wrap(std::int64_t v) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(v));
}

const std::vector<float> edge_f = {qnan,
                                   -qnan,
                                   inf,
                                   -inf,
                                   0.0f,
                                   -0.0f,
                                   std::numeric_limits<float>::denorm_min(),
                                   -std::numeric_limits<float>::denorm_min(),
                                   1e-40f,
                                   -3e-39f,
                                   std::numeric_limits<float>::min(),
                                   -std::numeric_limits<float>::min(),
                                   std::numeric_limits<float>::max(),
                                   -std::numeric_limits<float>::max(),
                                   1.0f,
                                   -1.0f,
                                   0.5f,
                                   -0.5f,
                                   1.5f,
                                   -1.5f,
                                   2.5f,
                                   -2.5f,
                                   0.49999997f,
                                   -0.49999997f,
                                   3.7f,
                                   -3.7f,
                                   -0.7518f,
                                   123.456f,
                                   1e10f,
                                   -1e10f,
                                   8388607.5f,
                                   -8388607.5f,
                                   8388608.0f,
                                   16777216.0f,
                                   2147483520.0f,
                                   -2147483648.0f,
                                   2147483648.0f,
                                   3e9f,
                                   -3e9f};
const std::vector<std::int32_t> edge_i = {
    imin, imin + 1, -1000000007, -123456789, -65536,    -2,      -1,       0,
    1,    2,        7,           65535,      123456789, 1 << 30, imax - 1, imax};

template <class T>
using batch_of = xsimd::batch<T, arch>;

// Every (a, b) of xs × xs, as two vectors.
template <class T>
std::pair<std::vector<T>, std::vector<T> > all_pairs(std::vector<T> const& xs) {
    std::pair<std::vector<T>, std::vector<T> > p;
    for (T a : xs)
        for (T b : xs) p.first.push_back(a), p.second.push_back(b);
    return p;
}

// Runs `simd` over (as[i], bs[i]), N lanes at a time (the tail padded); returns the lanes.
template <class Out, class In, class F>
std::vector<Out> map2(std::vector<In> const& as, std::vector<In> const& bs, F simd) {
    std::vector<Out> out;
    for (std::size_t i = 0; i < as.size(); i += N) {
        alignas(arch::alignment()) In a[N];
        alignas(arch::alignment()) In b[N];
        alignas(arch::alignment()) Out res[N];
        for (std::size_t k = 0; k < N; ++k)
            a[k] = as[std::min(i + k, as.size() - 1)], b[k] = bs[std::min(i + k, bs.size() - 1)];
        simd(batch_of<In>::load_aligned(a), batch_of<In>::load_aligned(b)).store_aligned(res);
        for (std::size_t k = 0; k < N && i + k < as.size(); ++k) out.push_back(res[k]);
    }
    return out;
}
template <class Out, class In, class F>
std::vector<Out> map1(std::vector<In> const& xs, F simd) {
    return map2<Out>(xs, xs, [&](batch_of<In> const& a, batch_of<In> const&) { return simd(a); });
}

// "" when got[i] matches ref(as[i], bs[i]) for all i, else the first mismatch.
template <class Out, class In, class Ref, class Eq>
std::string first_diff2(std::vector<In> const& as, std::vector<In> const& bs,
                        std::vector<Out> const& got, Ref ref, Eq eq) {
    for (std::size_t i = 0; i < as.size(); ++i) {
        Out want = static_cast<Out>(ref(as[i], bs[i]));
        if (!eq(got[i], want)) {
            std::ostringstream s;
            s.precision(9);
            s << "a=" << as[i] << " b=" << bs[i] << " got " << got[i] << " want " << want;
            return s.str();
        }
    }
    return "";
}
template <class Out, class In, class Ref, class Eq>
std::string first_diff1(std::vector<In> const& xs, std::vector<Out> const& got, Ref ref, Eq eq) {
    return first_diff2(
        xs, xs, got, [&](In a, In) { return ref(a); }, eq);
}

const auto exact = [](auto a, auto b) { return same(a, b); };
const auto loose = [](float a, float b) { return same_value(a, b); };
// Our arch is held to the bit; xsimd's SSE/AVX kernels to the value (their ±0 may differ).
const auto ours_exact = [](float a, float b) { return ours ? same(a, b) : same_value(a, b); };

// AL_CHECK1/AL_CHECK2: a unary/binary SIMD lambda against a scalar reference, lane by lane.
// AL_KNOWN2: the same where xsimd 8.1's own x86 kernels deviate from std:: (each use says how):
// natively it only warns; our wasm128 is held to it.
#define AL_COMPARE(STRICT, DIFF, WHAT)                                               \
    do {                                                                             \
        std::string diff_ = DIFF;                                                    \
        if (STRICT)                                                                  \
            CHECK_MESSAGE(diff_.empty(), WHAT ": " << diff_);                        \
        else                                                                         \
            WARN_MESSAGE(diff_.empty(), "xsimd 8.1 deviation, " WHAT ": " << diff_); \
    } while (0)
#define AL_CHECK1(T_OUT, XS, SIMD, REF, EQ) \
    AL_COMPARE(true, first_diff1(XS, map1<T_OUT>(XS, SIMD), REF, EQ), #SIMD)
#define AL_CHECK2(T_OUT, P, SIMD, REF, EQ)                                                    \
    AL_COMPARE(true,                                                                          \
               first_diff2(P.first, P.second, map2<T_OUT>(P.first, P.second, SIMD), REF, EQ), \
               #SIMD)
#define AL_KNOWN2(T_OUT, P, SIMD, REF, EQ)                                                    \
    AL_COMPARE(ours,                                                                          \
               first_diff2(P.first, P.second, map2<T_OUT>(P.first, P.second, SIMD), REF, EQ), \
               #SIMD)
}  // namespace

TEST_CASE("simd: the chosen architecture") {
    MESSAGE("arch: " << std::string(al::simd::arch_name()) << ", " << N << " float lanes");
    CHECK(al::simd::float_lanes == N);
    CHECK(ibatch::size == N);
#if defined(__wasm_simd128__)
    CHECK(std::string(al::simd::arch_name()).find("wasm") == 0);
#else
    CHECK(std::string(al::simd::arch_name()) == arch::name());
#endif
    static_assert(sizeof(batch_of<double>) > 0, "batch<double, arch> is a complete type");
}

TEST_CASE("simd: load, store, broadcast, set, get") {
    alignas(arch::alignment()) float src[2 * N + 1];
    alignas(arch::alignment()) float dst[2 * N + 1];
    for (std::size_t i = 0; i < 2 * N; ++i) src[i] = edge_f[i % edge_f.size()], dst[i] = 42.0f;
    fbatch a = fbatch::load_aligned(src);
    fbatch u = fbatch::load_unaligned(src + 1);
    a.store_aligned(dst);
    u.store_unaligned(dst + N + 1);
    bool ok = true;
    for (std::size_t i = 0; i < N; ++i)
        ok = ok && same(dst[i], src[i]) && same(dst[N + 1 + i], src[1 + i]) &&
             same(a.get(i), src[i]);
    CHECK(ok);
    CHECK(dst[N] == 42.0f);  // store_unaligned wrote exactly N lanes

    alignas(arch::alignment()) std::int32_t isrc[N + 1];
    alignas(arch::alignment()) std::int32_t idst[N + 1];
    for (std::size_t i = 0; i <= N; ++i) isrc[i] = edge_i[i % edge_i.size()];
    ibatch::load_unaligned(isrc + 1).store_unaligned(idst + 1);
    ibatch::load_aligned(isrc).store_aligned(idst);
    ok = true;
    for (std::size_t i = 0; i <= N; ++i) ok = ok && idst[i] == isrc[i];
    CHECK(ok);

    for (float v : {-0.0f, 3.5f, inf, std::numeric_limits<float>::denorm_min()}) {
        fbatch b(v);
        fbatch c = fbatch::broadcast(v);
        for (std::size_t i = 0; i < N; ++i) CHECK((same(b.get(i), v) && same(c.get(i), v)));
    }
    CHECK(std::isnan(fbatch(qnan).get(N - 1)));
    CHECK(ibatch(imin).get(0) == imin);
    if (N == 4) {
        fbatch s{1.0f, -0.0f, inf, 4.0f};
        ibatch t{imin, -1, 0, imax};
        CHECK(
            (same(s.get(0), 1.0f) && same(s.get(1), -0.0f) && s.get(2) == inf && s.get(3) == 4.0f));
        CHECK((t.get(0) == imin && t.get(1) == -1 && t.get(2) == 0 && t.get(3) == imax));
        auto m = xsimd::batch_bool<float, arch>{true, false, false, true};
        CHECK((m.get(0) && !m.get(1) && !m.get(2) && m.get(3)));
    }
}

TEST_CASE("simd: float arithmetic against std::") {
    auto p = all_pairs(edge_f);
    AL_CHECK2(
        float, p, [](fbatch a, fbatch b) { return a + b; }, [](float a, float b) { return a + b; },
        exact);
    AL_CHECK2(
        float, p, [](fbatch a, fbatch b) { return a - b; }, [](float a, float b) { return a - b; },
        exact);
    AL_CHECK2(
        float, p, [](fbatch a, fbatch b) { return a * b; }, [](float a, float b) { return a * b; },
        exact);
    AL_CHECK2(
        float, p, [](fbatch a, fbatch b) { return a / b; }, [](float a, float b) { return a / b; },
        exact);
    AL_CHECK1(
        float, edge_f, [](fbatch a) { return -a; }, [](float a) { return -a; }, exact);
    AL_CHECK1(
        float, edge_f, [](fbatch a) { return xsimd::abs(a); }, [](float a) { return std::fabs(a); },
        exact);
    AL_CHECK1(
        float, edge_f, [](fbatch a) { return xsimd::sqrt(a); },
        [](float a) { return std::sqrt(a); }, exact);
    // x*y + z: fused (one rounding) on FMA hardware, two roundings on SSE2 and WASM.
    std::vector<float> z(p.first.size());
    for (std::size_t i = 0; i < z.size(); ++i) z[i] = edge_f[(i * 7) % edge_f.size()];
    std::string bad;
    for (std::size_t i = 0; i < z.size() && bad.empty(); ++i) {
        float a = p.first[i], b = p.second[i], c = z[i];
        float got = xsimd::fma(fbatch(a), fbatch(b), fbatch(c)).get(0);
        volatile float prod = a * b;
        float unfused = prod + c;
        bool fused_ok = same(got, std::fma(a, b, c)) && !ours;
        if (!same(got, unfused) && !fused_ok)
            bad = "fma(" + std::to_string(a) + ", " + std::to_string(b) + ", " + std::to_string(c) +
                  ")";
    }
    CHECK_MESSAGE(bad.empty(), bad);

    // min/max: ours are std::min/std::max to the bit (NaN and ±0 included); SSE's differ there.
    std::pair<std::vector<float>, std::vector<float> > q;
    for (std::size_t i = 0; i < p.first.size(); ++i)
        if (ours || !(std::isnan(p.first[i]) || std::isnan(p.second[i]) ||
                      (p.first[i] == 0 && p.second[i] == 0)))
            q.first.push_back(p.first[i]), q.second.push_back(p.second[i]);
    AL_CHECK2(
        float, q, [](fbatch a, fbatch b) { return xsimd::min(a, b); },
        [](float a, float b) { return std::min(a, b); }, exact);
    AL_CHECK2(
        float, q, [](fbatch a, fbatch b) { return xsimd::max(a, b); },
        [](float a, float b) { return std::max(a, b); }, exact);

    // rsqrt and reciprocal: exact on ours; SSE's estimates are good to 1.5 * 2^-12.
    std::vector<float> pos;
    for (float v : edge_f)
        if (v >= std::numeric_limits<float>::min() && v < 1e30f) pos.push_back(v);
    auto near = [](float a, float b) {
        return ours ? same(a, b) : std::fabs(a - b) <= 1.5f * std::ldexp(1.0f, -12) * std::fabs(b);
    };
    AL_CHECK1(
        float, pos, [](fbatch a) { return xsimd::rsqrt(a); },
        [](float a) { return 1.0f / std::sqrt(a); }, near);
    AL_CHECK1(
        float, pos, [](fbatch a) { return xsimd::reciprocal(a); }, [](float a) { return 1.0f / a; },
        near);
    AL_CHECK2(
        float, p, [](fbatch a, fbatch b) { return xsimd::sadd(a, b); },
        [](float a, float b) { return a + b; }, exact);
    AL_CHECK2(
        float, p, [](fbatch a, fbatch b) { return xsimd::ssub(a, b); },
        [](float a, float b) { return a - b; }, exact);
}

TEST_CASE("simd: comparisons, select, masks") {
    auto p = all_pairs(edge_f);
    AL_CHECK2(
        bool, p, [](fbatch a, fbatch b) { return a == b; }, [](float a, float b) { return a == b; },
        exact);
    AL_KNOWN2(
        bool, p, [](fbatch a, fbatch b) { return a != b; }, [](float a, float b) { return a != b; },
        exact);  // AVX: NaN != NaN is false
    AL_CHECK2(
        bool, p, [](fbatch a, fbatch b) { return a < b; }, [](float a, float b) { return a < b; },
        exact);
    AL_CHECK2(
        bool, p, [](fbatch a, fbatch b) { return a <= b; }, [](float a, float b) { return a <= b; },
        exact);
    AL_CHECK2(
        bool, p, [](fbatch a, fbatch b) { return a > b; }, [](float a, float b) { return a > b; },
        exact);
    AL_CHECK2(
        bool, p, [](fbatch a, fbatch b) { return a >= b; }, [](float a, float b) { return a >= b; },
        exact);
    AL_CHECK1(
        bool, edge_f, [](fbatch a) { return xsimd::isnan(a); },
        [](float a) { return std::isnan(a); }, exact);
    AL_CHECK2(
        float, p, [](fbatch a, fbatch b) { return xsimd::select(a < b, a, b); },
        [](float a, float b) { return a < b ? a : b; }, exact);
    AL_CHECK2(
        float, p, [](fbatch a, fbatch b) { return fbatch(a < b); },
        [](float a, float b) { return a < b ? 1.0f : 0.0f; }, exact);

    // Mask algebra: &, |, ^, ~, !, ==, != on masks; any/all.
    auto m = [](fbatch a, fbatch b) { return a < b; };
    auto n = [](fbatch a, fbatch b) { return a <= -b; };
    auto rm = [](float a, float b) { return a < b; };
    auto rn = [](float a, float b) { return a <= -b; };
    AL_CHECK2(
        bool, p, [&](fbatch a, fbatch b) { return m(a, b) & n(a, b); },
        [&](float a, float b) { return rm(a, b) && rn(a, b); }, exact);
    AL_CHECK2(
        bool, p, [&](fbatch a, fbatch b) { return m(a, b) | n(a, b); },
        [&](float a, float b) { return rm(a, b) || rn(a, b); }, exact);
    AL_CHECK2(
        bool, p, [&](fbatch a, fbatch b) { return m(a, b) ^ n(a, b); },
        [&](float a, float b) { return rm(a, b) != rn(a, b); }, exact);
    AL_CHECK2(
        bool, p, [&](fbatch a, fbatch b) { return ~m(a, b); },
        [&](float a, float b) { return !rm(a, b); }, exact);
    AL_CHECK2(
        bool, p, [&](fbatch a, fbatch b) { return !m(a, b); },
        [&](float a, float b) { return !rm(a, b); }, exact);
    AL_CHECK2(
        bool, p, [&](fbatch a, fbatch b) { return m(a, b) == n(a, b); },
        [&](float a, float b) { return rm(a, b) == rn(a, b); }, exact);
    // SSE2 compares float masks as floats (true is a NaN pattern, so true != true): use ^.
    AL_KNOWN2(
        bool, p, [&](fbatch a, fbatch b) { return m(a, b) != n(a, b); },
        [&](float a, float b) { return rm(a, b) != rn(a, b); }, exact);
    CHECK(xsimd::any(fbatch(1.0f) > fbatch(0.0f)));
    CHECK(xsimd::all(fbatch(1.0f) > fbatch(0.0f)));
    CHECK_FALSE(xsimd::any(fbatch(qnan) > fbatch(0.0f)));
    CHECK_FALSE(xsimd::all(fbatch(qnan) > fbatch(0.0f)));
    alignas(arch::alignment()) float one_lane[N] = {};
    for (std::size_t lane = 0; lane < N; ++lane) {
        one_lane[lane] = 1.0f;
        fbatch b = fbatch::load_aligned(one_lane);
        CHECK(xsimd::any(b > 0.0f));
        CHECK(xsimd::all(b > 0.0f) == (N == 1));
        one_lane[lane] = 0.0f;
    }
    CHECK(xsimd::any(ibatch(imin) < ibatch(0)));
    CHECK(xsimd::all(xsimd::bool_cast(xsimd::isnan(fbatch(qnan)))));
    CHECK(xsimd::all(xsimd::bool_cast(ibatch(1) == ibatch(1))));
}

TEST_CASE("simd: bitwise ops and casts between float and int32") {
    auto p = all_pairs(edge_f);
    auto fb = [](std::uint32_t u) {
        float f;
        std::memcpy(&f, &u, sizeof f);
        return f;
    };
    AL_CHECK2(
        float, p, [](fbatch a, fbatch b) { return a & b; },
        [&](float a, float b) { return fb(bits(a) & bits(b)); }, exact);
    AL_CHECK2(
        float, p, [](fbatch a, fbatch b) { return a | b; },
        [&](float a, float b) { return fb(bits(a) | bits(b)); }, exact);
    AL_CHECK2(
        float, p, [](fbatch a, fbatch b) { return a ^ b; },
        [&](float a, float b) { return fb(bits(a) ^ bits(b)); }, exact);
    // bitwise_andnot(a, b) is a & ~b (xsimd's documentation, NEON, ours); SSE/AVX do ~a & b.
    AL_KNOWN2(
        float, p, [](fbatch a, fbatch b) { return xsimd::bitwise_andnot(a, b); },
        [&](float a, float b) { return fb(bits(a) & ~bits(b)); }, exact);
    AL_CHECK1(
        float, edge_f, [](fbatch a) { return ~a; }, [&](float a) { return fb(~bits(a)); }, exact);
    AL_CHECK1(
        std::int32_t, edge_f, [](fbatch a) { return xsimd::bitwise_cast<ibatch>(a); },
        [](float a) { return static_cast<std::int32_t>(bits(a)); }, exact);
    AL_CHECK1(
        float, edge_i, [](ibatch a) { return xsimd::bitwise_cast<fbatch>(a); },
        [&](std::int32_t a) { return fb(static_cast<std::uint32_t>(a)); }, exact);

    auto q = all_pairs(edge_i);
    AL_CHECK2(
        std::int32_t, q, [](ibatch a, ibatch b) { return a & b; },
        [](std::int32_t a, std::int32_t b) { return a & b; }, exact);
    AL_CHECK2(
        std::int32_t, q, [](ibatch a, ibatch b) { return a | b; },
        [](std::int32_t a, std::int32_t b) { return a | b; }, exact);
    AL_CHECK2(
        std::int32_t, q, [](ibatch a, ibatch b) { return a ^ b; },
        [](std::int32_t a, std::int32_t b) { return a ^ b; }, exact);
    AL_KNOWN2(
        std::int32_t, q, [](ibatch a, ibatch b) { return xsimd::bitwise_andnot(a, b); },
        [](std::int32_t a, std::int32_t b) { return a & ~b; }, exact);
    AL_CHECK1(
        std::int32_t, edge_i, [](ibatch a) { return ~a; }, [](std::int32_t a) { return ~a; },
        exact);
    AL_CHECK2(
        std::int32_t, q, [](ibatch a, ibatch b) { return xsimd::select(a < b, a, b); },
        [](std::int32_t a, std::int32_t b) { return a < b ? a : b; }, exact);
}

TEST_CASE("simd: int32 arithmetic, shifts, comparisons (wrapping, as two's complement)") {
    using I = std::int32_t;
    using L = std::int64_t;
    auto q = all_pairs(edge_i);
    AL_CHECK2(
        I, q, [](ibatch a, ibatch b) { return a + b; }, [](I a, I b) { return wrap(L(a) + b); },
        exact);
    AL_CHECK2(
        I, q, [](ibatch a, ibatch b) { return a - b; }, [](I a, I b) { return wrap(L(a) - b); },
        exact);
    AL_CHECK2(
        I, q, [](ibatch a, ibatch b) { return a * b; }, [](I a, I b) { return wrap(L(a) * b); },
        exact);
    AL_CHECK1(
        I, edge_i, [](ibatch a) { return -a; }, [](I a) { return wrap(-L(a)); }, exact);
    AL_CHECK1(
        I, edge_i, [](ibatch a) { return xsimd::abs(a); }, [](I a) { return wrap(std::abs(L(a))); },
        exact);
    AL_CHECK2(
        I, q, [](ibatch a, ibatch b) { return xsimd::min(a, b); },
        [](I a, I b) { return std::min(a, b); }, exact);
    AL_CHECK2(
        I, q, [](ibatch a, ibatch b) { return xsimd::max(a, b); },
        [](I a, I b) { return std::max(a, b); }, exact);
    auto clamp = [](L v) { return static_cast<I>(std::min<L>(std::max<L>(v, imin), imax)); };
    AL_CHECK2(
        I, q, [](ibatch a, ibatch b) { return xsimd::sadd(a, b); },
        [&](I a, I b) { return clamp(L(a) + b); }, exact);
    AL_KNOWN2(
        I, q, [](ibatch a, ibatch b) { return xsimd::ssub(a, b); },
        [&](I a, I b) { return clamp(L(a) - b); }, exact);  // SSE2: INT_MIN - INT_MIN
    for (int s : {0, 1, 5, 16, 31}) {
        INFO("shift " << s);
        AL_CHECK1(
            I, edge_i, [s](ibatch a) { return a << s; },
            [s](I a) { return wrap(L(static_cast<std::uint32_t>(a) << s)); }, exact);
        AL_CHECK1(
            I, edge_i, [s](ibatch a) { return a >> s; },
            [s](I a) { return static_cast<I>(a >> s); }, exact);  // arithmetic
    }
    AL_CHECK2(
        bool, q, [](ibatch a, ibatch b) { return a == b; }, [](I a, I b) { return a == b; }, exact);
    AL_CHECK2(
        bool, q, [](ibatch a, ibatch b) { return a != b; }, [](I a, I b) { return a != b; }, exact);
    AL_CHECK2(
        bool, q, [](ibatch a, ibatch b) { return a < b; }, [](I a, I b) { return a < b; }, exact);
    AL_CHECK2(
        bool, q, [](ibatch a, ibatch b) { return a <= b; }, [](I a, I b) { return a <= b; }, exact);
    AL_CHECK2(
        bool, q, [](ibatch a, ibatch b) { return a > b; }, [](I a, I b) { return a > b; }, exact);
    AL_CHECK2(
        bool, q, [](ibatch a, ibatch b) { return a >= b; }, [](I a, I b) { return a >= b; }, exact);
}

TEST_CASE("simd: conversions and rounding") {
    using I = std::int32_t;
    AL_CHECK1(
        float, edge_i, [](ibatch a) { return xsimd::to_float(a); },
        [](I a) { return static_cast<float>(a); }, exact);
    std::vector<float> in_range;  // where static_cast<int32_t> is defined
    for (float v : edge_f)
        if (v > -2147483904.0f && v < 2147483648.0f) in_range.push_back(v);
    AL_CHECK1(
        I, in_range, [](fbatch a) { return xsimd::to_int(a); },
        [](float a) { return static_cast<I>(a); }, exact);
    AL_CHECK1(
        I, in_range, [](fbatch a) { return xsimd::nearbyint_as_int(a); },
        [](float a) { return static_cast<I>(std::nearbyint(a)); }, exact);
#if defined(__wasm_simd128__)
    if (ours)  // ours saturates where the C++ cast is undefined
        AL_CHECK1(
            I, edge_f, [](fbatch a) { return xsimd::to_int(a); },
            [](float a) {
                return std::isnan(a)         ? 0
                       : a <= -2147483648.0f ? imin
                       : a >= 2147483648.0f  ? imax
                                             : static_cast<I>(a);
            },
            exact);
#endif
    AL_CHECK1(
        float, edge_f, [](fbatch a) { return xsimd::floor(a); },
        [](float a) { return std::floor(a); }, ours_exact);
    AL_CHECK1(
        float, edge_f, [](fbatch a) { return xsimd::ceil(a); },
        [](float a) { return std::ceil(a); }, ours_exact);
    AL_CHECK1(
        float, edge_f, [](fbatch a) { return xsimd::trunc(a); },
        [](float a) { return std::trunc(a); }, ours_exact);
    AL_CHECK1(
        float, edge_f, [](fbatch a) { return xsimd::round(a); },
        [](float a) { return std::round(a); }, ours_exact);
    AL_CHECK1(
        float, edge_f, [](fbatch a) { return xsimd::nearbyint(a); },
        [](float a) { return std::nearbyint(a); }, ours_exact);
    std::vector<float> normal;  // ldexp of xsimd 8.1 assumes normal inputs and results
    for (float v : edge_f)
        if (std::isfinite(v) && std::fabs(v) >= 1e-30f && std::fabs(v) <= 1e30f)
            normal.push_back(v);
    for (int e : {-20, 0, 3, 40})
        AL_CHECK1(
            float, normal, [e](fbatch a) { return xsimd::ldexp(a, ibatch(e)); },
            [e](float a) { return std::ldexp(a, e); }, exact);
}

TEST_CASE("simd: reductions and lane shuffles") {
    alignas(arch::alignment()) float a[N];
    alignas(arch::alignment()) float b[N];
    alignas(arch::alignment()) std::int32_t ia[N];
    float sum = 0;
    std::int32_t isum = 0;
    for (std::size_t i = 0; i < N; ++i) {
        a[i] = static_cast<float>(i + 1) * 0.25f,
        b[i] = -static_cast<float>(i) * 8.0f;  // exact sums
        ia[i] = imax - static_cast<std::int32_t>(i), isum = wrap(std::int64_t(isum) + ia[i]);
        sum += a[i];
    }
    fbatch fa = fbatch::load_aligned(a), fbb = fbatch::load_aligned(b);
    CHECK(xsimd::hadd(fa) == sum);
    CHECK(al::simd::reduce_add(fa) == sum);
    CHECK(xsimd::hadd(ibatch::load_aligned(ia)) == isum);
    CHECK(al::simd::reduce_add(fbatch(-0.0f)) == 0.0f);
    CHECK(std::isnan(al::simd::reduce_add(xsimd::select(fa > 0.5f, fbatch(qnan), fa))));

    fbatch rows[N];
    for (std::size_t r = 0; r < N; ++r) rows[r] = fa * fbatch(static_cast<float>(r + 1));
    fbatch h = xsimd::haddp(rows);
    for (std::size_t r = 0; r < N; ++r) CHECK(h.get(r) == sum * static_cast<float>(r + 1));

    // zip_lo interleaves the low halves, zip_hi the high ones (AVX: within each 128-bit half).
    fbatch lo = xsimd::zip_lo(fa, fbb), hi = xsimd::zip_hi(fa, fbb);
    bool zipped = true;
    for (std::size_t i = 0; i < N / 2; ++i)
        zipped = zipped && lo.get(2 * i) == a[i] && lo.get(2 * i + 1) == b[i] &&
                 hi.get(2 * i) == a[N / 2 + i] && hi.get(2 * i + 1) == b[N / 2 + i];
    if (ours || N == 4)
        CHECK(zipped);
    else
        WARN_MESSAGE(zipped, "xsimd 8.1 deviation: zip_lo/zip_hi work within 128-bit halves");
}

namespace {
// |got - want| in float ulps at want (the spacing of floats there; denorm_min below FLT_MIN).
double ulp_error(float got, double want) {
    if (std::isnan(want) || std::isnan(got))
        return std::isnan(want) && std::isnan(got) ? 0 : INFINITY;
    if (std::fabs(want) > std::numeric_limits<float>::max())
        return std::isinf(got) && (got > 0) == (want > 0) ? 0 : INFINITY;
    if (std::isinf(got)) return INFINITY;
    int e;
    std::frexp(want, &e);
    double ulp = std::max(std::ldexp(1.0, e - 24), std::ldexp(1.0, -149));
    return std::fabs(static_cast<double>(got) - want) / ulp;
}

std::vector<float> grid(float lo, float hi, int n) {
    std::vector<float> xs;
    for (int i = 0; i <= n; ++i)
        xs.push_back(static_cast<float>(lo + (static_cast<double>(hi) - lo) * i / n));
    return xs;
}

template <class F, class R>
void check_ulp(char const* name, std::vector<float> const& xs, F simd, R ref, double max_ulp) {
    std::vector<float> got = map1<float>(xs, simd);
    double worst = 0;
    float worst_x = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        double err = ulp_error(got[i], ref(static_cast<double>(xs[i])));
        if (!(err <= worst)) worst = err, worst_x = xs[i];
    }
    MESSAGE(std::string(name) << ": max " << worst << " ulp at x=" << worst_x << " over "
                              << xs.size() << " points");
    CHECK_MESSAGE(worst <= max_ulp, std::string(name)
                                        << " max ulp " << worst << " at x=" << worst_x);
}
}  // namespace

TEST_CASE("simd: xsimd's generic exp, erf, erfc, tanh, log on our batches, in ulp against double") {
    // Bounds are a little above what xsimd 8.1 reaches (measured, printed by MESSAGE), so a
    // broken kernel shows. Known limits of xsimd's generic code, pinned down here:
    //  - exp is accurate while the result is normal (x >= -87.33); below, it is inaccurate and
    //    then 0 (x < -88.37); it returns inf from x > 88.376 (the true overflow is at 88.72).
    //  - erfc is good to ~2 ulp for x <= 0 but loses accuracy as x grows: ~5 ulp at 0.6,
    //    ~70 ulp (4e-6 relative) near 8.5, and 0 from x ~ 9.2 (true value ~1e-38 and below).
    check_ulp(
        "exp", grid(-87.3f, 88.37f, 40000), [](fbatch x) { return xsimd::exp(x); },
        [](double x) { return std::exp(x); }, 2);
    check_ulp(
        "erf", grid(-6.0f, 6.0f, 40000), [](fbatch x) { return xsimd::erf(x); },
        [](double x) { return std::erf(x); }, 3);
    check_ulp(
        "erfc, x <= 0", grid(-10.0f, 0.0f, 40000), [](fbatch x) { return xsimd::erfc(x); },
        [](double x) { return std::erfc(x); }, 2.5);
    check_ulp(
        "erfc, x > 0", grid(0.0f, 9.0f, 40000), [](fbatch x) { return xsimd::erfc(x); },
        [](double x) { return std::erfc(x); }, 80);
    auto th = grid(-12.0f, 12.0f, 40000);
    for (float t = 1e-30f; t < 0.1f; t *= 1.7f) th.push_back(t), th.push_back(-t);
    check_ulp(
        "tanh", th, [](fbatch x) { return xsimd::tanh(x); }, [](double x) { return std::tanh(x); },
        2);
    std::vector<float> lg;
    for (float t = std::numeric_limits<float>::min(); t < 3e38f; t *= 1.01f) lg.push_back(t);
    for (float t : grid(0.5f, 2.0f, 20000)) lg.push_back(t);
    check_ulp(
        "log", lg, [](fbatch x) { return xsimd::log(x); }, [](double x) { return std::log(x); }, 2);

    // Special values: as std:: (float), to the bit.
    std::vector<float> special = {0.0f, -0.0f, inf, -inf, qnan, 1.0f, -1.0f, 10.0f, -10.0f};
    std::vector<float> nonfinite = {inf, -inf, qnan};
    AL_CHECK1(
        float, special, [](fbatch x) { return xsimd::exp(x); }, [](float x) { return std::exp(x); },
        exact);
    AL_CHECK1(
        float, special, [](fbatch x) { return xsimd::erf(x); }, [](float x) { return std::erf(x); },
        exact);
    AL_CHECK1(
        float, nonfinite, [](fbatch x) { return xsimd::erfc(x); },
        [](float x) { return std::erfc(x); }, exact);
    AL_CHECK1(
        float, special, [](fbatch x) { return xsimd::tanh(x); },
        [](float x) { return std::tanh(x); }, exact);
    AL_CHECK1(
        float, special, [](fbatch x) { return xsimd::log(x); }, [](float x) { return std::log(x); },
        loose);
}

#endif
