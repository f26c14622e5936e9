// One training run on images: K-class softmax cross-entropy (softmax_loss.hpp) over 784 inputs,
// the same Mlp, Dense products and Adam as the 2-D runs (experiment.hpp).
//
// Data: the first n_train images of the training set and the first n_test of the test set, in
// file order; pixels as value / 255 in float32 (PyTorch: torch.tensor(uint8) / 255).
// Training: as experiment.hpp: Adam on the mean loss of each batch; batches are consecutive
// slices of the order, the last one partial; with shuffle, before every epoch the order is
// RandomState(seed ^ 0x5eed).permutation(n_train) (one stream per run). Dropout masks come from
// RandomState(seed ^ 0xd0) (mlp.hpp says in which order). Chunks of at most chunk_work
// multiply-adds (their gradients add up to the batch's).
// History: after each epoch, the loss and accuracy (arg-max) of the whole training and test
// sets under the epoch's final weights, dropout off. A non-finite loss or parameter stops the
// run with status diverged and the weights of the epoch's start.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "adam.hpp"
#include "mlp/experiment.hpp"
#include "mlp/idx.hpp"
#include "mlp/image_config.hpp"
#include "mlp/mlp.hpp"
#include "numpy_random.hpp"

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

    bool step();                     // one epoch; false when done, diverged or invalid
    Metrics evaluate(Subset which);  // train or test (val: the test set has none, NaN)
    // Test images first .. first + count − 1; empty when the range leaves the test set.
    std::vector<ImagePrediction> predict_test(std::size_t first, std::size_t count);
    // The pixels (0..255) of test image i < n_test, image_side² of them, row-major.
    std::vector<std::uint8_t> test_pixels(std::size_t i) const;
    int epoch() const { return epoch_; }
    Status status() const { return status_; }
    const std::string& error() const { return error_; }
    const ImageConfig& config() const { return config_; }
    const std::vector<ImageEpoch>& history() const { return history_; }
    const Mlp& network() const { return net_; }
    Mlp& network() { return net_; }  // tests: inject dropout masks

    std::string state_json() const;
    std::string load_state_json(std::string_view text);  // resets Adam; "" or why refused

  private:
    std::string error_;
    ImageConfig config_;
    std::size_t width_;  // inputs per image
    std::vector<float> train_x_, test_x_, train_y_, test_y_;
    std::size_t max_rows_;
    Mlp net_;
    Adam adam_;
    RandomState shuffle_rng_;
    std::vector<std::size_t> order_;
    std::vector<float> xbuf_, ybuf_, dlogits_, snapshot_;
    std::vector<ImageEpoch> history_;
    int epoch_ = 0;
    Status status_ = Status::ready;

    bool train_batch(std::size_t first, std::size_t size);  // false: non-finite loss
};

}  // namespace al
