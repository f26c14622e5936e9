#include "mlp/datasets.hpp"

#include <cmath>
#include <vector>

#include "math_constants.hpp"
#include "numpy_random.hpp"

namespace al {

namespace {

bool good_noise(double noise) { return noise >= 0.0 && std::isfinite(noise); }

// Uniform points on [-1, 1)², labelled by `label`, then ⌊flip·n + ½⌋ labels flipped.
template <class Label>
Points uniform_square(std::size_t n, double flip, std::uint32_t seed, Label label) {
    Points out;
    if (!(flip >= 0.0 && flip <= 1.0)) return out;
    RandomState rng(seed);
    out.x.resize(2 * n);
    out.y.resize(n);
    for (double& v : out.x) v = rng.uniform(-1.0, 1.0);
    for (std::size_t i = 0; i < n; ++i) out.y[i] = label(out.x[2 * i], out.x[2 * i + 1]) ? 1 : 0;
    const std::size_t k = static_cast<std::size_t>(std::floor(flip * static_cast<double>(n) + 0.5));
    const std::vector<std::size_t> perm = rng.permutation(n);
    for (std::size_t j = 0; j < k && j < n; ++j) out.y[perm[j]] ^= 1;
    return out;
}

}  // namespace

bool noise_is_label_flips(DataSet d) { return d == DataSet::xor_ || d == DataSet::checkerboard; }

Points make_circles(std::size_t n, double noise, double factor, std::uint32_t seed) {
    if (n == 0 || !good_noise(noise) || !(factor >= 0.0 && factor < 1.0)) return {};
    const std::size_t n_out = n / 2, n_in = n - n_out;
    std::vector<double> x0(n), x1(n);
    std::vector<int> y(n);
    // np.linspace(0, 2π, m, endpoint=False)[i] = i · (2π / m).
    const double step_out = n_out ? 2 * kPi / static_cast<double>(n_out) : 0.0;
    const double step_in = 2 * kPi / static_cast<double>(n_in);
    for (std::size_t i = 0; i < n_out; ++i) {
        const double t = static_cast<double>(i) * step_out;
        x0[i] = std::cos(t);
        x1[i] = std::sin(t);
        y[i] = 0;
    }
    for (std::size_t i = 0; i < n_in; ++i) {
        const double t = static_cast<double>(i) * step_in;
        x0[n_out + i] = std::cos(t) * factor;
        x1[n_out + i] = std::sin(t) * factor;
        y[n_out + i] = 1;
    }
    RandomState rng(seed);
    return shuffle_and_blur(x0, x1, y, noise, rng);
}

Points make_xor(std::size_t n, double flip, std::uint32_t seed) {
    return uniform_square(n, flip, seed, [](double a, double b) { return (a > 0) != (b > 0); });
}

Points make_checkerboard(std::size_t n, double flip, std::uint32_t seed) {
    return uniform_square(n, flip, seed, [](double a, double b) {
        const long i = static_cast<long>(std::floor(2 * (a + 1))),
                   j = static_cast<long>(std::floor(2 * (b + 1)));
        return (i + j) % 2 != 0;
    });
}

Points make_spirals(std::size_t n, double noise, std::uint32_t seed) {
    if (n == 0 || !good_noise(noise)) return {};
    const std::size_t n_a = n / 2, n_b = n - n_a;
    std::vector<double> x0(n), x1(n);
    std::vector<int> y(n);
    const double turns = 3 * kPi;  // 1.5 turns: θ = (3π)·s, s in (0, 1]
    for (std::size_t arm = 0; arm < 2; ++arm) {
        const std::size_t m = arm == 0 ? n_a : n_b, off = arm == 0 ? 0 : n_a;
        for (std::size_t i = 0; i < m; ++i) {
            const double s = static_cast<double>(i + 1) / static_cast<double>(m);
            const double th = turns * s;
            const double a = s * std::cos(th), b = s * std::sin(th);
            x0[off + i] = arm == 0 ? a : -a;
            x1[off + i] = arm == 0 ? b : -b;
            y[off + i] = static_cast<int>(arm);
        }
    }
    RandomState rng(seed);
    return shuffle_and_blur(x0, x1, y, noise, rng);
}

Points make_data(DataSet d, std::size_t n, double noise, double factor, std::uint32_t seed) {
    switch (d) {
        case DataSet::moons: return make_moons(n, noise, seed);
        case DataSet::circles: return make_circles(n, noise, factor, seed);
        case DataSet::xor_: return make_xor(n, noise, seed);
        case DataSet::checkerboard: return make_checkerboard(n, noise, seed);
        case DataSet::spirals: return make_spirals(n, noise, seed);
        case DataSet::custom: return {};
    }
    return {};
}

}  // namespace al
