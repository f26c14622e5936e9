// The JSON writer (json.hpp): compact output, round-trip numbers, escaped strings.
#include "json.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace al::json {

namespace {

void write_value(std::string& out, const Value& v) {
    switch (v.type()) {
        case Type::null: out += "null"; break;
        case Type::boolean: out += v.as_bool() ? "true" : "false"; break;
        case Type::number: write_number(out, v.as_number()); break;
        case Type::string: write_string(out, v.as_string()); break;
        case Type::array: {
            out += '[';
            bool first = true;
            for (const Value& x : v.as_array()) {
                if (!first) out += ',';
                first = false;
                write_value(out, x);
            }
            out += ']';
            break;
        }
        case Type::object: {
            out += '{';
            bool first = true;
            for (const Member& m : v.as_object()) {
                if (!first) out += ',';
                first = false;
                write_string(out, m.first);
                out += ':';
                write_value(out, m.second);
            }
            out += '}';
            break;
        }
    }
}

}  // namespace

std::string write(const Value& v) {
    std::string out;
    write_value(out, v);
    return out;
}

namespace {
// The shortest %.Ng, N in [lo, hi], that reads back (through `read`) to the same x; null when
// x is not finite (JSON cannot say NaN or infinity).
template <class T, class Read>
void write_shortest(std::string& out, T x, int lo, int hi, Read read) {
    if (!std::isfinite(x)) {
        out += "null";
        return;
    }
    char buf[40];
    for (int prec = lo; prec <= hi; ++prec) {
        std::snprintf(buf, sizeof buf, "%.*g", prec, static_cast<double>(x));
        if (prec == hi || read(buf) == x) break;
    }
    out += buf;
}
}  // namespace

void write_number(std::string& out, double x) {
    write_shortest(out, x, 15, 17, [](const char* s) { return std::strtod(s, nullptr); });
}

void write_float(std::string& out, float x) {
    write_shortest(out, x, 6, 9, [](const char* s) { return std::strtof(s, nullptr); });
}

void write_string(std::string& out, std::string_view s) {
    out += '"';
    for (const char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(c));
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    out += '"';
}

}  // namespace al::json
