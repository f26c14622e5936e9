// The data sets beside moons against tests/fixtures/datasets.txt (make_datasets.py: scikit-learn's
// make_circles, and the NumPy reference of xor, checkerboard and spirals), plus their defining
// properties checked directly.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "fixture_reader.hpp"
#include "mlp/datasets.hpp"

using namespace fixture;

TEST_CASE("circles, xor, checkerboard, spirals equal the NumPy reference point for point") {
    const std::vector<Line> lines = read_fixture("datasets.txt");
    REQUIRE(lines.size() > 100);
    double max_dev = 0;
    std::size_t cases = 0, labels_equal = 0, points = 0;
    for (std::size_t li = 0; li < lines.size();) {
        const Line& h = lines[li];
        REQUIRE(h.size() == 5);
        const auto set = al::dataset_names.parse(h[0]);
        REQUIRE(set);
        const std::size_t n = to_u(h[1]);
        const double noise = to_d(h[2]), factor = to_d(h[3]);
        const std::uint32_t seed = to_seed(h[4]);
        REQUIRE(li + 1 + n <= lines.size());
        const al::Points p = al::make_data(*set, n, noise, factor, seed);
        INFO(h[0] << "(n " << n << ", noise " << noise << ", factor " << factor << ", seed " << seed
                  << ")");
        REQUIRE(p.size() == n);
        for (std::size_t i = 0; i < n; ++i) {
            const Line& r = lines[li + 1 + i];
            labels_equal += p.y[i] == to_i(r[2]);
            CHECK(p.y[i] == to_i(r[2]));
            for (int c = 0; c < 2; ++c) {
                const double dev = std::fabs(p.x[2 * i + c] - to_d(r[c]));
                max_dev = std::max(max_dev, dev);
                CHECK(dev <= 1e-12);
            }
        }
        points += n;
        ++cases;
        li += 1 + n;
    }
    CHECK(cases == 18);
    CHECK(labels_equal == points);
    MESSAGE("data sets: " << cases << " cases, " << points << " points, max |dev| " << max_dev);
}

TEST_CASE("each generator's definition holds") {
    // xor and checkerboard without flips: every label is the rule's.
    const al::Points x = al::make_xor(500, 0.0, 3);
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double a = x.x[2 * i], b = x.x[2 * i + 1];
        REQUIRE((a >= -1 && a < 1 && b >= -1 && b < 1));
        CHECK(x.y[i] == ((a > 0) != (b > 0) ? 1 : 0));
    }
    const al::Points c = al::make_checkerboard(500, 0.0, 3);
    for (std::size_t i = 0; i < c.size(); ++i) {
        const int col = int(std::floor(2 * (c.x[2 * i] + 1))),
                  row = int(std::floor(2 * (c.x[2 * i + 1] + 1)));
        CHECK(c.y[i] == (col + row) % 2);
    }
    // Flips: exactly round(0.05·500) = 25 labels differ, the points are the same.
    const al::Points f = al::make_checkerboard(500, 0.05, 3);
    int flipped = 0;
    for (std::size_t i = 0; i < f.size(); ++i) {
        CHECK(f.x[2 * i] == c.x[2 * i]);
        flipped += f.y[i] != c.y[i];
    }
    CHECK(flipped == 25);
    // circles without noise: radius 1 (label 0) or factor (label 1); half of each.
    const al::Points r = al::make_circles(101, 0.0, 0.3, 8);
    int inner = 0;
    for (std::size_t i = 0; i < r.size(); ++i) {
        const double rad = std::hypot(r.x[2 * i], r.x[2 * i + 1]);
        CHECK(rad == doctest::Approx(r.y[i] ? 0.3 : 1.0).epsilon(1e-12));
        inner += r.y[i];
    }
    CHECK(inner == 51);
    // spirals without noise: radius s = (i+1)/m, angle 3π·s (arm 1 turned by π), ends at radius 1.
    const al::Points s = al::make_spirals(40, 0.0, 1);
    double max_r = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const double a = s.x[2 * i], b = s.x[2 * i + 1], rad = std::hypot(a, b);
        const double sign = s.y[i] ? -1.0 : 1.0;
        CHECK(sign * a == doctest::Approx(rad * std::cos(3 * M_PI * rad)).epsilon(1e-9));
        CHECK(sign * b == doctest::Approx(rad * std::sin(3 * M_PI * rad)).epsilon(1e-9));
        max_r = std::max(max_r, rad);
    }
    CHECK(max_r == doctest::Approx(1.0));
    // Names round-trip; bad input gives an empty set.
    for (al::DataSet d : al::all_datasets)
        CHECK(al::dataset_names.parse(al::dataset_names.name(d)) == d);
    CHECK_FALSE(al::dataset_names.parse("iris"));
    CHECK(al::make_circles(10, 0.1, 1.0, 0).size() == 0);
    CHECK(al::make_xor(10, 1.5, 0).size() == 0);
    CHECK(al::make_spirals(10, -1, 0).size() == 0);
}
