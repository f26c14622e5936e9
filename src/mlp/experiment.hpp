// One training run: config -> data -> epochs -> history, metrics, decision-boundary grid.
//
// Data: make_data(dataset, n, noise, factor, data_seed) (datasets.hpp; make_moons by default), or
// for dataset custom the config's points in their order (n = their number); either way, test
// = train_test_split(n, test_fraction, data_seed).test, never used for training. If val_fraction >
// 0, the validation set is carved from the training part by a second split with scikit-learn's own
// call,
//   train_test_split(X_train, y_train, test_size=val_fraction / (1 − test_fraction),
//                    random_state=data_seed),
// so that val is val_fraction of n (rounded up) and all three sets are as scikit-learn makes them.
// Stored as float32, x0 and x1 interleaved, in split order.
//
// Training and history: the sliced loop of training_loop.hpp, its held-out set the validation
// set, with Adam (lr, weight_decay of the config) on the mean BCE of each batch; the initial
// weights (RandomState(seed)) do not depend on shuffling (the order has its own stream).
//
// Diagnostics (config.diagnostics): after each epoch, per hidden layer statistics
// (diagnostics.hpp) in the epoch's record; the record's train loss and accuracy then come from
// the diagnostics' own pass over the training set (the same numbers). reached_95 is the first
// epoch whose train accuracy was ≥ 0.95 (0 until then), carried in every later record.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mlp/config.hpp"
#include "mlp/diagnostics.hpp"
#include "mlp/mlp.hpp"
#include "mlp/training_loop.hpp"

namespace al {

struct EpochStats {
    int epoch;          // 1-based
    double train_loss;  // full pass over the training set after the epoch
    double train_acc;
    double val_loss;  // NaN when there is no validation set
    double val_acc;
    int reached_95 = 0;              // first epoch with train_acc ≥ 0.95 so far; 0 = not yet
    std::vector<LayerStats> layers;  // per hidden layer, with config.diagnostics; else empty
};

class Experiment {
  public:
    // Precondition: validate(config) == "". Otherwise the run is built from default_config()
    // and error() says why (no exceptions in the WASM build).
    explicit Experiment(const Config& config);

    // The sliced epoch of training_loop.hpp: step() trains one epoch (or the rest of one that
    // advance() started), false when there was nothing to do or it diverged; advance(budget) does
    // at most `budget` rows of work, true when it recorded an epoch; cancel_epoch() drops an
    // epoch under way (e.g. on Stop: the weights are the last recorded epoch's).
    bool step() { return advance(SIZE_MAX); }
    bool advance(std::size_t budget);
    std::size_t epoch_work_done() const { return loop_.epoch_work_done(); }
    std::size_t epoch_work() const { return loop_.epoch_work(); }
    void cancel_epoch() { loop_.cancel_epoch(); }
    std::size_t chunk_rows() const { return loop_.chunk_rows(); }

    int epoch() const { return loop_.epoch(); }
    Status status() const { return loop_.status(); }
    const std::vector<EpochStats>& history() const { return history_; }
    const Config& config() const { return config_; }
    const std::string& error() const { return error_; }

    Metrics evaluate(Subset which);
    Metrics evaluate_test() { return evaluate(Subset::test); }

    // Per hidden layer statistics of the current weights on the training set (diagnostics.hpp);
    // before the first step(), those at init. Overwrites the gradients (not Adam's state), so
    // an epoch under way (advance) is cancelled first and starts again.
    std::vector<LayerStats> diagnose();

    // Activation-pattern hashes (diagnostics.hpp) on the grid of fill_grid(); `out` holds nx·ny.
    void fill_pattern_grid(int nx, int ny, float xmin, float xmax, float ymin, float ymax,
                           std::uint32_t* out);

    // evaluate(c.which) in pieces of ≤ `budget` rows (TrainingLoop::evaluate_some).
    using EvalCursor = al::EvalCursor;
    bool evaluate_some(EvalCursor& c, std::size_t budget) {
        return loop_.evaluate_some(data(c.which), c, budget);
    }

    // Probabilities σ(logit) on an nx × ny grid, row-major, row 0 at ymin, column 0 at xmin
    // (a single row or column sits at the min). `out` holds nx·ny floats. With first/count, only
    // the cells [first, first + count) of that order are written (a grid in pieces).
    void fill_grid(int nx, int ny, float xmin, float xmax, float ymin, float ymax, float* out,
                   std::size_t first = 0, std::size_t count = SIZE_MAX);
    // The neuron maps: the output of hidden layer `layer` (after its LayerNorm, if any, and the
    // activation) at each cell of fill_grid()'s grid, unit by unit: out[u·nx·ny + k] is unit u at
    // cell k (fill_grid's order), so `out` holds width·nx·ny floats. Batched: one forward pass,
    // up to that layer, per chunk_rows() cells. With first/count, only the cells
    // [first, first + count) of every unit are written. Precondition: layer < hidden layers.
    void fill_neuron_maps(std::size_t layer, int nx, int ny, float xmin, float xmax, float ymin,
                          float ymax, float* out, std::size_t first = 0,
                          std::size_t count = SIZE_MAX);
    // prob[i] = σ(logit(xy[2i], xy[2i+1])) for i < n.
    void predict(const float* xy, std::size_t n, float* prob);

    const Dataset& data(Subset which) const;
    const Dataset& train_data() const { return loop_.train(); }
    const Dataset& val_data() const { return loop_.held_out(); }
    const Dataset& test_data() const { return test_; }

    // The pretrained swap: same weights (bit-identical), another activation. Adam's moments and
    // step count are reset, as when a trained state_dict is loaded into a new model with a new
    // optimiser. The history and epoch count carry on.
    void set_activation(Activation a);
    Activation activation() const { return loop_.net().activation(); }

    // state_dict JSON (state_dict.hpp). Loading resets Adam (as above) and, after a divergence,
    // makes the run trainable again. Returns "" or the reason the state was refused (then
    // nothing changed).
    std::string state_json() const { return loop_.state_json(); }
    std::string load_state_json(std::string_view text) { return loop_.load_state_json(text); }

    // Total epochs, clamped to limits::epochs; more than epoch() lets a finished run train further.
    void set_epochs(int epochs);

    const Mlp& network() const { return loop_.net(); }

  private:
    std::string error_;  // before config_, which is chosen by it
    Config config_;
    TrainingLoop loop_;
    Dataset test_;
    std::vector<float> xbuf_;  // grid points
    std::vector<EpochStats> history_;
    int reached_95_ = 0;

    // Grid point k of an nx × ny grid into xbuf_ row r.
    void grid_point(std::size_t k, std::size_t r, int nx, int ny, float xmin, float xmax,
                    float ymin, float ymax);
};

}  // namespace al
