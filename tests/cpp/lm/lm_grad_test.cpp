// The language model's gradients against central finite differences: each layer's backward
// (LayerNorm, linear, causal attention, cross-entropy, every FFN activation) and then the whole
// model's, for every FFN activation. float32 throughout, so the steps are chosen where rounding
// (~1e-7 of the loss, divided by 2h) and truncation (~h²) both stay far below the tolerance.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "lm/layers.hpp"
#include "lm/model.hpp"
#include "numpy_random.hpp"
#include "simd/arch.hpp"

namespace {

using al::lm::FfnAct;

std::vector<float> randn(std::size_t n, std::uint32_t seed, double scale = 1.0) {
    al::RandomState rng(seed);
    std::vector<float> v(n);
    for (float& x : v) x = static_cast<float>(scale * rng.gauss());
    return v;
}

// Σ c·y in double: a scalar loss of a layer's output.
double dot(const std::vector<float>& c, const float* y) {
    double s = 0;
    for (std::size_t i = 0; i < c.size(); ++i) s += static_cast<double>(c[i]) * y[i];
    return s;
}

// Checks analytic[i] against (f(x+h) − f(x−h)) / 2h for every i of x.
void check_fd(std::vector<float>& x, const std::vector<float>& analytic,
              const std::function<double()>& f, float h, double abs_tol, double rel_tol,
              const char* what) {
    REQUIRE(x.size() == analytic.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        const float keep = x[i];
        x[i] = keep + h;
        const double up = f();
        x[i] = keep - h;
        const double down = f();
        x[i] = keep;
        const double fd = (up - down) / (2.0 * h);
        INFO(what << "[" << i << "]: analytic " << analytic[i] << ", finite difference " << fd);
        CHECK(std::fabs(analytic[i] - fd) <= abs_tol + rel_tol * std::fabs(fd));
    }
}

}  // namespace

TEST_CASE("lm layers: LayerNorm backward matches finite differences") {
    // 5 rows: a group of four and one alone; 10 wide: vectors and a scalar tail.
    const std::size_t n = 5, d = 10;
    auto x = randn(n * d, 1, 2.0), w = randn(d, 2), b = randn(d, 3), c = randn(n * d, 4);
    for (float& v : x) v += 0.5f;
    std::vector<float> y(n * d), mean(n), rstd(n);
    auto f = [&] {
        al::lm::layernorm_forward(x.data(), w.data(), b.data(), n, d, y.data(), mean.data(),
                                  rstd.data());
        return dot(c, y.data());
    };
    f();
    std::vector<float> dx(n * d, 0.0f), dw(d, 0.0f), db(d, 0.0f);
    al::lm::layernorm_backward(x.data(), w.data(), mean.data(), rstd.data(), c.data(), n, d,
                               dw.data(), db.data(), dx.data());
    check_fd(x, dx, f, 1e-2f, 2e-3, 2e-3, "dx");
    check_fd(w, dw, f, 1e-2f, 2e-3, 2e-3, "dw");
    check_fd(b, db, f, 1e-2f, 2e-3, 2e-3, "db");
}

TEST_CASE("lm layers: linear backward matches finite differences") {
    const std::size_t n = 5, in = 6, out = 7;
    auto x = randn(n * in, 5), w = randn(out * in, 6), b = randn(out, 7), c = randn(n * out, 8);
    std::vector<float> wt(in * out), y(n * out);
    auto f = [&] {
        for (std::size_t o = 0; o < out; ++o)
            for (std::size_t i = 0; i < in; ++i) wt[i * out + o] = w[o * in + i];
        al::lm::linear_forward(x.data(), wt.data(), b.data(), n, in, out, y.data());
        return dot(c, y.data());
    };
    f();
    std::vector<float> dw(out * in, 0.0f), db(out, 0.0f), dx(n * in);
    al::lm::linear_backward(x.data(), w.data(), c.data(), n, in, out, dw.data(), db.data(),
                            dx.data());
    check_fd(x, dx, f, 1e-2f, 1e-3, 1e-3, "dx");
    check_fd(w, dw, f, 1e-2f, 1e-3, 1e-3, "dw");
    check_fd(b, db, f, 1e-2f, 1e-3, 1e-3, "db");
}

