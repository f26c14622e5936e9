// A language model small enough to build in a millisecond (d 8, 2 heads, 1 layer, ffn 16, ctx 8)
// on a text of 27 distinct characters: the model the state and safetensors tests read and write.
#pragma once
#include <memory>
#include <string>

#include "lm/lm_config.hpp"
#include "lm/lm_experiment.hpp"

namespace tiny_lm {

inline al::lm::LmConfig config() {
    al::lm::LmConfig c;
    c.d = 8;
    c.heads = 2;
    c.layers = 1;
    c.ffn = 16;
    c.ctx = 8;
    c.batch = 2;
    c.steps = 1;
    return c;
}

inline std::unique_ptr<al::lm::LmExperiment> model(const al::lm::LmConfig& c = config()) {
    std::string text;
    for (int i = 0; i < 100; ++i) text += "the quick brown fox jumps over the lazy dog\n";
    return std::make_unique<al::lm::LmExperiment>(c, text);
}

}  // namespace tiny_lm
