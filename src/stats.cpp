#include "stats.hpp"

#include <cmath>

#include "math_constants.hpp"

namespace al {

namespace {

// Continued fraction of the regularised incomplete beta function I_x(a, b) (modified Lentz);
// converges quickly for x < (a + 1) / (a + b + 2).
double beta_cf(double a, double b, double x) {
    const double tiny = 1e-300;
    double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
    if (std::fabs(d) < tiny) d = tiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 1000; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
        d = 1.0 + aa * d;
        if (std::fabs(d) < tiny) d = tiny;
        c = 1.0 + aa / c;
        if (std::fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
        d = 1.0 + aa * d;
        if (std::fabs(d) < tiny) d = tiny;
        c = 1.0 + aa / c;
        if (std::fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        const double del = d * c;
        h *= del;
        if (std::fabs(del - 1.0) < 1e-16) break;
    }
    return h;
}

double incomplete_beta(double a, double b, double x) {
    if (x <= 0) return 0.0;
    if (x >= 1) return 1.0;
    const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                  a * std::log(x) + b * std::log1p(-x));
    // Use the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction converges faster.
    if (x < (a + 1.0) / (a + b + 2.0)) return front * beta_cf(a, b, x) / a;
    return 1.0 - front * beta_cf(b, a, 1.0 - x) / b;
}

}  // namespace

double mean(const std::vector<double>& x) {
    if (x.empty()) return kNaN;
    double s = 0.0;
    for (double v : x) s += v;
    return s / static_cast<double>(x.size());
}

double sample_sd(const std::vector<double>& x) {
    if (x.size() < 2) return kNaN;
    const double m = mean(x);
    double ss = 0.0;
    for (double v : x) ss += (v - m) * (v - m);  // two passes: no cancellation
    return std::sqrt(ss / static_cast<double>(x.size() - 1));
}

double student_t_cdf(double t, double dof) {
    if (std::isnan(t) || !(dof > 0)) return kNaN;
    if (std::isinf(t)) return t > 0 ? 1.0 : 0.0;
    // P(T ≤ t) = 1 − ½ I_{ν/(ν+t²)}(ν/2, ½) for t ≥ 0, and symmetric.
    const double tail = 0.5 * incomplete_beta(0.5 * dof, 0.5, dof / (dof + t * t));
    return t >= 0 ? 1.0 - tail : tail;
}

double student_t_quantile(double p, double dof) {
    if (!(p > 0 && p < 1) || !(dof > 0)) return kNaN;
    if (p == 0.5) return 0.0;
    if (p < 0.5) return -student_t_quantile(1.0 - p, dof);
    double lo = 0.0, hi = 1.0;
    while (student_t_cdf(hi, dof) < p && hi < 1e300) hi *= 2.0;
    for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (student_t_cdf(mid, dof) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

PairedSummary paired_summary(const std::vector<double>& a, const std::vector<double>& b) {
    PairedSummary s{0, kNaN, kNaN, kNaN, kNaN, kNaN, kNaN, kNaN, kNaN};
    if (a.empty() || a.size() != b.size()) return s;
    s.n = a.size();
    std::vector<double> d(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) d[i] = a[i] - b[i];
    s.mean_a = mean(a);
    s.sd_a = sample_sd(a);
    s.mean_b = mean(b);
    s.sd_b = sample_sd(b);
    s.mean_diff = mean(d);
    s.sd_diff = sample_sd(d);
    if (s.n >= 2) {
        const double half = student_t_quantile(0.975, static_cast<double>(s.n - 1)) * s.sd_diff /
                            std::sqrt(static_cast<double>(s.n));
        s.ci_low = s.mean_diff - half;
        s.ci_high = s.mean_diff + half;
    }
    return s;
}

}  // namespace al
