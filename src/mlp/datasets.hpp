// The lab's data sets: two classes in the plane, every number drawn from NumPy's legacy
// RandomState(seed), so each one is reproducible in NumPy line for line
// (tests/fixtures/make_datasets.py is the reference, and writes the golden output).
//
//   moons         scikit-learn's make_moons (moons.hpp).
//   circles       scikit-learn's make_circles(n, shuffle=True, noise, random_state, factor):
//                 n_out = n/2 points at angles linspace(0, 2π, n_out, endpoint=False) on the unit
//                 circle (label 0), n_in = n − n_out on the circle of radius `factor` (label 1,
//                 (cos t)·factor, (sin t)·factor); rows shuffled by rng.permutation(n); then
//                 rng.normal(0, noise) added to every coordinate, row by row.
//   xor           X = rng.uniform(−1, 1, size=(n, 2)) (row by row), label (x0 > 0) xor (x1 > 0).
//   checkerboard  X as xor, label (⌊2(x0 + 1)⌋ + ⌊2(x1 + 1)⌋) mod 2: a 4×4 board of squares of
//                 side ½.
//   custom        no generator: the config's own points (custom_points.hpp), in their order.
//   spirals       two arms of 1.5 turns reaching radius 1: n_a = n/2 points of arm 0 (label 0),
//                 n_b = n − n_a of arm 1 (label 1). Point i of an arm of m points has
//                 s = (i + 1)/m, θ = (3π)·s, and sits at (s·cos θ, s·sin θ) on arm 0 and at its
//                 negation (the arm turned by π) on arm 1. Rows shuffled and noise added as
//                 circles: Gaussian noise of standard deviation `noise` on each coordinate.
// For xor and checkerboard, `noise` is the fraction of labels flipped (in [0, 0.5]): after the
// labels, k = ⌊noise·n + ½⌋ and the labels at the first k indices of rng.permutation(n) are
// flipped, so exactly that fraction (rounded) is wrong.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "mlp/moons.hpp"
#include "named_enum.hpp"

namespace al {

enum class DataSet { moons, circles, xor_, checkerboard, spirals, custom };

// "moons", "circles", "xor", "checkerboard", "spirals", "custom".
inline constexpr auto dataset_names = named_enum<DataSet>({{DataSet::moons, "moons"},
                                                           {DataSet::circles, "circles"},
                                                           {DataSet::xor_, "xor"},
                                                           {DataSet::checkerboard, "checkerboard"},
                                                           {DataSet::spirals, "spirals"},
                                                           {DataSet::custom, "custom"}});
inline constexpr auto all_datasets = dataset_names.values();

// True where `noise` is a fraction of flipped labels (xor, checkerboard), not a scale.
bool noise_is_label_flips(DataSet d);

Points make_circles(std::size_t n, double noise, double factor, std::uint32_t seed);
Points make_xor(std::size_t n, double flip, std::uint32_t seed);
Points make_checkerboard(std::size_t n, double flip, std::uint32_t seed);
Points make_spirals(std::size_t n, double noise, std::uint32_t seed);

// The data set `d` (factor is used by circles only). Preconditions as the config checks them
// (config.hpp); outside them, and for custom (no generator), the result is empty.
Points make_data(DataSet d, std::size_t n, double noise, double factor, std::uint32_t seed);

}  // namespace al
