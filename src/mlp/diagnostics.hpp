// How a signal travels through the network: per hidden layer statistics on the training set,
// the numbers behind the article's "GELU needs unit-scale inputs" (its depth and scale part).
//
// For hidden layer l (0-based, from the input), z = its pre-activation (the activation's input:
// the Linear's output, after the LayerNorm with Norm::layer) and h = act(z), its output:
//   pre_std        standard deviation of z over every training point and unit together
//                  (population, divisor N·width), summed in double.
//   dead_fraction  fraction of the layer's units whose z ≤ 0 on every training point.
//   grad_norm      Frobenius norm of a gradient of the mean BCE over the training set with
//                  respect to the weight of the Linear that computes z. run() (the epoch-0
//                  record, diagnose()) gives the exact full-batch gradient at the current
//                  weights (PyTorch: model[k].weight.grad after loss.backward() on the full
//                  batch). The records of a training epoch give the epoch's mean gradient:
//                  Σ over its batches of (batch size / n)·(that batch's mean gradient), each at
//                  the weights its step saw. That is the full-batch gradient exactly were the
//                  weights held still, and the gradient the epoch actually followed: it costs
//                  an addition per weight per batch, where the exact one costs a backward pass
//                  over the training set (about half an epoch's arithmetic).
//   cos_sim        mean cosine similarity of h between different inputs: over every pair of a
//                  fixed sample of min(64, n_train) training points (the first ones of
//                  RandomState(0xC05).permutation(n_train)), i.e. up to 2016 pairs. Pairs
//                  where either h is the zero vector are skipped; NaN (JSON null) if none is left.
// pre_std and dead_fraction of an epoch's record come from the epoch's evaluation pass over the
// training set (the one that gives its train loss and accuracy), cos_sim from a forward pass
// over the sample: with the epoch's mean gradient, diagnostics add a few percent to an epoch.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "mlp/mlp.hpp"

namespace al {

struct LayerStats {
    double pre_std;
    double dead_fraction;
    double grad_norm;
    double cos_sim;
};

struct PassMetrics {
    double loss;  // mean BCE
    double acc;
};

class Diagnostics {
  public:
    // The pair sample of a training set of n points.
    explicit Diagnostics(std::size_t n_train);

    // Statistics of `net` on the training set (x: n × 2 interleaved, y: n labels, n as given to
    // the constructor), in chunks of ≤ net.max_rows() rows. Overwrites net.grads() with the
    // full-batch gradient. `metrics`, if given, gets the set's loss and accuracy, equal to a plain
    // evaluation's.
    std::vector<LayerStats> run(Mlp& net, const float* x, const float* y, PassMetrics* metrics);

    // The same statistics streamed through a training epoch, with grad_norm the epoch's mean
    // gradient (above). begin_epoch zeroes the sum; add_batch(net, rows) adds net.grads(), a
    // batch's mean gradient over `rows` of the n points, before the step uses it; pass() is the
    // observer of the epoch's evaluation forward pass over the training set, which start_pass
    // empties; end_epoch(net, x) gives the record's statistics.
    void begin_epoch(const Mlp& net);
    void add_batch(const Mlp& net, std::size_t rows);
    void start_pass(const Mlp& net) { stats_.reset(net); }
    LayerObserver& pass() { return stats_; }
    std::vector<LayerStats> end_epoch(Mlp& net, const float* x);

    const std::vector<std::size_t>& sample() const { return sample_; }

  private:
    // Per layer: running count, mean and sum of squared deviations of z (Chan et al.'s merge of
    // each chunk's two-pass moments: stable whatever the mean), and which units were ever > 0.
    struct Moments {
        double count = 0, mean = 0, m2 = 0;
        std::vector<float> alive;  // 1 where the unit was ever > 0, else 0
    };
    class PassStats : public LayerObserver {
      public:
        void reset(const Mlp& net);
        void preactivation(std::size_t l, const float* z, std::size_t rows,
                           std::size_t width) override;
        std::vector<Moments> layers;

      private:
        std::vector<float> cols_;  // per column sums of the chunk under way
    };

    std::size_t n_;
    std::vector<std::size_t> sample_;
    std::vector<float> xs_, dlogits_;
    PassStats stats_;
    std::vector<std::vector<float>> grad_sum_;  // per hidden layer, the epoch's mean gradient of W

    // pre_std, dead_fraction from stats_ and cos_sim from the sample; grad_norm left NaN.
    std::vector<LayerStats> from_pass(Mlp& net, const float* x);
};

// For each of n points (xy: x0, x1 interleaved), a 32-bit hash of the network's activation
// pattern: which hidden units have z > 0, layer by layer. Points with equal hashes lie (but for a
// hash collision, ~n²/2³³) in the same linear piece of a ReLU network; where neighbouring grid
// cells differ, a piece ends. In chunks of ≤ net.max_rows() points.
void activation_patterns(Mlp& net, const float* xy, std::size_t n, std::uint32_t* out);

// Mean cosine similarity over every pair of the m rows of h (m × width), skipping pairs with a
// zero row; NaN when no pair is left. Exposed for its hand-checked test.
double mean_pair_cosine(const float* h, std::size_t m, std::size_t width);

}  // namespace al
