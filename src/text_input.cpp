#include "text_input.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace al {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

std::optional<double> parse_number(std::string_view text, NumberKind kind) {
    const std::string_view t = trim(text);
    if (t.empty() || t.size() > 400) return std::nullopt;
    std::size_t i = 0;
    const bool negative = t[0] == '-';
    if (t[0] == '+' || t[0] == '-') ++i;
    if (kind == NumberKind::any) {
        const std::string word = lower(t.substr(i));
        if (word == "nan") return std::numeric_limits<double>::quiet_NaN();
        if (word == "inf" || word == "infinity")
            return negative ? -std::numeric_limits<double>::infinity()
                            : std::numeric_limits<double>::infinity();
    }
    // Validate the shape first (strtod alone would take 0x10, inf, nan and leading spaces).
    std::string normal(t);
    std::size_t int_digits = 0, frac_digits = 0;
    while (i < t.size() && digit(t[i])) ++i, ++int_digits;
    if (kind == NumberKind::integer) {
        if (int_digits == 0 || i != t.size()) return std::nullopt;
    } else {
        if (i < t.size() && (t[i] == '.' || t[i] == ',')) {
            normal[i] = '.';
            ++i;
            while (i < t.size() && digit(t[i])) ++i, ++frac_digits;
        }
        if (int_digits + frac_digits == 0) return std::nullopt;
        if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
            ++i;
            if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
            std::size_t exp_digits = 0;
            while (i < t.size() && digit(t[i])) ++i, ++exp_digits;
            if (exp_digits == 0) return std::nullopt;
        }
        if (i != t.size()) return std::nullopt;
    }
    return std::strtod(normal.c_str(), nullptr);  // the "C" locale: '.' is the separator
}

std::string quote_input(std::string_view text, char quote) {
    std::size_t chars = 0, cut = text.size();
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;  // continuation byte
        if (chars == quote_limit) cut = i;
        ++chars;
    }
    std::string out(1, quote);
    if (chars <= quote_limit) return out.append(text).append(1, quote);
    return out.append(text.substr(0, cut))
        .append("\xE2\x80\xA6")  // …
        .append(1, quote)
        .append(" (" + std::to_string(chars) + " characters)");
}

std::string_view strip_bom(std::string_view text) {
    return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

}  // namespace al
