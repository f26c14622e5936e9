// The network's gradients against finite differences of an independent double-precision
// reference (same weights, its own forward pass and loss), for every activation and depths 1–3.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "mlp/loss.hpp"
#include "mlp/mlp.hpp"
#include "numpy_random.hpp"

namespace {

double act_ref(al::Activation a, double x) {
    switch (a) {
        case al::Activation::relu: return x > 0 ? x : 0.0;
        case al::Activation::gelu: return x * 0.5 * std::erfc(-x / std::sqrt(2.0));
        case al::Activation::gelu_tanh: {
            const double u = std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x);
            return 0.5 * x * (1.0 + std::tanh(u));
        }
        case al::Activation::silu: return x / (1.0 + std::exp(-x));
        case al::Activation::elu: return x > 0 ? x : std::expm1(x);
        case al::Activation::identity: return x;
        case al::Activation::gelu_no_negative:
            return x > 0 ? act_ref(al::Activation::gelu, x) : 0.0;
        case al::Activation::gelu_linear_positive:
            return x > 0 ? x : act_ref(al::Activation::gelu, x);
    }
    return 0;
}

// A plain double MLP: layers of W [out][in] and b, PyTorch's layout.
struct RefNet {
    std::vector<std::size_t> widths;
    std::vector<std::vector<double>> w, b;

    explicit RefNet(const al::Mlp& net) {
        widths.push_back(net.inputs());
        for (std::size_t l = 0; l < net.num_layers(); ++l) {
            const al::Dense& d = net.layer(l);
            widths.push_back(d.out());
            w.emplace_back(d.out() * d.in());
            b.emplace_back(d.out());
            for (std::size_t o = 0; o < d.out(); ++o) {
                for (std::size_t i = 0; i < d.in(); ++i) w[l][o * d.in() + i] = d.weight(o, i);
                b[l][o] = d.bias(o);
            }
        }
    }

    double logit(al::Activation a, const float* x) const {
        std::vector<double> h(x, x + widths[0]);
        for (std::size_t l = 0; l < w.size(); ++l) {
            const std::size_t in = widths[l], out = widths[l + 1];
            std::vector<double> z(out);
            for (std::size_t o = 0; o < out; ++o) {
                double s = b[l][o];
                for (std::size_t i = 0; i < in; ++i) s += w[l][o * in + i] * h[i];
                z[o] = l + 1 < w.size() ? act_ref(a, s) : s;
            }
            h = z;
        }
        return h[0];
    }

    double loss(al::Activation a, const std::vector<float>& x, const std::vector<float>& y) const {
        double s = 0;
        for (std::size_t r = 0; r < y.size(); ++r)
            s += al::bce_with_logits(logit(a, x.data() + r * widths[0]), y[r]);
        return s / static_cast<double>(y.size());
    }
};

}  // namespace

TEST_CASE("whole-network gradients match finite differences (every activation, depth 1-3)") {
    const std::vector<std::vector<std::size_t>> shapes{{5}, {6, 4}, {3, 9, 5}};
    const std::size_t rows = 7;
    al::RandomState data_rng(7);
    std::vector<float> x(rows * 2), y(rows);
    for (float& v : x) v = static_cast<float>(data_rng.uniform(-2, 2));
    for (std::size_t r = 0; r < rows; ++r) y[r] = static_cast<float>(r % 2);
    for (al::Activation act : al::all_activations) {
        for (const auto& hidden : shapes) {
            CAPTURE(al::activation_names.name(act));
            CAPTURE(hidden.size());
            al::Mlp net(2, hidden, act, rows);
            net.init(3);
            const RefNet ref(net);
            // Forward agrees with the reference; the training pass gives the same logits bit for
            // bit.
            const float* inferred = net.forward(x.data(), rows);
            const std::vector<float> inference(inferred, inferred + rows);
            const float* logits = net.forward_train(x.data(), rows);
            for (std::size_t r = 0; r < rows; ++r) {
                CHECK(logits[r] == doctest::Approx(ref.logit(act, x.data() + 2 * r)).epsilon(1e-5));
                CHECK(std::memcmp(&logits[r], &inference[r], sizeof(float)) == 0);
            }
            // Analytic gradient of the mean BCE.
            std::vector<float> dz(rows);
            al::bce_backward(logits, y.data(), rows, 1.0f / rows, dz.data());
            net.zero_grads();
            net.backward(x.data(), dz.data(), rows);
            // Overwriting (no accumulate) over stale gradients gives the same values, bit for bit.
            {
                const std::vector<float> zeroed = net.grads();
                std::fill(net.grads().begin(), net.grads().end(), 123.0f);
                net.forward_train(x.data(), rows);
                net.backward(x.data(), dz.data(), rows, false);
                CHECK(std::memcmp(zeroed.data(), net.grads().data(),
                                  zeroed.size() * sizeof(float)) == 0);
            }
            // Central differences of the double reference, parameter by parameter.
            std::size_t off = 0;  // the layer's place in the flat vectors
            for (std::size_t l = 0; l < net.num_layers();
                 off += (net.layer(l).in() + 1) * net.layer(l).out(), ++l) {
                const al::Dense& d = net.layer(l);
                const std::vector<float>& g = net.grads();
                for (std::size_t k = 0; k < d.out() * (d.in() + 1); ++k) {
                    const bool is_bias = k >= d.out() * d.in();
                    const std::size_t o = is_bias ? k - d.out() * d.in() : k / d.in();
                    const std::size_t i = is_bias ? 0 : k % d.in();
                    RefNet plus = ref, minus = ref;
                    const double h = 1e-6;
                    (is_bias ? plus.b[l][o] : plus.w[l][o * d.in() + i]) += h;
                    (is_bias ? minus.b[l][o] : minus.w[l][o * d.in() + i]) -= h;
                    const double fd = (plus.loss(act, x, y) - minus.loss(act, x, y)) / (2 * h);
                    // Gradient storage: Wᵀ [in][out] then b.
                    const float analytic =
                        is_bias ? g[off + d.in() * d.out() + o] : g[off + i * d.out() + o];
                    CAPTURE(l);
                    CAPTURE(k);
                    CHECK(std::fabs(analytic - fd) <= 2e-5 + 1e-3 * std::fabs(fd));
                }
            }
        }
    }
}

TEST_CASE("initialisation follows nn.Linear and the documented RandomState order") {
    al::Mlp net(2, {3, 4}, al::Activation::gelu, 1);
    net.init(11);
    al::RandomState rng(11);
    for (std::size_t l = 0; l < net.num_layers(); ++l) {
        const al::Dense& d = net.layer(l);
        const double bound = 1.0 / std::sqrt(double(d.in()));
        for (std::size_t o = 0; o < d.out(); ++o)
            for (std::size_t i = 0; i < d.in(); ++i)
                CHECK(d.weight(o, i) == static_cast<float>(rng.uniform(-bound, bound)));
        for (std::size_t o = 0; o < d.out(); ++o)
            CHECK(d.bias(o) == static_cast<float>(rng.uniform(-bound, bound)));
    }
    // Twin networks: the activation does not change the initial weights.
    al::Mlp relu(2, {3, 4}, al::Activation::relu, 1);
    relu.init(11);
    CHECK(relu.params() == net.params());
}
