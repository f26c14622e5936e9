// The language model's parameters as a PyTorch state_dict in JSON, tiny_lm_torch.py's names:
//   {"tok.weight": [[...] × d] × V, "pos.weight": ..., "blocks.0.ln1.weight": [...], ...}
// Matrices [out][in] as nn.Linear stores them. In Python:
//   model.load_state_dict({k: torch.tensor(v) for k, v in json.load(f).items()})
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "lm/model.hpp"

namespace al::lm {

// The largest weight file read, which bounds what a hostile file can make us allocate; the CLI
// stops reading a file there.
inline constexpr std::size_t max_state_bytes = 128u << 20;

// Every float32 as the shortest decimal that reads back to it.
std::string state_json(const Model& m);

// Strict: exactly the model's keys (any order), its shapes, finite float32 values; otherwise
// nothing changes and the message names the key and the problem. "" on success (refreshed).
std::string load_state_json(Model& m, std::string_view text);

}  // namespace al::lm
