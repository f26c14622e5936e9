// Diagnostics, each on a case small enough to check by hand, then through a run: they do not
// change training, they appear per epoch, and they show the depth-and-scale contrasts at init.
#include <doctest/doctest.h>

#include <cmath>
#include <set>
#include <vector>

#include "mlp/diagnostics.hpp"
#include "mlp/experiment.hpp"
#include "mlp/loss.hpp"

namespace {

// 2 -> 2 (ReLU) -> 1 with W1 = [[1, 0], [0, -1]], b1 = 0, W2 = [1, 1], b2 = 0.
al::Mlp hand_net() {
    al::Mlp net(2, {2}, al::Activation::relu, 4);
    al::Dense& d0 = net.layer(0);
    d0.set_weight(0, 0, 1);
    d0.set_weight(0, 1, 0);
    d0.set_weight(1, 0, 0);
    d0.set_weight(1, 1, -1);
    d0.set_bias(0, 0);
    d0.set_bias(1, 0);
    net.layer(1).set_weight(0, 0, 1);
    net.layer(1).set_weight(0, 1, 1);
    net.layer(1).set_bias(0, 0);
    net.refresh();
    return net;
}

}  // namespace

TEST_CASE("mean pair cosine: three vectors by hand, zero rows skipped, none left is NaN") {
    const float h[] = {1, 0, 0, 1, 1, 1, 0, 0};  // rows (1,0), (0,1), (1,1), (0,0)
    // Pairs: (1,0)·(0,1) = 0, (1,0)·(1,1) = 1/√2, (0,1)·(1,1) = 1/√2; the zero row is skipped.
    CHECK(al::mean_pair_cosine(h, 4, 2) == doctest::Approx(std::sqrt(2.0) / 3));
    const float same[] = {2, 1, 4, 2};
    CHECK(al::mean_pair_cosine(same, 2, 2) == doctest::Approx(1.0));
    const float zeros[] = {0, 0, 1, 0};
    CHECK(std::isnan(al::mean_pair_cosine(zeros, 2, 2)));
}

TEST_CASE("pre_std, dead_fraction, grad_norm, cos_sim of a hand-set network") {
    al::Mlp net = hand_net();
    // Points (1, 2) label 0 and (3, 4) label 1: z = (1, −2) and (3, −4); h = (1, 0), (3, 0).
    const float x[] = {1, 2, 3, 4}, y[] = {0, 1};
    al::Diagnostics diag(2);
    al::PassMetrics pm{};
    const std::vector<al::LayerStats> s = diag.run(net, x, y, &pm);
    REQUIRE(s.size() == 1);
    // z values {1, −2, 3, −4}: mean −0.5, squared deviations 2.25, 2.25, 12.25, 12.25.
    CHECK(s[0].pre_std == doctest::Approx(std::sqrt(7.25)));
    CHECK(s[0].dead_fraction == 0.5);  // unit 1 is ≤ 0 on both points
    // Logits 1 and 3; dL/dlogit = (σ(1) − 0)/2 and (σ(3) − 1)/2 (mean over 2). Unit 1 passes
    // nothing back (ReLU′ = 0), unit 0 passes dlogit·1: dW1 = [[a + 3b, 2a + 4b], [0, 0]].
    const double a = al::sigmoid(1) / 2, b = (al::sigmoid(3) - 1) / 2;
    CHECK(s[0].grad_norm == doctest::Approx(std::hypot(a + 3 * b, 2 * a + 4 * b)).epsilon(1e-6));
    CHECK(s[0].cos_sim == doctest::Approx(1.0));  // (1, 0) and (3, 0): one direction
    CHECK(pm.loss == doctest::Approx((al::bce_with_logits(1, 0) + al::bce_with_logits(3, 1)) / 2));
    CHECK(pm.acc == 0.5);
}

TEST_CASE("activation patterns: one hash per quadrant for units x > 0 and y > 0") {
    al::Mlp net = hand_net();  // unit 0 on iff x0 > 0, unit 1 on iff x1 < 0
    const float xy[] = {1, 1, 2, 3, -1, 1, -1, -1, 1, -1, 0.5f, -7};
    std::uint32_t h[6];
    al::activation_patterns(net, xy, 6, h);
    CHECK(h[0] == h[1]);  // same quadrant
    CHECK(h[4] == h[5]);
    CHECK(std::set<std::uint32_t>{h[0], h[2], h[3], h[4]}.size() == 4);
}

