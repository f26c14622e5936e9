#include "lm/model.hpp"

#include <algorithm>
#include <cmath>

#include "lm/layers.hpp"
#include "matrix.hpp"
#include "numpy_random.hpp"

namespace al::lm {

std::size_t Model::add(const std::string& name, std::size_t rows, std::size_t cols) {
    const std::size_t offset =
        tensors_.empty() ? 0 : tensors_.back().offset + tensors_.back().size();
    tensors_.push_back({name, rows, cols, offset});
    return offset;
}

Model::Model(const LmConfig& config, int vocab)
    : c_(config),
      v_(vocab),
      hidden_(static_cast<std::size_t>(ffn_hidden(config))),
      rows1_(static_cast<std::size_t>(ffn_rows(config))) {
    const std::size_t d = c_.d, L = c_.layers, T = c_.ctx, V = v_;
    // state_dict order (tiny_lm_torch.py registers ln1 and ln2 before qkv, proj, w1, w2).
    tok_ = add("tok.weight", V, d);
    pos_ = add("pos.weight", T, d);
    std::size_t wt = V * d;  // tokᵀ first in wt_
    tok_t_ = 0;
    for (std::size_t l = 0; l < L; ++l) {
        const std::string p = "blocks." + std::to_string(l) + ".";
        BlockParams b;
        b.ln1_w = add(p + "ln1.weight", d, 0);
        b.ln1_b = add(p + "ln1.bias", d, 0);
        b.ln2_w = add(p + "ln2.weight", d, 0);
        b.ln2_b = add(p + "ln2.bias", d, 0);
        b.qkv_w = add(p + "qkv.weight", 3 * d, d);
        b.qkv_b = add(p + "qkv.bias", 3 * d, 0);
        b.proj_w = add(p + "proj.weight", d, d);
        b.proj_b = add(p + "proj.bias", d, 0);
        b.w1_w = add(p + "w1.weight", rows1_, d);
        b.w1_b = add(p + "w1.bias", rows1_, 0);
        b.w2_w = add(p + "w2.weight", d, hidden_);
        b.w2_b = add(p + "w2.bias", d, 0);
        b.qkv_t = wt, wt += 3 * d * d;
        b.proj_t = wt, wt += d * d;
        b.w1_t = wt, wt += rows1_ * d;
        b.w2_t = wt, wt += d * hidden_;
        bp_.push_back(b);
    }
    lnf_w_ = add("lnf.weight", d, 0);
    lnf_b_ = add("lnf.bias", d, 0);
    params_.assign(tensors_.back().offset + tensors_.back().size(), 0.0f);
    grads_.assign(params_.size(), 0.0f);
    wt_.assign(wt, 0.0f);

    // Activations for batch × ctx tokens, then the backward's scratch.
    const std::size_t N = static_cast<std::size_t>(c_.batch) * T, H = c_.heads;
    const std::size_t probs = c_.batch * H * attention_probs_floats(T);
    const std::size_t per_block =
        N * d * 6 + N * 4 + N * 3 * d + probs + N * rows1_ + N * hidden_ * 3;
    const std::size_t scratch = attention_scratch_floats(T, d / H);
    acts_.assign(per_block * L + N * d * 2 + N * 2 + N * V + N * d * 3 + N * hidden_ + N * rows1_ +
                     N * 3 * d + scratch,
                 0.0f);
    float* p = acts_.data();
    auto take = [&p](std::size_t n) {
        float* q = p;
        p += n;
        return q;
    };
    for (std::size_t l = 0; l < L; ++l) {
        BlockActs a;
        a.x = take(N * d);
        a.ln1 = take(N * d);
        a.ln1_mean = take(N);
        a.ln1_rstd = take(N);
        a.qkv = take(N * 3 * d);
        a.probs = take(probs);
        a.att = take(N * d);
        a.xm = take(N * d);
        a.ln2 = take(N * d);
        a.ln2_mean = take(N);
        a.ln2_rstd = take(N);
        a.h1 = take(N * rows1_);
        a.a = take(N * hidden_);
        a.fprime = take(N * hidden_);
        a.s = take(N * hidden_);
        blocks_.push_back(a);
    }
    x_final_ = take(N * d);
    lnf_ = take(N * d);
    lnf_mean_ = take(N);
    lnf_rstd_ = take(N);
    logits_ = take(N * V);
    dres_ = take(N * d);
    dln_ = take(N * d);
    datt_ = take(N * d);
    da_ = take(N * hidden_);
    dh1_ = take(N * rows1_);
    dqkv_ = take(N * 3 * d);
    scratch_ = take(scratch);
    tokens_.resize(N);
    targets_.resize(N);
}

std::uint32_t fnv1a32(std::string_view bytes) {
    std::uint32_t h = 2166136261u;
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 16777619u;
    }
    return h;
}

