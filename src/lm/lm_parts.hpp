// Which part of GELU a trained Transformer uses (issue 61): its validation loss with the FFN's
// function replaced by each of a few others, forward passes only (no step learns anything), and
// what the FFN's function actually receives, block by block. GELU differs from ReLU on both sides
// of 0: a smooth positive side, and a dip below it; gelu_no_negative keeps only the first,
// gelu_linear_positive only the second (activation.hpp), so the loss each costs tells which side
// the weights rely on, and the inputs' statistics tell how much of the dip they sit in.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "json.hpp"
#include "lm/lm_config.hpp"
#include "lm/lm_experiment.hpp"

namespace al::lm {

// The histogram's fixed range and bins: every value counts, those outside in underflow/overflow.
// ±8 holds all but a few of a trained model's FFN inputs (their sd is 1 to 2).
inline constexpr double ffn_histogram_lo = -8.0, ffn_histogram_hi = 8.0;
inline constexpr int ffn_histogram_bins = 64;

// One block's FFN function: its inputs w1·LN(x) + b1 (a gated FFN's gates and ups alike) over the
// validation windows of evaluate(), and its outputs.
struct FfnBlockStats {
    std::uint64_t count = 0;   // inputs seen
    double mean = 0, sd = 0;   // sd: the population's (divided by count)
    double share_nonpositive;  // inputs ≤ 0
    double share_below_dip;    // inputs < gelu_dip, where GELU falls as its input grows
    double share_zero_output;  // outputs exactly 0 (ReLU's silenced units)
    std::uint64_t zero_outputs = 0, outputs = 0;
    std::vector<std::uint64_t> histogram;  // ffn_histogram_bins over [lo, hi)
    std::uint64_t underflow = 0, overflow = 0;
};

// The validation loss of evaluate() with the model's own FFN function, and its blocks' stats:
// one pass of forwards.
struct FfnStats {
    double val_loss;
    std::vector<FfnBlockStats> blocks;
    double share_zero_output;  // over every block's outputs
};
FfnStats ffn_stats(LmExperiment& e);

struct PartLoss {
    FfnAct act;
    double val_loss;
};
struct GeluParts {
    FfnAct base;  // the model's own function
    FfnStats base_stats;
    std::vector<PartLoss> parts;  // in gelu_part_acts' order, without the base
};
// What stands in for the model's function, in this order (the base, if among them, left out).
inline constexpr FfnAct gelu_part_acts[] = {
    FfnAct::gelu,      FfnAct::relu, FfnAct::gelu_no_negative, FfnAct::gelu_linear_positive,
    FfnAct::gelu_tanh, FfnAct::silu};
// "" or why not: the experiment must be valid and its FFN plain (a gated one has other weights).
std::string gelu_parts(LmExperiment& e, GeluParts& out);

// As JSON (wasm/activation-lab.d.ts's LmFfnStats and LmGeluParts):
//   {"val_loss", "share_zero_output", "blocks": [{"block", "count", "mean", "sd",
//    "share_nonpositive", "share_below_dip", "share_zero_output",
//    "histogram": {"lo", "hi", "counts": [...], "underflow", "overflow"}}, ...]}
//   {"dip", "base": {"name", "val_loss"}, "parts": [{"name", "val_loss", "delta"}, ...],
//    "blocks": [...]}  or {"error": "..."}
std::string ffn_stats_json(LmExperiment& e);
std::string gelu_parts_json(LmExperiment& e);

}  // namespace al::lm
