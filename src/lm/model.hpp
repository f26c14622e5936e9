// The decoder-only character Transformer (tiny_lm_torch.py's TinyLM): tied token embedding, learned
// positions, pre-LayerNorm blocks (LN → causal multi-head attention → residual; LN → FFN →
// residual), final LN, logits = lnf(h)·tokᵀ, cross-entropy.
//
// Parameters live in one flat vector in state_dict order (tensors()), PyTorch layout, so the
// optimiser makes one pass and a state_dict is a walk over the table; gradients mirror it.
// Activations of the last forward live in one allocation sized for batch × ctx tokens.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lm/lm_config.hpp"

namespace al::lm {

struct ParamTensor {
    std::string name;        // PyTorch's: "tok.weight", "blocks.0.qkv.weight", ...
    std::size_t rows, cols;  // cols == 0: a vector of `rows` values
    std::size_t offset;      // into params()/grads()
    std::size_t size() const { return cols ? rows * cols : rows; }
};

// FNV-1a (32 bits) of `bytes`: offset basis 2166136261, prime 16777619, one byte at a time.
std::uint32_t fnv1a32(std::string_view bytes);
// The seed of one parameter tensor's draws: fnv1a32 of the run's seed as 4 little-endian bytes
// followed by the tensor's state_dict name ("blocks.0.ffn.w1.weight"). Fixed and documented, so
// another implementation can draw the same initial weights.
std::uint32_t tensor_seed(std::uint32_t seed, std::string_view name);

class Model {
  public:
    // Precondition: validate(config) == "" and vocab ≥ 1. Parameters start at zero: call init().
    Model(const LmConfig& config, int vocab);

    const LmConfig& config() const { return c_; }
    int vocab() const { return v_; }
    const std::vector<ParamTensor>& tensors() const { return tensors_; }
    std::vector<float>& params() { return params_; }
    const std::vector<float>& params() const { return params_; }
    const std::vector<float>& grads() const { return grads_; }
    std::vector<float>& grads() { return grads_; }

    // tiny_lm_torch.py's init: matrices N(0, σ) (σ = 0.02·√(768/d) for bert, 0.02 for gpt2; proj
    // and w2: σ/√(2·layers)), biases 0, LayerNorm weights 1. Each matrix draws from its own
    // RandomState(tensor_seed(seed, name)), so a tensor's start depends on its name and shape
    // alone: models that differ only in their FFN start with the same embeddings, attention and
    // LayerNorms, and a paired study compares the FFNs, not two draws of everything else.
    void init(std::uint32_t seed, Init init);
    // Rebuilds the transposed weight copies the forward pass reads. Call after any change to
    // params() (the optimiser's step, a load).
    void refresh();

    // The FFN function; only between plain ones or between gated ones (the shapes differ).
    FfnAct act() const { return c_.act; }
    void set_act(FfnAct a) { c_.act = a; }

    // Forward over `rows` sequences of `t` tokens (rows ≤ batch, t ≤ ctx), tokens [rows][t].
    // With targets: returns the mean cross-entropy and, when `for_backward`, prepares backward()
    // (the loss's gradient, the FFN's derivative); without: NaN. An evaluation passes false.
    double forward(const int* tokens, const int* targets, std::size_t rows, std::size_t t,
                   bool for_backward = true);
    // Gradients of the last forward's loss into grads() (overwritten, not accumulated).
    void backward();

    // Of the last forward: logits [rows·t][V] (before backward(), which overwrites them), and
    // layer l's FFN pre-activations w1·ln2(x) + b1, [rows·t][ffn_rows].
    const float* logits() const { return logits_; }
    const float* ffn_pre(std::size_t layer) const { return blocks_[layer].h1; }
    // Layer l's FFN function's outputs f(w1·ln2(x) + b1), [rows·t][ffn_hidden] (gated: g·up).
    const float* ffn_out(std::size_t layer) const { return blocks_[layer].a; }
    std::size_t last_tokens() const { return n_; }

  private:
    struct BlockParams {
        std::size_t ln1_w, ln1_b, ln2_w, ln2_b, qkv_w, qkv_b, proj_w, proj_b, w1_w, w1_b, w2_w,
            w2_b;                               // offsets into params_
        std::size_t qkv_t, proj_t, w1_t, w2_t;  // offsets into wt_
    };
    struct BlockActs {
        float *x, *ln1, *ln1_mean, *ln1_rstd, *qkv, *probs, *att, *xm, *ln2, *ln2_mean, *ln2_rstd,
            *h1, *a, *fprime, *s;
    };

    LmConfig c_;
    int v_;
    std::size_t hidden_, rows1_;  // FFN hidden width, rows of w1
    std::vector<ParamTensor> tensors_;
    std::size_t tok_, pos_, lnf_w_, lnf_b_, tok_t_;
    std::vector<BlockParams> bp_;
    std::vector<float> params_, grads_, wt_;
    std::vector<float> acts_;  // everything below points into it
    std::vector<BlockActs> blocks_;
    float *x_final_, *lnf_, *lnf_mean_, *lnf_rstd_, *logits_;
    float *dres_, *dln_, *datt_, *da_, *dh1_, *dqkv_, *scratch_;
    std::vector<int> tokens_, targets_;
    std::size_t rows_ = 0, t_ = 0, n_ = 0;

    std::size_t add(const std::string& name, std::size_t rows, std::size_t cols);
};

}  // namespace al::lm
