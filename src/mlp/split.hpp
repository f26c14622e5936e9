// scikit-learn's `train_test_split(..., test_size=f, random_state=seed, shuffle=True)` on
// indices 0..n-1, stream-exact (checked against scikit-learn 1.2.1 / NumPy 1.24.2).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace al {

struct Split {
    std::vector<std::size_t> train, test;  // indices into the n samples, in sklearn's order
};

// As ShuffleSplit: n_test = ceil(test_fraction * n), n_train = n - n_test,
// perm = RandomState(random_state).permutation(n), test = perm[:n_test],
// train = perm[n_test:].
// Preconditions (scikit-learn raises otherwise): 0 < test_fraction < 1 and n_train >= 1
// (so n >= 2). Outside them both vectors are empty.
Split train_test_split(std::size_t n, double test_fraction, std::uint32_t random_state);

}  // namespace al
