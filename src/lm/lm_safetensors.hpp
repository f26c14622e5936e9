// The language model's weights in the safetensors format (what the page and the CLI ship: 4 bytes
// a weight, a third of the JSON state_dict), PyTorch's names as in lm_state.hpp:
//   8 bytes   N, the header's length, a little-endian u64
//   N bytes   a JSON object {"tok.weight": {"dtype": "F32", "shape": [V, d],
//             "data_offsets": [begin, end]}, ..., "__metadata__": {"config": "<LmConfig JSON>"}}
//   the rest  the tensors' float32 values, little-endian, row-major, at their offsets (relative
//             to the end of the header; contiguous, in the model's order when we write them)
// The config in __metadata__ makes a file self-describing; tests/fixtures/safetensors_torch.py
// reads and writes the same bytes with struct + json + numpy.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "lm/model.hpp"

namespace al::lm {

// The model's tensors, with config_to_json(m.config()) as __metadata__["config"]. The header is
// padded with spaces to a multiple of 8 bytes, so the data starts aligned.
std::string state_safetensors(const Model& m);

// Strict: a well-formed file whose tensors are exactly the model's (any order), each F32 with
// the model's shape and offsets that tile the data exactly; finite values. Otherwise nothing
// changes and the one-line message says what is wrong. "" on success (refreshed).
std::string load_state_safetensors(Model& m, std::string_view bytes);

// __metadata__["config"] of a file (the configuration it was saved with), or nullopt and
// `error` when the header is malformed or records no config.
std::optional<std::string> safetensors_config(std::string_view bytes, std::string& error);

}  // namespace al::lm
