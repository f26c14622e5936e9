// Paired statistics for the many-seeds study: the same seeds run with two activations give
// pairs (a_i, b_i); the question is the mean of the differences d_i = a_i − b_i and its
// uncertainty: a 95% confidence interval mean(d) ± t_{0.975, n−1} · sd(d) / √n (Student t).
#pragma once
#include <cstddef>
#include <vector>

namespace al {

struct PairedSummary {
    std::size_t n = 0;  // pairs; 0 when the inputs are empty or of different lengths
    double mean_a, sd_a, mean_b, sd_b;  // sd: sample standard deviation (n − 1), NaN for n < 2
    double mean_diff, sd_diff;          // of d = a − b
    double ci_low, ci_high;             // 95% CI of mean_diff; NaN for n < 2
};

PairedSummary paired_summary(const std::vector<double>& a, const std::vector<double>& b);

double mean(const std::vector<double>& x);       // NaN if empty
double sample_sd(const std::vector<double>& x);  // NaN if fewer than 2 values

// Student t distribution with `dof` > 0 degrees of freedom: CDF, and its inverse for
// p in (0, 1) (bisection on the CDF, to ~1e-12 relative).
double student_t_cdf(double t, double dof);
double student_t_quantile(double p, double dof);

}  // namespace al
