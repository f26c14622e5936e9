// The one training loop of the MLP runs, the 2-D points (experiment.hpp) and the images
// (image_experiment.hpp): an Mlp, Adam, a training set and a held-out set (validation for the
// points, test for the images). The loss follows the network's outputs: one logit, the mean BCE
// (loss.hpp); K > 1, the mean softmax cross-entropy, arg-max accuracy (softmax_loss.hpp).
//
// An epoch: with shuffle, order = RandomState(seed ^ 0x5eed).permutation(n_train) (one stream
// per run), else file order; batches are consecutive slices of it, the last one partial
// (PyTorch's DataLoader, drop_last=False); Adam steps on each batch's mean loss (dropout, if the
// Mlp has it, in these passes); then full passes over the training and held-out sets under the
// epoch's final weights give its record.
//
// Sliced: advance(budget) does at most `budget` rows of work (a row through forward and backward,
// or through forward in the evaluation) and returns, so that a Web Worker answers its messages
// between calls. The work is cut at fixed places, chunks of ≤ chunk_rows() rows whose gradients
// add up to the batch's, so the result is the same bit for bit however it is sliced.
//
// Divergence: a non-finite batch loss, parameter or evaluation loss stops the run (diverged) with
// the weights and Adam of the epoch's start (the last finite ones); that epoch is not recorded.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "adam.hpp"
#include "mlp/diagnostics.hpp"
#include "mlp/mlp.hpp"
#include "named_enum.hpp"
#include "numpy_random.hpp"

namespace al {

enum class Status { ready, running, done, diverged };
enum class Subset { train, val, test };

struct Metrics {
    double loss;  // mean loss; NaN for an empty set
    double acc;   // fraction classified right; NaN for an empty set
};

// Rows of net.inputs() floats each, row-major, and their labels (0/1, or the class).
struct Dataset {
    std::vector<float> x;
    std::vector<float> y;
    std::size_t size() const { return y.size(); }
};

// A pass over one set in pieces (TrainingLoop::evaluate_some); `which` is the caller's.
struct EvalCursor {
    Subset which = Subset::train;
    std::size_t next = 0, correct = 0, size = 0;
    double sum = 0.0;
    Metrics metrics() const;
};

// What an epoch leaves: the metrics of the two sets, and with diagnostics the layers' statistics.
struct EpochResult {
    Metrics train, held_out;
    std::vector<LayerStats> layers;
};

struct LoopOptions {
    std::size_t batch;  // rows; above the training set size: the full batch
    bool shuffle;
    std::uint32_t seed;  // the run's seed: the order's stream is seed ^ 0x5eed
    int epochs;
    bool diagnostics = false;  // per epoch layer statistics (diagnostics.hpp), 2-D runs only
};

class TrainingLoop {
  public:
    // Rows per pass for a network of `work_per_row` multiply-adds a row: the batch, at least 256
    // (evaluations: fewer, longer calls) and at most 512, and at most chunk_work multiply-adds
    // (a chunk of a 4×512 network is ~40 rows: a slice of work stays short).
    static constexpr double chunk_work = 1 << 25;
    static std::size_t chunk_rows_for(double work_per_row, std::size_t batch);

    // net.max_rows() is the chunk size. set_data() before the first advance().
    TrainingLoop(Mlp net, const AdamOptions& adam, const LoopOptions& options);
    void set_data(Dataset train, Dataset held_out);

    // True when this call finished and recorded an epoch (last() is its result, until the next
    // call); false mid-epoch, done or diverged (status()). At least one chunk per call.
    bool advance(std::size_t budget);
    const EpochResult& last() const { return last_; }
    // Drops a partly trained epoch: weights and Adam back to where it started (a no-op between
    // epochs); when it starts again, it takes the same order (dropout masks drawn are not given
    // back: with dropout, the epoch redone differs).
    void cancel_epoch();
    // Rows of work done in the current epoch (0 between epochs) and the rows an epoch takes.
    std::size_t epoch_work_done() const { return work_done_; }
    std::size_t epoch_work() const { return 2 * train_.size() + held_out_.size(); }
    std::size_t chunk_rows() const { return net_.max_rows(); }

    // At most `budget` rows (at least one chunk) of a pass over d; true once d is done, and then
    // c.metrics() is the same, bit for bit, as a pass in one piece under the same weights.
    bool evaluate_some(const Dataset& d, EvalCursor& c, std::size_t budget,
                       LayerObserver* observer = nullptr);
    Metrics evaluate(const Dataset& d);

    // state_dict JSON (state_dict.hpp). Loading drops an epoch under way, resets Adam and, after a
    // divergence, makes the run trainable again; "" or why refused (then nothing changed).
    std::string state_json() const;
    std::string load_state_json(std::string_view text);
    void reset_optimizer() { adam_.reset(); }  // as with a new optimiser on loaded weights
    void set_epochs(int epochs);
    void fail() { status_ = Status::diverged, failed_ = true; }  // for good: nothing to train

    int epoch() const { return epoch_; }
    Status status() const { return status_; }
    const Dataset& train() const { return train_; }
    const Dataset& held_out() const { return held_out_; }
    Mlp& net() { return net_; }
    const Mlp& net() const { return net_; }
    Diagnostics& diagnostics() { return *diagnostics_; }

  private:
    Mlp net_;
    Adam adam_, adam_at_start_;
    RandomState shuffle_rng_;
    LoopOptions options_;
    std::size_t batch_ = 0;  // min(options batch, training set size)
    Dataset train_, held_out_;
    std::optional<Diagnostics> diagnostics_;
    std::vector<std::size_t> order_;
    std::vector<float> xbuf_, ybuf_, dlogits_, snapshot_;
    int epoch_ = 0;
    Status status_ = Status::ready;
    bool failed_ = false;

    // Where advance() is inside the current epoch.
    enum class Phase { idle, train, eval_train, eval_held_out };
    Phase phase_ = Phase::idle;
    std::size_t next_ = 0;      // first row of the batch
    std::size_t in_batch_ = 0;  // rows of the batch done
    double sum_ = 0.0;          // the batch's loss so far
    EvalCursor eval_;           // the end-of-epoch evaluation under way
    std::size_t work_done_ = 0;
    bool order_kept_ = false;  // after cancel_epoch: order_ is the next epoch's order already
    EpochResult last_;         // filled in as the epoch goes

    void update_status();
    void begin_epoch();
    std::size_t train_chunk();
    void restore();  // the weights and Adam of the epoch's start; no epoch under way
    void diverge();
};

inline constexpr auto status_names = named_enum<Status>({{Status::ready, "ready"},
                                                         {Status::running, "running"},
                                                         {Status::done, "done"},
                                                         {Status::diverged, "diverged"}});

}  // namespace al
