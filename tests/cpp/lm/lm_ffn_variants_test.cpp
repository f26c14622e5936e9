// The FFN variants of Shazeer 2020 (GLU, Bilinear, ReGLU, GEGLU, SwiGLU) and ReLU²: the gated
// width round(2·ffn/3), parameter counts matched to the plain model, the forward's formula on one
// row by hand, the state_dict's shapes and the swap rule (gradients: lm_grad_test.cpp).
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <string>

#include "lm/layers.hpp"
#include "lm/lm_experiment.hpp"
#include "lm/model.hpp"

namespace {

using al::lm::FfnAct;

std::size_t params_of(al::lm::LmConfig c, FfnAct a, int vocab) {
    c.act = a;
    return al::lm::Model(c, vocab).params().size();
}

std::string text() {
    std::string t;
    for (int i = 0; i < 100; ++i) t += "the quick brown fox jumps over the lazy dog\n";
    return t;
}

std::unique_ptr<al::lm::LmExperiment> tiny(FfnAct a) {
    al::lm::LmConfig c;
    c.act = a;
    c.d = 8;
    c.heads = 2;
    c.layers = 1;
    c.ffn = 12;
    c.ctx = 8;
    c.batch = 2;
    c.steps = 1;
    return std::make_unique<al::lm::LmExperiment>(c, text());
}

}  // namespace

TEST_CASE("lm ffn variants: which are gated, and the gated width is round(2·ffn/3)") {
    for (FfnAct a : {FfnAct::glu, FfnAct::bilinear, FfnAct::reglu, FfnAct::geglu, FfnAct::swiglu})
        CHECK(al::lm::is_gated(a));
    for (FfnAct a : {FfnAct::relu, FfnAct::gelu, FfnAct::gelu_tanh, FfnAct::silu, FfnAct::relu2})
        CHECK_FALSE(al::lm::is_gated(a));
    al::lm::LmConfig c;
    c.act = FfnAct::geglu;
    // 2·128/3 = 85.33 → 85; 2·4/3 = 2.67 → 3; 2·1024/3 = 682.67 → 683; 2·6/3 = 4 exactly.
    for (auto [ffn, hidden] : {std::pair{128, 85}, {4, 3}, {1024, 683}, {6, 4}, {100, 67}}) {
        c.ffn = ffn;
        CHECK(al::lm::ffn_hidden(c) == hidden);
        CHECK(al::lm::ffn_rows(c) == 2 * hidden);
    }
}

// A gated FFN has 3·H·d weights for a plain one's 2·ffn·d, but 2·H + d biases for ffn + d: the
// FFN alone can differ by more than 1 % (the smallest the limits admit, d 8 and ffn 4, so H = 3:
// 86 parameters for 76), the whole model stays within 1 % (there 0.84 %, the embeddings and
// attention weigh the rest).
TEST_CASE("lm ffn variants: every variant's parameter count is the plain model's within 1 %") {
    const int vocab = 65;
    al::lm::LmConfig reference;  // the default: d 32, 2 layers, ffn 128
    al::lm::LmConfig wide = reference;
    wide.d = 64, wide.ffn = 256, wide.heads = 4, wide.layers = 4;
    al::lm::LmConfig narrow = reference;
    narrow.d = 16, narrow.ffn = 40, narrow.layers = 1;  // ffn not 4d, H = 26.67 → 27
    al::lm::LmConfig smallest = reference;
    smallest.d = 8, smallest.ffn = 4, smallest.layers = 1;
    for (const al::lm::LmConfig& c : {reference, wide, narrow, smallest}) {
        CAPTURE(c.d);
        const double plain = static_cast<double>(params_of(c, FfnAct::relu, vocab));
        for (FfnAct a : al::lm::all_ffn_acts) {
            CAPTURE(al::lm::ffn_act_names.name(a));
            const double n = static_cast<double>(params_of(c, a, vocab));
            CHECK(std::fabs(n / plain - 1) < 0.01);
        }
    }
    CHECK(params_of(reference, FfnAct::relu, vocab) == 28576);
    CHECK(params_of(reference, FfnAct::swiglu, vocab) == 28596);
    CHECK(params_of(smallest, FfnAct::geglu, vocab) == 1198);  // relu: 1188
}

