// The network's two structural options beside the activation: how its weights start and whether
// a LayerNorm sits before each hidden activation. Names are those of the config, the CLI and the
// page.
#pragma once
#include <optional>
#include <string_view>

#include "named_enum.hpp"

namespace al {

// standard: PyTorch nn.Linear's own init, W and b ~ U(±1/√fan_in) ("default" in configs).
// he: kaiming_normal_(W, mode="fan_in", nonlinearity="relu"), W ~ N(0, 2/fan_in), b = 0.
enum class Init { standard, he };
// none: Linear → act. layer: Linear → nn.LayerNorm(width) → act (eps 1e-5, learnable γ, β).
enum class Norm { none, layer };

inline constexpr auto init_names =
    named_enum<Init>({{Init::standard, "default"}, {Init::he, "he"}});
inline constexpr auto norm_names = named_enum<Norm>({{Norm::none, "none"}, {Norm::layer, "layer"}});
inline constexpr auto all_inits = init_names.values();
inline constexpr auto all_norms = norm_names.values();

}  // namespace al
