#include "text_input.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <vector>

#include "utf8.hpp"

namespace al {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool hidden(std::uint32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

void append_shown(std::string& out, std::uint32_t cp) {
    if (!hidden(cp)) return utf8::append(out, cp);
    char buf[12];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
    out += buf;
}

}  // namespace

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

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

std::string escape_input(std::string_view text) {
    std::string out;
    for (const std::uint32_t cp : utf8::decode_lossy(text)) append_shown(out, cp);
    return out;
}

std::string shown_input(std::string_view text) {
    const std::vector<std::uint32_t> cps = utf8::decode_lossy(text);
    std::string out;
    for (std::size_t i = 0; i < cps.size() && i < quote_limit; ++i) append_shown(out, cps[i]);
    if (cps.size() > quote_limit) out += "\xE2\x80\xA6";  // …
    return out;
}

std::string quote_input(std::string_view text, char quote) {
    const std::size_t chars = utf8::decode_lossy(text).size();
    std::string out = quote + shown_input(text) + quote;
    if (chars > quote_limit) out += " (" + std::to_string(chars) + " characters)";
    return out;
}

std::string_view strip_bom(std::string_view text) {
    return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

}  // namespace al
