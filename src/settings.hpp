// What the settings of every model share (mlp/config, mlp/image_config, lm/lm_config): the range
// of a numeric field, how messages state it, the readers of a JSON settings object's fields with
// their checks (type, integer, range, names), and the one walk over a settings object that a
// config's table of fields drives. One reader, so every config refuses a bad field with a message
// of the same shape: "<field> must be <what> (got <value or type>)".
#pragma once
#include <algorithm>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
// "<field> must be <allowed> (got "x" | a number)": a refused name.
std::string bad_name_error(std::string_view field, std::string_view allowed, const json::Value& v);
// One of the table's names: "<field> must be one of a, b, c (got "x" | number)", or `allowed` in
// place of "one of a, b, c" when given.
template <class E, std::size_t N>
bool read_name(const json::Value& v, std::string_view field, const NamedEnum<E, N>& names, E& out,
               std::string& error, std::string_view allowed = {}) {
    if (const std::optional<E> e = v.is_string() ? names.parse(v.as_string()) : std::nullopt) {
        out = *e;
        return true;
    }
    error = bad_name_error(field,
                           allowed.empty() ? "one of " + names.joined() : std::string(allowed), v);
    return false;
}

// ["a","b","c"]: the names of a table, for the limits tables.
template <class E, std::size_t N>
json::Value name_array(const NamedEnum<E, N>& names) {
    json::Array a;
    for (const EnumName<E>& e : names.entries) a.emplace_back(e.name);
    return json::Value(std::move(a));
}

// One field of a settings struct C: its JSON key, how a JSON value is read into C (false and
// `error` set when refused), how C writes it (empty: the config writes it itself) and, for a
// number, its range as the limits tables list it.
template <class C>
struct Field {
    const char* name;
    std::function<bool(const json::Value&, C&, std::string&)> read;
    std::function<json::Value(const C&)> write;
    std::optional<Range> range;
};
// A config's fields, in the order its JSON writes them.
template <class C>
using Fields = std::vector<Field<C>>;

// A number refused at reading unless in r (read_in_range).
template <class C, class T>
Field<C> range_field(const char* name, const Range& r, T C::*m) {
    return {name,
            [name, r, m](const json::Value& v, C& c, std::string& e) {
                return read_in_range(v, name, r, c.*m, e);
            },
            [m](const C& c) { return json::Value(static_cast<double>(c.*m)); }, r};
}
// Any number (read_number): validate() checks its range r, in its own order of checks.
template <class C>
Field<C> number_field(const char* name, const Range& r, double C::*m) {
    return {name,
            [name, m](const json::Value& v, C& c, std::string& e) {
                return read_number(v, name, c.*m, e);
            },
            [m](const C& c) { return json::Value(c.*m); }, r};
}
template <class C>
Field<C> bool_field(const char* name, bool C::*m) {
    return {name,
            [name, m](const json::Value& v, C& c, std::string& e) {
                return read_bool(v, name, c.*m, e);
            },
            [m](const C& c) { return json::Value(c.*m); }, std::nullopt};
}
// A name of `names` (read_name; `allowed` as there).
template <class C, class E, std::size_t N>
Field<C> name_field(const char* name, const NamedEnum<E, N>& names, E C::*m,
                    std::string allowed = {}) {
    return {name,
            [name, &names, m, allowed](const json::Value& v, C& c, std::string& e) {
                return read_name(v, name, names, c.*m, e, allowed);
            },
            [&names, m](const C& c) { return json::Value(names.name(c.*m)); }, std::nullopt};
}

// "unknown config key "k" (allowed: a, b, c)", the key between `quote`s.
std::string unknown_key_error(std::string_view key, const std::string& allowed, char quote);

// Reads every member of the settings object v into c by the field of its key: true, or false
// with `error` the first refusal (a field's message, an unknown key naming every field of the
// table, or not_an_object_error).
template <class C>
bool read_fields(const json::Value& v, const Fields<C>& fields, C& c, std::string& error,
                 char quote = '"') {
    if (!v.is_object()) {
        error = not_an_object_error(v);
        return false;
    }
    for (const auto& [key, x] : v.as_object()) {
        const auto f = std::find_if(fields.begin(), fields.end(),
                                    [&key = key](const Field<C>& g) { return key == g.name; });
        if (f == fields.end()) {
            std::string allowed;
            for (const Field<C>& g : fields)
                allowed += (allowed.empty() ? "" : ", ") + std::string(g.name);
            error = unknown_key_error(key, allowed, quote);
            return false;
        }
        if (!f->read(x, c, error)) return false;
    }
    return true;
}

// Every field that has a writer, in the table's order.
template <class C>
json::Object write_fields(const Fields<C>& fields, const C& c) {
    json::Object o;
    for (const Field<C>& f : fields)
        if (f.write) o.emplace_back(f.name, f.write(c));
    return o;
}

// The range of every numeric field as range_value, in the table's order (the limits tables).
template <class C>
void add_ranges(const Fields<C>& fields, json::Object& o) {
    for (const Field<C>& f : fields)
        if (f.range) o.emplace_back(f.name, range_value(*f.range));
}

// "" or check_range's message for the first numeric field of c out of its range.
template <class C>
std::string check_ranges(const Fields<C>& fields, const C& c) {
    std::string e;
    for (const Field<C>& f : fields)
        if (f.range && !(e = check_range(f.name, f.write(c).as_number(), *f.range)).empty()) break;
    return e;
}

}  // namespace al
