// What the settings of every model share (mlp/config, mlp/image_config, lm/lm_config): the range
// of a numeric field, how messages state it, and the readers of a JSON settings object's fields
// with their checks (type, integer, range, names). One reader, so every config refuses a bad
// field with a message of the same shape: "<field> must be <what> (got <value or type>)".
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "json.hpp"
#include "named_enum.hpp"
#include "text_input.hpp"

namespace al {

// The allowed values of a numeric field: [lo, hi], or (lo, hi] when lo_open; whole numbers only
// when integer.
struct Range {
    double lo, hi;
    bool lo_open;
    bool integer;
    bool hi_open = false;  // [lo, hi): the dropout probability must stay below 1
};

namespace limits {
inline constexpr Range seed{0, 4294967295.0, false, true};  // every seed is a uint32
}  // namespace limits

// "an integer in [1, 512]", "a number in (0, 1]": how messages state a range.
std::string describe_range(const Range& r);

// x as messages write it: its shortest round-trip form, or NaN, inf, -inf.
std::string number_text(double x);

// "" when x is in r (and whole, for an integer range), else "<field> must be <range> (got x)".
// NaN fails every comparison, so it is refused too.
std::string check_range(std::string_view field, double x, const Range& r);

// {"min":lo,"max":hi,"min_open":…,"max_open":…,"integer":…}: a range as the page's limits
// tables give it.
json::Value range_value(const Range& r);

// A settings object's JSON text parsed with a config's bounds (max_bytes, 64 KiB by default;
// depth 4): nullopt and the parser's message on bad JSON. Whether the value is an object is the
// caller's first check.
inline constexpr std::size_t settings_max_bytes = std::size_t{1} << 16;
std::optional<json::Value> parse_settings_json(std::string_view text, std::string& error,
                                               std::size_t max_bytes = settings_max_bytes);

// "config must be a JSON object (got array)".
std::string not_an_object_error(const json::Value& v);

// The field readers: true with `out` set, or false with `error` set to the field's message.
// A number checked against its range: "<field> must be <range> (got string | 3.5 | 0)".
// Integral doubles such as 32.0 pass an integer range (JavaScript cannot tell them apart).
bool read_in_range(const json::Value& v, std::string_view field, const Range& r, double& out,
                   std::string& error);
template <class T>
bool read_in_range(const json::Value& v, std::string_view field, const Range& r, T& out,
                   std::string& error) {
    double x = 0;
    if (!read_in_range(v, field, r, x, error)) return false;
    out = static_cast<T>(x);
    return true;
}
// Any number, its range checked later by validate(): "<field> must be a number (got string)".
bool read_number(const json::Value& v, std::string_view field, double& out, std::string& error);
// "<field> must be true or false (got number)".
bool read_bool(const json::Value& v, std::string_view field, bool& out, std::string& error);
// One of the table's names: "<field> must be one of a, b, c (got "x" | number)".
template <class E, std::size_t N>
bool read_name(const json::Value& v, std::string_view field, const NamedEnum<E, N>& names, E& out,
               std::string& error) {
    if (const std::optional<E> e = v.is_string() ? names.parse(v.as_string()) : std::nullopt) {
        out = *e;
        return true;
    }
    error = std::string(field) + " must be one of " + names.joined() + " (got " +
            (v.is_string() ? quote_input(v.as_string(), '"') : json::type_name(v.type())) + ")";
    return false;
}

// ["a","b","c"]: the names of a table, for the limits tables.
template <class E, std::size_t N>
json::Value name_array(const NamedEnum<E, N>& names) {
    json::Array a;
    for (const EnumName<E>& e : names.entries) a.emplace_back(e.name);
    return json::Value(std::move(a));
}

}  // namespace al
