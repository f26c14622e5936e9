// NumPy RandomState, make_moons and train_test_split against golden files written by
// tests/fixtures/make_fixtures.py (NumPy / scikit-learn). Runs natively and under Node (WASM,
// linked with -sNODERAWFS=1 so the absolute fixture path opens as a plain file).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "fixture_reader.hpp"
#include "mlp/moons.hpp"
#include "mlp/split.hpp"
#include "numpy_random.hpp"

namespace {

using namespace fixture;

constexpr double kTol = 1e-12;

std::size_t count_tag(const std::vector<Line>& lines, const char* tag) {
    std::size_t c = 0;
    for (const Line& l : lines)
        if (l[0] == tag) ++c;
    return c;
}

}  // namespace

TEST_CASE("fixtures are readable") {
    CHECK(count_tag(read_fixture("rng.txt"), "raw") >= 8);
    CHECK(count_tag(read_fixture("moons.txt"), "moons") >= 8);
    CHECK(count_tag(read_fixture("split.txt"), "split") >= 8);
}

TEST_CASE("RandomState: raw MT19937 outputs equal NumPy's (init_genrand seeding)") {
    // The reference MT19937: init_genrand(5489) starts 3499211612, 581869302, 3890346734.
    al::RandomState ref(5489);
    CHECK(ref.next_u32() == 3499211612u);
    CHECK(ref.next_u32() == 581869302u);
    CHECK(ref.next_u32() == 3890346734u);

    std::size_t cases = 0;
    for (const Line& l : read_fixture("rng.txt")) {
        if (l[0] != "raw") continue;
        const std::size_t k = to_u(l[2]);
        REQUIRE(l.size() == 3 + k);
        al::RandomState rs(to_seed(l[1]));
        for (std::size_t i = 0; i < k; ++i) {
            INFO("seed " << l[1] << " draw " << i);
            REQUIRE(rs.next_u32() == to_u(l[3 + i]));
        }
        ++cases;
    }
    CHECK(cases >= 9);
}

TEST_CASE("RandomState: random_sample and uniform are bit-exact") {
    std::size_t cases = 0;
    for (const Line& l : read_fixture("rng.txt")) {
        if (l[0] == "sample") {
            al::RandomState rs(to_seed(l[1]));
            const std::size_t k = to_u(l[2]);
            REQUIRE(l.size() == 3 + k);
            for (std::size_t i = 0; i < k; ++i) CHECK(rs.random_sample() == to_d(l[3 + i]));
            ++cases;
        } else if (l[0] == "uniform") {
            al::RandomState rs(to_seed(l[1]));
            const double lo = to_d(l[2]), hi = to_d(l[3]);
            const std::size_t k = to_u(l[4]);
            REQUIRE(l.size() == 5 + k);
            for (std::size_t i = 0; i < k; ++i) CHECK(rs.uniform(lo, hi) == to_d(l[5 + i]));
            ++cases;
        }
    }
    CHECK(cases == 6);
}

TEST_CASE("RandomState: gauss, normal and the cached second value match NumPy") {
    double max_dev = 0.0;
    std::size_t cases = 0;
    auto check = [&](double got, const std::string& want) {
        const double dev = std::fabs(got - to_d(want));
        if (dev > max_dev) max_dev = dev;
        CHECK(dev <= kTol);
    };
    for (const Line& l : read_fixture("rng.txt")) {
        if (l[0] == "gauss") {
            al::RandomState rs(to_seed(l[1]));
            const std::size_t k = to_u(l[2]);
            REQUIRE(l.size() == 3 + k);
            for (std::size_t i = 0; i < k; ++i) check(rs.gauss(), l[3 + i]);
            ++cases;
        } else if (l[0] == "normal") {
            al::RandomState rs(to_seed(l[1]));
            const double loc = to_d(l[2]), scale = to_d(l[3]);
            const std::size_t k = to_u(l[4]);
            REQUIRE(l.size() == 5 + k);
            for (std::size_t i = 0; i < k; ++i) check(rs.normal(loc, scale), l[5 + i]);
            ++cases;
        } else if (l[0] == "mixed") {
            // The order the fixture used: g s g g s g s s s g.
            const std::string kinds = "gsggsgsssg";
            al::RandomState rs(to_seed(l[1]));
            REQUIRE(to_u(l[2]) == kinds.size());
            REQUIRE(l.size() == 3 + kinds.size());
            for (std::size_t i = 0; i < kinds.size(); ++i)
                check(kinds[i] == 'g' ? rs.gauss() : rs.random_sample(), l[3 + i]);
            ++cases;
        }
    }
    CHECK(cases == 7);
    MESSAGE("gauss/normal max |C++ - NumPy| = " << max_dev);
}

