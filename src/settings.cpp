#include "settings.hpp"

#include <cmath>

namespace al {

std::string number_text(double x) {
    std::string s;
    json::write_number(s, x);
    return s == "null" ? (std::isnan(x) ? "NaN" : x > 0 ? "inf" : "-inf") : s;
}

std::string describe_range(const Range& r) {
    return std::string(r.integer ? "an integer" : "a number") + " in " + (r.lo_open ? "(" : "[") +
           number_text(r.lo) + ", " + number_text(r.hi) + (r.hi_open ? ")" : "]");
}

std::string check_range(std::string_view field, double x, const Range& r) {
    const bool ok = (r.lo_open ? x > r.lo : x >= r.lo) && (r.hi_open ? x < r.hi : x <= r.hi) &&
                    (!r.integer || std::floor(x) == x);
    if (ok) return "";
    return std::string(field) + " must be " + describe_range(r) + " (got " + number_text(x) + ")";
}

json::Value range_value(const Range& r) {
    return json::Object{{"min", r.lo},
                        {"max", r.hi},
                        {"min_open", r.lo_open},
                        {"max_open", r.hi_open},
                        {"integer", r.integer}};
}

std::optional<json::Value> parse_settings_json(std::string_view text, std::string& error,
                                               std::size_t max_bytes) {
    json::Limits limits;
    limits.max_bytes = max_bytes;  // a config is a few hundred bytes, unless it carries data
    limits.max_depth = 4;
    return json::parse(text, error, limits);
}

std::string not_an_object_error(const json::Value& v) {
    return std::string("config must be a JSON object (got ") + json::type_name(v.type()) + ")";
}

bool read_in_range(const json::Value& v, std::string_view field, const Range& r, double& out,
                   std::string& error) {
    if (!v.is_number()) {
        error = std::string(field) + " must be " + describe_range(r) + " (got " +
                json::type_name(v.type()) + ")";
        return false;
    }
    error = check_range(field, v.as_number(), r);
    if (!error.empty()) return false;
    out = v.as_number();
    return true;
}

std::string bad_name_error(std::string_view field, std::string_view allowed, const json::Value& v) {
    return std::string(field) + " must be " + std::string(allowed) + " (got " +
           (v.is_string() ? quote_input(v.as_string(), '"') : json::type_name(v.type())) + ")";
}

std::string unknown_key_error(std::string_view key, const std::string& allowed, char quote) {
    return "unknown config key " + quote_input(key, quote) + " (allowed: " + allowed + ")";
}

bool read_number(const json::Value& v, std::string_view field, double& out, std::string& error) {
    if (!v.is_number()) {
        error = std::string(field) + " must be a number (got " + json::type_name(v.type()) + ")";
        return false;
    }
    out = v.as_number();
    return true;
}

bool read_bool(const json::Value& v, std::string_view field, bool& out, std::string& error) {
    if (!v.is_bool()) {
        error =
            std::string(field) + " must be true or false (got " + json::type_name(v.type()) + ")";
        return false;
    }
    out = v.as_bool();
    return true;
}

}  // namespace al
