// Adam exactly as torch.optim.Adam (PyTorch 1.13, single-tensor path, amsgrad off):
//   g ← g + weight_decay·p                        (L2 penalty, only if weight_decay ≠ 0)
//   m ← β1·m + (1 − β1)·g                         first moment
//   v ← β2·v + (1 − β2)·g·g                       second moment
//   bias1 = 1 − β1^t, bias2 = 1 − β2^t           (in double, as Python computes them)
//   step_size = lr / bias1
//   denom = sqrt(v) / sqrt(bias2) + ε
//   p ← p − step_size · m / denom
// The elementwise part is float32, in PyTorch's order of operations.
// With `decoupled`, torch.optim.AdamW instead: no L2 term in g; first p ← p·(1 − lr·weight_decay)
// (the factor computed in double, as Python does, then rounded to float32).
#pragma once
#include <cstddef>
#include <vector>

namespace al {

struct AdamOptions {
    double lr = 1e-3;
    double beta1 = 0.9;
    double beta2 = 0.999;
    double eps = 1e-8;
    double weight_decay = 0.0;
    bool decoupled = false;  // AdamW
};

class Adam {
  public:
    Adam(std::size_t n, AdamOptions options);

    // One update of n parameters from their gradients.
    void step(float* params, const float* grads);
    // Forget the moments and the step count (a fresh optimiser).
    void reset();
    // The learning rate of the next steps (a schedule sets it before each step).
    void set_lr(double lr) { opt_.lr = lr; }

    long steps() const { return t_; }
    const AdamOptions& options() const { return opt_; }
    const std::vector<float>& exp_avg() const { return m_; }
    const std::vector<float>& exp_avg_sq() const { return v_; }

  private:
    AdamOptions opt_;
    long t_ = 0;
    std::vector<float> m_, v_;
};

}  // namespace al
