#include "lm/lm_config.hpp"

#include <cmath>
#include <iterator>

#include "config.hpp"
#include "lm/corpus.hpp"
#include "lm/lm_state.hpp"

namespace al::lm {

namespace {

std::string num(double x) {
    std::string s;
    json::write_number(s, x);
    return s == "null" ? (std::isnan(x) ? "NaN" : x > 0 ? "inf" : "-inf") : s;
}

// "<field> must be <range> (got x)"; NaN fails every comparison, so it is rejected too.
std::string check(const char* field, double x, const Range& r) {
    const bool ok =
        (r.lo_open ? x > r.lo : x >= r.lo) && x <= r.hi && (!r.integer || std::floor(x) == x);
    if (ok) return "";
    return std::string(field) + " must be " + describe_range(r) + " (got " + num(x) + ")";
}

std::string act_list() {
    std::string s;
    for (std::size_t i = 0; i < std::size(all_ffn_acts); ++i) {
        if (i) s += i + 1 < std::size(all_ffn_acts) ? ", " : " or ";
        s += ffn_act_name(all_ffn_acts[i]);
    }
    return s;
}

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

}  // namespace

const char* ffn_act_name(FfnAct a) {
    switch (a) {
        case FfnAct::relu: return "relu";
        case FfnAct::gelu: return "gelu";
        case FfnAct::gelu_tanh: return "gelu_tanh";
        case FfnAct::silu: return "silu";
        case FfnAct::swiglu: return "swiglu";
    }
    return "?";
}

std::optional<FfnAct> parse_ffn_act(std::string_view name) {
    for (FfnAct a : all_ffn_acts)
        if (name == ffn_act_name(a)) return a;
    return std::nullopt;
}

Activation elementwise(FfnAct a) {
    switch (a) {
        case FfnAct::relu: return Activation::relu;
        case FfnAct::gelu: return Activation::gelu;
        case FfnAct::gelu_tanh: return Activation::gelu_tanh;
        default: return Activation::silu;
    }
}

int ffn_hidden(const LmConfig& c) {
    return c.act == FfnAct::swiglu ? static_cast<int>(std::lround(2.0 * c.ffn / 3.0)) : c.ffn;
}
int ffn_rows(const LmConfig& c) { return c.act == FfnAct::swiglu ? 2 * ffn_hidden(c) : c.ffn; }

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
    if (!parse_ffn_act(ffn_act_name(c.act))) return "act must be one of " + act_list();
    for (const Field& f : fields) {
        std::string e = check(f.name, value_of(c, f), *f.range);
        if (!e.empty()) return e;
    }
    if (c.d % c.heads != 0)
        return "d must be a multiple of heads (got d " + std::to_string(c.d) + ", heads " +
               std::to_string(c.heads) + ")";
    if (vocab > 0) {
        const double call = step_flops(c, vocab) + eval_flops(c, vocab);
        if (call > max_call_flops)
            return "this model is too large for one step: " + num(std::round(call / 1e6)) +
                   " MFLOP per step and evaluation, at most " + num(max_call_flops / 1e6) +
                   " (reduce d, layers, ffn, ctx or batch)";
        const double run = step_flops(c, vocab) * c.steps;
        if (run > max_run_flops)
            return "this run is too long: " + num(std::round(run / 1e9)) + " GFLOP, at most " +
                   num(max_run_flops / 1e9) + " (reduce steps or the model)";
    }
    return "";
}

std::optional<LmConfig> config_from_json(std::string_view text, std::string& error) {
    json::Limits jl;
    jl.max_bytes = 1u << 16;
    jl.max_depth = 4;
    const std::optional<json::Value> v = json::parse(text, error, jl);
    if (!v) return std::nullopt;
    if (!v->is_object()) {
        error =
            std::string("config must be a JSON object (got ") + json::type_name(v->type()) + ")";
        return std::nullopt;
    }
    LmConfig c;
    for (const auto& [key, value] : v->as_object()) {
        if (key == "act") {
            const auto a = value.is_string() ? parse_ffn_act(value.as_string()) : std::nullopt;
            if (!a) {
                error = "act must be one of " + act_list();
                return std::nullopt;
            }
            c.act = *a;
        } else if (key == "init") {
            const std::string s = value.is_string() ? value.as_string() : "";
            if (s != "bert" && s != "gpt2") {
                error = "init must be bert or gpt2";
                return std::nullopt;
            }
            c.init = s == "bert" ? Init::bert : Init::gpt2;
        } else if (key == "seed") {
            const double x = value.is_number() ? value.as_number() : NAN;
            if (!(error = check("seed", x, limits::lm::seed)).empty()) return std::nullopt;
            c.seed = static_cast<std::uint32_t>(x);
        } else {
            const Field* f = nullptr;
            for (const Field& g : fields)
                if (key == g.name) f = &g;
            if (!f) {
                error = unknown_key_error(key);
                return std::nullopt;
            }
            if (!value.is_number()) {
                error = std::string(f->name) + " must be " + describe_range(*f->range) + " (got " +
                        json::type_name(value.type()) + ")";
                return std::nullopt;
            }
            const double x = value.as_number();
            if (!(error = check(f->name, x, *f->range)).empty()) return std::nullopt;
            if (f->i)
                c.*f->i = static_cast<int>(x);
            else
                c.*f->x = x;
        }
    }
    error = validate(c);
    if (!error.empty()) return std::nullopt;
    return c;
}

std::string config_to_json(const LmConfig& c) {
    json::Object o;
    o.emplace_back("act", ffn_act_name(c.act));
    for (const Field& f : fields) o.emplace_back(f.name, value_of(c, f));
    o.emplace_back("init", c.init == Init::bert ? "bert" : "gpt2");
    o.emplace_back("seed", static_cast<double>(c.seed));
    return json::write(json::Value(std::move(o)));
}

std::string config_limits_json() {
    json::Object o;
    for (const Field& f : fields) {
        const Range& r = *f.range;
        o.emplace_back(
            f.name,
            json::Object{
                {"min", r.lo}, {"max", r.hi}, {"min_open", r.lo_open}, {"integer", r.integer}});
    }
    const Range& s = limits::lm::seed;
    o.emplace_back(
        "seed", json::Object{{"min", s.lo}, {"max", s.hi}, {"min_open", false}, {"integer", true}});
    json::Array acts;
    for (FfnAct a : all_ffn_acts) acts.emplace_back(ffn_act_name(a));
    o.emplace_back("act", std::move(acts));
    o.emplace_back("init", json::Array{"bert", "gpt2"});
    for (const auto& [name, r] : {std::pair{"sample_chars", limits::lm::sample_chars},
                                  std::pair{"temperature", limits::lm::temperature},
                                  std::pair{"study_seeds", limits::lm::study_seeds},
                                  std::pair{"study_steps", limits::lm::study_steps}})
        o.emplace_back(
            name,
            json::Object{
                {"min", r.lo}, {"max", r.hi}, {"min_open", r.lo_open}, {"integer", r.integer}});
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
