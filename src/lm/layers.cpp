#include "lm/layers.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "matrix.hpp"

namespace al::lm {

namespace {
// dst [cols][rows] = the rows × cols block of src whose rows are `ld` floats apart.
void transpose_strided(const float* src, std::size_t rows, std::size_t cols, std::size_t ld,
                       float* dst) {
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c) dst[c * rows + r] = src[r * ld + c];
}
}  // namespace

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

void attention_forward(const float* qkv, std::size_t batch, std::size_t t, std::size_t d,
                       std::size_t heads, float* probs, float* out, float* scratch) {
    const std::size_t hs = d / heads, ld = 3 * d;
    const float scale = std::sqrt(static_cast<float>(hs));  // scores = q·kᵀ / √hs
    float* kt = scratch;                                    // [hs][t]
    for (std::size_t b = 0; b < batch; ++b) {
        for (std::size_t h = 0; h < heads; ++h) {
            const float* q = qkv + b * t * ld + h * hs;
            const float* k = q + d;
            const float* v = q + 2 * d;
            float* p = probs + (b * heads + h) * t * t;
            transpose_strided(k, t, hs, ld, kt);
            gemm(t, t, hs, q, ld, 1, kt, t, p, t, nullptr, false);
            // Row i sees positions 0..i (the causal mask); a max-shifted softmax over them.
            for (std::size_t i = 0; i < t; ++i) {
                float* pr = p + i * t;
                float mx = -INFINITY;
                for (std::size_t s = 0; s <= i; ++s) {
                    pr[s] = pr[s] / scale;
                    mx = std::max(mx, pr[s]);
                }
                exp_shifted(pr, mx, pr, i + 1);
                float sum = 0;
                for (std::size_t s = 0; s <= i; ++s) sum += pr[s];
                const float inv = 1.0f / sum;
                for (std::size_t s = 0; s <= i; ++s) pr[s] *= inv;
                std::fill(pr + i + 1, pr + t, 0.0f);
            }
            // out = P·V (the masked zeros add nothing).
            gemm(t, hs, t, p, t, 1, v, ld, out + b * t * d + h * hs, d, nullptr, false);
        }
    }
}

void attention_backward(const float* qkv, const float* probs, const float* dout, std::size_t batch,
                        std::size_t t, std::size_t d, std::size_t heads, float* dqkv,
                        float* scratch) {
    const std::size_t hs = d / heads, ld = 3 * d;
    const float scale = std::sqrt(static_cast<float>(hs));
    float* dp = scratch;          // [t][t]
    float* vt = scratch + t * t;  // [hs][t]
    for (std::size_t b = 0; b < batch; ++b) {
        for (std::size_t h = 0; h < heads; ++h) {
            const float* q = qkv + b * t * ld + h * hs;
            const float* k = q + d;
            const float* v = q + 2 * d;
            const float* p = probs + (b * heads + h) * t * t;
            const float* dO = dout + b * t * d + h * hs;
            float* dq = dqkv + b * t * ld + h * hs;
            float* dk = dq + d;
            float* dv = dq + 2 * d;
            // dP = dO·Vᵀ, dV = Pᵀ·dO.
            transpose_strided(v, t, hs, ld, vt);
            gemm(t, t, hs, dO, d, 1, vt, t, dp, t, nullptr, false);
            gemm(t, hs, t, p, 1, t, dO, d, dv, ld, nullptr, false);
            // Softmax backward, then through the 1/√hs: dS = P ∘ (dP − rowsum(P ∘ dP)) / √hs.
            for (std::size_t i = 0; i < t; ++i) {
                const float* pr = p + i * t;
                float* dr = dp + i * t;
                float dot = 0;
                for (std::size_t s = 0; s <= i; ++s) dot += pr[s] * dr[s];
                for (std::size_t s = 0; s <= i; ++s) dr[s] = pr[s] * (dr[s] - dot) / scale;
                std::fill(dr + i + 1, dr + t, 0.0f);
            }
            // dQ = dS·K, dK = dSᵀ·Q.
            gemm(t, hs, t, dp, t, 1, k, ld, dq, ld, nullptr, false);
            gemm(t, hs, t, dp, 1, t, q, ld, dk, ld, nullptr, false);
        }
    }
}

double crossentropy_forward_backward(const float* logits, const int* targets, std::size_t n,
                                     std::size_t v, float* dlogits) {
    double total = 0;
    const float inv_n = 1.0f / static_cast<float>(n);
    std::vector<float> e(v);  // a row's e^(l − max): dlogits may alias the logits
    for (std::size_t r = 0; r < n; ++r) {
        const float* lr = logits + r * v;
        float mx = -INFINITY;
        for (std::size_t j = 0; j < v; ++j) mx = std::max(mx, lr[j]);
        exp_shifted(lr, mx, e.data(), v);
        float sum = 0;
        for (std::size_t j = 0; j < v; ++j) sum += e[j];
        const float lse = mx + std::log(sum);
        const std::size_t y = static_cast<std::size_t>(targets[r]);
        total += static_cast<double>(lse) - lr[y];
        if (dlogits) {
            float* dr = dlogits + r * v;
            exp_shifted(lr, lse, dr, v);
            for (std::size_t j = 0; j < v; ++j) dr[j] *= inv_n;
            dr[y] -= inv_n;
        }
    }
    return total / static_cast<double>(n);
}

namespace {
// out = f(in), dout = f'(in) for the FFN's elementwise function or a gated FFN's gate function.
// sigmoid and relu² are the two the MLP's Activation lacks; they are cheap, so scalar loops.
void ffn_function(FfnAct act, const float* in, float* out, float* dout, std::size_t n) {
    switch (act) {
        case FfnAct::relu2:
            for (std::size_t i = 0; i < n; ++i) {
                const float r = in[i] > 0 ? in[i] : 0.0f;
                out[i] = r * r;
                dout[i] = 2 * r;
            }
            return;
        case FfnAct::glu:
            for (std::size_t i = 0; i < n; ++i) {
                const float sg = 1.0f / (1.0f + std::exp(-in[i]));
                out[i] = sg;
                dout[i] = sg * (1.0f - sg);
            }
            return;
        case FfnAct::relu:
        case FfnAct::reglu: activate_with_grad(Activation::relu, in, out, dout, n); return;
        case FfnAct::gelu:
        case FfnAct::geglu: activate_with_grad(Activation::gelu, in, out, dout, n); return;
        case FfnAct::gelu_tanh: activate_with_grad(Activation::gelu_tanh, in, out, dout, n); return;
        case FfnAct::silu:
        case FfnAct::swiglu: activate_with_grad(Activation::silu, in, out, dout, n); return;
        case FfnAct::bilinear: activate_with_grad(Activation::identity, in, out, dout, n); return;
    }
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
        ffn_function(act, gate, sr, fprime + r * hidden, hidden);
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
