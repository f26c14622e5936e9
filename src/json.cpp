// The JSON reader (json.hpp): Value, and the parser with its limits. The writer is json_write.cpp.
#include "json.hpp"
#include "text_input.hpp"
#include "utf8.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

namespace al::json {

const char* type_name(Type t) {
    switch (t) {
        case Type::null: return "null";
        case Type::boolean: return "a boolean";
        case Type::number: return "a number";
        case Type::string: return "a string";
        case Type::array: return "an array";
        case Type::object: return "an object";
    }
    return "?";
}

const Value* Value::find(std::string_view key) const {
    if (!is_object()) return nullptr;
    for (const Member& m : as_object())
        if (m.first == key) return &m.second;
    return nullptr;
}

namespace {

class Parser {
  public:
    Parser(std::string_view s, const Limits& lim) : s_(s), lim_(lim) {}

    std::optional<Value> document(std::string& error) {
        std::optional<Value> v;
        if (s_.size() > lim_.max_bytes) {
            fail("input larger than " + std::to_string(lim_.max_bytes) + " bytes");
        } else {
            skip_ws();
            v = value(0);
            if (v) {
                skip_ws();
                if (pos_ != s_.size()) fail("unexpected text after the JSON value");
            }
        }
        if (!msg_.empty()) {
            error = where();
            return std::nullopt;
        }
        return v;
    }

  private:
    std::string_view s_;
    const Limits& lim_;
    std::size_t pos_ = 0;
    std::size_t values_ = 0;
    std::string msg_;  // first error; the parse unwinds as soon as it is set

    void fail(std::string m) {
        if (msg_.empty()) msg_ = std::move(m);
    }

