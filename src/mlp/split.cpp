#include "mlp/split.hpp"

#include <cmath>

#include "numpy_random.hpp"

namespace al {

Split train_test_split(std::size_t n, double test_fraction, std::uint32_t random_state) {
    Split out;
    if (!(test_fraction > 0.0 && test_fraction < 1.0) || n < 2) return out;

    // Python: ceil(test_size * n_samples), a double product, as here.
    const double n_test_d = std::ceil(test_fraction * static_cast<double>(n));
    if (!(n_test_d < static_cast<double>(n))) return out;  // train set would be empty
    const std::size_t n_test = static_cast<std::size_t>(n_test_d);

    RandomState rng(random_state);
    const std::vector<std::size_t> perm = rng.permutation(n);
    out.test.assign(perm.begin(), perm.begin() + static_cast<std::ptrdiff_t>(n_test));
    out.train.assign(perm.begin() + static_cast<std::ptrdiff_t>(n_test), perm.end());
    return out;
}

}  // namespace al
