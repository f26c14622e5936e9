#include "lm/lm_config.hpp"

#include <cmath>
#include <iterator>

#include "lm/corpus.hpp"
#include "lm/lm_state.hpp"

namespace al::lm {

namespace {

// The numeric fields: name, range, and where the value lives (int or double member).
struct Field {
    const char* name;
    const Range* range;
    int LmConfig::*i;
    double LmConfig::*x;
};
const Field fields[] = {
    {"d", &limits::lm::d, &LmConfig::d, nullptr},
    {"layers", &limits::lm::layers, &LmConfig::layers, nullptr},
    {"heads", &limits::lm::heads, &LmConfig::heads, nullptr},
    {"ctx", &limits::lm::ctx, &LmConfig::ctx, nullptr},
    {"ffn", &limits::lm::ffn, &LmConfig::ffn, nullptr},
    {"batch", &limits::lm::batch, &LmConfig::batch, nullptr},
    {"steps", &limits::lm::steps, &LmConfig::steps, nullptr},
    {"lr", &limits::lm::lr, nullptr, &LmConfig::lr},
    {"warmup", &limits::lm::warmup, &LmConfig::warmup, nullptr},
    {"lr_floor", &limits::lm::lr_floor, nullptr, &LmConfig::lr_floor},
    {"beta1", &limits::lm::beta1, nullptr, &LmConfig::beta1},
    {"beta2", &limits::lm::beta2, nullptr, &LmConfig::beta2},
    {"weight_decay", &limits::lm::weight_decay, nullptr, &LmConfig::weight_decay},
    {"clip", &limits::lm::clip, nullptr, &LmConfig::clip},
    {"eval_every", &limits::lm::eval_every, &LmConfig::eval_every, nullptr},
};

double value_of(const LmConfig& c, const Field& f) { return f.i ? c.*f.i : c.*f.x; }

const Field* field_named(std::string_view name) {
    for (const Field& f : fields)
        if (name == f.name) return &f;
    return nullptr;
}

// "relu, gelu, gelu_tanh, silu, swiglu, ... or geglu".
std::string act_names() { return ffn_act_names.joined(", ", " or "); }

}  // namespace

int ffn_hidden(const LmConfig& c) {
    return is_gated(c.act) ? static_cast<int>(std::lround(2.0 * c.ffn / 3.0)) : c.ffn;
}
int ffn_rows(const LmConfig& c) { return is_gated(c.act) ? 2 * ffn_hidden(c) : c.ffn; }

namespace {
// Multiply-adds ×2 of the forward pass, per token (attention counted over the full ctx × ctx
// products the kernels compute, masked half included).
double forward_flops_per_token(const LmConfig& c, int vocab) {
    const double d = c.d, rows = ffn_rows(c), hidden = ffn_hidden(c), t = c.ctx;
    const double block = 2 * d * 3 * d + 2 * d * d + 2 * d * rows + 2 * hidden * d + 4 * t * d;
    return c.layers * block + 2 * d * vocab;
}

// The error for a key no LmConfig has, naming every key it has.
std::string unknown_key_error(const std::string& key) {
    std::string names = "act, init, seed";
    for (const Field& g : fields) {
        names += ", ";
        names += g.name;
    }
    return "unknown config key '" + key + "' (expected " + names + ")";
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
    for (const Field& f : fields) {
        std::string e = check_range(f.name, value_of(c, f), *f.range);
        if (!e.empty()) return e;
    }
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
    if (!v) return std::nullopt;
    if (!v->is_object()) {
        error = not_an_object_error(*v);
        return std::nullopt;
    }
    LmConfig c;
    for (const auto& [key, value] : v->as_object()) {
        bool ok = true;
        if (key == "act") {
            const auto a =
                value.is_string() ? ffn_act_names.parse(value.as_string()) : std::nullopt;
            if (!a) {
                error = "act must be one of " + act_names();
                return std::nullopt;
            }
            c.act = *a;
        } else if (key == "init") {
            const auto i = value.is_string() ? init_names.parse(value.as_string()) : std::nullopt;
            if (!i) {
                error = "init must be " + init_names.joined(", ", " or ");
                return std::nullopt;
            }
            c.init = *i;
        } else if (key == "seed") {
            ok = read_in_range(value, "seed", limits::lm::seed, c.seed, error);
        } else if (const Field* f = field_named(key)) {
            ok = f->i ? read_in_range(value, f->name, *f->range, c.*f->i, error)
                      : read_in_range(value, f->name, *f->range, c.*f->x, error);
        } else {
            error = unknown_key_error(key);
            return std::nullopt;
        }
        if (!ok) return std::nullopt;
    }
    error = validate(c);
    if (!error.empty()) return std::nullopt;
    return c;
}

std::string config_to_json(const LmConfig& c) {
    json::Object o;
    o.emplace_back("act", ffn_act_names.name(c.act));
    for (const Field& f : fields) o.emplace_back(f.name, value_of(c, f));
    o.emplace_back("init", init_names.name(c.init));
    o.emplace_back("seed", static_cast<double>(c.seed));
    return json::write(json::Value(std::move(o)));
}

std::string config_limits_json() {
    json::Object o;
    for (const Field& f : fields) o.emplace_back(f.name, range_value(*f.range));
    o.emplace_back("seed", range_value(limits::lm::seed));
    o.emplace_back("act", name_array(ffn_act_names));
    json::Array gated;
    for (FfnAct a : all_ffn_acts)
        if (is_gated(a)) gated.emplace_back(ffn_act_names.name(a));
    o.emplace_back("gated_act", std::move(gated));
    o.emplace_back("init", name_array(init_names));
    for (const auto& [name, r] : {std::pair{"sample_chars", limits::lm::sample_chars},
                                  std::pair{"temperature", limits::lm::temperature},
                                  std::pair{"study_seeds", limits::lm::study_seeds},
                                  std::pair{"study_steps", limits::lm::study_steps}})
        o.emplace_back(name, range_value(r));
    o.emplace_back("study_defaults", json::Object{{"seeds", limits::lm::study_default_seeds},
                                                  {"steps", limits::lm::study_default_steps}});
    o.emplace_back("max_call_flops", max_call_flops);
    o.emplace_back("max_run_flops", max_run_flops);
    o.emplace_back("max_vocab", max_vocab);
    o.emplace_back("max_text_bytes", static_cast<double>(max_text_bytes));
    o.emplace_back("max_state_bytes", static_cast<double>(max_state_bytes));
    o.emplace_back("eval_windows", eval_windows);
    return json::write(json::Value(std::move(o)));
}

}  // namespace al::lm
