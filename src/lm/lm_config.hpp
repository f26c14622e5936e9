// The settings of one language-model run, their defaults, validation and JSON form.
// Defaults are the reference tiny Transformer the article measured in PyTorch
// (tests/fixtures/tiny_lm_torch.py is the same model); ranges are the limits::lm table below.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "activation.hpp"
#include "json.hpp"
#include "named_enum.hpp"
#include "settings.hpp"

// The ranges of the settings below (Range: settings.hpp). Besides these ranges, d must be a
// multiple of heads, and the compute budget (below) bounds the work of one step() and of a
// whole run, so no combination can freeze a page.
namespace al::limits::lm {
inline constexpr Range d{8, 256, false, true};
inline constexpr Range layers{1, 8, false, true};
inline constexpr Range heads{1, 16, false, true};
inline constexpr Range ctx{4, 256, false, true};
inline constexpr Range ffn{4, 1024, false, true};
inline constexpr Range batch{1, 256, false, true};
inline constexpr Range steps{1, 100000, false, true};
inline constexpr Range lr{0, 1, true, false};
inline constexpr Range warmup{0, 100000, false, true};
inline constexpr Range lr_floor{0, 1, false, false};
inline constexpr Range beta1{0, 0.9999, false, false};
inline constexpr Range beta2{0, 0.99999, false, false};
inline constexpr Range weight_decay{0, 1, false, false};
inline constexpr Range clip{0, 1000, false, false};  // 0: no clipping
inline constexpr Range seed = limits::seed;
inline constexpr Range eval_every{1, 100000, false, true};
// Sampling: characters per call and temperature (0: always the most likely character).
inline constexpr Range sample_chars{1, 5000, false, true};
inline constexpr Range temperature{0, 10, false, false};
// The page's many-seeds study of the Transformer: few seeds (each is two full runs), and
// schedules up to twice the reference, so a study never meets the run budget.
inline constexpr Range study_seeds{1, 8, false, true};
inline constexpr Range study_steps{1, 3000, false, true};
inline constexpr int study_default_seeds = 3;
// 3 seeds × 2 activations at this length take about a minute on two idle cores.
inline constexpr int study_default_steps = 1000;
// Fine-tuning after the pretrained swap (the page's and `lm swap`'s default): a constant
// learning rate, a thirtieth of the pretraining's peak, small enough that the control (the
// model's own function, fine-tuned alike) keeps its loss, large enough that 200 steps win back
// most of what a swap to ReLU costs (tests/fixtures/make_swap_fixtures.py checks both in PyTorch).
inline constexpr double swap_lr = 1e-4;
// The GLU figure's own run and `lm study`'s defaults: the first seeds of the reference study
// (web/data/lm-glu-reference.json, its seeds and steps), which the reader re-runs in about a
// minute on two idle cores.
inline constexpr int glu_default_seeds = 3;
inline constexpr int glu_default_steps = 1000;
}  // namespace al::limits::lm

