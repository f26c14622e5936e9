// A small JSON reader and writer (RFC 8259): null, booleans, numbers, strings, arrays, objects.
// Enough for configs and state_dicts, with what a page fed by users needs: every error is a
// message with line, column and byte offset; nesting depth, input size and value count are
// bounded, so hostile input neither overflows the stack nor exhausts memory. No exceptions
// (Emscripten builds without them): parse() returns nullopt and fills `error`.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace al::json {

class Value;
using Array = std::vector<Value>;
using Member = std::pair<std::string, Value>;
using Object = std::vector<Member>;  // members in document order; keys are unique

enum class Type { null, boolean, number, string, array, object };

// Name of a type for messages: "null", "a boolean", "a number", "a string", "an array", ...
const char* type_name(Type t);

class Value {
  public:
    Value() = default;
    Value(std::nullptr_t) {}
    Value(bool b) : v_(b) {}
    Value(double d) : v_(d) {}
    Value(int i) : v_(static_cast<double>(i)) {}
    Value(const char* s) : v_(std::string(s)) {}
    Value(std::string s) : v_(std::move(s)) {}
    Value(Array a) : v_(std::move(a)) {}
    Value(Object o) : v_(std::move(o)) {}

    Type type() const { return static_cast<Type>(v_.index()); }
    bool is_null() const { return type() == Type::null; }
    bool is_bool() const { return type() == Type::boolean; }
    bool is_number() const { return type() == Type::number; }
    bool is_string() const { return type() == Type::string; }
    bool is_array() const { return type() == Type::array; }
    bool is_object() const { return type() == Type::object; }

    // Accessors; the type must match (check first).
    bool as_bool() const { return std::get<bool>(v_); }
    double as_number() const { return std::get<double>(v_); }
    const std::string& as_string() const { return std::get<std::string>(v_); }
    const Array& as_array() const { return std::get<Array>(v_); }
    Array& as_array() { return std::get<Array>(v_); }
    const Object& as_object() const { return std::get<Object>(v_); }
    Object& as_object() { return std::get<Object>(v_); }

    // The member named `key` of an object, or nullptr (also when this is not an object).
    const Value* find(std::string_view key) const;

  private:
    std::variant<std::nullptr_t, bool, double, std::string, Array, Object> v_;
};

struct Limits {
    std::size_t max_depth = 64;         // nested arrays/objects
    std::size_t max_bytes = 64u << 20;  // input size (a 4×512 state_dict is ~20 MB)
    std::size_t max_values = 4u << 20;  // values in the document
};

// Parses exactly one JSON value (surrounding whitespace allowed). On failure: nullopt and
// `error` = "JSON: <what> at line L, column C (byte B)".
std::optional<Value> parse(std::string_view text, std::string& error, const Limits& limits = {});

// Compact serialisation. Numbers with the fewest significant digits (15, 16 or 17) that read
// back to the same double;
// NaN and ±inf, which JSON cannot represent, are written as null.
std::string write(const Value& v);

// Building blocks for writers that stream large arrays without building a Value.
void write_number(std::string& out,
                  double x);  // round-trip double (%.15g–%.17g), null if not finite
void write_float(std::string& out, float x);  // round-trip float32 (%.6g–%.9g), null if not finite
void write_string(std::string& out, std::string_view s);  // quoted and escaped

}  // namespace al::json