TEST_CASE("lm layers: causal attention backward matches finite differences") {
    const std::size_t batch = 2, t = 5, d = 8, heads = 2;
    auto qkv = randn(batch * t * 3 * d, 9), c = randn(batch * t * d, 10);
    std::vector<float> probs(batch * heads * al::lm::attention_probs_floats(t)), out(batch * t * d),
        scratch(al::lm::attention_scratch_floats(t, d / heads));
    auto f = [&] {
        al::lm::attention_forward(qkv.data(), batch, t, d, heads, probs.data(), out.data(),
                                  scratch.data());
        return dot(c, out.data());
    };
    f();
    // Causality: the first position attends to itself only (probs: [key][query] in blocks of
    // one query per lane, so key 1 of query 0 is one block row on).
    CHECK(probs[0] == 1.0f);
    CHECK(probs[al::simd::float_lanes] == 0.0f);
    std::vector<float> dqkv(qkv.size());
    al::lm::attention_backward(qkv.data(), probs.data(), c.data(), batch, t, d, heads, dqkv.data(),
                               scratch.data());
    check_fd(qkv, dqkv, f, 1e-2f, 2e-3, 2e-3, "dqkv");
}

TEST_CASE("lm layers: cross-entropy gradient matches finite differences") {
    const std::size_t n = 4, v = 7;
    auto logits = randn(n * v, 11, 2.0);
    const int targets[] = {0, 6, 3, 3};
    auto f = [&] {
        return al::lm::crossentropy_forward_backward(logits.data(), targets, n, v, nullptr);
    };
    std::vector<float> grad(n * v);
    const double loss =
        al::lm::crossentropy_forward_backward(logits.data(), targets, n, v, grad.data());
    CHECK(loss == doctest::Approx(f()).epsilon(1e-12));
    check_fd(logits, grad, f, 1e-2f, 1e-3, 1e-3, "dlogits");
}

TEST_CASE("lm layers: every FFN activation's backward matches finite differences") {
    const std::size_t n = 3, hidden = 6;
    for (FfnAct a : al::lm::all_ffn_acts) {
        const std::string act_name = al::lm::ffn_act_names.name(a);
        CAPTURE(act_name);
        const bool gated = al::lm::is_gated(a);
        auto h = randn(n * hidden * (gated ? 2 : 1), 12, 1.5);
        for (float& v : h)
            if (std::fabs(v) < 0.05f) v = 0.3f;  // keep ReLU's kink out of the differences
        auto c = randn(n * hidden, 13);
        std::vector<float> out(n * hidden), fp(n * hidden), s(n * hidden);
        auto f = [&] {
            al::lm::ffn_act_forward(a, h.data(), n, hidden, out.data(), fp.data(), s.data());
            return dot(c, out.data());
        };
        f();
        std::vector<float> dh(h.size());
        al::lm::ffn_act_backward(gated, h.data(), fp.data(), s.data(), c.data(), n, hidden,
                                 dh.data());
        check_fd(h, dh, f, 1e-2f, 2e-3, 2e-3, "dh");
    }
}

// ReLU and ReGLU are left out here: a step of h moves hundreds of pre-activations, and those
// that cross 0 break the finite difference (their derivatives are checked in the layer test above;
// the model's wiring is the same for every activation). ReLU² is smooth at 0 (its derivative is
// continuous), so it stays in.
TEST_CASE("lm model: every parameter's gradient matches finite differences, each activation") {
    for (FfnAct a : {FfnAct::gelu, FfnAct::gelu_tanh, FfnAct::silu, FfnAct::swiglu, FfnAct::relu2,
                     FfnAct::glu, FfnAct::bilinear, FfnAct::geglu}) {
        const std::string act_name = al::lm::ffn_act_names.name(a);
        CAPTURE(act_name);
        al::lm::LmConfig c;
        c.act = a;
        c.d = 8;
        c.layers = 2;
        c.heads = 2;
        c.ctx = 6;
        c.ffn = 16;
        c.batch = 2;
        const int vocab = 11;
        al::lm::Model m(c, vocab);
        m.init(3, al::lm::Init::bert);
        // Nonzero biases and LayerNorm parameters, so that every term is exercised.
        auto noise = randn(m.params().size(), 14, 0.05);
        for (std::size_t i = 0; i < noise.size(); ++i) m.params()[i] += noise[i];
        m.refresh();
        const int tokens[12] = {1, 4, 4, 0, 10, 7, 2, 2, 9, 5, 3, 1};
        const int targets[12] = {4, 4, 0, 10, 7, 6, 2, 9, 5, 3, 1, 8};
        auto f = [&] {
            m.refresh();
            return m.forward(tokens, targets, 2, 6);
        };
        f();
        m.backward();
        const std::vector<float> grads = m.grads();
        check_fd(m.params(), grads, f, 3e-3f, 5e-4, 2e-2, "param");
    }
}