TEST_CASE("RandomState: randint (int64, masked rejection) is exact") {
    std::size_t cases = 0;
    for (const Line& l : read_fixture("rng.txt")) {
        if (l[0] != "randint") continue;
        al::RandomState rs(to_seed(l[1]));
        const std::int64_t low = to_i(l[2]), high = to_i(l[3]);
        const std::size_t k = to_u(l[4]);
        REQUIRE(l.size() == 5 + k);
        for (std::size_t i = 0; i < k; ++i) {
            INFO("randint(" << low << ", " << high << ") draw " << i);
            CHECK(rs.randint(low, high) == to_i(l[5 + i]));
        }
        ++cases;
    }
    CHECK(cases == 6);
}

TEST_CASE("RandomState: permutation and shuffle are exact") {
    std::size_t cases = 0;
    for (const Line& l : read_fixture("rng.txt")) {
        if (l[0] != "perm") continue;
        const std::uint32_t seed = to_seed(l[1]);
        const std::size_t n = to_u(l[2]);
        REQUIRE(l.size() == 3 + n);
        al::RandomState rs(seed);
        const std::vector<std::size_t> p = rs.permutation(n);
        REQUIRE(p.size() == n);
        for (std::size_t i = 0; i < n; ++i) CHECK(p[i] == to_u(l[3 + i]));

        // shuffle of an int vector draws the same stream.
        std::vector<int> v(n);
        for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<int>(i);
        al::RandomState rs2(seed);
        rs2.shuffle(v);
        for (std::size_t i = 0; i < n; ++i) CHECK(static_cast<std::size_t>(v[i]) == p[i]);
        ++cases;
    }
    CHECK(cases == 6);
}

TEST_CASE("RandomState: state rules") {
    SUBCASE("shuffle of 0 or 1 elements draws nothing") {
        al::RandomState a(11), b(11);
        std::vector<std::size_t> v0, v1{7};
        a.shuffle(v0);
        a.shuffle(v1);
        CHECK(v1[0] == 7);
        CHECK(a.next_u32() == b.next_u32());
    }
    SUBCASE("seed() restarts the stream and drops the cached Gaussian") {
        al::RandomState a(3);
        const double g1 = a.gauss();
        a.gauss();  // leaves nothing cached
        a.gauss();  // caches one
        a.seed(3);
        CHECK(a.gauss() == g1);
    }
    SUBCASE("next_u64 is two 32-bit draws, high half first") {
        al::RandomState a(5), b(5);
        const std::uint64_t hi = b.next_u32(), lo = b.next_u32();
        CHECK(a.next_u64() == ((hi << 32) | lo));
    }
    SUBCASE("degenerate ranges") {
        al::RandomState a(9), b(9);
        CHECK(a.randint(4, 4) == 4);  // empty range: low, no draw
        CHECK(a.randint(4, 2) == 4);
        CHECK(a.randint(4, 5) == 4);  // one value: no draw (as NumPy)
        CHECK(a.interval(0) == 0);
        CHECK(a.next_u32() == b.next_u32());
    }
}

