// Embind: al::ImageExperiment (src/mlp/image_experiment.hpp) as the JS class ImageExperiment,
// the Fashion-MNIST runs, with the subset file the build ships and the image config's checks;
// typed in wasm/activation-lab.d.ts. Bad config or data leave a run "invalid" with error().
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "js_interop.hpp"
#include "json.hpp"
#include "mlp/idx.hpp"
#include "mlp/image_config.hpp"
#include "mlp/image_experiment.hpp"
#include "settings.hpp"
#include "text_input.hpp"

using emscripten::val;

namespace {

using namespace al::js;

// "" or why an image run's config is refused (src/mlp/image_config.hpp), before any file is read.
std::string validate_image_config_json(const std::string& json) {
    std::string error;
    return al::image_config_from_json(json, error) ? "" : error;
}

// The first n_train and n_test images of the four IDX files [trainImages, trainLabels,
// testImages, testLabels]; nullopt and `error` when they do not read.
std::optional<al::ImageSplit> read_idx_files(const val& files, double n_train, double n_test,
                                             std::string& error) {
    const char* what[] = {"train images", "train labels", "test images", "test labels"};
    std::vector<std::uint8_t> b[4];
    for (std::size_t i = 0; i < 4; ++i) b[i] = bytes_of(files[int(i)], what[i]);
    auto tr = al::read_idx_pair(b[0].data(), b[0].size(), b[1].data(), b[1].size(),
                                std::size_t(n_train), "train", error);
    auto te = tr ? al::read_idx_pair(b[2].data(), b[2].size(), b[3].data(), b[3].size(),
                                     std::size_t(n_test), "test", error)
                 : std::nullopt;
    if (!te) return std::nullopt;
    return al::ImageSplit{std::move(*tr), std::move(*te)};
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
    std::string error;
    const auto split = read_idx_files(files, n_train, n_test, error);
    if (!split) throw_js("RangeError", "makeImageSubset: " + error);
    if (split->train.size() < std::size_t(n_train) || split->test.size() < std::size_t(n_test))
        throw_js("RangeError", "makeImageSubset: the files hold fewer images than asked for");
    const std::vector<std::uint8_t> out = al::write_image_subset(*split);
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
            split = read_idx_files(files, c->n_train, c->n_test, error_);
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
    // As Experiment's (experiment_bindings.cpp): the epoch in slices of `budget` rows of work.
    bool advance(double budget) { return run_ && run_->advance(rows_budget(budget, "advance")); }
    double epoch_progress() const { return al::js::epoch_progress(run_.get()); }
    void cancel_epoch() {
        if (run_) run_->cancel_epoch();
    }
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

EMSCRIPTEN_BINDINGS(activation_lab_images) {
    using namespace emscripten;
    function("imageConfigLimitsJson", &al::image_config_limits_json);
    function("makeImageSubset", &make_image_subset);
    function("validateImageConfigJson", &validate_image_config_json);
    class_<JsImageExperiment>("ImageExperiment")
        .constructor<const std::string&, const val&>()
        .function("step", &JsImageExperiment::step)
        .function("advance", &JsImageExperiment::advance)
        .function("epochProgress", &JsImageExperiment::epoch_progress)
        .function("cancelEpoch", &JsImageExperiment::cancel_epoch)
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