namespace al::lm {

// The FFN's nonlinearity. Plain: w2(f(w1 x)), with relu2 = relu(x)² (So et al. 2021). Gated
// (Shazeer 2020, "GLU Variants Improve Transformer"): w1 holds 2·H rows, the gate's first, then the
// up projection's, and the hidden value is g(gate)·up with g = sigmoid (glu), identity (bilinear),
// relu (reglu), gelu, erf form (geglu) or silu (swiglu). A gated FFN's H = round(2·ffn/3), which
// keeps the parameter count of a plain FFN of width ffn (H = round(8d/3) for ffn = 4d, as
// tiny_lm_torch.py). The rounding is to nearest: 2·ffn/3 never ends in .5 for an integer ffn, so
// std::lround and Python's round (half to even) agree.
// gelu_no_negative and gelu_linear_positive are GELU's parts (activation.hpp), plain FFNs.
// The names are the CLI's and the page's; new ones go last, so the older ones keep their order.
enum class FfnAct {
    relu,
    gelu,
    gelu_tanh,
    silu,
    swiglu,
    relu2,
    glu,
    bilinear,
    reglu,
    geglu,
    gelu_no_negative,
    gelu_linear_positive
};
inline constexpr auto ffn_act_names =
    named_enum<FfnAct>({{FfnAct::relu, "relu"},
                        {FfnAct::gelu, "gelu"},
                        {FfnAct::gelu_tanh, "gelu_tanh"},
                        {FfnAct::silu, "silu"},
                        {FfnAct::swiglu, "swiglu"},
                        {FfnAct::relu2, "relu2"},
                        {FfnAct::glu, "glu"},
                        {FfnAct::bilinear, "bilinear"},
                        {FfnAct::reglu, "reglu"},
                        {FfnAct::geglu, "geglu"},
                        {FfnAct::gelu_no_negative, "gelu_no_negative"},
                        {FfnAct::gelu_linear_positive, "gelu_linear_positive"}});
inline constexpr auto all_ffn_acts = ffn_act_names.values();
// Whether the FFN is gated (its w1 twice as tall, of width round(2·ffn/3)).
constexpr bool is_gated(FfnAct a) {
    return a == FfnAct::swiglu || a == FfnAct::glu || a == FfnAct::bilinear || a == FfnAct::reglu ||
           a == FfnAct::geglu;
}
// The one place that says which FFN functions are swap-only: GELU's parts, probes of what a
// trained model uses (lm parts), so offered only where a trained model's FFN is replaced
// (LmExperiment::set_activation, `lm swap --act`). Never a run from scratch's or a study's
// choice: config_limits_json() leaves them out of "act" (the menus) and lists them apart, as
// "swap_only_act". A config still reads them (a swapped model's file records its function).
constexpr bool is_swap_only(FfnAct a) {
    return a == FfnAct::gelu_no_negative || a == FfnAct::gelu_linear_positive;
}
// The FFN functions a model is built and trained with: every name but the swap-only ones.
inline constexpr auto model_ffn_act_names =
    ffn_act_names.subset<10>([](FfnAct a) { return !is_swap_only(a); });

// "bert": N(0, 0.02·√(768/d)), BERT-base's pre-activation scale at this width;
// "gpt2": N(0, 0.02). Residual projections (proj, w2) are further divided by √(2·layers).
enum class Init { bert, gpt2 };
inline constexpr auto init_names = named_enum<Init>({{Init::bert, "bert"}, {Init::gpt2, "gpt2"}});

struct LmConfig {
    FfnAct act = FfnAct::gelu;
    int d = 32;        // model width, a multiple of heads
    int layers = 2;    // blocks
    int heads = 2;     // attention heads
    int ctx = 32;      // context (characters per training sequence)
    int ffn = 128;     // FFN hidden width (gated: see above)
    int batch = 32;    // sequences per step
    int steps = 1500;  // optimiser steps of the schedule
    double lr = 3e-3;  // peak learning rate
    int warmup = 50;   // linear warm-up steps, then cosine decay to lr_floor·lr
    double lr_floor = 0.1;
    double beta1 = 0.9, beta2 = 0.99;  // AdamW
    double weight_decay = 0.01;        // decoupled, on every parameter (as tiny_lm_torch.py)
    double clip = 1.0;                 // gradient-norm clip; 0 = none
    Init init = Init::bert;
    std::uint32_t seed = 0;  // initial weights and batches
    int eval_every = 100;    // steps between recorded evaluations
};

// Hidden width of the FFN (the width of w2's input): ffn, or round(2·ffn/3) when gated.
int ffn_hidden(const LmConfig& c);
// Rows of w1: hidden, or 2·hidden when gated.
int ffn_rows(const LmConfig& c);

// Compute budget. Floating-point operations of one training step (forward and backward of
// batch·ctx tokens, vocabulary `vocab`) and of one evaluation (forward over the fixed windows of
// both splits). A step plus an evaluation must stay under max_call_flops, which keeps one
// step(1) call of a worker within ~250 ms (the pretrained configuration, web/data/
// lm-pretrained.json: 0.5 GFLOP a step, 2.7 an evaluation); steps·step_flops under max_run_flops,
// which admits the pretrained model's run (5.1 TFLOP, npm run pretrain: some 15 minutes of one
// core) and fine-tuning it for about 1,700 more steps, and from scratch about 33,000 steps of the
// reference model: some five minutes of a page worker, never an afternoon.
inline constexpr int eval_windows = 128;  // per split
inline constexpr double max_call_flops = 5.0e9;
inline constexpr double max_run_flops = 6.0e12;
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
