// One language-model run: config + text -> steps -> evaluations, samples, swaps.
// Sliced for workers: step(k) trains at most k optimiser steps, and the compute budget of
// lm_config.hpp bounds what one step (with its evaluation) costs.
//
// Training step s (0-based): a batch of `batch` windows of the training split drawn from
// RandomState(seed ^ 0x5eed) (Corpus::batch; the initial weights use RandomState(seed)), the
// mean cross-entropy, its gradient, clipping to total norm `clip` (PyTorch's clip_grad_norm_),
// then AdamW at lr_at(s): linear warm-up lr·(s+1)/warmup for s < warmup, then cosine from lr
// down to lr_floor·lr at s = steps (tiny_lm_torch.py's schedule). set_constant_lr() replaces the
// schedule by a constant, for fine-tuning.
//
// Evaluation: the mean loss over eval_windows fixed windows of each split (Corpus::
// window_starts), recorded before the first step and after every eval_every steps and the
// last one.
//
// Divergence: a non-finite loss or parameter stops the run with status diverged; the weights
// stay those before that step.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "adam.hpp"
#include "lm/corpus.hpp"
#include "lm/lm_config.hpp"
#include "lm/model.hpp"
#include "named_enum.hpp"
#include "numpy_random.hpp"

namespace al::lm {

enum class LmStatus { ready, running, done, diverged, invalid };
inline constexpr auto status_names = named_enum<LmStatus>({{LmStatus::ready, "ready"},
                                                           {LmStatus::running, "running"},
                                                           {LmStatus::done, "done"},
                                                           {LmStatus::diverged, "diverged"},
                                                           {LmStatus::invalid, "invalid"}});

struct LmEval {
    int step;
    double train_loss, val_loss;
};

class LmExperiment {
  public:
    // An invalid config (validate() with the text's vocabulary, so with the budget) or an
    // unusable text leaves the run "invalid" with the reason in error(); nothing else works then.
    LmExperiment(const LmConfig& config, std::string_view text);

    bool step(int max_steps);
    int step_count() const { return step_; }
    LmStatus status() const { return status_; }
    const std::string& error() const { return error_; }
    const LmConfig& config() const { return config_; }
    const std::vector<LmEval>& history() const { return history_; }
    LmEval evaluate();
    double lr_at(int step) const;

    // "" when every character of `prompt` is in the vocabulary; otherwise "prompt: the model
    // never saw these characters: …", the first 20 distinct ones, escaped (escape_input).
    std::string unknown_characters(std::string_view prompt) const;

    // `n` characters continuing `prompt` (a character outside the vocabulary is refused, as
    // unknown_characters() says; an empty prompt starts from a newline, or from the first
    // character of the vocabulary), drawn
    // with probabilities softmax(logits / temperature) from RandomState(seed) (temperature 0:
    // the most likely character). Returns the new characters only; "" and `error` if invalid.
    std::string sample(std::string_view prompt, double n, double temperature, double seed,
                       std::string& error);

    // The pretrained swap: the same weights, another FFN function, plain for plain or gated for
    // gated (a gated FFN's weights have other shapes). AdamW's moments and step count restart, as
    // for a model loaded into a new optimiser. "" or the reason.
    std::string set_activation(FfnAct a);
    FfnAct activation() const { return config_.act; }
    // Total steps of the run (a finished run can go on); the budget still applies.
    std::string set_steps(double total);
    // From now on the learning rate is this constant (warm-up and cosine no longer apply).
    std::string set_constant_lr(double lr);
    double constant_lr() const { return constant_lr_; }

    std::string state_json() const;
    // Loading restarts AdamW (as above) and makes a diverged run trainable again.
    std::string load_state_json(std::string_view text);
    // The same weights as safetensors bytes (lm_safetensors.hpp); loading as load_state_json.
    std::string state_safetensors() const;
    std::string load_state_safetensors(std::string_view bytes);

    // The validation loss of evaluate() with the FFN function `a` in place of the model's own,
    // for this pass only: the weights stay, the model's function comes back. `seen`, if given,
    // reads the model after each chunk's forward (model.last_tokens() tokens of the windows):
    // what lm_parts measures the FFN's inputs with. NaN when invalid or when `a` cannot stand in
    // (gated for plain or plain for gated).
    using ChunkReader = std::function<void(const Model&)>;
    double val_loss_with(FfnAct a, const ChunkReader& seen = nullptr);

    // Layer `layer`'s FFN pre-activations on the first min(batch, eval_windows) validation
    // windows: [windows·ctx][ffn_rows] (gated: gate then up per row). "" or the reason.
    std::string ffn_preactivations(int layer, std::vector<float>& out);

    const Corpus& corpus() const { return corpus_; }
    const Model* model() const { return model_.get(); }

  private:
    std::string error_;
    LmConfig config_;
    Corpus corpus_;
    std::unique_ptr<Model> model_;
    std::unique_ptr<Adam> adam_;
    RandomState batch_rng_;
    std::vector<int> inputs_, targets_, train_windows_, val_windows_;
    std::vector<float> snapshot_;
    std::vector<LmEval> history_;
    int step_ = 0;
    double constant_lr_ = 0;  // 0: the schedule
    LmStatus status_ = LmStatus::ready;

    bool train_one();
    double split_loss(const std::vector<int>& split, const std::vector<int>& starts,
                      const ChunkReader& seen = nullptr);
    void update_status();
    // After a load's `error` ("" when the weights changed): AdamW restarts, a diverged run resumes.
    std::string loaded(std::string error);
};

}  // namespace al::lm