std::uint32_t tensor_seed(std::uint32_t seed, std::string_view name) {
    std::string bytes(4, '\0');
    for (int i = 0; i < 4; ++i) bytes[i] = static_cast<char>((seed >> (8 * i)) & 0xffu);
    bytes.append(name);
    return fnv1a32(bytes);
}

void Model::init(std::uint32_t seed, Init init) {
    const double base = init == Init::gpt2 ? 0.02 : 0.02 * std::sqrt(768.0 / c_.d);
    const double residual = base / std::sqrt(2.0 * c_.layers);
    for (const ParamTensor& t : tensors_) {
        float* p = params_.data() + t.offset;
        const auto ends_with = [&t](const char* s) {
            const std::string suffix(s);
            return t.name.size() >= suffix.size() &&
                   t.name.compare(t.name.size() - suffix.size(), suffix.size(), suffix) == 0;
        };
        if (t.cols) {
            const double sd = ends_with("proj.weight") || ends_with("w2.weight") ? residual : base;
            RandomState rng(tensor_seed(seed, t.name));
            for (std::size_t i = 0; i < t.size(); ++i) p[i] = static_cast<float>(sd * rng.gauss());
        } else {
            std::fill(p, p + t.size(), ends_with("bias") ? 0.0f : 1.0f);
        }
    }
    refresh();
}

void Model::refresh() {
    const std::size_t d = c_.d;
    const float* P = params_.data();
    transpose(P + tok_, v_, d, wt_.data() + tok_t_);
    for (const BlockParams& b : bp_) {
        transpose(P + b.qkv_w, 3 * d, d, wt_.data() + b.qkv_t);
        transpose(P + b.proj_w, d, d, wt_.data() + b.proj_t);
        transpose(P + b.w1_w, rows1_, d, wt_.data() + b.w1_t);
        transpose(P + b.w2_w, d, hidden_, wt_.data() + b.w2_t);
    }
}

double Model::forward(const int* tokens, const int* targets, std::size_t rows, std::size_t t,
                      bool for_backward) {
    const std::size_t d = c_.d, H = c_.heads, V = v_, N = rows * t;
    const float* P = params_.data();
    const float* W = wt_.data();
    rows_ = rows, t_ = t, n_ = N;
    const bool grad = targets && for_backward;
    std::copy(tokens, tokens + N, tokens_.begin());
    if (targets) std::copy(targets, targets + N, targets_.begin());

    // Embedding: h = tok[idx] + pos[t].
    float* x = blocks_.empty() ? x_final_ : blocks_[0].x;
    for (std::size_t r = 0; r < N; ++r) {
        const float* te = P + tok_ + static_cast<std::size_t>(tokens[r]) * d;
        const float* pe = P + pos_ + (r % t) * d;
        for (std::size_t i = 0; i < d; ++i) x[r * d + i] = te[i] + pe[i];
    }
    for (std::size_t l = 0; l < blocks_.size(); ++l) {
        const BlockParams& b = bp_[l];
        BlockActs& a = blocks_[l];
        float* next = l + 1 < blocks_.size() ? blocks_[l + 1].x : x_final_;
        // x + proj(attention(ln1(x)))
        layernorm_forward(a.x, P + b.ln1_w, P + b.ln1_b, N, d, a.ln1, a.ln1_mean, a.ln1_rstd);
        linear_forward(a.ln1, W + b.qkv_t, P + b.qkv_b, N, d, 3 * d, a.qkv);
        attention_forward(a.qkv, rows, t, d, H, a.probs, a.att, scratch_);
        linear_forward(a.att, W + b.proj_t, P + b.proj_b, N, d, d, a.xm);
        for (std::size_t i = 0; i < N * d; ++i) a.xm[i] += a.x[i];
        // xm + w2(act(w1(ln2(xm))))
        layernorm_forward(a.xm, P + b.ln2_w, P + b.ln2_b, N, d, a.ln2, a.ln2_mean, a.ln2_rstd);
        linear_forward(a.ln2, W + b.w1_t, P + b.w1_b, N, d, rows1_, a.h1);
        ffn_act_forward(c_.act, a.h1, N, hidden_, a.a, grad ? a.fprime : nullptr, a.s);
        linear_forward(a.a, W + b.w2_t, P + b.w2_b, N, hidden_, d, next);
        for (std::size_t i = 0; i < N * d; ++i) next[i] += a.xm[i];
    }
    layernorm_forward(x_final_, P + lnf_w_, P + lnf_b_, N, d, lnf_, lnf_mean_, lnf_rstd_);
    // Tied output layer: logits = lnf(h)·tokᵀ, no bias.
    gemm(N, V, d, lnf_, d, 1, W + tok_t_, V, logits_, V, nullptr, false);
    if (!targets) return NAN;
    // The loss's gradient replaces the logits (backward reads only it).
    return crossentropy_forward_backward(logits_, targets, N, V, grad ? logits_ : nullptr);
}

