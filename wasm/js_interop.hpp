// What the Embind files (bindings.cpp, experiment_bindings.cpp, image_bindings.cpp,
// lm_bindings.cpp) share: raising a JS Error with a clear message, copies between WASM memory
// and typed arrays, and the JSON of one epoch. Only Emscripten-aware code includes this.
#pragma once
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "activation.hpp"
#include "json.hpp"
#include "mlp/experiment.hpp"
#include "named_enum.hpp"
#include "text_input.hpp"

namespace al::js {

using emscripten::val;

[[noreturn]] inline void throw_js(const char* type, const std::string& message) {
    val::global(type).new_(val(message)).throw_();
}

// "unknown activation 'x' (expected relu, gelu, gelu_tanh, silu or identity)": the names of
// `names` (every kernel's, or a model's: activation.hpp).
template <class Names = decltype(al::activation_names)>
std::string unknown_activation(const std::string& name, const Names& names = al::activation_names) {
    return "unknown activation " + al::quote_input(name) + " (expected " +
           names.joined(", ", " or ") + ")";
}

inline al::Activation activation_or_throw(const std::string& name) {
    if (auto a = al::activation_names.parse(name)) return *a;
    throw_js("RangeError", unknown_activation(name));
}

// A JS Float32Array holding a copy of `values` (a view would dangle).
inline val float32_copy(const float* values, std::size_t n) {
    val out = val::global("Float32Array").new_(n);
    out.call<void>("set", val(emscripten::typed_memory_view(n, values)));
    return out;
}

// A budget of rows from JS (a number: JS has no size_t), at least 1; huge ones are capped.
inline std::size_t rows_budget(double budget, const char* what) {
    if (!(budget >= 1))
        throw_js("RangeError", std::string(what) + ": budget must be at least 1 row");
    return budget >= 1e15 ? std::size_t(1e15) : std::size_t(budget);
}

// The fraction of the epoch under way done (an Experiment or ImageExperiment; 0 without one).
template <class Run>
double epoch_progress(const Run* run) {
    return run ? double(run->epoch_work_done()) / double(run->epoch_work()) : 0.0;
}

// The bytes of a JS Uint8Array.
inline std::vector<std::uint8_t> bytes_of(const val& a, const char* what) {
    if (!a.instanceof (val::global("Uint8Array")))
        throw_js("TypeError", std::string("ImageExperiment: ") + what + " must be a Uint8Array");
    return emscripten::convertJSArrayToNumberVector<std::uint8_t>(a);
}

inline al::Subset subset_or_throw(const std::string& which) {
    if (which == "train") return al::Subset::train;
    if (which == "val") return al::Subset::val;
    if (which == "test") return al::Subset::test;
    throw_js("RangeError",
             "unknown subset " + al::quote_input(which) + " (expected train, val or test)");
}

// [{pre_std, dead_fraction, grad_norm, cos_sim}, ...]; NaN comes out as null.
inline al::json::Value layers_value(const std::vector<al::LayerStats>& layers) {
    al::json::Array a;
    for (const al::LayerStats& s : layers)
        a.emplace_back(al::json::Object{{"pre_std", s.pre_std},
                                        {"dead_fraction", s.dead_fraction},
                                        {"grad_norm", s.grad_norm},
                                        {"cos_sim", s.cos_sim}});
    return al::json::Value(std::move(a));
}

// NaN (no validation set) comes out as null: the JSON writer writes non-finite numbers so.
// reached_95 is null until some epoch reached 95 % train accuracy; layers only with diagnostics.
inline std::string epoch_json(const al::EpochStats& e, bool diagnostics) {
    al::json::Object o{{"epoch", e.epoch},
                       {"train_loss", e.train_loss},
                       {"train_acc", e.train_acc},
                       {"val_loss", e.val_loss},
                       {"val_acc", e.val_acc},
                       {"reached_95", e.reached_95 > 0 ? al::json::Value(e.reached_95)
                                                       : al::json::Value(nullptr)}};
    if (diagnostics) o.emplace_back("layers", layers_value(e.layers));
    return al::json::write(al::json::Value(std::move(o)));
}

}  // namespace al::js
