#include "mlp/hidden_spec.hpp"

#include "text_input.hpp"

namespace al {

namespace {

// A decimal integer of at most 9 digits (so it fits in an int), or -1.
long digits(std::string_view s) {
    if (s.empty() || s.size() > 9) return -1;
    long v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return -1;
        v = 10 * v + (c - '0');
    }
    return v;
}

}  // namespace

std::optional<std::vector<int>> parse_hidden_spec(std::string_view text, std::size_t max_layers,
                                                  std::string& error) {
    const std::string shown = quote_input(text, '"');  // bounded, controls escaped: one line
    const auto bad = [&]() -> std::optional<std::vector<int>> {
        error = "hidden must be widths like \"64,64\" or \"32x16\" (16 layers of 32) (got " +
                shown + ")";
        return std::nullopt;
    };
    std::vector<int> widths;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        if (comma == std::string_view::npos) comma = text.size();
        const std::string_view item = trim(text.substr(start, comma - start));
        const std::size_t x = item.find_first_of("xX");
        const long width = digits(trim(item.substr(0, x)));
        const long count = x == std::string_view::npos ? 1 : digits(trim(item.substr(x + 1)));
        if (width < 0 || count < 1) return bad();
        if (widths.size() + static_cast<std::size_t>(count) > max_layers) {
            error = "hidden must have 1 to " + std::to_string(max_layers) + " layers (got " +
                    shown + ")";
            return std::nullopt;
        }
        widths.insert(widths.end(), static_cast<std::size_t>(count), static_cast<int>(width));
        start = comma + 1;
    }
    if (widths.empty()) {
        error =
            "hidden must have 1 to " + std::to_string(max_layers) + " layers (got " + shown + ")";
        return std::nullopt;
    }
    return widths;
}

}  // namespace al
