#include "moons.hpp"

#include <cmath>

#include "numpy_random.hpp"

namespace al {

namespace {
constexpr double kPi = 3.141592653589793;  // np.pi

// np.linspace(0, pi, num)[i]: i * (pi / (num - 1)), the last point set to pi exactly.
double linspace_0_pi(std::size_t i, std::size_t num) {
    if (num < 2) return 0.0;
    if (i + 1 == num) return kPi;
    const double step = kPi / static_cast<double>(num - 1);
    return static_cast<double>(i) * step;
}
}  // namespace

Moons make_moons(std::size_t n_samples, double noise, std::uint32_t random_state) {
    Moons out;
    if (n_samples == 0 || !(noise >= 0.0) || !std::isfinite(noise)) return out;

    const std::size_t n_out = n_samples / 2;
    const std::size_t n_in = n_samples - n_out;

    // The unshuffled data: outer moon first, then inner, as sklearn's vstack/hstack.
    std::vector<double> x0(n_samples), x1(n_samples);
    std::vector<int> y(n_samples);
    for (std::size_t i = 0; i < n_out; ++i) {
        const double t = linspace_0_pi(i, n_out);
        x0[i] = std::cos(t);
        x1[i] = std::sin(t);
        y[i] = 0;
    }
    for (std::size_t i = 0; i < n_in; ++i) {
        const double t = linspace_0_pi(i, n_in);
        x0[n_out + i] = 1.0 - std::cos(t);
        x1[n_out + i] = (1.0 - std::sin(t)) - 0.5;  // same operation order as NumPy
        y[n_out + i] = 1;
    }

    // sklearn.utils.shuffle -> resample(replace=False): indices = arange(n);
    // random_state.shuffle(indices); rows taken in that order.
    RandomState rng(random_state);
    std::vector<std::size_t> idx = rng.permutation(n_samples);

    out.x.resize(2 * n_samples);
    out.y.resize(n_samples);
    for (std::size_t i = 0; i < n_samples; ++i) {
        out.x[2 * i] = x0[idx[i]];
        out.x[2 * i + 1] = x1[idx[i]];
        out.y[i] = y[idx[i]];
    }

    // X += generator.normal(scale=noise, size=(n, 2)): one draw per coordinate, row-major.
    for (double& v : out.x) v += rng.normal(0.0, noise);
    return out;
}

}  // namespace al
