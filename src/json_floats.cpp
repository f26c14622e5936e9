#include "json_floats.hpp"

#include <cmath>
#include <limits>

#include "text_input.hpp"

namespace al::json {

std::optional<Value> parse_state_dict(std::string_view text, std::string& error,
                                      const Limits& limits) {
    std::optional<Value> doc = parse(strip_bom(text), error, limits);
    if (!doc) {
        error = "state_dict: " + error;
    } else if (!doc->is_object()) {
        error =
            std::string("state_dict: must be a JSON object (got ") + type_name(doc->type()) + ")";
        doc.reset();
    }
    return doc;
}

std::string unexpected_key(std::string_view key, std::string_view owner,
                           std::string_view expected) {
    return "state_dict: unexpected key " + quote_input(key, '"') + " (this " + std::string(owner) +
           " has " + std::string(expected) + ")";
}

std::string missing_key(std::string_view key) {
    return "state_dict: missing key \"" + std::string(key) + "\"";
}

std::string read_floats(const Value& v, std::size_t n, const std::string& what, float* out) {
    if (!v.is_array())
        return what + " must be an array of " + std::to_string(n) + " numbers (got " +
               type_name(v.type()) + ")";
    const Array& a = v.as_array();
    if (a.size() != n)
        return what + " must have " + std::to_string(n) + " numbers (got " +
               std::to_string(a.size()) + ")";
    for (std::size_t i = 0; i < n; ++i) {
        // (the element's name is built only on failure: rows hold thousands of numbers)
        if (!a[i].is_number())
            return what + "[" + std::to_string(i) + "] must be a number (got " +
                   type_name(a[i].type()) + ")";
        const double x = a[i].as_number();
        if (!(std::fabs(x) <= std::numeric_limits<float>::max()))
            return what + "[" + std::to_string(i) + "] is outside the float32 range";
        out[i] = static_cast<float>(x);
    }
    return "";
}

}  // namespace al::json
