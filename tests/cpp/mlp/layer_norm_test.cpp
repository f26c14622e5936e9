// LayerNorm and He init: the layer against a double reference and finite differences, a whole
// network with LayerNorm against finite differences of its own double reference, He init's
// documented draws, and the state_dict names with LayerNorm modules in their places.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "json.hpp"
#include "mlp/layer_norm.hpp"
#include "mlp/loss.hpp"
#include "mlp/mlp.hpp"
#include "mlp/state_dict.hpp"
#include "numpy_random.hpp"

namespace {

// y = (z − μ)/√(σ² + ε)·γ + β in double.
std::vector<double> ln_ref(const std::vector<double>& z, const std::vector<double>& g,
                           const std::vector<double>& b) {
    const std::size_t w = z.size();
    double mean = 0, var = 0;
    for (double v : z) mean += v / double(w);
    for (double v : z) var += (v - mean) * (v - mean) / double(w);
    std::vector<double> y(w);
    for (std::size_t i = 0; i < w; ++i)
        y[i] = (z[i] - mean) / std::sqrt(var + double(al::LayerNorm::eps)) * g[i] + b[i];
    return y;
}

double act_ref(al::Activation a, double x) {
    return a == al::Activation::relu ? (x > 0 ? x : 0.0)
                                     : x * 0.5 * std::erfc(-x / std::sqrt(2.0));  // gelu
}

// The network's parameters in double, in its flat order (per layer Wᵀ, b, then γ, β).
double ref_loss(const al::Mlp& net, const std::vector<double>& p, al::Activation act,
                const std::vector<float>& x, const std::vector<float>& y) {
    double total = 0;
    for (std::size_t r = 0; r < y.size(); ++r) {
        std::vector<double> h{x[2 * r], x[2 * r + 1]};
        std::size_t off = 0;
        for (std::size_t l = 0; l < net.num_layers(); ++l) {
            const std::size_t in = net.layer(l).in(), out = net.layer(l).out();
            std::vector<double> z(out);
            for (std::size_t o = 0; o < out; ++o) {
                double s = p[off + in * out + o];
                for (std::size_t i = 0; i < in; ++i) s += p[off + i * out + o] * h[i];
                z[o] = s;
            }
            off += (in + 1) * out;
            if (l + 1 == net.num_layers()) {
                total += al::bce_with_logits(z[0], y[r]);
                break;
            }
            const std::vector<double> g(p.begin() + off, p.begin() + off + out),
                b(p.begin() + off + out, p.begin() + off + 2 * out);
            off += 2 * out;
            z = ln_ref(z, g, b);
            for (double& v : z) v = act_ref(act, v);
            h = z;
        }
    }
    return total / double(y.size());
}

}  // namespace

TEST_CASE("LayerNorm: forward equals the double reference; backward equals finite differences") {
    // Rows go in a group of four, then one by one; 11 = a vector or two, then a scalar tail.
    const std::size_t w = 11, rows = 6;
    std::vector<float> params(4 * w);  // γ, β, dγ, dβ
    al::LayerNorm ln(w, rows, params.data(), params.data() + w, params.data() + 2 * w,
                     params.data() + 3 * w);
    al::RandomState rng(5);
    for (std::size_t i = 0; i < 2 * w; ++i) params[i] = float(rng.uniform(-1.5, 1.5));
    std::vector<float> z(rows * w), c(rows * w);  // L = Σ c·y
    for (std::size_t i = 0; i < z.size(); ++i) {
        z[i] = float(rng.normal(3.0, 2.0));  // an offset mean: the centring matters
        c[i] = float(rng.uniform(-1, 1));
    }
    std::vector<float> y(rows * w);
    ln.forward(z.data(), rows, y.data());
    const std::vector<double> g(params.begin(), params.begin() + w),
        b(params.begin() + w, params.begin() + 2 * w);
    auto loss = [&](const std::vector<double>& zz, const std::vector<double>& gg,
                    const std::vector<double>& bb) {
        double s = 0;
        for (std::size_t r = 0; r < rows; ++r) {
            const std::vector<double> yr =
                ln_ref(std::vector<double>(zz.begin() + r * w, zz.begin() + (r + 1) * w), gg, bb);
            for (std::size_t i = 0; i < w; ++i) s += c[r * w + i] * yr[i];
        }
        return s;
    };
    const std::vector<double> zd(z.begin(), z.end());
    for (std::size_t r = 0; r < rows; ++r) {
        const std::vector<double> want =
            ln_ref(std::vector<double>(zd.begin() + r * w, zd.begin() + (r + 1) * w), g, b);
        for (std::size_t i = 0; i < w; ++i)
            CHECK(y[r * w + i] == doctest::Approx(want[i]).epsilon(1e-6));
    }
    std::vector<float> dz(rows * w);
    ln.backward(c.data(), rows, dz.data(), false);
    const double h = 1e-6;
    for (std::size_t k = 0; k < zd.size(); ++k) {
        std::vector<double> p = zd, m = zd;
        p[k] += h;
        m[k] -= h;
        CHECK(dz[k] == doctest::Approx((loss(p, g, b) - loss(m, g, b)) / (2 * h)).epsilon(1e-4));
    }
    for (std::size_t i = 0; i < w; ++i) {
        std::vector<double> gp = g, gm = g, bp = b, bm = b;
        gp[i] += h;
        gm[i] -= h;
        bp[i] += h;
        bm[i] -= h;
        CHECK(params[2 * w + i] ==
              doctest::Approx((loss(zd, gp, b) - loss(zd, gm, b)) / (2 * h)).epsilon(1e-4));
        CHECK(params[3 * w + i] ==
              doctest::Approx((loss(zd, g, bp) - loss(zd, g, bm)) / (2 * h)).epsilon(1e-4));
    }
    // In place, accumulating: dγ doubles, dz is the same.
    std::vector<float> again = c;
    const std::vector<float> dgamma(params.begin() + 2 * w, params.begin() + 3 * w);
    ln.backward(again.data(), rows, again.data(), true);
    for (std::size_t i = 0; i < w; ++i) CHECK(params[2 * w + i] == doctest::Approx(2 * dgamma[i]));
    CHECK(again == dz);
}

