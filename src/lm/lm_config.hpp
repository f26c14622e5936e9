// The settings of one language-model run, their defaults, validation and JSON form.
// Defaults are the reference configuration of FINDINGS §3 (tests/fixtures/tiny_lm_torch.py is
// the same model in PyTorch); ranges are the limits::lm table in config.hpp.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "activation.hpp"
#include "json.hpp"

namespace al::lm {

// The FFN's nonlinearity. swiglu is gated: w1 holds 2·H rows (gate first, then up), the hidden
// value is silu(gate)·up, and H = round(2·ffn/3), which keeps the parameter count of a plain FFN
// of width ffn (H = round(8d/3) for ffn = 4d, as tiny_lm.py).
enum class FfnAct { relu, gelu, gelu_tanh, silu, swiglu };
inline constexpr FfnAct all_ffn_acts[] = {FfnAct::relu, FfnAct::gelu, FfnAct::gelu_tanh,
                                          FfnAct::silu, FfnAct::swiglu};
const char* ffn_act_name(FfnAct a);
std::optional<FfnAct> parse_ffn_act(std::string_view name);
// The elementwise function applied (silu for swiglu's gate).
Activation elementwise(FfnAct a);

// "bert": N(0, 0.02·√(768/d)), BERT-base's pre-activation scale at this width;
// "gpt2": N(0, 0.02). Residual projections (proj, w2) are further divided by √(2·layers).
enum class Init { bert, gpt2 };

struct LmConfig {
    FfnAct act = FfnAct::gelu;
    int d = 32;        // model width, a multiple of heads
    int layers = 2;    // blocks
    int heads = 2;     // attention heads
    int ctx = 32;      // context (characters per training sequence)
    int ffn = 128;     // FFN hidden width (swiglu: see above)
    int batch = 32;    // sequences per step
    int steps = 1500;  // optimiser steps of the schedule
    double lr = 3e-3;  // peak learning rate
    int warmup = 50;   // linear warm-up steps, then cosine decay to lr_floor·lr
    double lr_floor = 0.1;
    double beta1 = 0.9, beta2 = 0.99;  // AdamW
    double weight_decay = 0.01;        // decoupled, on every parameter (as tiny_lm.py)
    double clip = 1.0;                 // gradient-norm clip; 0 = none
    Init init = Init::bert;
    std::uint32_t seed = 0;  // initial weights and batches
    int eval_every = 100;    // steps between recorded evaluations
};

// Hidden width of the FFN (the width of w2's input): ffn, or round(2·ffn/3) for swiglu.
int ffn_hidden(const LmConfig& c);
// Rows of w1: hidden, or 2·hidden for swiglu.
int ffn_rows(const LmConfig& c);

// Compute budget. Floating-point operations of one training step (forward and backward of
// batch·ctx tokens, vocabulary `vocab`) and of one evaluation (forward over the fixed windows of
// both splits). A step plus an evaluation must stay under max_call_flops, which keeps one
// step(1) call of a worker within ~250 ms (the pretrained configuration, web/data/
// lm-pretrained.json: 0.5 GFLOP a step, 2.9 an evaluation); steps·step_flops under max_run_flops,
// which admits the pretrained model's run (5.4 TFLOP, npm run pretrain: some 15 minutes of one
// core) with room for a longer one, 200× the from-scratch reference run.
inline constexpr int eval_windows = 128;  // per split
inline constexpr double max_call_flops = 5.0e9;
inline constexpr double max_run_flops = 6.0e13;
inline constexpr int max_vocab = 256;
double step_flops(const LmConfig& c, int vocab);
double eval_flops(const LmConfig& c, int vocab);

// "" or a message naming the first bad field. `vocab` (0: unknown yet) enables the budget check.
std::string validate(const LmConfig& c, int vocab = 0);

// From a JSON object of the fields above; missing keys take the defaults, unknown keys, wrong
// types, non-integers and out-of-range values are errors. Validated (without the budget).
std::optional<LmConfig> config_from_json(std::string_view text, std::string& error);
std::string config_to_json(const LmConfig& c);
// The ranges: {"d":{"min":8,"max":256,"min_open":false,"integer":true}, ..., "act":[...],
// "init":["bert","gpt2"], "max_call_flops":..., "max_run_flops":..., "eval_windows":128, ...}
std::string config_limits_json();

}  // namespace al::lm
