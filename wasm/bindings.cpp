// Embind: the module's functions (activations, the number and layer grammars, configs, data
// sets, the points CSV, statistics, timings) for the page's workers, the CLI and the JS tests;
// wasm/activation-lab.d.ts types them. The classes live beside it: experiment_bindings.cpp
// (Experiment), image_bindings.cpp (ImageExperiment), lm_bindings.cpp (LmExperiment);
// js_interop.hpp is what they share. Bad input from JS raises a JS Error (RangeError/TypeError)
// with a clear message; the core itself never throws.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include <cmath>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "activation.hpp"
#include "benchmark.hpp"
#include "js_interop.hpp"
#include "json.hpp"
#include "mlp/config.hpp"
#include "mlp/datasets.hpp"
#include "mlp/moons.hpp"
#include "mlp/points_csv.hpp"
#include "mlp/state_dict.hpp"
#include "named_enum.hpp"
#include "simd/arch.hpp"
#include "stats.hpp"
#include "text_input.hpp"

using emscripten::val;

namespace {

using namespace al::js;

// The activations a model is built with (the menus); evaluate() also knows GELU's parts.
std::string activation_names_json() {
    return al::json::write(al::name_array(al::model_activation_names));
}

// f(x) or f'(x) of a Float32Array, a Float64Array (rounded to float32) or an array of numbers,
// SIMD kernel or scalar reference, as a new Float32Array. One buffer in WASM memory, left
// uninitialised: TypedArray.set fills it in one call (a memcpy for a Float32Array), the kernel
// works in place, slice() copies it out in one call.
val evaluate(const std::string& fn, bool grad, bool scalar, const val& xs) {
    const al::Activation a = activation_or_throw(fn);
    if (!xs.instanceof (val::global("Float32Array")) && !xs.instanceof
        (val::global("Float64Array")) && !xs.isArray()) {
        throw_js("TypeError",
                 "evaluate: xs must be a Float32Array, a Float64Array or an array of numbers");
    }
    const auto n = xs["length"].as<std::size_t>();
    const std::unique_ptr<float[]> buf(new float[n]);
    // (made after the allocation: growing the memory replaces the buffer views are made on)
    const val view(emscripten::typed_memory_view(n, buf.get()));
    view.call<void>("set", xs);
    float* x = buf.get();
    if (grad) {
        scalar ? al::activate_grad_scalar(a, x, x, n) : al::activate_grad(a, x, x, n);
    } else {
        scalar ? al::activate_scalar(a, x, x, n) : al::activate(a, x, x, n);
    }
    return view.call<val>("slice");
}

double bench_activation(const std::string& fn, bool grad, bool scalar, double n, int reps) {
    const al::Activation a = activation_or_throw(fn);
    // Bounded so that a page or a URL cannot ask for gigabytes.
    if (!(n >= 1 && n <= (1 << 24)) || reps < 1 || reps > 1000) {
        throw_js("RangeError", "benchActivation: n must be in [1, 16777216] and reps in [1, 1000]");
    }
    return al::activation_throughput(a, grad ? al::Pass::grad : al::Pass::value,
                                     scalar ? al::Kernel::scalar : al::Kernel::simd,
                                     static_cast<std::size_t>(n), reps);
}

double bench_simd_peak(int reps) {
    if (reps < 1 || reps > 100) throw_js("RangeError", "benchSimdPeak: reps must be in [1, 100]");
    return al::simd_peak_flops(reps);
}

double bench_gemm(int m, int n, int k, bool transpose_a, int reps) {
    if (m < 1 || n < 1 || k < 1 || m > 4096 || n > 4096 || k > 4096 || reps < 1 || reps > 100)
        throw_js("RangeError", "benchGemm: m, n, k must be in [1, 4096] and reps in [1, 100]");
    return al::gemm_throughput(std::size_t(m), std::size_t(n), std::size_t(k), transpose_a, reps);
}

// The one number grammar (text_input.hpp): the value, or null when the text is not a number of
// that kind ('integer', 'real' or 'any').
val parse_number(const std::string& text, const std::string& kind) {
    constexpr auto kinds = al::named_enum<al::NumberKind>({{al::NumberKind::integer, "integer"},
                                                           {al::NumberKind::real, "real"},
                                                           {al::NumberKind::any, "any"}});
    const std::optional<al::NumberKind> k = kinds.parse(kind);
    if (!k) throw_js("RangeError", "parseNumber: kind must be " + kinds.joined(", ", " or "));
    const auto x = al::parse_number(text, *k);
    return x ? val(*x) : val::null();
}

// {"ok":true,"layers":[64,64]} or {"ok":false,"message":"…"}: a list of hidden widths read as
// `--hidden TEXT` and a config's "hidden" string are (al::parse_hidden_layers), so the page
// accepts and refuses the same texts, with the same messages.
std::string parse_layers(const std::string& text) {
    std::string error;
    const auto widths = al::parse_hidden_layers(text, error);
    al::json::Object o{{"ok", widths.has_value()}};
    if (widths) {
        al::json::Array layers(widths->begin(), widths->end());
        o.emplace_back("layers", std::move(layers));
    } else {
        o.emplace_back("message", error);
    }
    return al::json::write(al::json::Value(std::move(o)));
}

std::string quote_input(const std::string& text) { return al::quote_input(text); }
std::string show_input(const std::string& text) { return al::shown_input(text); }

double state_dict_max_bytes() { return static_cast<double>(al::max_state_dict_bytes); }

// {"hidden":[…]} or {"error":"…"}: the widths a state_dict file describes, read as loading reads
// it.
std::string state_dict_hidden_json(const std::string& text) {
    std::string error;
    const auto hidden = al::state_dict_hidden(text, error);
    al::json::Object o;
    if (hidden) {
        al::json::Array widths;
        for (std::size_t w : *hidden) widths.emplace_back(double(w));
        o.emplace_back("hidden", al::json::Value(std::move(widths)));
    } else {
        o.emplace_back("error", al::json::Value(error));
    }
    return al::json::write(al::json::Value(std::move(o)));
}

std::string simd_arch() { return al::simd::arch_name(); }

// Bytes malloc has handed out and not had back: lets a test prove that runs do not leak.
double heap_bytes_in_use() { return double(mallinfo().uordblks); }

std::string default_config_json() { return al::config_to_json(al::default_config()); }

std::string validate_config_json(const std::string& json) {
    std::string error;
    return al::config_from_json(json, error) ? "" : error;
}

// make_moons takes the ranges of the config's n, noise and data_seed.
std::string validate_moons(double n, double noise, double seed) {
    al::Config c = al::default_config();
    if (!(n == std::floor(n)) || !(seed == std::floor(seed))) return "n and seed must be integers";
    if (!(seed >= al::limits::seed.lo && seed <= al::limits::seed.hi))
        return "seed must be " + al::describe_range(al::limits::seed);
    c.n = n >= 0 && n <= 1e9 ? int(n) : -1;
    c.noise = noise;
    return al::validate(c);
}

val make_moons(double n, double noise, double seed) {
    const std::string error = validate_moons(n, noise, seed);
    if (!error.empty()) throw_js("RangeError", "makeMoons: " + error);
    const al::Moons m = al::make_moons(std::size_t(n), noise, std::uint32_t(seed));
    val out = val::global("Float64Array").new_(m.y.size() * 3);
    std::vector<double> rows(m.y.size() * 3);
    for (std::size_t i = 0; i < m.y.size(); ++i) {
        rows[3 * i] = m.x[2 * i];
        rows[3 * i + 1] = m.x[2 * i + 1];
        rows[3 * i + 2] = m.y[i];
    }
    out.call<void>("set", val(emscripten::typed_memory_view(rows.size(), rows.data())));
    return out;
}

// Any data set of a config (dataset, n, noise, factor, data_seed; other keys are checked too):
// x0, x1, label triples.
val make_data(const std::string& config_json) {
    std::string error;
    const auto c = al::config_from_json(config_json, error);
    if (!c) throw_js("RangeError", "makeData: " + error);
    const al::Points p =
        c->dataset == al::DataSet::custom
            ? c->points
            : al::make_data(c->dataset, std::size_t(c->n), c->noise, c->factor, c->data_seed);
    std::vector<double> rows(p.size() * 3);
    for (std::size_t i = 0; i < p.size(); ++i) {
        rows[3 * i] = p.x[2 * i];
        rows[3 * i + 1] = p.x[2 * i + 1];
        rows[3 * i + 2] = p.y[i];
    }
    val out = val::global("Float64Array").new_(rows.size());
    out.call<void>("set", val(emscripten::typed_memory_view(rows.size(), rows.data())));
    return out;
}

// {"points":[[x0,x1,label],...]} or {"error":"line 3: …"}: a CSV file of points read as the CLI's
// `train --data FILE.csv` reads it (src/mlp/points_csv.hpp). Never throws for bad input.
std::string points_from_csv_json(const std::string& text) {
    std::string error;
    const auto p = al::points_from_csv(text, error);
    al::json::Object o;
    if (p)
        o.emplace_back("points", al::points_value(*p));
    else
        o.emplace_back("error", error);
    return al::json::write(al::json::Value(std::move(o)));
}

// A config's "points" ([[x0,x1,label],...] as JSON text) as the CSV `data` writes (%.17g);
// points a config would refuse raise a RangeError with the config's message.
std::string points_to_csv(const std::string& points_json) {
    std::string error;
    al::json::Limits bounds;
    bounds.max_bytes = al::config_max_bytes;
    bounds.max_depth = 3;
    auto v = al::json::parse(points_json, error, bounds);
    std::optional<al::Points> p = v ? al::points_from_value(*v, error) : std::nullopt;
    if (p && !(error = al::check_config_points(*p)).empty()) p.reset();
    if (!p) throw_js("RangeError", "pointsToCsv: " + error);
    return al::points_to_csv(*p);
}

std::vector<double> numbers_from_json(const std::string& text, const char* what) {
    std::string error;
    const auto v = al::json::parse(text, error);
    if (!v || !v->is_array())
        throw_js("TypeError", std::string(what) + " must be a JSON array of numbers");
    std::vector<double> xs;
    for (const auto& x : v->as_array()) {
        if (!x.is_number())
            throw_js("TypeError", std::string(what) + " must be a JSON array of numbers");
        xs.push_back(x.as_number());
    }
    return xs;
}

std::string paired_summary_json(const std::string& a_json, const std::string& b_json) {
    const auto a = numbers_from_json(a_json, "a"), b = numbers_from_json(b_json, "b");
    if (a.size() != b.size())
        throw_js("RangeError", "pairedSummary: a and b must have the same length");
    const al::PairedSummary s = al::paired_summary(a, b);
    al::json::Object o{{"n", double(s.n)},     {"mean_a", s.mean_a}, {"sd_a", s.sd_a},
                       {"mean_b", s.mean_b},   {"sd_b", s.sd_b},     {"mean_diff", s.mean_diff},
                       {"sd_diff", s.sd_diff}, {"ci_low", s.ci_low}, {"ci_high", s.ci_high}};
    return al::json::write(al::json::Value(std::move(o)));
}

}  // namespace

EMSCRIPTEN_BINDINGS(activation_lab) {
    using namespace emscripten;
    function("activationNames", &activation_names_json);
    function("simdArch", &simd_arch);
    function("parseNumber", &parse_number);
    function("parseLayers", &parse_layers);
    function("quoteInput", &quote_input);
    function("showInput", &show_input);
    function("stateDictHiddenJson", &state_dict_hidden_json);
    function("stateDictMaxBytes", &state_dict_max_bytes);
    function("heapBytesInUse", &heap_bytes_in_use);
    function("evaluate", &evaluate);
    function("normalCdf", &al::normal_cdf);
    function(
        "geluDip", +[] { return al::gelu_dip; });
    function("benchActivation", &bench_activation);
    function("benchSimdPeak", &bench_simd_peak);
    function("benchGemm", &bench_gemm);
    function("defaultConfigJson", &default_config_json);
    function("configLimitsJson", &al::config_limits_json);
    function("validateConfigJson", &validate_config_json);
    function("validateMoons", &validate_moons);
    function("makeMoons", &make_moons);
    function("makeData", &make_data);
    function("pointsFromCsvJson", &points_from_csv_json);
    function("pointsToCsv", &points_to_csv);
    function("pairedSummaryJson", &paired_summary_json);
}
