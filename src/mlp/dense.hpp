// A fully connected layer y = x·Wᵀ + b, forward and backward side by side.
//
// Layout (why): W is PyTorch's [out][in], but the forward product wants, for each input i, the
// row of weights W[:, i] contiguous so that the outputs can be vectorised (see matrix.hpp). So
// the parameter the optimiser owns is Wᵀ, `wt` = [in][out]; Adam is elementwise and does not
// care. The backward dx = dy·W wants W itself, [out][in]: `refresh()` keeps a copy of it, rebuilt
// after every parameter update (in·out floats, ~1/batch of the cost of one product).
// The layer does not own its parameters: they live in the network's flat vectors (one Adam pass
// over all of them), the layer points into them.
#pragma once
#include <cstddef>
#include <vector>

namespace al {

class Dense {
  public:
    Dense(std::size_t in, std::size_t out, float* wt, float* b, float* dwt, float* db);

    std::size_t in() const { return in_; }
    std::size_t out() const { return out_; }

    // PyTorch's view: W[o][i] and b[o]. Setters need a refresh() afterwards.
    float weight(std::size_t o, std::size_t i) const { return wt_[i * out_ + o]; }
    void set_weight(std::size_t o, std::size_t i, float v) { wt_[i * out_ + o] = v; }
    float bias(std::size_t o) const { return b_[o]; }
    // dL/dWᵀ, [in][out], as the last backward() left it (in·out values).
    const float* weight_grad() const { return dwt_; }
    void set_bias(std::size_t o, float v) { b_[o] = v; }

    // Rebuild the [out][in] copy used by backward() after the parameters changed.
    void refresh();

    // y (rows × out) = x (rows × in) · Wᵀ + b.
    void forward(const float* x, std::size_t rows, float* y) const;

    // Given x of the forward pass and dy = dL/dy (rows × out):
    //   dW += dyᵀ·x  (stored transposed, dWᵀ += xᵀ·dy),  db += Σ_rows dy,  dx = dy·W,
    // or, with accumulate false, dW = dyᵀ·x and db = Σ_rows dy (the same values as zeroing first,
    // without a pass over the gradients). dx may be null (the first layer needs no input gradient).
    void backward(const float* x, const float* dy, std::size_t rows, float* dx,
                  bool accumulate = true) const;

  private:
    std::size_t in_, out_;
    float* wt_;             // [in][out]
    float* b_;              // [out]
    float* dwt_;            // [in][out]
    float* db_;             // [out]
    std::vector<float> w_;  // [out][in], refreshed copy of wt_
};

}  // namespace al