TEST_CASE("make_moons equals scikit-learn: order, labels, coordinates") {
    const std::vector<Line> lines = read_fixture("moons.txt");
    double max_dev = 0.0;
    std::size_t cases = 0, points = 0, exact = 0;
    for (std::size_t li = 0; li < lines.size();) {
        const Line& h = lines[li];
        REQUIRE(h[0] == "moons");
        const std::size_t n = to_u(h[1]);
        const double noise = to_d(h[2]);
        const std::uint32_t seed = to_seed(h[3]);
        REQUIRE(li + 1 + n <= lines.size());
        const al::Moons m = al::make_moons(n, noise, seed);
        INFO("make_moons(" << n << ", " << noise << ", " << seed << ")");
        REQUIRE(m.size() == n);
        REQUIRE(m.x.size() == 2 * n);
        for (std::size_t i = 0; i < n; ++i) {
            const Line& r = lines[li + 1 + i];
            REQUIRE(r.size() == 3);
            CHECK(m.y[i] == to_i(r[2]));
            for (int c = 0; c < 2; ++c) {
                const double want = to_d(r[c]), got = m.x[2 * i + c];
                const double dev = std::fabs(got - want);
                if (dev > max_dev) max_dev = dev;
                if (got == want) ++exact;
                CHECK(dev <= kTol);
            }
        }
        points += n;
        ++cases;
        li += 1 + n;
    }
    CHECK(cases == 8);
    MESSAGE("make_moons: " << cases << " cases, " << points << " points, " << exact << "/"
                           << 2 * points << " coordinates bit-equal, max |dev| = " << max_dev);
}

TEST_CASE("make_moons: noise 0 lies on the two half circles; bad input gives empty") {
    const al::Moons m = al::make_moons(9, 0.0, 17);
    REQUIRE(m.size() == 9);
    int outer = 0;
    for (std::size_t i = 0; i < 9; ++i) {
        const double a = m.x[2 * i], b = m.x[2 * i + 1];
        if (m.y[i] == 0) {
            ++outer;
            CHECK(std::fabs(a * a + b * b - 1.0) < 1e-15);
            CHECK(b >= 0.0);
        } else {
            CHECK(std::fabs((a - 1.0) * (a - 1.0) + (b - 0.5) * (b - 0.5) - 1.0) < 1e-15);
            CHECK(b <= 0.5);
        }
    }
    CHECK(outer == 4);  // n_out = n // 2

    CHECK(al::make_moons(0, 0.1, 1).size() == 0);
    CHECK(al::make_moons(10, -0.1, 1).x.empty());
    CHECK(al::make_moons(10, std::numeric_limits<double>::quiet_NaN(), 1).y.empty());
    CHECK(al::make_moons(10, std::numeric_limits<double>::infinity(), 1).y.empty());
}

TEST_CASE("train_test_split equals scikit-learn") {
    const std::vector<Line> lines = read_fixture("split.txt");
    std::size_t cases = 0;
    for (std::size_t li = 0; li + 2 < lines.size(); li += 3) {
        const Line& h = lines[li];
        REQUIRE(h[0] == "split");
        const Line& tr = lines[li + 1];
        const Line& te = lines[li + 2];
        REQUIRE(tr[0] == "train");
        REQUIRE(te[0] == "test");
        const std::size_t n = to_u(h[1]);
        const double frac = to_d(h[2]);
        const std::uint32_t seed = to_seed(h[3]);
        const std::size_t n_train = to_u(h[4]), n_test = to_u(h[5]);
        REQUIRE(tr.size() == 1 + n_train);
        REQUIRE(te.size() == 1 + n_test);
        INFO("train_test_split(" << n << ", " << frac << ", " << seed << ")");
        const al::Split s = al::train_test_split(n, frac, seed);
        REQUIRE(s.train.size() == n_train);
        REQUIRE(s.test.size() == n_test);
        for (std::size_t i = 0; i < n_train; ++i) CHECK(s.train[i] == to_u(tr[1 + i]));
        for (std::size_t i = 0; i < n_test; ++i) CHECK(s.test[i] == to_u(te[1 + i]));
        ++cases;
    }
    CHECK(cases == 8);
}

TEST_CASE("train_test_split: out-of-range input gives an empty split") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (double f : {0.0, 1.0, -0.2, 1.5, nan}) {
        const al::Split s = al::train_test_split(10, f, 0);
        CHECK(s.train.empty());
        CHECK(s.test.empty());
    }
    CHECK(al::train_test_split(0, 0.2, 0).test.empty());
    CHECK(al::train_test_split(1, 0.2, 0).test.empty());
    // ceil(0.95 * 10) = 10 leaves no training sample: scikit-learn raises, we return empty.
    CHECK(al::train_test_split(10, 0.95, 0).train.empty());
    // The smallest valid case: one each.
    const al::Split s = al::train_test_split(2, 0.01, 0);
    CHECK(s.train.size() == 1);
    CHECK(s.test.size() == 1);
}
