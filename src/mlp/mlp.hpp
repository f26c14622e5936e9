// A multilayer perceptron: inputs -> hidden layers (one activation for all) -> `outputs` logits
// (one for the binary data sets, K for K classes).
// PyTorch's equivalent is nn.Sequential(Linear, act, Linear, act, ..., Linear), or with
// Norm::layer nn.Sequential(Linear, LayerNorm, act, Linear, LayerNorm, act, ..., Linear): Linear
// l of this network is module 2·l (3·l with LayerNorm) of that Sequential, its LayerNorm module
// 3·l + 1 (the state_dict names, see state_dict.hpp). With dropout, an nn.Dropout(p) follows each
// hidden activation: Linear, act, Dropout, Linear, ... (LayerNorm first when there is one), so
// Linear l is module 3·l (4·l).
//
// Dropout (nn.Dropout semantics, inverted): during forward_train only, each hidden unit of each
// row is kept with probability 1 − p and then scaled by 1/(1 − p), or zeroed; forward() (the
// evaluation) never drops. The mask bits come from RandomState(dropout seed) (numpy's MT19937,
// created by set_dropout and never reseeded): one next_u32() per unit, in the order layer by
// layer from the input, then row by row, then unit by unit; a unit is kept iff u32 ≥ p·2³²
// (rounded down). So a run's masks depend only on the seed and the sequence of passes.
//
// Every buffer is allocated in the constructor for at most `max_rows` rows per pass; forward()
// and backward() never allocate. Larger sets are processed in chunks by the caller.
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

#include "activation.hpp"
#include "matrix.hpp"
#include "mlp/dense.hpp"
#include "mlp/layer_norm.hpp"
#include "mlp/model_options.hpp"
#include "numpy_random.hpp"

namespace al {

// Sees each hidden layer's pre-activation (after the LayerNorm, if any; the activation's input)
// and output during a forward pass: the diagnostics and the activation-pattern grid.
class LayerObserver {
  public:
    virtual ~LayerObserver() = default;
    // z: rows × width values of hidden layer l, valid during the call.
    virtual void preactivation(std::size_t l, const float* z, std::size_t rows,
                               std::size_t width) = 0;
    virtual void output(std::size_t /*l*/, const float* /*h*/, std::size_t /*rows*/,
                        std::size_t /*width*/) {}
};

class Mlp {
  public:
    Mlp(std::size_t inputs, const std::vector<std::size_t>& hidden, Activation act,
        std::size_t max_rows, Norm norm = Norm::none, std::size_t outputs = 1);
    // The layers point into this object's vectors: copying would alias them. (Moving is fine: a
    // moved std::vector keeps its storage.)
    Mlp(const Mlp&) = delete;
    Mlp& operator=(const Mlp&) = delete;
    Mlp(Mlp&&) = default;
    Mlp& operator=(Mlp&&) = default;

    // Init::standard, PyTorch's nn.Linear initialisation: W and b ~ U(-1/√fan_in, 1/√fan_in),
    // drawn from al::RandomState(seed).uniform in this fixed order: layer by layer from the
    // input, W in row-major [out][in] order, then b. Hence a seed gives the same weights for
    // every activation (and with or without LayerNorm).
    // Init::he, kaiming_normal_(mode="fan_in", nonlinearity="relu") on every Linear: W ~
    // N(0, 2/fan_in) drawn as RandomState(seed).normal(0, √2/√fan_in) (the legacy polar
    // Box–Muller, each accepted pair giving two values) in the same order, b = 0 (no draw).
    // Every LayerNorm starts at γ = 1, β = 0.
    void init(std::uint32_t seed, Init init = Init::standard);

    Activation activation() const { return act_; }
    void set_activation(Activation a) { act_ = a; }  // weights untouched
    std::size_t inputs() const { return layers_.front().in(); }
    std::size_t outputs() const { return layers_.back().out(); }

