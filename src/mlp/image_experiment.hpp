// One training run on images: K-class softmax cross-entropy (softmax_loss.hpp) over 784 inputs,
// the same Mlp, Dense products and Adam as the 2-D runs (experiment.hpp).
//
// Data: the first n_train images of the training set and the first n_test of the test set, in
// file order; pixels as value / 255 in float32 (PyTorch: torch.tensor(uint8) / 255).
// Training and history: the sliced loop of the 2-D runs (training_loop.hpp), its held-out set the
// test set. Dropout masks come from RandomState(seed ^ 0xd0) (mlp.hpp says in which order).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mlp/idx.hpp"
#include "mlp/image_config.hpp"
#include "mlp/mlp.hpp"
#include "mlp/training_loop.hpp"

namespace al {

struct ImageEpoch {
    int epoch;
    double train_loss, train_acc, test_loss, test_acc;
};

// One test image under the current weights (dropout off): its true class, the arg-max of its
// logits (as accuracy counts it) and that class's softmax probability.
struct ImagePrediction {
    int label, guess;
    double probability;
};

class ImageExperiment {
  public:
    // Precondition: validate(config) == "" and the sets hold at least n_train and n_test images
    // (otherwise error() says so and step() does nothing).
    ImageExperiment(const ImageConfig& config, const ImageSplit& data);

    // As Experiment's (experiment.hpp), the sliced epoch of training_loop.hpp.
    bool step() { return advance(SIZE_MAX); }
    bool advance(std::size_t budget);
    std::size_t epoch_work_done() const { return loop_.epoch_work_done(); }
    std::size_t epoch_work() const { return loop_.epoch_work(); }
    void cancel_epoch() { loop_.cancel_epoch(); }
    std::size_t chunk_rows() const { return loop_.chunk_rows(); }
    Metrics evaluate(Subset which);  // train or test (val: the test set has none, NaN)
    // Test images first .. first + count − 1; empty when the range leaves the test set.
    std::vector<ImagePrediction> predict_test(std::size_t first, std::size_t count);
    // The pixels (0..255) of test image i < n_test, image_side² of them, row-major.
    std::vector<std::uint8_t> test_pixels(std::size_t i) const;
    int epoch() const { return loop_.epoch(); }
    Status status() const { return loop_.status(); }
    const std::string& error() const { return error_; }
    const ImageConfig& config() const { return config_; }
    const std::vector<ImageEpoch>& history() const { return history_; }
    const Mlp& network() const { return loop_.net(); }
    Mlp& network() { return loop_.net(); }  // tests: inject dropout masks

    std::string state_json() const { return loop_.state_json(); }
    // Resets Adam (and drops an epoch under way); "" or why refused.
    std::string load_state_json(std::string_view text) { return loop_.load_state_json(text); }

  private:
    std::string error_;
    ImageConfig config_;
    TrainingLoop loop_;
    std::vector<ImageEpoch> history_;
};

}  // namespace al
