// The Transformer's layers as forward/backward pairs over flat float32 buffers (llm.c's shape).
// Row-major everywhere; N = rows (tokens), shapes in the comments. Backward functions ACCUMULATE
// parameter gradients (+=) and WRITE input gradients (=), unless they say otherwise.
// Linear layers use PyTorch's weight layout W [out][in]; the forward product wants Wᵀ [in][out]
// (gemm vectorises along the rows of its B), so callers pass a transposed copy `wt` for it.
#pragma once
#include <cstddef>

#include "layer_norm_kernels.hpp"
#include "lm/lm_config.hpp"

namespace al::lm {

// y [N][out] = x [N][in] · Wᵀ + b, with wt = Wᵀ [in][out].
void linear_forward(const float* x, const float* wt, const float* b, std::size_t n, std::size_t in,
                    std::size_t out, float* y);
// dW [out][in] += dyᵀ·x, db += Σ dy, dx [N][in] = dy·W (dx may be null).
void linear_backward(const float* x, const float* w, const float* dy, std::size_t n, std::size_t in,
                     std::size_t out, float* dw, float* db, float* dx);

// LayerNorm over the last dimension (layer_norm_kernels.hpp): forward keeps mean [N] and
// rstd [N]; backward recomputes x̂ from x and adds to dx (the residual stream's gradient).
using al::layernorm_backward;
using al::layernorm_forward;

// Causal multi-head self-attention core. qkv [B·T][3d] holds q, k, v side by side (as
// tiny_lm_torch.py's split); head h uses columns h·hs .. (h+1)·hs of each; out [B·T][d] (heads
// side by side). probs keeps the softmax for the backward, attention_probs_floats(T) floats a
// head (head h of sequence b at (b·H + h)·that): the queries in blocks of one per vector lane
// (simd::float_lanes), block b at b·lanes·T, its probabilities transposed, [key][query], over
// keys 0 … its last query (zeros where a query does not see a key; past its keys, whatever was
// there: attention.cpp reads nothing there).
std::size_t attention_probs_floats(std::size_t t);
// scratch: attention_scratch_floats(T, hs) floats, for either pass.
std::size_t attention_scratch_floats(std::size_t t, std::size_t hs);
void attention_forward(const float* qkv, std::size_t batch, std::size_t t, std::size_t d,
                       std::size_t heads, float* probs, float* out, float* scratch);
// dqkv [B·T][3d] = gradient of qkv (written).
void attention_backward(const float* qkv, const float* probs, const float* dout, std::size_t batch,
                        std::size_t t, std::size_t d, std::size_t heads, float* dqkv,
                        float* scratch);

// Softmax cross-entropy of logits [N][V] against targets [N]: returns the mean loss (summed in
// double); when dlogits is given, writes (softmax − onehot)/N into it (it may alias logits).
double crossentropy_forward_backward(const float* logits, const int* targets, std::size_t n,
                                     std::size_t v, float* dlogits);

// The FFN nonlinearity (lm_config.hpp: FfnAct). Plain: a [N][H] = f(h [N][H]), fprime = f'(h).
// Gated: h [N][2H] = [gate | up] per row, a = g(gate)·up, s = g(gate) and fprime = g'(gate)
// (both [N][H]) kept for the backward (s is unused when plain); fprime may be null (no backward).
void ffn_act_forward(FfnAct act, const float* h, std::size_t n, std::size_t hidden, float* a,
                     float* fprime, float* s);
// dh [N][H or 2H] from da [N][H].
void ffn_act_backward(bool gated, const float* h, const float* fprime, const float* s,
                      const float* da, std::size_t n, std::size_t hidden, float* dh);

}  // namespace al::lm
