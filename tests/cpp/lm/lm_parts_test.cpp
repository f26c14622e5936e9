// lm_parts: the validation loss with a stand-in FFN function, and the FFN's statistics, on a tiny
// model; against what the experiment and the model themselves say (the shipped model's numbers
// are compared with PyTorch in tests/js/lm-parts.test.mjs).
#include "lm/lm_parts.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "activation.hpp"
#include "tiny_lm.hpp"

using al::lm::FfnAct;

namespace {
std::unique_ptr<al::lm::LmExperiment> trained_tiny(FfnAct act) {
    al::lm::LmConfig c = tiny_lm::config();
    c.act = act;
    c.layers = 2;
    c.steps = 20;
    auto e = tiny_lm::model(c);
    while (e->step(10)) {
    }
    return e;
}
}  // namespace

TEST_CASE("lm_parts: the base loss is evaluate()'s; a stand-in changes it and leaves the model") {
    auto e = trained_tiny(FfnAct::gelu);
    const double val = e->evaluate().val_loss;
    CHECK(e->val_loss_with(FfnAct::gelu) == val);
    al::lm::GeluParts p;
    REQUIRE(al::lm::gelu_parts(*e, p) == "");
    CHECK(p.base == FfnAct::gelu);
    CHECK(p.base_stats.val_loss == val);
    REQUIRE(p.parts.size() == 5);
    CHECK(p.parts[0].act == FfnAct::relu);
    for (const al::lm::PartLoss& x : p.parts) {
        CHECK(std::isfinite(x.val_loss));
        CHECK(x.val_loss != val);
    }
    CHECK(e->activation() == FfnAct::gelu);  // the model's own function is back
    CHECK(e->evaluate().val_loss == val);
    CHECK(std::isnan(e->val_loss_with(FfnAct::swiglu)));  // gated cannot stand in for plain
}

TEST_CASE("lm_parts: block statistics count every input, and ReLU's zeros are its inputs ≤ 0") {
    auto e = trained_tiny(FfnAct::relu);
    const al::lm::FfnStats s = al::lm::ffn_stats(*e);
    const al::lm::LmConfig& c = e->config();
    REQUIRE(s.blocks.size() == 2);
    std::uint64_t zeros = 0, outputs = 0;
    for (std::size_t l = 0; l < 2; ++l) {
        const al::lm::FfnBlockStats& b = s.blocks[l];
        CHECK(b.count == static_cast<std::uint64_t>(al::lm::eval_windows) * c.ctx * c.ffn);
        const std::uint64_t binned =
            std::accumulate(b.histogram.begin(), b.histogram.end(), std::uint64_t{0});
        CHECK(binned + b.underflow + b.overflow == b.count);
        CHECK(b.share_zero_output == doctest::Approx(b.share_nonpositive).epsilon(1e-12));
        CHECK(b.share_below_dip <= b.share_nonpositive);
        CHECK(b.sd > 0);
        zeros += b.zero_outputs;
        outputs += b.outputs;
    }
    CHECK(s.share_zero_output == static_cast<double>(zeros) / static_cast<double>(outputs));
    // The inputs are the model's own pre-activations: the first chunk's, counted here.
    std::uint64_t first_nonpositive = 0, first_count = 0;
    e->val_loss_with(FfnAct::relu, [&](const al::lm::Model& m) {
        if (first_count) return;
        first_count = m.last_tokens() * static_cast<std::size_t>(c.ffn);
        for (std::size_t i = 0; i < first_count; ++i) first_nonpositive += m.ffn_pre(0)[i] <= 0;
    });
    std::vector<float> pre;
    REQUIRE(e->ffn_preactivations(0, pre) == "");  // the same first windows
    CHECK(static_cast<std::uint64_t>(std::count_if(
              pre.begin(), pre.end(), [](float x) { return x <= 0; })) == first_nonpositive);
}

TEST_CASE("lm_parts: a gated FFN is refused with its reason") {
    auto e = trained_tiny(FfnAct::swiglu);
    al::lm::GeluParts p;
    CHECK(al::lm::gelu_parts(*e, p).find("plain FFN") != std::string::npos);
}