    std::string where() const {
        std::size_t line = 1, col = 1;
        for (std::size_t i = 0; i < pos_ && i < s_.size(); ++i) {
            if (s_[i] == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
        return "JSON: " + msg_ + " at line " + std::to_string(line) + ", column " +
               std::to_string(col) + " (byte " + std::to_string(pos_) + ")";
    }

    bool at_end() const { return pos_ >= s_.size(); }
    char peek() const { return at_end() ? '\0' : s_[pos_]; }

    void skip_ws() {
        while (!at_end() &&
               (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
            ++pos_;
    }

    static std::string describe(char c) {
        if (c >= 0x20 && c < 0x7f) return std::string("'") + c + "'";
        char buf[16];
        std::snprintf(buf, sizeof buf, "byte 0x%02x", static_cast<unsigned char>(c));
        return buf;
    }

    std::optional<Value> value(std::size_t depth) {
        if (++values_ > lim_.max_values) {
            fail("more than " + std::to_string(lim_.max_values) + " values");
            return std::nullopt;
        }
        if (at_end()) {
            fail("unexpected end of input, expected a value");
            return std::nullopt;
        }
        const char c = peek();
        if (c == '{' || c == '[') {
            if (depth >= lim_.max_depth) {
                fail("nesting deeper than " + std::to_string(lim_.max_depth));
                return std::nullopt;
            }
            return c == '{' ? object(depth + 1) : array(depth + 1);
        }
        if (c == '"') {
            std::string s;
            if (!string(s)) return std::nullopt;
            return Value(std::move(s));
        }
        if (c == '-' || (c >= '0' && c <= '9')) return number();
        if (literal("true")) return Value(true);
        if (literal("false")) return Value(false);
        if (literal("null")) return Value(nullptr);
        fail("unexpected " + describe(c) + ", expected a value");
        return std::nullopt;
    }

    bool literal(std::string_view word) {
        if (s_.substr(pos_, word.size()) != word) return false;
        pos_ += word.size();
        return true;
    }

    std::optional<Value> array(std::size_t depth) {
        ++pos_;  // '['
        Array items;
        skip_ws();
        if (peek() == ']') {
            ++pos_;
            return Value(std::move(items));
        }
        for (;;) {
            skip_ws();
            std::optional<Value> v = value(depth);
            if (!v) return std::nullopt;
            items.push_back(std::move(*v));
            skip_ws();
            if (peek() == ',') {
                ++pos_;
            } else if (peek() == ']') {
                ++pos_;
                return Value(std::move(items));
            } else {
                fail(at_end() ? "unexpected end of input in an array"
                              : "expected ',' or ']' in an array, found " + describe(peek()));
                return std::nullopt;
            }
        }
    }

    std::optional<Value> object(std::size_t depth) {
        ++pos_;  // '{'
        Object members;
        std::unordered_set<std::string> seen;  // keys, kept once an object grows past a few
        skip_ws();
        if (peek() == '}') {
            ++pos_;
            return Value(std::move(members));
        }
        for (;;) {
            skip_ws();
            if (peek() != '"') {
                fail(at_end() ? "unexpected end of input in an object"
                              : "expected a string key in an object, found " + describe(peek()));
                return std::nullopt;
            }
            const std::size_t key_pos = pos_;
            std::string key;
            if (!string(key)) return std::nullopt;
            skip_ws();
            if (peek() != ':') {
                fail("expected ':' after the key " + quote_input(key, '"'));
                return std::nullopt;
            }
            ++pos_;
            skip_ws();
            std::optional<Value> v = value(depth);
            if (!v) return std::nullopt;
            // Small objects (configs, state_dicts): a linear scan; large ones: a hash set, so that
            // a hostile object of a million keys costs linear, not quadratic, time.
            bool duplicate = false;
            if (members.size() < 16) {
                for (const Member& m : members) duplicate = duplicate || m.first == key;
            } else {
                if (seen.empty())
                    for (const Member& m : members) seen.insert(m.first);
                duplicate = !seen.insert(key).second;
            }
            if (duplicate) {
                pos_ = key_pos;
                fail("duplicate key " + quote_input(key, '"'));
                return std::nullopt;
            }
            members.emplace_back(std::move(key), std::move(*v));
            skip_ws();
            if (peek() == ',') {
                ++pos_;
            } else if (peek() == '}') {
                ++pos_;
                return Value(std::move(members));
            } else {
                fail(at_end() ? "unexpected end of input in an object"
                              : "expected ',' or '}' in an object, found " + describe(peek()));
                return std::nullopt;
            }
        }
    }

    std::optional<Value> number() {
        const std::size_t start = pos_;
        auto digits = [&] {
            std::size_t n = 0;
            while (!at_end() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_, ++n;
            return n;
        };
        if (peek() == '-') ++pos_;
        if (peek() == '0') {
            ++pos_;
        } else if (digits() == 0) {
            fail("expected a digit in a number");
            return std::nullopt;
        }
        if (peek() == '.') {
            ++pos_;
            if (digits() == 0) {
                fail("expected a digit after the decimal point");
                return std::nullopt;
            }
        }
        if (peek() == 'e' || peek() == 'E') {
            ++pos_;
            if (peek() == '+' || peek() == '-') ++pos_;
            if (digits() == 0) {
                fail("expected a digit in the exponent");
                return std::nullopt;
            }
        }
        if (pos_ - start > 1000) {
            pos_ = start;
            fail("number longer than 1000 characters");
            return std::nullopt;
        }
        // The grammar is checked above; strtod (C locale) only converts, correctly rounded.
        const std::string token(s_.substr(start, pos_ - start));
        const double x = std::strtod(token.c_str(), nullptr);
        if (!std::isfinite(x)) {
            pos_ = start;
            fail("number " + token + " out of the range of a double");
            return std::nullopt;
        }
        return Value(x);
    }

    bool hex4(unsigned long& cp) {
        cp = 0;
        for (int i = 0; i < 4; ++i, ++pos_) {
            const char c = peek();
            int d = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
            if (d < 0) {
                fail("expected 4 hex digits after \\u");
                return false;
            }
            cp = cp * 16 + static_cast<unsigned long>(d);
        }
        return true;
    }

    bool string(std::string& out) {
        ++pos_;  // opening quote
        for (;;) {
            if (at_end()) {
                fail("unterminated string");
                return false;
            }
            const char c = s_[pos_];
            if (c == '"') {
                ++pos_;
                return true;
            }
            if (static_cast<unsigned char>(c) < 0x20) {
                fail("control character " + describe(c) + " in a string (escape it)");
                return false;
            }
            if (c != '\\') {
                out += c;
                ++pos_;
                continue;
            }
            ++pos_;
            const char e = peek();
            ++pos_;
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    unsigned long cp;
                    if (!hex4(cp)) return false;
                    if (cp >= 0xd800 && cp < 0xdc00) {  // high surrogate: a low one must follow
                        unsigned long lo;
                        if (s_.substr(pos_, 2) != "\\u") {
                            fail("unpaired surrogate in \\u escape");
                            return false;
                        }
                        pos_ += 2;
                        if (!hex4(lo)) return false;
                        if (lo < 0xdc00 || lo >= 0xe000) {
                            fail("unpaired surrogate in \\u escape");
                            return false;
                        }
                        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                    } else if (cp >= 0xdc00 && cp < 0xe000) {
                        fail("unpaired surrogate in \\u escape");
                        return false;
                    }
                    utf8::append(out, static_cast<std::uint32_t>(cp));
                    break;
                }
                default:
                    pos_ -= 1;
                    fail("invalid escape \\" + std::string(1, e));
                    return false;
            }
        }
    }
};

}  // namespace

std::optional<Value> parse(std::string_view text, std::string& error, const Limits& limits) {
    return Parser(text, limits).document(error);
}

}  // namespace al::json