void Model::backward() {
    const std::size_t d = c_.d, H = c_.heads, V = v_, N = n_, t = t_;
    const bool gated = is_gated(c_.act);
    const float* P = params_.data();
    float* G = grads_.data();
    std::fill(grads_.begin(), grads_.end(), 0.0f);
    const float* dlogits = logits_;

    // Output layer (tied): dtok += dlogitsᵀ·lnf, dlnf = dlogits·tok.
    gemm(V, d, N, dlogits, 1, V, lnf_, d, G + tok_, d, nullptr, true);
    gemm(N, d, V, dlogits, V, 1, P + tok_, d, dln_, d, nullptr, false);
    std::fill(dres_, dres_ + N * d, 0.0f);
    layernorm_backward(x_final_, P + lnf_w_, lnf_mean_, lnf_rstd_, dln_, N, d, G + lnf_w_,
                       G + lnf_b_, dres_);
    for (std::size_t l = blocks_.size(); l-- > 0;) {
        const BlockParams& b = bp_[l];
        const BlockActs& a = blocks_[l];
        // FFN: dres is the gradient of the block's output = of w2's output.
        linear_backward(a.a, P + b.w2_w, dres_, N, hidden_, d, G + b.w2_w, G + b.w2_b, da_);
        ffn_act_backward(gated, a.h1, a.fprime, a.s, da_, N, hidden_, dh1_);
        linear_backward(a.ln2, P + b.w1_w, dh1_, N, d, rows1_, G + b.w1_w, G + b.w1_b, dln_);
        layernorm_backward(a.xm, P + b.ln2_w, a.ln2_mean, a.ln2_rstd, dln_, N, d, G + b.ln2_w,
                           G + b.ln2_b, dres_);  // dres: now of xm
        // Attention.
        linear_backward(a.att, P + b.proj_w, dres_, N, d, d, G + b.proj_w, G + b.proj_b, datt_);
        attention_backward(a.qkv, a.probs, datt_, rows_, t, d, H, dqkv_, scratch_);
        linear_backward(a.ln1, P + b.qkv_w, dqkv_, N, d, 3 * d, G + b.qkv_w, G + b.qkv_b, dln_);
        layernorm_backward(a.x, P + b.ln1_w, a.ln1_mean, a.ln1_rstd, dln_, N, d, G + b.ln1_w,
                           G + b.ln1_b, dres_);  // dres: now of the block's input
    }
    // Embeddings.
    for (std::size_t r = 0; r < N; ++r) {
        float* dt = G + tok_ + static_cast<std::size_t>(tokens_[r]) * d;
        float* dp = G + pos_ + (r % t) * d;
        for (std::size_t i = 0; i < d; ++i) {
            dt[i] += dres_[r * d + i];
            dp[i] += dres_[r * d + i];
        }
    }
}

}  // namespace al::lm