TEST_CASE("a run with diagnostics trains exactly as without, and records them per epoch") {
    al::Config c;
    c.n = 300;
    c.epochs = 3;
    c.hidden = {8, 8, 8};
    c.norm = al::Norm::layer;
    c.init = al::Init::he;
    al::Experiment plain(c);
    c.diagnostics = true;
    al::Experiment diag(c);
    const std::vector<al::LayerStats> at_init = diag.diagnose();
    REQUIRE(at_init.size() == 3);
    while (plain.step()) {
    }
    while (diag.step()) {
    }
    REQUIRE(diag.history().size() == 3);
    CHECK(plain.network().params() == diag.network().params());
    for (std::size_t e = 0; e < 3; ++e) {
        CHECK(plain.history()[e].train_loss == diag.history()[e].train_loss);
        CHECK(plain.history()[e].train_acc == diag.history()[e].train_acc);
        CHECK(plain.history()[e].layers.empty());
        REQUIRE(diag.history()[e].layers.size() == 3);
        for (const al::LayerStats& s : diag.history()[e].layers) {
            CHECK(s.pre_std > 0);
            CHECK(s.grad_norm > 0);
            CHECK((s.dead_fraction >= 0 && s.dead_fraction <= 1));
            CHECK((s.cos_sim >= -1 && s.cos_sim <= 1));
        }
    }
    // With LayerNorm (γ = 1, β = 0 at init) each row of z has mean 0 and variance ≈ 1.
    CHECK(at_init[0].pre_std == doctest::Approx(1.0).epsilon(0.01));
}

TEST_CASE("reached_95: null until the first epoch with train accuracy >= 0.95, then kept") {
    al::Config c;
    c.n = 400;
    c.epochs = 30;
    c.lr = 0.01;
    c.hidden = {16, 16};
    al::Experiment e(c);
    while (e.step()) {
    }
    int first = 0;
    for (const al::EpochStats& s : e.history()) {
        if (first == 0 && s.train_acc >= 0.95) first = s.epoch;
        CHECK(s.reached_95 == first);
    }
    CHECK(first > 0);  // moons at lr 0.01 gets there within 30 epochs
}

TEST_CASE("at init, 16 x 32: the scale effects of depth and init") {
    al::Config c;
    c.hidden = std::vector<int>(16, 32);
    c.n = 500;
    auto stats = [&](al::Activation a, al::Init i) {
        c.activation = a;
        c.init = i;
        al::Experiment e(c);
        return e.diagnose();
    };
    // Default init: the signal shrinks layer by layer; GELU (slope ½ near 0) passes a far
    // smaller gradient back to the first layer than ReLU.
    const auto relu = stats(al::Activation::relu, al::Init::standard);
    const auto gelu = stats(al::Activation::gelu, al::Init::standard);
    CHECK(relu[15].pre_std < 0.2 * relu[0].pre_std);
    CHECK(gelu[15].pre_std < 0.2 * gelu[0].pre_std);  // ~0.1: little more than the biases
    CHECK(gelu[0].grad_norm < relu[0].grad_norm / 10);
    // He init: deep ReLU maps inputs to nearly one direction, GELU much less so.
    const auto relu_he = stats(al::Activation::relu, al::Init::he);
    const auto gelu_he = stats(al::Activation::gelu, al::Init::he);
    CHECK(relu_he[15].cos_sim > 0.8);
    CHECK(gelu_he[15].cos_sim < relu_he[15].cos_sim - 0.2);
    MESSAGE("default init pre_std last/first relu "
            << relu[15].pre_std / relu[0].pre_std << " gelu " << gelu[15].pre_std / gelu[0].pre_std
            << "; |dW1| relu " << relu[0].grad_norm << " gelu " << gelu[0].grad_norm
            << "; He init last-layer cos relu " << relu_he[15].cos_sim << " gelu "
            << gelu_he[15].cos_sim);
}

TEST_CASE(
    "an epoch's grad_norm is its mean gradient: the full-batch one when the weights hold still") {
    al::Config c;
    c.n = 300;
    c.epochs = 2;
    c.hidden = {8, 8};
    c.diagnostics = true;
    c.shuffle = false;
    // grad_norm of the first epoch's record against the exact gradient at init, per layer.
    auto check_first_epoch = [&c](double tolerance) {
        al::Experiment e(c);
        const std::vector<al::LayerStats> at_init = e.diagnose();
        REQUIRE(e.step());
        const std::vector<al::LayerStats>& first = e.history()[0].layers;
        for (std::size_t l = 0; l < 2; ++l)
            CHECK(first[l].grad_norm == doctest::Approx(at_init[l].grad_norm).epsilon(tolerance));
    };
    SUBCASE("one batch of the whole training set: the exact gradient at the epoch's start") {
        c.batch = 512;  // above the 240 training points: one step per epoch
        check_first_epoch(1e-6);
    }
    SUBCASE("many small steps at a tiny rate: close to it") {
        c.lr = 1e-7;
        check_first_epoch(1e-3);
    }
    SUBCASE("at a real rate it differs; the other statistics are the end weights' exactly") {
        c.lr = 0.05;
        al::Experiment e(c);
        const std::vector<al::LayerStats> at_init = e.diagnose();
        while (e.step()) {
        }
        const std::vector<al::LayerStats> last = e.history().back().layers;
        const std::vector<al::LayerStats> now = e.diagnose();
        CHECK(last[0].grad_norm != doctest::Approx(now[0].grad_norm).epsilon(1e-3));
        CHECK(last[0].grad_norm != doctest::Approx(at_init[0].grad_norm).epsilon(1e-3));
        for (std::size_t l = 0; l < 2; ++l) {
            CHECK(last[l].pre_std == now[l].pre_std);
            CHECK(last[l].dead_fraction == now[l].dead_fraction);
            CHECK(last[l].cos_sim == now[l].cos_sim);
        }
    }
}