TEST_CASE("lm ffn variants: one row computed by hand, (g(x·W)·(x·V)) for each gate") {
    const float h[4] = {0.5f, -1.5f, 2.0f, 3.0f};  // gate 0.5, −1.5; up 2, 3
    const auto sigmoid = [](double x) { return 1 / (1 + std::exp(-x)); };
    const auto gelu = [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); };
    const struct {
        FfnAct act;
        double g0, g1;
    } cases[] = {
        {FfnAct::glu, sigmoid(0.5), sigmoid(-1.5)},
        {FfnAct::bilinear, 0.5, -1.5},
        {FfnAct::reglu, 0.5, 0},
        {FfnAct::geglu, gelu(0.5), gelu(-1.5)},
        {FfnAct::swiglu, 0.5 * sigmoid(0.5), -1.5 * sigmoid(-1.5)},
    };
    for (const auto& c : cases) {
        CAPTURE(al::lm::ffn_act_names.name(c.act));
        float a[2], fp[2], s[2];
        al::lm::ffn_act_forward(c.act, h, 1, 2, a, fp, s);
        CHECK(a[0] == doctest::Approx(c.g0 * 2).epsilon(1e-6));
        CHECK(a[1] == doctest::Approx(c.g1 * 3).epsilon(1e-6));
    }
    float a[4], fp[4], s[4];
    al::lm::ffn_act_forward(FfnAct::relu2, h, 1, 4, a, fp, s);
    CHECK(a[0] == 0.25f);
    CHECK(a[1] == 0.0f);
    CHECK(a[3] == 9.0f);
    CHECK(fp[3] == 6.0f);
    CHECK(fp[1] == 0.0f);
}

TEST_CASE("lm ffn variants: state_dict names and shapes; a plain state cannot load as gated") {
    const auto geglu = tiny(FfnAct::geglu);
    const auto swiglu = tiny(FfnAct::swiglu);
    const auto relu = tiny(FfnAct::relu);
    REQUIRE(geglu->error().empty());
    // w1 holds the gate's 8 rows, then the up projection's: [2·8, d]; w2 [d, 8].
    const std::string state = geglu->state_json();
    CHECK(state.find("\"blocks.0.w1.weight\"") != std::string::npos);
    CHECK(state.find("\"blocks.0.w1.bias\"") != std::string::npos);
    // Gated for gated: the same names and shapes.
    CHECK(swiglu->load_state_json(state) == "");
    CHECK(swiglu->state_json() == state);
    CHECK(relu->load_state_json(state) ==
          "state_dict: \"blocks.0.w1.weight\" must have shape [12, 8] (relu's FFN is plain: w1 "
          "has ffn rows; a gated FFN's has 2·round(2·ffn/3), gate then up)");
    CHECK(geglu->load_state_json(relu->state_json()) ==
          "state_dict: \"blocks.0.w1.weight\" must have shape [16, 8] (geglu's FFN is gated: w1 "
          "has 2·round(2·ffn/3) rows, gate then up; a plain FFN's has ffn)");
}

TEST_CASE("lm ffn variants: the swap is plain for plain or gated for gated") {
    const auto e = tiny(FfnAct::relu);
    CHECK(e->set_activation(FfnAct::relu2) == "");
    CHECK(e->set_activation(FfnAct::geglu) ==
          "cannot swap relu2 for geglu: geglu's gated FFN has other weights");
    const auto g = tiny(FfnAct::geglu);
    CHECK(g->set_activation(FfnAct::glu) == "");
    CHECK(g->set_activation(FfnAct::gelu) ==
          "cannot swap glu for gelu: glu's gated FFN has other weights");
}
