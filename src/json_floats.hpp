// Float32 vectors out of parsed JSON, for the two state_dict loaders (the MLP's and the language
// model's), so that both check a row the same way and say the same thing about a bad one.
#pragma once
#include <cstddef>
#include <string>

#include "json.hpp"

namespace al::json {

// Reads an array of exactly n finite float32 numbers into out[0..n). "" on success; otherwise
// the reason, naming `what` (e.g. "\"0.weight\"[3]") or the bad element (what + "[i]"), and
// out may be partly written (the loaders read into a staging copy).
std::string read_floats(const Value& v, std::size_t n, const std::string& what, float* out);

}  // namespace al::json
