#include "mlp/moons.hpp"

#include <cmath>

#include "math_constants.hpp"

namespace al {

namespace {

// np.linspace(0, pi, num)[i]: i * (pi / (num - 1)), the last point set to pi exactly.
double linspace_0_pi(std::size_t i, std::size_t num) {
    if (num < 2) return 0.0;
    if (i + 1 == num) return kPi;
    const double step = kPi / static_cast<double>(num - 1);
    return static_cast<double>(i) * step;
}
}  // namespace

Moons make_moons(std::size_t n_samples, double noise, std::uint32_t random_state) {
    if (n_samples == 0 || !(noise >= 0.0) || !std::isfinite(noise)) return {};

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

    RandomState rng(random_state);
    return shuffle_and_blur(x0, x1, y, noise, rng);
}

// sklearn.utils.shuffle -> resample(replace=False): indices = arange(n);
// random_state.shuffle(indices); rows taken in that order. Then
// X += generator.normal(scale=noise, size=(n, 2)): one draw per coordinate, row-major.
Points shuffle_and_blur(const std::vector<double>& x0, const std::vector<double>& x1,
                        const std::vector<int>& y, double noise, RandomState& rng) {
    const std::size_t n = y.size();
    const std::vector<std::size_t> idx = rng.permutation(n);
    Points out;
    out.x.resize(2 * n);
    out.y.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        out.x[2 * i] = x0[idx[i]];
        out.x[2 * i + 1] = x1[idx[i]];
        out.y[i] = y[idx[i]];
    }
    for (double& v : out.x) v += rng.normal(0.0, noise);
    return out;
}

}  // namespace al
