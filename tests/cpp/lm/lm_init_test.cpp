// The Transformer's initial weights: one random stream per tensor, seeded from (seed, name), so
// models that differ only in their FFN start alike everywhere else (the GLU study's pairing).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "lm/model.hpp"

namespace {

using al::lm::FfnAct;
using al::lm::Model;

std::vector<float> tensor_of(const Model& m, const std::string& name) {
    for (const auto& t : m.tensors())
        if (t.name == name)
            return {m.params().begin() + static_cast<std::ptrdiff_t>(t.offset),
                    m.params().begin() + static_cast<std::ptrdiff_t>(t.offset + t.size())};
    FAIL("no tensor " << name);
    return {};
}

Model initialised(FfnAct act, std::uint32_t seed) {
    al::lm::LmConfig c;
    c.act = act;
    Model m(c, 40);
    m.init(seed, al::lm::Init::bert);
    return m;
}

}  // namespace

TEST_CASE("lm init: fnv1a32 gives the published FNV-1a test vectors") {
    CHECK(al::lm::fnv1a32("") == 0x811c9dc5u);
    CHECK(al::lm::fnv1a32("a") == 0xe40c292cu);
    CHECK(al::lm::fnv1a32("foobar") == 0xbf9cf968u);
}

TEST_CASE(
    "lm init: a tensor's seed hashes the run's seed (4 bytes, little-endian), then its name") {
    const std::string bytes = std::string("\x01\x02\x03\x04", 4) + "tok.weight";
    CHECK(al::lm::tensor_seed(0x04030201u, "tok.weight") == al::lm::fnv1a32(bytes));
    CHECK(al::lm::tensor_seed(0, "tok.weight") != al::lm::tensor_seed(1, "tok.weight"));
    CHECK(al::lm::tensor_seed(0, "blocks.0.qkv.weight") !=
          al::lm::tensor_seed(0, "blocks.1.qkv.weight"));
}

TEST_CASE("lm init: FFN variants share every tensor of the same name and shape") {
    const Model relu = initialised(FfnAct::relu, 5);
    for (FfnAct act : {FfnAct::gelu, FfnAct::swiglu, FfnAct::geglu, FfnAct::reglu}) {
        const Model other = initialised(act, 5);
        int shared = 0;
        for (const auto& t : relu.tensors()) {
            const auto& ts = other.tensors();
            const auto same = std::find_if(ts.begin(), ts.end(), [&t](const auto& o) {
                return o.name == t.name && o.rows == t.rows && o.cols == t.cols;
            });
            if (same == ts.end()) continue;  // a gated FFN's w1, w2 and b1 have other shapes
            CHECK_MESSAGE(tensor_of(relu, t.name) == tensor_of(other, t.name), t.name);
            ++shared;
        }
        // Everything but the FFN's weights: embeddings, attention, LayerNorms (and w2's bias).
        CHECK(shared >= static_cast<int>(relu.tensors().size()) - 3 * relu.config().layers);
    }
}

TEST_CASE("lm init: matrices of the same shape draw different values; the seed changes them") {
    const Model a = initialised(FfnAct::relu, 5);
    CHECK(tensor_of(a, "blocks.0.qkv.weight") != tensor_of(a, "blocks.1.qkv.weight"));
    CHECK(tensor_of(a, "tok.weight") != tensor_of(initialised(FfnAct::relu, 6), "tok.weight"));
    CHECK(tensor_of(a, "tok.weight") == tensor_of(initialised(FfnAct::relu, 5), "tok.weight"));
}