TEST_CASE("LayerNorm: rows in a group give the bits they give alone") {
    const std::size_t w = 11, rows = 9;               // two groups of four and one row
    std::vector<float> grouped(4 * w), alone(4 * w);  // γ, β, dγ, dβ of each layer
    al::RandomState rng(8);
    for (std::size_t i = 0; i < 2 * w; ++i) grouped[i] = alone[i] = float(rng.uniform(-1.5, 1.5));
    al::LayerNorm all_rows(w, rows, grouped.data(), grouped.data() + w, grouped.data() + 2 * w,
                           grouped.data() + 3 * w);
    al::LayerNorm one_row(w, 1, alone.data(), alone.data() + w, alone.data() + 2 * w,
                          alone.data() + 3 * w);
    std::vector<float> z(rows * w), dy(rows * w);
    for (std::size_t i = 0; i < z.size(); ++i) {
        z[i] = float(rng.normal(-1.0, 3.0));
        dy[i] = float(rng.normal(0.0, 1.0));
    }
    std::vector<float> y(rows * w), dz(rows * w), y1(rows * w), dz1(rows * w);
    all_rows.forward(z.data(), rows, y.data());
    all_rows.backward(dy.data(), rows, dz.data(), false);
    for (std::size_t r = 0; r < rows; ++r) {
        one_row.forward(z.data() + r * w, 1, y1.data() + r * w);
        one_row.backward(dy.data() + r * w, 1, dz1.data() + r * w, r > 0);
    }
    CHECK(y == y1);
    CHECK(dz == dz1);
    CHECK(grouped == alone);  // dγ and dβ summed over the rows in the same order
}

TEST_CASE("a network with LayerNorm: gradients of every parameter equal finite differences") {
    const std::size_t rows = 6;
    al::RandomState rng(9);
    std::vector<float> x(2 * rows), y(rows);
    for (float& v : x) v = float(rng.uniform(-2, 2));
    for (std::size_t r = 0; r < rows; ++r) y[r] = float(r % 2);
    for (al::Activation act : {al::Activation::relu, al::Activation::gelu}) {
        for (const std::vector<std::size_t>& hidden :
             {std::vector<std::size_t>{5}, std::vector<std::size_t>{4, 6, 3}}) {
            CAPTURE(al::activation_names.name(act));
            CAPTURE(hidden.size());
            al::Mlp net(2, hidden, act, rows, al::Norm::layer);
            net.init(4, al::Init::he);
            for (std::size_t l = 0; l < net.num_hidden(); ++l)  // γ, β away from 1, 0
                for (std::size_t i = 0; i < hidden[l]; ++i) {
                    net.layer_norm(l).gamma()[i] = float(rng.uniform(0.5, 1.5));
                    net.layer_norm(l).beta()[i] = float(rng.uniform(-0.5, 0.5));
                }
            std::vector<double> p(net.params().begin(), net.params().end());
            const float* logits = net.forward_train(x.data(), rows);
            CHECK(al::bce_sum(logits, y.data(), rows) / rows ==
                  doctest::Approx(ref_loss(net, p, act, x, y)).epsilon(1e-5));
            std::vector<float> dz(rows);
            al::bce_backward(logits, y.data(), rows, 1.0f / rows, dz.data());
            net.backward(x.data(), dz.data(), rows, false);
            for (std::size_t k = 0; k < p.size(); ++k) {
                std::vector<double> pp = p, pm = p;
                pp[k] += 1e-6;
                pm[k] -= 1e-6;
                const double fd =
                    (ref_loss(net, pp, act, x, y) - ref_loss(net, pm, act, x, y)) / 2e-6;
                CAPTURE(k);
                CHECK(std::fabs(net.grads()[k] - fd) <= 2e-5 + 1e-3 * std::fabs(fd));
            }
        }
    }
}

