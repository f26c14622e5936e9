#include "lm/lm_config.hpp"

#include <cmath>

#include "lm/corpus.hpp"
#include "lm/lm_state.hpp"

namespace al::lm {

namespace {

// "relu, gelu, gelu_tanh, silu, swiglu, ... or geglu".
std::string act_names() { return ffn_act_names.joined(", ", " or "); }

// Every field, in the order config_to_json writes them: the names, then the numbers.
const Fields<LmConfig>& fields() {
    using C = LmConfig;
    namespace L = limits::lm;
    static const Fields<C> table{
        name_field("act", ffn_act_names, &C::act, "one of " + act_names()),
        range_field("d", L::d, &C::d),
        range_field("layers", L::layers, &C::layers),
        range_field("heads", L::heads, &C::heads),
        range_field("ctx", L::ctx, &C::ctx),
        range_field("ffn", L::ffn, &C::ffn),
        range_field("batch", L::batch, &C::batch),
        range_field("steps", L::steps, &C::steps),
        range_field("lr", L::lr, &C::lr),
        range_field("warmup", L::warmup, &C::warmup),
        range_field("lr_floor", L::lr_floor, &C::lr_floor),
        range_field("beta1", L::beta1, &C::beta1),
        range_field("beta2", L::beta2, &C::beta2),
        range_field("weight_decay", L::weight_decay, &C::weight_decay),
        range_field("clip", L::clip, &C::clip),
        range_field("eval_every", L::eval_every, &C::eval_every),
        name_field("init", init_names, &C::init, init_names.joined(", ", " or ")),
        range_field("seed", L::seed, &C::seed),
    };
    return table;
}

}  // namespace

int ffn_hidden(const LmConfig& c) {
    return is_gated(c.act) ? static_cast<int>(std::lround(2.0 * c.ffn / 3.0)) : c.ffn;
}
int ffn_rows(const LmConfig& c) { return is_gated(c.act) ? 2 * ffn_hidden(c) : c.ffn; }

namespace {
// Multiply-adds ×2 of the forward pass, per token. The causal attention counts what the model
// needs: query i against keys 0…i, (ctx + 1)/2 keys on average, in q·kᵀ and in p·v. Not the full
// ctx × ctx square a masked implementation computes (PyTorch's), which would credit work that
// attention.cpp skips (its blocks stop at the diagonal) and overstate a rate read against a peak.
double forward_flops_per_token(const LmConfig& c, int vocab) {
    const double d = c.d, rows = ffn_rows(c), hidden = ffn_hidden(c), t = c.ctx;
    const double attention = 2 * (2 * d * (t + 1) / 2);
    const double block = 2 * d * 3 * d + 2 * d * d + 2 * d * rows + 2 * hidden * d + attention;
    return c.layers * block + 2 * d * vocab;
}

}  // namespace

double step_flops(const LmConfig& c, int vocab) {
    return 3 * forward_flops_per_token(c, vocab) * c.batch * c.ctx;
}
double eval_flops(const LmConfig& c, int vocab) {
    return forward_flops_per_token(c, vocab) * 2.0 * eval_windows * c.ctx;
}

std::string validate(const LmConfig& c, int vocab) {
    if (!ffn_act_names.contains(c.act)) return "act must be one of " + act_names();
    if (std::string e = check_ranges(fields(), c); !e.empty()) return e;
    if (c.d % c.heads != 0)
        return "d must be a multiple of heads (got d " + std::to_string(c.d) + ", heads " +
               std::to_string(c.heads) + ")";
    if (vocab > 0) {
        const double call = step_flops(c, vocab) + eval_flops(c, vocab);
        if (call > max_call_flops)
            return "this model is too large for one step: " + number_text(std::round(call / 1e6)) +
                   " MFLOP per step and evaluation, at most " + number_text(max_call_flops / 1e6) +
                   " (reduce d, layers, ffn, ctx or batch)";
        const double run = step_flops(c, vocab) * c.steps;
        if (run > max_run_flops)
            return "this run is too long: " + number_text(std::round(run / 1e9)) +
                   " GFLOP, at most " + number_text(max_run_flops / 1e9) +
                   " (reduce steps or the model)";
    }
    return "";
}

std::optional<LmConfig> config_from_json(std::string_view text, std::string& error) {
    const std::optional<json::Value> v = parse_settings_json(text, error);
    LmConfig c;
    if (!v || !read_fields(*v, fields(), c, error, '\'')) return std::nullopt;
    error = validate(c);
    if (!error.empty()) return std::nullopt;
    return c;
}

std::string config_to_json(const LmConfig& c) {
    return json::write(json::Value(write_fields(fields(), c)));
}

std::string config_limits_json() {
    json::Object o;
    add_ranges(fields(), o);
    o.emplace_back("act", name_array(model_ffn_act_names));
    json::Array gated, swap_only;
    for (FfnAct a : all_ffn_acts) {
        if (is_gated(a)) gated.emplace_back(ffn_act_names.name(a));
        if (is_swap_only(a)) swap_only.emplace_back(ffn_act_names.name(a));
    }
    o.emplace_back("gated_act", std::move(gated));
    o.emplace_back("swap_only_act", std::move(swap_only));
    o.emplace_back("init", name_array(init_names));
    for (const auto& [name, r] : {std::pair{"sample_chars", limits::lm::sample_chars},
                                  std::pair{"temperature", limits::lm::temperature},
                                  std::pair{"study_seeds", limits::lm::study_seeds},
                                  std::pair{"study_steps", limits::lm::study_steps}})
        o.emplace_back(name, range_value(r));
    o.emplace_back("study_defaults", json::Object{{"seeds", limits::lm::study_default_seeds},
                                                  {"steps", limits::lm::study_default_steps}});
    o.emplace_back("swap_defaults", json::Object{{"lr", limits::lm::swap_lr}});
    // The GLU study's variants: ReLU (the reference) and those Shazeer (2020) compares it with.
    json::Array variants;
    for (FfnAct a : {FfnAct::relu, FfnAct::gelu, FfnAct::swiglu, FfnAct::geglu, FfnAct::reglu})
        variants.emplace_back(ffn_act_names.name(a));
    o.emplace_back("glu_defaults", json::Object{{"seeds", limits::lm::glu_default_seeds},
                                                {"steps", limits::lm::glu_default_steps},
                                                {"variants", std::move(variants)}});
    o.emplace_back("max_call_flops", max_call_flops);
    o.emplace_back("max_run_flops", max_run_flops);
    o.emplace_back("max_vocab", max_vocab);
    o.emplace_back("max_text_bytes", static_cast<double>(max_text_bytes));
    o.emplace_back("max_state_bytes", static_cast<double>(max_state_bytes));
    o.emplace_back("eval_windows", eval_windows);
    return json::write(json::Value(std::move(o)));
}

}  // namespace al::lm
