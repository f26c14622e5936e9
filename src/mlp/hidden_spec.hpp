// Hidden-layer widths written as text, wherever a user writes them (config JSON, CLI, URL,
// attributes): comma-separated items, each a width `W` or a repetition `WxK` (K layers of
// width W). "64,64" = [64, 64]; "32x16" = sixteen layers of 32; "64,32x2" = [64, 32, 32].
// Spaces around items are allowed. Ranges are checked by the config (config.hpp), not here.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace al {

// The widths, or nullopt and a message saying what is wrong. Repetitions above `max_layers`
// are refused here (so "1x999999999" never allocates).
std::optional<std::vector<int>> parse_hidden_spec(std::string_view text, std::size_t max_layers,
                                                  std::string& error);

}  // namespace al
