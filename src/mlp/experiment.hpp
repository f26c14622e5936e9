// One training run: config -> data -> epochs -> history, metrics, decision-boundary grid.
// step() trains one whole epoch (the CLI, tests). advance(budget) does at most `budget` rows of
// work and returns, so that a Web Worker answers its messages between calls whatever the size of
// an epoch: the work of an epoch is cut at fixed places (chunk boundaries), so the result is the
// same bit for bit however it is sliced.
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
// Training: Adam (lr, weight_decay of the config) on the mean BCE of each batch. Batches are
// consecutive slices of the training set (the last one partial, as PyTorch's DataLoader with
// drop_last=False); with shuffle, before every epoch the order is rng.permutation(n_train) with
// rng = RandomState(seed ^ 0x5eed), created once per run: a stream of its own, so the initial
// weights (RandomState(seed)) do not depend on shuffling. A batch above the training set size is
// the full batch; batches above 512 rows are processed in chunks of ≤ 512 rows whose gradients
// add up (same result, bounded memory); a chunk also holds at most chunk_work multiply-adds
// (so one chunk of a 4×512 network is ~40 rows: a slice of work stays short).
//
// History: after each epoch, the loss and accuracy of the whole training set (and validation
// set) under the weights at the end of that epoch — a full pass, not the mean of the batch
// losses seen during the epoch.
//
// Diagnostics (config.diagnostics): after each epoch, per hidden layer statistics
// (diagnostics.hpp) in the epoch's record; the record's train loss and accuracy then come from
// the diagnostics' own pass over the training set (the same numbers). reached_95 is the first
// epoch whose train accuracy was ≥ 0.95 (0 until then), carried in every later record.
//
// Divergence: if a batch loss or a parameter becomes NaN or infinite, the run stops with status
// diverged and the weights go back to those at the start of that epoch (the last finite ones);
// that epoch is not added to the history.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "adam.hpp"
#include "mlp/config.hpp"
#include "mlp/diagnostics.hpp"
#include "mlp/mlp.hpp"
#include "named_enum.hpp"
#include "numpy_random.hpp"

namespace al {

enum class Status { ready, running, done, diverged };
enum class Subset { train, val, test };

struct EpochStats {
    int epoch;          // 1-based
    double train_loss;  // full pass over the training set after the epoch
    double train_acc;
    double val_loss;  // NaN when there is no validation set
    double val_acc;
    int reached_95 = 0;              // first epoch with train_acc ≥ 0.95 so far; 0 = not yet
    std::vector<LayerStats> layers;  // per hidden layer, with config.diagnostics; else empty
};

struct Metrics {
    double loss;  // mean BCE; NaN for an empty set
    double acc;   // fraction classified right; NaN for an empty set
};

struct Dataset {
    std::vector<float> x;  // x0, x1 interleaved
    std::vector<float> y;  // 0 or 1
    std::size_t size() const { return y.size(); }
};

class Experiment {
  public:
    // Precondition: validate(config) == "". Otherwise the run is built from default_config()
    // and error() says why (no exceptions in the WASM build).
    explicit Experiment(const Config& config);

    // Trains one epoch (or the rest of one that advance() started). False when there was nothing
    // to do (done or diverged) or the epoch diverged; true after a good epoch.
    bool step();

    // Does at most `budget` rows of work (at least one chunk): a row through forward and backward
    // while training, through forward in the end-of-epoch evaluation. True when this call
    // finished and recorded an epoch; false otherwise (mid-epoch, done, or diverged: status()).
    bool advance(std::size_t budget);
    // Rows of work done in the current epoch and the rows a whole epoch takes (training plus
    // evaluation); 0 done when no epoch is under way.
    std::size_t epoch_work_done() const { return work_done_; }
    std::size_t epoch_work() const { return train_.size() + train_.size() + val_.size(); }
    // Drops a partly trained epoch: weights and Adam back to where the epoch started (a no-op
    // between epochs). E.g. on Stop, so that the weights are those of the last recorded epoch.
    void cancel_epoch();
    std::size_t chunk_rows() const { return max_rows_; }

    int epoch() const { return epoch_; }
    Status status() const { return status_; }
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

    // The same pass in pieces: each evaluate_some(c, budget) does at most `budget` rows (at least
    // one chunk) and is true once the whole set is done; then c.metrics() = evaluate(c.which),
    // bit for bit, provided the weights did not change in between.
    struct EvalCursor {
        Subset which = Subset::train;
        std::size_t next = 0, correct = 0, size = 0;
        double sum = 0.0;
        Metrics metrics() const;
    };
    bool evaluate_some(EvalCursor& c, std::size_t budget);

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
    const Dataset& train_data() const { return train_; }
    const Dataset& val_data() const { return val_; }
    const Dataset& test_data() const { return test_; }

    // The pretrained swap: same weights (bit-identical), another activation. Adam's moments and
    // step count are reset, as when a trained state_dict is loaded into a new model with a new
    // optimiser. The history and epoch count carry on.
    void set_activation(Activation a);
    Activation activation() const { return net_.activation(); }

    // state_dict JSON (state_dict.hpp). Loading resets Adam (as above) and, after a divergence,
    // makes the run trainable again. Returns "" or the reason the state was refused (then
    // nothing changed).
    std::string state_json() const;
    std::string load_state_json(std::string_view text);

    // Total epochs, clamped to limits::epochs; more than epoch() lets a finished run train further.
    void set_epochs(int epochs);

    const Mlp& network() const { return net_; }

    // Multiply-adds per chunk at most (see above); a chunk has 1 to 512 rows.
    static constexpr double chunk_work = 1 << 25;

  private:
    std::string error_;  // before config_, which is chosen by it
    Config config_;
    Dataset train_, val_, test_;
    std::size_t batch_;     // effective batch: min(config batch, training set size)
    std::size_t max_rows_;  // rows per forward pass
    Mlp net_;
    Adam adam_;
    RandomState shuffle_rng_;
    std::vector<std::size_t> order_;
    std::vector<float> xbuf_, ybuf_, dlogits_, snapshot_;
    std::vector<EpochStats> history_;
    Diagnostics diagnostics_;
    int epoch_ = 0;
    int reached_95_ = 0;
    Status status_ = Status::ready;

    // Where advance() is inside the current epoch.
    enum class Phase { idle, train, eval_train, eval_val };
    Phase phase_ = Phase::idle;
    Adam adam_at_start_;        // Adam at the start of the epoch (cancel_epoch)
    std::size_t next_ = 0;      // first row of the batch
    std::size_t in_batch_ = 0;  // rows of the batch done
    double sum_ = 0.0;          // the batch's loss so far
    EvalCursor eval_;           // the end-of-epoch evaluation under way
    std::size_t work_done_ = 0;
    bool order_kept_ = false;  // after cancel_epoch: order_ is the next epoch's order already
    EpochStats pending_{};

    void update_status();
    void begin_epoch();
    std::size_t train_chunk();
    // Rows done; sets status_ diverged on a non-finite loss.
    std::size_t eval_rows(EvalCursor& c, std::size_t budget, LayerObserver* observer = nullptr);
    void diverge();
    // Grid point k of an nx × ny grid into xbuf_ row r.
    void grid_point(std::size_t k, std::size_t r, int nx, int ny, float xmin, float xmax,
                    float ymin, float ymax);
};

inline constexpr auto status_names = named_enum<Status>({{Status::ready, "ready"},
                                                         {Status::running, "running"},
                                                         {Status::done, "done"},
                                                         {Status::diverged, "diverged"}});

}  // namespace al