TEST_CASE("He init: N(0, 2/fan_in) from RandomState.normal in the documented order, zero bias") {
    al::Mlp net(2, {3, 4}, al::Activation::relu, 1, al::Norm::layer);
    net.init(11, al::Init::he);
    al::RandomState rng(11);
    for (std::size_t l = 0; l < net.num_layers(); ++l) {
        const al::Dense& d = net.layer(l);
        const double sd = std::sqrt(2.0) / std::sqrt(double(d.in()));
        for (std::size_t o = 0; o < d.out(); ++o)
            for (std::size_t i = 0; i < d.in(); ++i)
                CHECK(d.weight(o, i) == float(rng.normal(0.0, sd)));
        for (std::size_t o = 0; o < d.out(); ++o) CHECK(d.bias(o) == 0.0f);
    }
    for (std::size_t l = 0; l < net.num_hidden(); ++l)
        for (std::size_t i = 0; i < net.layer(l).out(); ++i) {
            CHECK(net.layer_norm(l).gamma()[i] == 1.0f);
            CHECK(net.layer_norm(l).beta()[i] == 0.0f);
        }
    // The scale: 256 × 256 draws have a standard deviation near √2/√256.
    al::Mlp wide(256, {256}, al::Activation::relu, 1);
    wide.init(1, al::Init::he);
    double ss = 0;
    for (std::size_t o = 0; o < 256; ++o)
        for (std::size_t i = 0; i < 256; ++i) ss += std::pow(wide.layer(0).weight(o, i), 2);
    CHECK(std::sqrt(ss / 65536) == doctest::Approx(std::sqrt(2.0) / 16).epsilon(0.01));
    // Default init draws the same Linear weights with or without LayerNorm.
    al::Mlp plain(2, {3, 4}, al::Activation::relu, 1),
        normed(2, {3, 4}, al::Activation::relu, 1, al::Norm::layer);
    plain.init(5);
    normed.init(5);
    for (std::size_t l = 0; l < 3; ++l)
        CHECK(plain.layer(l).weight(0, 0) == normed.layer(l).weight(0, 0));
}

TEST_CASE("state_dict with LayerNorm: Sequential names, PyTorch order, strict round trip") {
    al::Mlp net(2, {3, 2}, al::Activation::gelu, 1, al::Norm::layer);
    net.init(2, al::Init::he);
    net.layer_norm(1).gamma()[1] = 0.25f;
    const std::string text = al::state_dict_json(net);
    std::string e;
    const auto doc = al::json::parse(text, e);
    REQUIRE(doc);
    std::string keys;
    for (const auto& m : doc->as_object()) keys += m.first + " ";
    CHECK(keys ==
          "0.weight 0.bias 1.weight 1.bias 3.weight 3.bias 4.weight 4.bias 6.weight "
          "6.bias ");
    CHECK(doc->find("4.weight")->as_array()[1].as_number() == 0.25);
    al::Mlp other(2, {3, 2}, al::Activation::gelu, 1, al::Norm::layer);
    CHECK(al::load_state_dict_json(other, text) == "");
    CHECK(other.params() == net.params());
    // A plain network's file is refused by the LayerNorm network, and the reverse.
    al::Mlp plain(2, {3, 2}, al::Activation::gelu, 1);
    CHECK(
        al::load_state_dict_json(plain, text).rfind("state_dict: unexpected key \"1.weight\"", 0) ==
        0);
    CHECK(al::load_state_dict_json(other, al::state_dict_json(plain))
              .rfind("state_dict: unexpected key \"2.weight\"", 0) == 0);
    std::string bad = text;
    bad.replace(bad.find("\"4.bias\":["), 10, "\"4.bias\":[1,");
    CHECK(al::load_state_dict_json(other, bad) ==
          "state_dict: \"4.bias\" must have 2 numbers (got 3)");
}
