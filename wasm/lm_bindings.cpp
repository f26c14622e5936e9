// Embind for the language model (src/lm/): the LmExperiment class and its module functions.
// Linked into the same module as bindings.cpp (one .wasm for every figure); typed in
// wasm/activation-lab.d.ts. Bad input comes back as a message (error(), "" or a reason), never a
// crash: the worker reports it like any other state.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "json.hpp"
#include "lm/corpus.hpp"
#include "lm/lm_config.hpp"
#include "lm/lm_experiment.hpp"
#include "lm/lm_parts.hpp"
#include "lm/lm_safetensors.hpp"

using emscripten::val;

namespace {

std::string lm_default_config_json() { return al::lm::config_to_json(al::lm::LmConfig{}); }

double lm_scratch_chars() { return static_cast<double>(al::lm::scratch_chars); }

std::string lm_validate_config_json(const std::string& json) {
    std::string error;
    return al::lm::config_from_json(json, error) ? "" : error;
}

std::string eval_json(const al::lm::LmEval& e) {
    al::json::Object o{{"step", e.step}, {"train_loss", e.train_loss}, {"val_loss", e.val_loss}};
    return al::json::write(al::json::Value(std::move(o)));
}

// {"step": FLOP of one training step, "eval": of one evaluation, "run": steps·step, "vocab": V}
// for a config and a text (the vocabulary sets the output layer's size); null if either is bad.
std::string lm_flops_json(const std::string& config_json, const std::string& text) {
    std::string error;
    const auto c = al::lm::config_from_json(config_json, error);
    if (!c) return "null";
    const al::lm::Corpus corpus(text, c->ctx, al::lm::max_vocab);
    if (!corpus.error().empty()) return "null";
    const int v = corpus.vocab_size();
    al::json::Object o{{"step", al::lm::step_flops(*c, v)},
                       {"eval", al::lm::eval_flops(*c, v)},
                       {"run", al::lm::step_flops(*c, v) * c->steps},
                       {"vocab", v}};
    return al::json::write(al::json::Value(std::move(o)));
}

// {"config": {...}} of a safetensors file's __metadata__ (the config it was saved with), or
// {"error": "..."} when the header is malformed or records none. Embind reads a Uint8Array's
// bytes into the string.
std::string lm_safetensors_config_json(const std::string& bytes) {
    std::string error;
    const auto config = al::lm::safetensors_config(bytes, error);
    if (config && al::lm::config_from_json(*config, error)) return "{\"config\":" + *config + "}";
    std::string out = "{\"error\":";
    al::json::write_string(out, error);
    return out + "}";
}

class JsLmExperiment {
  public:
    JsLmExperiment(const std::string& config_json, const std::string& text) {
        if (auto c = al::lm::config_from_json(config_json, error_))
            run_ = std::make_unique<al::lm::LmExperiment>(*c, text);
    }

