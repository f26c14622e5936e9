// Paired statistics against values computed by hand (and t quantiles from tables).
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "stats.hpp"

TEST_CASE("Student t quantiles match the tables") {
    CHECK(al::student_t_quantile(0.975, 1) == doctest::Approx(12.706204736174707).epsilon(1e-10));
    CHECK(al::student_t_quantile(0.975, 2) == doctest::Approx(4.302652729749464).epsilon(1e-10));
    CHECK(al::student_t_quantile(0.975, 4) == doctest::Approx(2.7764451051977934).epsilon(1e-10));
    CHECK(al::student_t_quantile(0.975, 9) == doctest::Approx(2.2621571628540993).epsilon(1e-10));
    CHECK(al::student_t_quantile(0.975, 29) == doctest::Approx(2.0452296421327034).epsilon(1e-10));
    CHECK(al::student_t_quantile(0.975, 1e7) == doctest::Approx(1.959964).epsilon(1e-6));
    CHECK(al::student_t_quantile(0.025, 9) == doctest::Approx(-2.2621571628540993).epsilon(1e-10));
    CHECK(al::student_t_cdf(0.0, 3) == doctest::Approx(0.5));
    CHECK(al::student_t_cdf(1.0, 1) == doctest::Approx(0.75).epsilon(1e-12));  // Cauchy
    CHECK(std::isnan(al::student_t_quantile(1.0, 3)));
}

TEST_CASE("paired summary by hand") {
    // a − b = {0.01, 0.02, 0.03, 0.06}: mean 0.03, sd² = (4+1+0+9)e-4/3 = 14e-4/3.
    const std::vector<double> a{0.96, 0.97, 0.95, 0.99}, b{0.95, 0.95, 0.92, 0.93};
    const al::PairedSummary s = al::paired_summary(a, b);
    CHECK(s.n == 4);
    CHECK(s.mean_a == doctest::Approx(0.9675));
    CHECK(s.mean_b == doctest::Approx(0.9375));
    // a − mean(a) = {−0.0075, 0.0025, −0.0175, 0.0225}: squares sum to 0.000875.
    CHECK(s.sd_a == doctest::Approx(std::sqrt(0.000875 / 3)));
    CHECK(s.mean_diff == doctest::Approx(0.03));
    const double sd = std::sqrt(14e-4 / 3);
    CHECK(s.sd_diff == doctest::Approx(sd));
    const double half = 3.182446305284263 * sd / 2.0;  // t_{0.975, 3}
    CHECK(s.ci_low == doctest::Approx(0.03 - half).epsilon(1e-9));
    CHECK(s.ci_high == doctest::Approx(0.03 + half).epsilon(1e-9));
}

TEST_CASE("paired summary edge cases") {
    const al::PairedSummary one = al::paired_summary({0.9}, {0.8});
    CHECK(one.n == 1);
    CHECK(one.mean_diff == doctest::Approx(0.1));
    CHECK(std::isnan(one.sd_diff));
    CHECK(std::isnan(one.ci_low));
    CHECK(std::isnan(one.ci_high));
    CHECK(al::paired_summary({}, {}).n == 0);
    const al::PairedSummary bad = al::paired_summary({1, 2}, {1});
    CHECK(bad.n == 0);
    CHECK(std::isnan(bad.mean_diff));
}
