// Parameters as PyTorch's nn.Sequential state_dict, in JSON:
//   {"0.weight": [[...], ...], "0.bias": [...], "2.weight": ..., "2.bias": ..., ...}
// Layer l of the Mlp is module 2·l of nn.Sequential(Linear, act, Linear, act, ..., Linear)
// (the activations are modules 1, 3, ... and have no parameters). With Norm::layer the
// Sequential is (Linear, LayerNorm, act, Linear, LayerNorm, act, ..., Linear): Linear l is
// module 3·l and its LayerNorm module 3·l + 1, with "weight" (γ) and "bias" (β), each [width],
// written after that Linear's keys as in PyTorch's state_dict order. With dropout (Mlp::dropout()
// > 0) an nn.Dropout follows each activation: one more index per layer (Linear l is module 3·l,
// or 4·l with LayerNorm). Weights are [out][in],
// row-major, as nn.Linear stores them. In Python:
//   model.load_state_dict({k: torch.tensor(v) for k, v in json.load(f).items()})
//   json.dump({k: v.tolist() for k, v in model.state_dict().items()}, f)
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mlp/mlp.hpp"

namespace al {

// The largest state_dict file read (the largest network the limits allow is ~20 MB of JSON); the
// CLI stops reading a file there.
inline constexpr std::size_t max_state_dict_bytes = 96u << 20;

// Every float32 written as the shortest decimal that reads back to the same float.
std::string state_dict_json(const Mlp& net);

// Loads a state_dict into `net`. Strict: exactly this network's keys, [out][in] shapes and
// finite float32 values; otherwise nothing changes and the message says which key and why.
// Returns "" on success.
std::string load_state_dict_json(Mlp& net, std::string_view text);

// The hidden widths a state_dict file describes (each Linear's output size but the last), read as
// load_state_dict_json reads it (same parser, limits and messages), so that the page and the CLI
// give one verdict on one file. nullopt and the reason when it is not a state_dict.
std::optional<std::vector<std::size_t>> state_dict_hidden(std::string_view text,
                                                          std::string& error);

}  // namespace al