    bool step(double max_steps) {
        if (!run_ || !(max_steps >= 1)) return false;
        return run_->step(max_steps > 1e6 ? 1000000 : static_cast<int>(max_steps));
    }
    int step_count() const { return run_ ? run_->step_count() : 0; }
    double param_count() const {
        return run_ && run_->model() ? double(run_->model()->params().size()) : 0;
    }
    std::string status() const {
        return run_ ? al::lm::status_names.name(run_->status()) : "invalid";
    }
    std::string error() const { return run_ ? run_->error() : error_; }
    std::string config_json() const {
        return run_ && run_->model() ? al::lm::config_to_json(run_->config()) : "null";
    }
    std::string evaluate_json() {
        return run_ && run_->model() ? eval_json(run_->evaluate()) : "null";
    }
    std::string history_json() const {
        std::string out = "[";
        if (run_)
            for (const auto& e : run_->history()) out += (out.size() > 1 ? "," : "") + eval_json(e);
        return out + "]";
    }
    std::string sample(const std::string& prompt, double n, double temperature, double seed) {
        if (!run_) throw_error("the experiment is invalid: " + error_);
        std::string error;
        std::string text = run_->sample(prompt, n, temperature, seed, error);
        if (!error.empty()) throw_error("sample: " + error);
        return text;
    }
    std::string set_activation(const std::string& name) {
        const auto a = al::lm::ffn_act_names.parse(name);
        if (!a)
            return "unknown activation '" + name + "' (expected " +
                   al::lm::ffn_act_names.joined(", ", " or ") + ")";
        return run_ ? run_->set_activation(*a) : "the experiment is invalid: " + error_;
    }
    std::string activation() const {
        return run_ ? al::lm::ffn_act_names.name(run_->activation()) : "";
    }
    std::string set_steps(double total) {
        return run_ ? run_->set_steps(total) : "the experiment is invalid: " + error_;
    }
    std::string set_constant_lr(double lr) {
        return run_ ? run_->set_constant_lr(lr) : "the experiment is invalid: " + error_;
    }
    std::string state_json() const { return run_ ? run_->state_json() : "null"; }
    std::string load_state_json(const std::string& text) {
        return run_ ? run_->load_state_json(text) : "the experiment is invalid: " + error_;
    }
    val state_safetensors() const {
        const std::string bytes = run_ ? run_->state_safetensors() : "";
        val copy = val::global("Uint8Array").new_(bytes.size());
        copy.call<void>("set",
                        val(emscripten::typed_memory_view(
                            bytes.size(), reinterpret_cast<const unsigned char*>(bytes.data()))));
        return copy;
    }
    std::string load_state_safetensors(const std::string& bytes) {
        return run_ ? run_->load_state_safetensors(bytes) : "the experiment is invalid: " + error_;
    }
    val ffn_preactivations(double layer) {
        if (!run_) throw_error("the experiment is invalid: " + error_);
        std::vector<float> out;
        const int l = layer >= -1 && layer <= 1e6 && layer == static_cast<int>(layer)
                          ? static_cast<int>(layer)
                          : -1;
        const std::string error = run_->ffn_preactivations(l, out);
        if (!error.empty()) throw_error("ffnPreactivations: " + error);
        val copy = val::global("Float32Array").new_(out.size());
        copy.call<void>("set", val(emscripten::typed_memory_view(out.size(), out.data())));
        return copy;
    }

    // lm_parts.hpp: the FFN's inputs and outputs on the validation windows; which part of GELU
    // the model uses. JSON, {"error": …} when invalid.
    std::string ffn_stats_json() { return run_ ? al::lm::ffn_stats_json(*run_) : error_json(); }
    std::string gelu_parts_json() { return run_ ? al::lm::gelu_parts_json(*run_) : error_json(); }

  private:
    std::unique_ptr<al::lm::LmExperiment> run_;
    std::string error_;

    std::string error_json() const {
        std::string out = "{\"error\":";
        al::json::write_string(out, "the experiment is invalid: " + error_);
        return out + "}";
    }
    [[noreturn]] static void throw_error(const std::string& message) {
        val::global("RangeError").new_(val(message)).throw_();
        __builtin_unreachable();
    }
};

}  // namespace

EMSCRIPTEN_BINDINGS(activation_lab_lm) {
    using namespace emscripten;
    function("lmDefaultConfigJson", &lm_default_config_json);
    function("lmScratchChars", &lm_scratch_chars);
    function("lmConfigLimitsJson", &al::lm::config_limits_json);
    function("lmValidateConfigJson", &lm_validate_config_json);
    function("lmFlopsJson", &lm_flops_json);
    function("lmSafetensorsConfigJson", &lm_safetensors_config_json);

    class_<JsLmExperiment>("LmExperiment")
        .constructor<const std::string&, const std::string&>()
        .function("step", &JsLmExperiment::step)
        .function("stepCount", &JsLmExperiment::step_count)
        .function("paramCount", &JsLmExperiment::param_count)
        .function("status", &JsLmExperiment::status)
        .function("error", &JsLmExperiment::error)
        .function("configJson", &JsLmExperiment::config_json)
        .function("evaluateJson", &JsLmExperiment::evaluate_json)
        .function("historyJson", &JsLmExperiment::history_json)
        .function("sample", &JsLmExperiment::sample)
        .function("setActivation", &JsLmExperiment::set_activation)
        .function("activation", &JsLmExperiment::activation)
        .function("setSteps", &JsLmExperiment::set_steps)
        .function("setConstantLr", &JsLmExperiment::set_constant_lr)
        .function("stateJson", &JsLmExperiment::state_json)
        .function("loadStateJson", &JsLmExperiment::load_state_json)
        .function("stateSafetensors", &JsLmExperiment::state_safetensors)
        .function("loadStateSafetensors", &JsLmExperiment::load_state_safetensors)
        .function("ffnPreactivations", &JsLmExperiment::ffn_preactivations)
        .function("ffnStatsJson", &JsLmExperiment::ffn_stats_json)
        .function("geluPartsJson", &JsLmExperiment::gelu_parts_json);
}
