// How a signal travels through the network: per hidden layer statistics on the training set,
// the numbers behind "GELU needs unit-scale inputs" (article FINDINGS §1).
//
// For hidden layer l (0-based, from the input), z = its pre-activation (the activation's input:
// the Linear's output, after the LayerNorm with Norm::layer) and h = act(z), its output:
//   pre_std        standard deviation of z over every training point and unit together
//                  (population, divisor N·width), summed in double.
//   dead_fraction  fraction of the layer's units whose z ≤ 0 on every training point.
//   grad_norm      Frobenius norm of ∂L/∂W_l, the full-batch gradient of the mean BCE over the
//                  whole training set with respect to the weight of the Linear that computes
//                  z (PyTorch: model[k].weight.grad after loss.backward() on the full batch).
//   cos_sim        mean cosine similarity of h between different inputs: over every pair of a
//                  fixed sample of min(64, n_train) training points (the first ones of
//                  RandomState(0xC05).permutation(n_train)), i.e. up to 2016 pairs. Pairs
//                  where either h is the zero vector are skipped; NaN (JSON null) if none is left.
// Cost: one forward and backward pass over the training set (the train loss and accuracy of
// the epoch record come from the same forward pass) and a forward pass over the sample. The
// backward is what grad_norm's exact definition needs (every layer's δ, then Xᵀδ), about half
// the arithmetic of an epoch (training 3 units per point, the epoch's evaluation 1, this 2), so
// it bounds the overhead from below whatever the kernels; the statistics themselves are cheap.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "mlp.hpp"

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

    const std::vector<std::size_t>& sample() const { return sample_; }

  private:
    std::size_t n_;
    std::vector<std::size_t> sample_;
    std::vector<float> xs_, dlogits_;
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
