// Embind: al::Experiment (src/mlp/experiment.hpp) as the JS class Experiment, the twin's and the
// studies' training run; typed in wasm/activation-lab.d.ts. A bad config leaves it "invalid"
// with error(); bad arguments raise a JS Error (RangeError/TypeError).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "activation.hpp"
#include "js_interop.hpp"
#include "json.hpp"
#include "mlp/config.hpp"
#include "mlp/experiment.hpp"
#include "mlp/state_dict.hpp"
#include "named_enum.hpp"
#include "text_input.hpp"

using emscripten::val;

namespace {

using namespace al::js;

// The JS face of al::Experiment. A config that does not parse leaves it "invalid" (with the
// reason in error()) instead of throwing, so a worker can report it like any other state.
class JsExperiment {
  public:
    explicit JsExperiment(const std::string& config_json) {
        if (auto c = al::config_from_json(config_json, error_))
            run_ = std::make_unique<al::Experiment>(*c);
    }

    bool step() { return run_ && run_->step(); }
    // budget: rows of work; at least one chunk is done.
    bool advance(double budget) { return run_ && run_->advance(rows_budget(budget, "advance")); }
    double epoch_progress() const { return al::js::epoch_progress(run_.get()); }
    void cancel_epoch() {
        if (run_) run_->cancel_epoch();
    }
    // evaluateJson in pieces: beginEvaluation(which), then continueEvaluation(budget) until true,
    // then evaluationJson(). One pass at a time.
    void begin_evaluation(const std::string& which) {
        cursor_ = al::Experiment::EvalCursor{subset_or_throw(which)};
    }
    bool continue_evaluation(double budget) {
        return !run_ || run_->evaluate_some(cursor_, rows_budget(budget, "continueEvaluation"));
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
        const auto a = al::model_activation_names.parse(name);
        if (!a) return unknown_activation(name, al::model_activation_names);
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

}  // namespace

EMSCRIPTEN_BINDINGS(activation_lab_experiment) {
    using namespace emscripten;
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
}
