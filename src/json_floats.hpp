// The one state_dict reader of the two loaders (the MLP's and the language model's): the file, its
// keys and its float32 vectors, so that both models read a file the same way and say the same
// thing about a bad one.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "json.hpp"

namespace al::json {

// The document of a state_dict file: a leading UTF-8 byte-order mark skipped, parsed within
// `limits`, a JSON object. Otherwise nullopt and `error` = "state_dict: <why>".
std::optional<Value> parse_state_dict(std::string_view text, std::string& error,
                                      const Limits& limits);

// "state_dict: unexpected key "K" (this <owner> has <expected>)", K quoted at a bounded length.
std::string unexpected_key(std::string_view key, std::string_view owner, std::string_view expected);
// "state_dict: missing key "K"".
std::string missing_key(std::string_view key);

// Reads an array of exactly n finite float32 numbers into out[0..n). "" on success; otherwise
// the reason, naming `what` (e.g. "\"0.weight\"[3]") or the bad element (what + "[i]"), and
// out may be partly written (the loaders read into a staging copy).
std::string read_floats(const Value& v, std::size_t n, const std::string& what, float* out);

}  // namespace al::json
