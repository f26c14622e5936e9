// The network's two structural options beside the activation: how its weights start and whether
// a LayerNorm sits before each hidden activation. Names are those of the config, the CLI and the
// page.
#pragma once
#include <optional>
#include <string_view>

namespace al {

// standard: PyTorch nn.Linear's own init, W and b ~ U(±1/√fan_in) ("default" in configs).
// he: kaiming_normal_(W, mode="fan_in", nonlinearity="relu"), W ~ N(0, 2/fan_in), b = 0.
enum class Init { standard, he };
// none: Linear → act. layer: Linear → nn.LayerNorm(width) → act (eps 1e-5, learnable γ, β).
enum class Norm { none, layer };

inline constexpr Init all_inits[] = {Init::standard, Init::he};
inline constexpr Norm all_norms[] = {Norm::none, Norm::layer};

inline const char* init_name(Init i) { return i == Init::he ? "he" : "default"; }
inline const char* norm_name(Norm n) { return n == Norm::layer ? "layer" : "none"; }

inline std::optional<Init> parse_init(std::string_view s) {
    for (Init i : all_inits)
        if (s == init_name(i)) return i;
    return std::nullopt;
}
inline std::optional<Norm> parse_norm(std::string_view s) {
    for (Norm n : all_norms)
        if (s == norm_name(n)) return n;
    return std::nullopt;
}

}  // namespace al
