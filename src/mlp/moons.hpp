// scikit-learn's `make_moons`, stream-exact: the same points, labels and order for the same
// `random_state`, as `sklearn.datasets.make_moons(n_samples=n, shuffle=True, noise=noise,
// random_state=seed)` (checked against scikit-learn 1.2.1 / NumPy 1.24.2 to 1e-12).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "numpy_random.hpp"

namespace al {

// Labelled points in the plane: every data set of the lab (datasets.hpp) has this form.
struct Points {
    std::vector<double> x;  // n * 2, row-major: x[2*i] = x0, x[2*i + 1] = x1 of sample i
    std::vector<int> y;     // n labels, 0 or 1 (moons: 0 = outer (upper), 1 = inner (lower))
    std::size_t size() const { return y.size(); }
};
using Moons = Points;

// n_out = n / 2 points on the upper half circle, n_in = n - n_out on the lower one shifted by
// (1, 0.5); the rows are shuffled with RandomState(random_state).shuffle, then
// normal(0, noise) is added to every coordinate, row by row, from the same stream.
// Preconditions: noise >= 0 and finite (noise == 0 gives the exact curves). Outside them
// (where scikit-learn raises) the result is empty; n_samples == 0 also gives an empty result.
Moons make_moons(std::size_t n_samples, double noise, std::uint32_t random_state);

// What scikit-learn's generators (make_moons, make_circles) do after their curves: the rows
// (x0[i], x1[i], y[i]) taken in rng.permutation(n) order (sklearn.utils.shuffle), then
// normal(0, noise) added to every coordinate, row-major, from the same stream.
Points shuffle_and_blur(const std::vector<double>& x0, const std::vector<double>& x1,
                        const std::vector<int>& y, double noise, RandomState& rng);

}  // namespace al
