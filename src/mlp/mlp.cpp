#include "mlp/mlp.hpp"

#include <algorithm>
#include <cmath>

#include "numpy_random.hpp"

namespace al {

Mlp::Mlp(std::size_t inputs, const std::vector<std::size_t>& hidden, Activation act,
         std::size_t max_rows, Norm norm, std::size_t outputs)
    : act_(act), norm_(norm), max_rows_(max_rows == 0 ? 1 : max_rows) {
    std::vector<std::size_t> widths{inputs};
    widths.insert(widths.end(), hidden.begin(), hidden.end());
    widths.push_back(outputs);
    const bool ln = norm == Norm::layer;
    std::size_t total = 0;
    for (std::size_t l = 0; l + 1 < widths.size(); ++l) {
        total += (widths[l] + 1) * widths[l + 1];
        if (ln && l + 2 < widths.size()) total += 2 * widths[l + 1];  // γ, β
    }
    params_.assign(total, 0.0f);
    grads_.assign(total, 0.0f);
    std::size_t off = 0;
    for (std::size_t l = 0; l + 1 < widths.size(); ++l) {
        const std::size_t in = widths[l], out = widths[l + 1];
        float* p = params_.data() + off;
        float* g = grads_.data() + off;
        layers_.emplace_back(in, out, p, p + in * out, g, g + in * out);
        off += (in + 1) * out;
        z_.emplace_back(max_rows_, out);
        if (l + 2 < widths.size()) {
            h_.emplace_back(max_rows_, out);
            dz_.emplace_back(max_rows_, out);
            if (ln) {
                p = params_.data() + off;
                g = grads_.data() + off;
                norms_.emplace_back(out, max_rows_, p, p + out, g, g + out);
                norms_.back().reset();
                off += 2 * out;
            }
        }
    }
}

void Mlp::init(std::uint32_t seed, Init init) {
    RandomState rng(seed);
    for (Dense& d : layers_) {
        const double fan_in = static_cast<double>(d.in());
        if (init == Init::he) {
            // kaiming_normal_: gain √2 (ReLU), std = gain / √fan_in.
            const double std = std::sqrt(2.0) / std::sqrt(fan_in);
            for (std::size_t o = 0; o < d.out(); ++o)
                for (std::size_t i = 0; i < d.in(); ++i)
                    d.set_weight(o, i, static_cast<float>(rng.normal(0.0, std)));
            for (std::size_t o = 0; o < d.out(); ++o) d.set_bias(o, 0.0f);
            continue;
        }
        const double bound = 1.0 / std::sqrt(fan_in);
        for (std::size_t o = 0; o < d.out(); ++o)
            for (std::size_t i = 0; i < d.in(); ++i)
                d.set_weight(o, i, static_cast<float>(rng.uniform(-bound, bound)));
        for (std::size_t o = 0; o < d.out(); ++o)
            d.set_bias(o, static_cast<float>(rng.uniform(-bound, bound)));
    }
    for (LayerNorm& n : norms_) n.reset();
    refresh();
}

void Mlp::set_dropout(double p, std::uint32_t seed) {
    dropout_ = p > 0.0 && p < 1.0 ? p : 0.0;
    drop_threshold_ = static_cast<std::uint32_t>(std::floor(dropout_ * 4294967296.0));
    drop_rng_.seed(seed);
    injected_.clear();
}

void Mlp::drop_units(std::size_t l, float* h, float* dh, std::size_t rows, std::size_t width) {
    const float scale = static_cast<float>(1.0 / (1.0 - dropout_));
    const std::size_t n = rows * width;
    const std::vector<std::uint8_t>* mask =
        !injected_.empty() && l < injected_.front().size() && injected_.front()[l].size() >= n
            ? &injected_.front()[l]
            : nullptr;
    for (std::size_t i = 0; i < n; ++i) {
        const bool keep = mask ? (*mask)[i] != 0 : drop_rng_.next_u32() >= drop_threshold_;
        // h·scale as PyTorch computes it (input * mask / (1 − p), the mask pre-scaled).
        h[i] = keep ? h[i] * scale : 0.0f;
        if (dh) dh[i] = keep ? dh[i] * scale : 0.0f;
    }
}

void Mlp::refresh() {
    for (Dense& d : layers_) d.refresh();
}

void Mlp::zero_grads() { std::fill(grads_.begin(), grads_.end(), 0.0f); }

const float* Mlp::hidden_forward(const float* x, std::size_t rows, std::size_t last,
                                 LayerObserver* observer) {
    // No derivative: each hidden layer's product goes straight into h, activated in place.
    const float* in = x;
    for (std::size_t l = 0; l <= last && l < h_.size(); ++l) {
        float* h = h_[l].data.data();
        const std::size_t w = layers_[l].out();
        layers_[l].forward(in, rows, h);
        if (!norms_.empty()) norms_[l].forward(h, rows, h);
        if (observer) observer->preactivation(l, h, rows, w);
        activate(act_, h, h, rows * w);
        if (observer) observer->output(l, h, rows, w);
        in = h;
    }
    return in;
}

const float* Mlp::forward(const float* x, std::size_t rows, LayerObserver* observer) {
    const std::size_t hidden = h_.size();
    const float* in = hidden_forward(x, rows, hidden, observer);
    layers_[hidden].forward(in, rows, z_[hidden].data.data());
    return z_[hidden].data.data();
}

const float* Mlp::hidden_output(const float* x, std::size_t rows, std::size_t layer) {
    return hidden_forward(x, rows, layer, nullptr);
}

const float* Mlp::forward_train(const float* x, std::size_t rows, LayerObserver* observer) {
    const float* in = x;
    const std::size_t hidden = h_.size();
    for (std::size_t l = 0; l < hidden; ++l) {
        float* z = z_[l].data.data();
        float* h = h_[l].data.data();
        const std::size_t w = layers_[l].out(), n = rows * w;
        layers_[l].forward(in, rows, z);
        if (!norms_.empty()) norms_[l].forward(z, rows, z);
        if (observer) observer->preactivation(l, z, rows, w);
        // h = act(z) and act'(z) over z, which backward() needs no more than that.
        if (act_ == Activation::identity && dropout_ == 0.0)
            activate(act_, z, h, n);
        else
            activate_with_grad(act_, z, h, z, n);
        if (dropout_ > 0.0) drop_units(l, h, z, rows, w);
        if (observer) observer->output(l, h, rows, w);
        in = h;
    }
    if (!injected_.empty()) injected_.pop_front();
    layers_[hidden].forward(in, rows, z_[hidden].data.data());
    return z_[hidden].data.data();
}

void Mlp::backward(const float* x, const float* dlogits, std::size_t rows, bool accumulate) {
    const float* dy = dlogits;
    for (std::size_t l = layers_.size(); l-- > 0;) {
        const float* in = l == 0 ? x : h_[l - 1].data.data();
        float* dx = l == 0 ? nullptr : dz_[l - 1].data.data();
        layers_[l].backward(in, dy, rows, dx, accumulate);
        if (l == 0) break;
        // dz = dh ⊙ act'(z), act'(z) stored by forward_train (identity: act' = 1), times
        // the dropout mask's 0 or 1/(1 − p) when there is dropout. GELU′ of a large
        // negative z is tiny: subnormal products are flushed (matrix.hpp says why).
        if (act_ != Activation::identity || dropout_ > 0.0)
            multiply_flush_inplace(dx, z_[l - 1].data.data(), rows * layers_[l - 1].out());
        // Through the LayerNorm to the Linear's output.
        if (!norms_.empty()) norms_[l - 1].backward(dx, rows, dx, accumulate);
        dy = dx;
    }
}

}  // namespace al
