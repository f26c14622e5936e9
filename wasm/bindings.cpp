// Embind: the only Emscripten-aware file. It exposes the core to JavaScript
// (the page's workers, the CLI, the JS tests); wasm/activation-lab.d.ts types it.
// Bad input from JS raises a JS Error (RangeError/TypeError) with a clear message;
// the core itself never throws.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include <cmath>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "activation.hpp"
#include "benchmark.hpp"
#include "json.hpp"
#include "mlp/config.hpp"
#include "mlp/datasets.hpp"
#include "mlp/experiment.hpp"
#include "mlp/idx.hpp"
#include "mlp/image_experiment.hpp"
#include "mlp/moons.hpp"
#include "mlp/points_csv.hpp"
#include "mlp/state_dict.hpp"
#include "named_enum.hpp"
#include "simd/arch.hpp"
#include "stats.hpp"
#include "text_input.hpp"

using emscripten::val;

namespace {

[[noreturn]] void throw_js(const char* type, const std::string& message) {
    val::global(type).new_(val(message)).throw_();
}

// "unknown activation 'x' (expected relu, gelu, gelu_tanh, silu or identity)"
std::string unknown_activation(const std::string& name) {
    return "unknown activation " + al::quote_input(name) + " (expected " +
           al::activation_names.joined(", ", " or ") + ")";
}

al::Activation activation_or_throw(const std::string& name) {
    if (auto a = al::activation_names.parse(name)) return *a;
    throw_js("RangeError", unknown_activation(name));
}

// A JS Float32Array holding a copy of `values` (a view would dangle).
val float32_copy(const float* values, std::size_t n) {
    val out = val::global("Float32Array").new_(n);
    out.call<void>("set", val(emscripten::typed_memory_view(n, values)));
    return out;
}

std::string activation_names_json() {
    return al::json::write(al::name_array(al::activation_names));
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

// "" or why an image run's config is refused (src/mlp/image_config.hpp), before any file is read.
std::string validate_image_config_json(const std::string& json) {
    std::string error;
    return al::image_config_from_json(json, error) ? "" : error;
}

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

al::Subset subset_or_throw(const std::string& which) {
    if (which == "train") return al::Subset::train;
    if (which == "val") return al::Subset::val;
    if (which == "test") return al::Subset::test;
    throw_js("RangeError",
             "unknown subset " + al::quote_input(which) + " (expected train, val or test)");
}

// [{pre_std, dead_fraction, grad_norm, cos_sim}, ...]; NaN comes out as null.
al::json::Value layers_value(const std::vector<al::LayerStats>& layers) {
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
std::string epoch_json(const al::EpochStats& e, bool diagnostics) {
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

// The JS face of al::Experiment. A config that does not parse leaves it "invalid" (with the
// reason in error()) instead of throwing, so a worker can report it like any other state.
class JsExperiment {
  public:
    explicit JsExperiment(const std::string& config_json) {
        if (auto c = al::config_from_json(config_json, error_))
            run_ = std::make_unique<al::Experiment>(*c);
    }

    bool step() { return run_ && run_->step(); }
    // budget: rows of work, a number (JS has no size_t); at least one chunk is done.
    bool advance(double budget) {
        if (!(budget >= 1)) throw_js("RangeError", "advance: budget must be at least 1 row");
        return run_ && run_->advance(budget >= 1e15 ? std::size_t(1e15) : std::size_t(budget));
    }
    double epoch_progress() const {
        return run_ ? double(run_->epoch_work_done()) / double(run_->epoch_work()) : 0.0;
    }
    void cancel_epoch() {
        if (run_) run_->cancel_epoch();
    }
    // evaluateJson in pieces: beginEvaluation(which), then continueEvaluation(budget) until true,
    // then evaluationJson(). One pass at a time.
    void begin_evaluation(const std::string& which) {
        cursor_ = al::Experiment::EvalCursor{subset_or_throw(which)};
    }
    bool continue_evaluation(double budget) {
        if (!(budget >= 1)) throw_js("RangeError", "continueEvaluation: budget must be at least 1");
        return !run_ || run_->evaluate_some(
                            cursor_, budget >= 1e15 ? std::size_t(1e15) : std::size_t(budget));
    }
    std::string evaluation_json() const {
        const al::Metrics m = run_ ? cursor_.metrics() : al::Metrics{NAN, NAN};
        al::json::Object o{{"loss", m.loss}, {"acc", m.acc}};
        return al::json::write(al::json::Value(std::move(o)));
    }
    int epoch() const { return run_ ? run_->epoch() : 0; }
    std::string status() const { return run_ ? al::status_names.name(run_->status()) : "invalid"; }
    std::string error() const { return run_ ? run_->error() : error_; }
    std::string config_json() const { return run_ ? al::config_to_json(run_->config()) : "null"; }

    std::string last_epoch_json() const {
        if (!run_ || run_->history().empty()) return "null";
        return epoch_json(run_->history().back(), run_->config().diagnostics);
    }
    std::string history_json() const {
        std::string out = "[";
        if (run_) {
            for (const auto& e : run_->history())
                out += (out.size() > 1 ? "," : "") + epoch_json(e, run_->config().diagnostics);
        }
        return out + "]";
    }
    std::string evaluate_json(const std::string& which) {
        const al::Subset s = subset_or_throw(which);
        const al::Metrics m = run_ ? run_->evaluate(s) : al::Metrics{NAN, NAN};
        al::json::Object o{{"loss", m.loss}, {"acc", m.acc}};
        return al::json::write(al::json::Value(std::move(o)));
    }

    static void check_grid(const char* what, int nx, int ny, float xmin, float xmax, float ymin,
                           float ymax) {
        if (nx < 1 || ny < 1 || nx > 1024 || ny > 1024)
            throw_js("RangeError", std::string(what) + ": nx and ny must be in [1, 1024]");
        if (!(std::isfinite(xmin) && std::isfinite(xmax) && std::isfinite(ymin) &&
              std::isfinite(ymax)))
            throw_js("RangeError", std::string(what) + ": bounds must be finite");
    }

    val grid(int nx, int ny, float xmin, float xmax, float ymin, float ymax) {
        check_grid("grid", nx, ny, xmin, xmax, ymin, ymax);
        grid_.assign(std::size_t(nx) * ny, NAN);
        if (run_) run_->fill_grid(nx, ny, xmin, xmax, ymin, ymax, grid_.data());
        return val(emscripten::typed_memory_view(grid_.size(), grid_.data()));
    }

    // The same grid in pieces: cells [first, first + count) (row-major) into the grid buffer,
    // whose view comes back; the other cells keep their values (NaN when the size changed).
    val grid_cells(int nx, int ny, float xmin, float xmax, float ymin, float ymax, double first,
                   double count) {
        check_grid("gridCells", nx, ny, xmin, xmax, ymin, ymax);
        const std::size_t total = std::size_t(nx) * ny;
        if (!(first >= 0 && count >= 0 && first + count <= double(total) &&
              first == std::floor(first) && count == std::floor(count)))
            throw_js("RangeError", "gridCells: cells out of range");
        if (grid_.size() != total) grid_.assign(total, NAN);
        if (run_)
            run_->fill_grid(nx, ny, xmin, xmax, ymin, ymax, grid_.data(), std::size_t(first),
                            std::size_t(count));
        return val(emscripten::typed_memory_view(grid_.size(), grid_.data()));
    }

    // The neuron maps of hidden layer `layer` (0-based): width × nx × ny floats, unit-major, each
    // unit's cells in grid()'s order (Experiment::fill_neuron_maps). A view of one buffer.
    val neuron_maps(int layer, int nx, int ny, float xmin, float xmax, float ymin, float ymax) {
        const std::size_t cells = check_maps("neuronMaps", layer, nx, ny, xmin, xmax, ymin, ymax);
        maps_.assign(cells * width(layer), NAN);
        maps_layer_ = layer;
        run_->fill_neuron_maps(std::size_t(layer), nx, ny, xmin, xmax, ymin, ymax, maps_.data());
        return val(emscripten::typed_memory_view(maps_.size(), maps_.data()));
    }

    // The same maps in pieces, as gridCells: cells [first, first + count) of every unit; the other
    // values keep theirs (NaN when the layer or the grid's size changed).
    val neuron_maps_cells(int layer, int nx, int ny, float xmin, float xmax, float ymin, float ymax,
                          double first, double count) {
        const std::size_t cells =
            check_maps("neuronMapsCells", layer, nx, ny, xmin, xmax, ymin, ymax);
        if (!(first >= 0 && count >= 0 && first + count <= double(cells) &&
              first == std::floor(first) && count == std::floor(count)))
            throw_js("RangeError", "neuronMapsCells: cells out of range");
        if (maps_.size() != cells * width(layer) || maps_layer_ != layer)
            maps_.assign(cells * width(layer), NAN);
        maps_layer_ = layer;
        run_->fill_neuron_maps(std::size_t(layer), nx, ny, xmin, xmax, ymin, ymax, maps_.data(),
                               std::size_t(first), std::size_t(count));
        return val(emscripten::typed_memory_view(maps_.size(), maps_.data()));
    }

    std::string diagnostics_json() {
        return run_ ? al::json::write(layers_value(run_->diagnose())) : "[]";
    }

    val pattern_grid(int nx, int ny, float xmin, float xmax, float ymin, float ymax) {
        check_grid("patternGrid", nx, ny, xmin, xmax, ymin, ymax);
        patterns_.assign(std::size_t(nx) * ny, 0u);
        if (run_) run_->fill_pattern_grid(nx, ny, xmin, xmax, ymin, ymax, patterns_.data());
        return val(emscripten::typed_memory_view(patterns_.size(), patterns_.data()));
    }

    val data(const std::string& which) {
        const al::Subset s = subset_or_throw(which);
        auto& rows = rows_[int(s)];
        rows.clear();
        if (run_) {
            const al::Dataset& d = run_->data(s);
            for (std::size_t i = 0; i < d.size(); ++i)
                rows.insert(rows.end(), {d.x[2 * i], d.x[2 * i + 1], d.y[i]});
        }
        return val(emscripten::typed_memory_view(rows.size(), rows.data()));
    }

    val predict(const val& xy) {
        if (!xy.instanceof (val::global("Float32Array")) && !xy.isArray())
            throw_js("TypeError", "predict: xy must be a Float32Array of x0, x1 pairs");
        const std::vector<float> pts = emscripten::convertJSArrayToNumberVector<float>(xy);
        if (pts.size() % 2 != 0)
            throw_js("RangeError", "predict: xy must hold x0, x1 pairs (even length)");
        std::vector<float> prob(pts.size() / 2, NAN);
        if (run_) run_->predict(pts.data(), prob.size(), prob.data());
        return float32_copy(prob.data(), prob.size());
    }

    std::string set_activation(const std::string& name) {
        const auto a = al::activation_names.parse(name);
        if (!a) return unknown_activation(name);
        if (!run_) return "the experiment is invalid: " + error_;
        run_->set_activation(*a);
        return "";
    }
    std::string activation() const {
        return run_ ? al::activation_names.name(run_->activation()) : "";
    }

    std::string set_epochs(double epochs) {
        const al::Range& r = al::limits::epochs;
        if (!(epochs >= r.lo && epochs <= r.hi && epochs == std::floor(epochs)))
            return "epochs must be " + al::describe_range(r);
        if (!run_) return "the experiment is invalid: " + error_;
        run_->set_epochs(int(epochs));
        return "";
    }

    std::string state_json() const { return run_ ? run_->state_json() : "null"; }
    std::string load_state_json(const std::string& text) {
        return run_ ? run_->load_state_json(text) : "the experiment is invalid: " + error_;
    }

  private:
    std::unique_ptr<al::Experiment> run_;
    std::string error_;
    std::vector<float> grid_, maps_;
    int maps_layer_ = -1;
    // At most this many values in the neuron maps (16 MB): 512 units × 90 × 90 cells.
    static constexpr std::size_t max_map_values = std::size_t{1} << 22;

    std::size_t width(int layer) const { return run_->network().layer(std::size_t(layer)).out(); }
    // The grid's cells, or a RangeError for a bad layer, grid or size.
    std::size_t check_maps(const char* what, int layer, int nx, int ny, float xmin, float xmax,
                           float ymin, float ymax) {
        check_grid(what, nx, ny, xmin, xmax, ymin, ymax);
        if (!run_)
            throw_js("RangeError", std::string(what) + ": the experiment is invalid: " + error_);
        const int hidden = int(run_->network().num_hidden());
        if (layer < 0 || layer >= hidden)
            throw_js("RangeError",
                     std::string(what) + ": layer must be in [0, " + std::to_string(hidden - 1) +
                         "] (the hidden layers, 0-based; got " + std::to_string(layer) + ")");
        const std::size_t cells = std::size_t(nx) * std::size_t(ny);
        if (cells * width(layer) > max_map_values)
            throw_js("RangeError", std::string(what) + ": width × nx × ny must be at most " +
                                       std::to_string(max_map_values) + " (got " +
                                       std::to_string(cells * width(layer)) + ")");
        return cells;
    }
    std::vector<std::uint32_t> patterns_;
    std::vector<float> rows_[3];
    al::Experiment::EvalCursor cursor_;
};

// The bytes of a JS Uint8Array.
std::vector<std::uint8_t> bytes_of(const val& a, const char* what) {
    if (!a.instanceof (val::global("Uint8Array")))
        throw_js("TypeError", std::string("ImageExperiment: ") + what + " must be a Uint8Array");
    return emscripten::convertJSArrayToNumberVector<std::uint8_t>(a);
}

// The subset file the build ships (src/mlp/idx.hpp): the first n_train and n_test images of the
// four IDX files [trainImages, trainLabels, testImages, testLabels], read and checked by the core.
val make_image_subset(const val& files, double n_train, double n_test) {
    const al::Range& rt = al::limits::images::n_train;
    const al::Range& rs = al::limits::images::n_test;
    if (!(n_train >= rt.lo && n_train <= rt.hi && n_test >= rs.lo && n_test <= rs.hi))
        throw_js("RangeError", "makeImageSubset: n_train must be " + al::describe_range(rt) +
                                   " and n_test " + al::describe_range(rs));
    if (!files.isArray() || files["length"].as<std::size_t>() != 4)
        throw_js("TypeError", "makeImageSubset: files must be the 4 IDX files");
    const char* what[] = {"train images", "train labels", "test images", "test labels"};
    std::vector<std::uint8_t> b[4];
    for (std::size_t i = 0; i < 4; ++i) b[i] = bytes_of(files[int(i)], what[i]);
    std::string error;
    al::ImageSplit split;
    auto tr = al::read_idx_pair(b[0].data(), b[0].size(), b[1].data(), b[1].size(),
                                std::size_t(n_train), "train", error);
    auto te = tr ? al::read_idx_pair(b[2].data(), b[2].size(), b[3].data(), b[3].size(),
                                     std::size_t(n_test), "test", error)
                 : std::nullopt;
    if (!tr || !te) throw_js("RangeError", "makeImageSubset: " + error);
    if (tr->size() < std::size_t(n_train) || te->size() < std::size_t(n_test))
        throw_js("RangeError", "makeImageSubset: the files hold fewer images than asked for");
    split.train = std::move(*tr);
    split.test = std::move(*te);
    const std::vector<std::uint8_t> out = al::write_image_subset(split);
    val a = val::global("Uint8Array").new_(out.size());
    a.call<void>("set", val(emscripten::typed_memory_view(out.size(), out.data())));
    return a;
}

// The JS face of al::ImageExperiment. files: [trainImages, trainLabels, testImages, testLabels]
// (raw IDX bytes, already inflated) or [subset] (the shipped file). Bad config or data leave it
// "invalid" with error(), as Experiment.
class JsImageExperiment {
  public:
    JsImageExperiment(const std::string& config_json, const val& files) {
        const auto c = al::image_config_from_json(config_json, error_);
        if (!c) return;
        if (!files.isArray()) throw_js("TypeError", "ImageExperiment: files must be an array");
        const auto n = files["length"].as<std::size_t>();
        std::optional<al::ImageSplit> split;
        if (n == 1) {
            const auto b = bytes_of(files[0], "the subset");
            split = al::read_image_subset(b.data(), b.size(), error_);
        } else if (n == 4) {
            const char* what[] = {"train images", "train labels", "test images", "test labels"};
            std::vector<std::uint8_t> b[4];
            for (std::size_t i = 0; i < 4; ++i) b[i] = bytes_of(files[int(i)], what[i]);
            split.emplace();
            auto tr = al::read_idx_pair(b[0].data(), b[0].size(), b[1].data(), b[1].size(),
                                        std::size_t(c->n_train), "train", error_);
            if (!tr) return;
            auto te = al::read_idx_pair(b[2].data(), b[2].size(), b[3].data(), b[3].size(),
                                        std::size_t(c->n_test), "test", error_);
            if (!tr || !te) return;
            split->train = std::move(*tr);
            split->test = std::move(*te);
        } else {
            throw_js("RangeError", "ImageExperiment: files must hold 4 IDX files or 1 subset");
        }
        if (!split) return;
        run_ = std::make_unique<al::ImageExperiment>(*c, *split);
        if (!run_->error().empty()) {
            error_ = run_->error();
            run_.reset();
        }
    }
    bool step() { return run_ && run_->step(); }
    int epoch() const { return run_ ? run_->epoch() : 0; }
    std::string status() const { return run_ ? al::status_names.name(run_->status()) : "invalid"; }
    std::string error() const { return error_; }
    std::string config_json() const {
        return run_ ? al::image_config_to_json(run_->config()) : "null";
    }
    std::string last_epoch_json() const {
        if (!run_ || run_->history().empty()) return "null";
        const al::ImageEpoch& e = run_->history().back();
        al::json::Object o{{"epoch", e.epoch},
                           {"train_loss", e.train_loss},
                           {"test_loss", e.test_loss},
                           {"train_acc", e.train_acc},
                           {"test_acc", e.test_acc}};
        return al::json::write(al::json::Value(std::move(o)));
    }
    std::string evaluate_json(const std::string& which) {
        const al::Metrics m = run_ ? run_->evaluate(subset_or_throw(which)) : al::Metrics{NAN, NAN};
        al::json::Object o{{"loss", m.loss}, {"acc", m.acc}};
        return al::json::write(al::json::Value(std::move(o)));
    }
    std::string state_json() const { return run_ ? run_->state_json() : "null"; }
    std::string load_state_json(const std::string& text) {
        return run_ ? run_->load_state_json(text) : "the experiment is invalid: " + error_;
    }
    // Test images first .. first + count − 1 under the current weights: {"first", "labels",
    // "guesses" (arg-max, as test_acc counts), "probabilities" (softmax of the guess)}.
    std::string predictions_json(double first, double count) {
        const double n = run_ ? run_->config().n_test : 0;
        if (!run_) throw_js("Error", "ImageExperiment: the experiment is invalid: " + error_);
        if (!(first >= 0 && count >= 0 && first + count <= n && first == std::floor(first) &&
              count == std::floor(count)))
            throw_js("RangeError",
                     "predictionsJson: first and count must be whole numbers with "
                     "first + count ≤ n_test (" +
                         std::to_string(int(n)) + ")");
        al::json::Array labels, guesses, probabilities;
        for (const al::ImagePrediction& p :
             run_->predict_test(std::size_t(first), std::size_t(count))) {
            labels.emplace_back(p.label);
            guesses.emplace_back(p.guess);
            probabilities.emplace_back(p.probability);
        }
        al::json::Object o{{"first", first},
                           {"labels", al::json::Value(std::move(labels))},
                           {"guesses", al::json::Value(std::move(guesses))},
                           {"probabilities", al::json::Value(std::move(probabilities))}};
        return al::json::write(al::json::Value(std::move(o)));
    }
    // The pixels (0..255, 28 × 28 row-major) of test image i, a fresh Uint8Array.
    val test_pixels(double i) {
        const double n = run_ ? run_->config().n_test : 0;
        if (!run_) throw_js("Error", "ImageExperiment: the experiment is invalid: " + error_);
        if (!(i >= 0 && i < n && i == std::floor(i)))
            throw_js("RangeError", "testPixels: i must be a whole number below n_test (" +
                                       std::to_string(int(n)) + ")");
        const std::vector<std::uint8_t> px = run_->test_pixels(std::size_t(i));
        val a = val::global("Uint8Array").new_(px.size());
        a.call<void>("set", val(emscripten::typed_memory_view(px.size(), px.data())));
        return a;
    }
    // Tests: dropout masks for the coming training passes, JSON [pass][hidden layer][unit] of 0
    // or 1 (rows × width per layer, row-major); "" or why refused.
    std::string inject_dropout_masks_json(const std::string& text) {
        if (!run_) return "the experiment is invalid: " + error_;
        std::string error;
        const auto v = al::json::parse(text, error);
        const char* shape = "masks must be a JSON array [pass][layer][unit] of 0 and 1";
        if (!v || !v->is_array()) return shape;
        std::vector<std::vector<std::vector<std::uint8_t>>> passes;
        for (const auto& pass : v->as_array()) {
            if (!pass.is_array()) return shape;
            passes.emplace_back();
            for (const auto& layer : pass.as_array()) {
                if (!layer.is_array()) return shape;
                passes.back().emplace_back();
                for (const auto& bit : layer.as_array()) {
                    if (!bit.is_number()) return shape;
                    passes.back().back().push_back(bit.as_number() != 0 ? 1 : 0);
                }
            }
        }
        for (auto& p : passes) run_->network().inject_dropout_masks(std::move(p));
        return "";
    }

  private:
    std::unique_ptr<al::ImageExperiment> run_;
    std::string error_;
};

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
    function("benchActivation", &bench_activation);
    function("benchSimdPeak", &bench_simd_peak);
    function("benchGemm", &bench_gemm);
    function("defaultConfigJson", &default_config_json);
    function("configLimitsJson", &al::config_limits_json);
    function("imageConfigLimitsJson", &al::image_config_limits_json);
    function("makeImageSubset", &make_image_subset);
    function("validateImageConfigJson", &validate_image_config_json);
    function("validateConfigJson", &validate_config_json);
    function("validateMoons", &validate_moons);
    function("makeMoons", &make_moons);
    function("makeData", &make_data);
    function("pointsFromCsvJson", &points_from_csv_json);
    function("pointsToCsv", &points_to_csv);
    function("pairedSummaryJson", &paired_summary_json);

    class_<JsExperiment>("Experiment")
        .constructor<const std::string&>()
        .function("step", &JsExperiment::step)
        .function("advance", &JsExperiment::advance)
        .function("epochProgress", &JsExperiment::epoch_progress)
        .function("cancelEpoch", &JsExperiment::cancel_epoch)
        .function("beginEvaluation", &JsExperiment::begin_evaluation)
        .function("continueEvaluation", &JsExperiment::continue_evaluation)
        .function("evaluationJson", &JsExperiment::evaluation_json)
        .function("epoch", &JsExperiment::epoch)
        .function("status", &JsExperiment::status)
        .function("error", &JsExperiment::error)
        .function("configJson", &JsExperiment::config_json)
        .function("lastEpochJson", &JsExperiment::last_epoch_json)
        .function("historyJson", &JsExperiment::history_json)
        .function("evaluateJson", &JsExperiment::evaluate_json)
        .function("grid", &JsExperiment::grid)
        .function("patternGrid", &JsExperiment::pattern_grid)
        .function("diagnosticsJson", &JsExperiment::diagnostics_json)
        .function("gridCells", &JsExperiment::grid_cells)
        .function("neuronMaps", &JsExperiment::neuron_maps)
        .function("neuronMapsCells", &JsExperiment::neuron_maps_cells)
        .function("data", &JsExperiment::data)
        .function("predict", &JsExperiment::predict)
        .function("setActivation", &JsExperiment::set_activation)
        .function("activation", &JsExperiment::activation)
        .function("setEpochs", &JsExperiment::set_epochs)
        .function("stateJson", &JsExperiment::state_json)
        .function("loadStateJson", &JsExperiment::load_state_json);

    class_<JsImageExperiment>("ImageExperiment")
        .constructor<const std::string&, const val&>()
        .function("step", &JsImageExperiment::step)
        .function("epoch", &JsImageExperiment::epoch)
        .function("status", &JsImageExperiment::status)
        .function("error", &JsImageExperiment::error)
        .function("configJson", &JsImageExperiment::config_json)
        .function("lastEpochJson", &JsImageExperiment::last_epoch_json)
        .function("evaluateJson", &JsImageExperiment::evaluate_json)
        .function("stateJson", &JsImageExperiment::state_json)
        .function("loadStateJson", &JsImageExperiment::load_state_json)
        .function("predictionsJson", &JsImageExperiment::predictions_json)
        .function("testPixels", &JsImageExperiment::test_pixels)
        .function("injectDropoutMasksJson", &JsImageExperiment::inject_dropout_masks_json);
}