    // Dropout probability p in [0, 1) after each hidden activation (0: none, the default) and the
    // seed of its mask stream (see above). The state_dict numbering follows dropout() > 0.
    void set_dropout(double p, std::uint32_t seed);
    double dropout() const { return dropout_; }
    // For tests: the masks of a coming forward_train, one per hidden layer, rows × width values
    // of 0 (dropped) or 1 (kept), instead of drawing them. Each call queues one pass; each
    // forward_train takes the oldest queued pass; with none queued the stream draws.
    void inject_dropout_masks(std::vector<std::vector<std::uint8_t>> masks) {
        injected_.push_back(std::move(masks));
    }
    std::size_t max_rows() const { return max_rows_; }
    std::size_t num_layers() const { return layers_.size(); }  // Linear layers, hidden + 1
    std::size_t num_hidden() const { return h_.size(); }
    const Dense& layer(std::size_t l) const { return layers_[l]; }
    Dense& layer(std::size_t l) { return layers_[l]; }
    Norm norm() const { return norm_; }
    // The LayerNorm of hidden layer l (Norm::layer only).
    const LayerNorm& layer_norm(std::size_t l) const { return norms_[l]; }
    LayerNorm& layer_norm(std::size_t l) { return norms_[l]; }

    // All parameters as one flat vector (per layer: Wᵀ [in][out], then b, then the LayerNorm's
    // γ and β if any), and the gradients in the same order. An optimiser updates params() and then
    // calls refresh().
    std::vector<float>& params() { return params_; }
    const std::vector<float>& params() const { return params_; }
    std::vector<float>& grads() { return grads_; }
    void refresh();
    void zero_grads();

    // Logits of rows ≤ max_rows() inputs (rows × inputs(), row-major). The pointer stays valid
    // until the next forward pass. Inference only: computes no derivative and keeps nothing for
    // backward() (evaluations, the decision grid).
    // An observer, if given, sees each hidden layer's pre-activation and output.
    const float* forward(const float* x, std::size_t rows, LayerObserver* observer = nullptr);

    // The output of hidden layer `layer` < num_hidden() (after its LayerNorm, if any, and the
    // activation): rows × width values, row-major, the same bits forward() computes on its way.
    // Runs only the layers up to that one. Valid until the next pass. (The neuron maps.)
    const float* hidden_output(const float* x, std::size_t rows, std::size_t layer);

    // The same logits (bit for bit), for training: also keeps each hidden layer's act'(z), computed
    // with the activation in one pass, for backward().
    const float* forward_train(const float* x, std::size_t rows, LayerObserver* observer = nullptr);

    // After forward_train(x, rows): accumulate dL/dparams into grads() given dL/dlogits (rows ×
    // outputs() values), or with accumulate false overwrite grads() with them (as zero_grads()
    // first). Overwrites the forward pass's intermediate values.
    void backward(const float* x, const float* dlogits, std::size_t rows, bool accumulate = true);

  private:
    Activation act_;
    Norm norm_;
    std::size_t max_rows_;
    std::vector<float> params_, grads_;
    std::vector<Dense> layers_;
    std::vector<LayerNorm> norms_;  // one per hidden layer with Norm::layer, else none
    std::vector<Matrix> z_;   // per layer: the logits (last); act'(z) after forward_train (hidden)
    std::vector<Matrix> h_;   // activations per hidden layer
    std::vector<Matrix> dz_;  // dL/dz per hidden layer
    double dropout_ = 0.0;
    std::uint32_t drop_threshold_ = 0;  // a unit is kept iff its u32 ≥ this
    RandomState drop_rng_{0};
    std::deque<std::vector<std::vector<std::uint8_t>>> injected_;  // queued passes

    // Hidden layers 0..last of the evaluation pass; their output, or x when last is past them.
    const float* hidden_forward(const float* x, std::size_t rows, std::size_t last,
                                LayerObserver* observer);

    // Zeroes the dropped units of h (rows × width) and scales the kept ones, and the stored
    // act'(z) alike, so that backward() needs no mask of its own.
    void drop_units(std::size_t l, float* h, float* dh, std::size_t rows, std::size_t width);
};

}  // namespace al
