#include "lm/layers.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "matrix.hpp"
#include "simd/arch.hpp"
#include "softmax.hpp"

namespace al::lm {

void linear_forward(const float* x, const float* wt, const float* b, std::size_t n, std::size_t in,
                    std::size_t out, float* y) {
    // y[r][o] = b[o] + Σ_i x[r][i]·Wᵀ[i][o]: broadcast x[r][i], vectorise along o.
    gemm(n, out, in, x, in, 1, wt, out, y, out, b, false);
}

void linear_backward(const float* x, const float* w, const float* dy, std::size_t n, std::size_t in,
                     std::size_t out, float* dw, float* db, float* dx) {
    // dW[o][i] += Σ_r dy[r][o]·x[r][i]: A = dyᵀ (strides swapped), B = x, vectorised along i.
    gemm(out, in, n, dy, 1, out, x, in, dw, in, nullptr, true);
    add_column_sums(dy, n, out, db);
    // dx[r][i] = Σ_o dy[r][o]·W[o][i]: B = W as stored.
    if (dx) gemm(n, in, out, dy, out, 1, w, in, dx, in, nullptr, false);
}

namespace {
#if AL_SIMD
using simd::fbatch;
#endif
using simd::L;

// x[j] *= k for j < n.
void scale_row(float* x, std::size_t n, float k) {
    std::size_t j = 0;
#if AL_SIMD
    const fbatch kb(k);
    for (; j + L <= n; j += L) (fbatch::load_unaligned(x + j) * kb).store_unaligned(x + j);
#endif
    for (; j < n; ++j) x[j] *= k;
}
}  // namespace

double crossentropy_forward_backward(const float* logits, const int* targets, std::size_t n,
                                     std::size_t v, float* dlogits) {
    double total = 0;
    const float inv_n = 1.0f / static_cast<float>(n);
    // A row's e^(l − max), when there is no dlogits row to hold it: on the stack for the
    // vocabularies the model allows, allocated once per call beyond.
    constexpr std::size_t on_stack = max_vocab;
    float small[on_stack];
    std::vector<float> large(!dlogits && v > on_stack ? v : 0);
    float* scratch = v > on_stack ? large.data() : small;
    for (std::size_t r = 0; r < n; ++r) {
        const float* lr = logits + r * v;
        const std::size_t y = static_cast<std::size_t>(targets[r]);
        const float mx = max_of(lr, v), target = lr[y];  // read before dlogits overwrites them
        // One exp per logit: the softmax is e/Σe (the gradient's), and log Σe the loss's.
        float* e = dlogits ? dlogits + r * v : scratch;
        const float sum = exp_shifted_sum(lr, 1.0f, mx, v, v, e);
        total += static_cast<double>(mx + std::log(sum)) - target;
        if (dlogits) {
            scale_row(e, v, inv_n / sum);
            e[y] -= inv_n;
        }
    }
    return total / static_cast<double>(n);
}

namespace {
// out = f(in), and dout = f'(in) unless dout is null (a pass with no backward after it), for the
// FFN's elementwise function or a gated FFN's gate function. sigmoid and relu² are the two the
// MLP's Activation lacks; they are cheap, so scalar loops.
void ffn_function(FfnAct act, const float* in, float* out, float* dout, std::size_t n) {
    Activation a = Activation::identity;
    switch (act) {
        case FfnAct::relu2:
            for (std::size_t i = 0; i < n; ++i) {
                const float r = in[i] > 0 ? in[i] : 0.0f;
                out[i] = r * r;
                if (dout) dout[i] = 2 * r;
            }
            return;
        case FfnAct::glu:
            for (std::size_t i = 0; i < n; ++i) {
                const float sg = 1.0f / (1.0f + std::exp(-in[i]));
                out[i] = sg;
                if (dout) dout[i] = sg * (1.0f - sg);
            }
            return;
        case FfnAct::relu:
        case FfnAct::reglu: a = Activation::relu; break;
        case FfnAct::gelu:
        case FfnAct::geglu: a = Activation::gelu; break;
        case FfnAct::gelu_tanh: a = Activation::gelu_tanh; break;
        case FfnAct::silu:
        case FfnAct::swiglu: a = Activation::silu; break;
        case FfnAct::bilinear: a = Activation::identity; break;
        case FfnAct::gelu_no_negative: a = Activation::gelu_no_negative; break;
        case FfnAct::gelu_linear_positive: a = Activation::gelu_linear_positive; break;
    }
    // activate() writes the same values as activate_with_grad()'s out (activation.hpp).
    if (dout)
        activate_with_grad(a, in, out, dout, n);
    else
        activate(a, in, out, n);
}
}  // namespace

void ffn_act_forward(FfnAct act, const float* h, std::size_t n, std::size_t hidden, float* a,
                     float* fprime, float* s) {
    if (!is_gated(act)) {
        ffn_function(act, h, a, fprime, n * hidden);
        return;
    }
    for (std::size_t r = 0; r < n; ++r) {
        const float* gate = h + r * 2 * hidden;
        const float* up = gate + hidden;
        float* sr = s + r * hidden;
        float* ar = a + r * hidden;
        ffn_function(act, gate, sr, fprime ? fprime + r * hidden : nullptr, hidden);
        for (std::size_t j = 0; j < hidden; ++j) ar[j] = sr[j] * up[j];
    }
}

void ffn_act_backward(bool gated, const float* h, const float* fprime, const float* s,
                      const float* da, std::size_t n, std::size_t hidden, float* dh) {
    if (!gated) {
        for (std::size_t i = 0; i < n * hidden; ++i) dh[i] = da[i] * fprime[i];
        return;
    }
    for (std::size_t r = 0; r < n; ++r) {
        const float* up = h + r * 2 * hidden + hidden;
        const float* dar = da + r * hidden;
        const float* sr = s + r * hidden;
        const float* fr = fprime + r * hidden;
        float* dgate = dh + r * 2 * hidden;
        float* dup = dgate + hidden;
        for (std::size_t j = 0; j < hidden; ++j) {
            dgate[j] = dar[j] * up[j] * fr[j];
            dup[j] = dar[j] * sr[j];
        }
    }
}

}  // namespace al::lm
