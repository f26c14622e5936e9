// The JSON reader and writer: round trips, exact numbers, escapes, and the error messages
// (what and where) for malformed and hostile input.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "json.hpp"

namespace {

std::string error_of(std::string_view text, const al::json::Limits& lim = {}) {
    std::string e;
    const auto v = al::json::parse(text, e, lim);
    return v ? std::string("(parsed)") : e;
}

}  // namespace

TEST_CASE("JSON parses every kind of value") {
    std::string e;
    const auto v = al::json::parse(
        " {\"a\": [1, -2.5e3, 0, true, false, null], \"s\": "
        "\"x\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\", \"o\": {}} ",
        e);
    REQUIRE(v);
    CHECK(e.empty());
    REQUIRE(v->is_object());
    const al::json::Array& a = v->find("a")->as_array();
    REQUIRE(a.size() == 6);
    CHECK(a[0].as_number() == 1.0);
    CHECK(a[1].as_number() == -2500.0);
    CHECK(a[3].as_bool());
    CHECK_FALSE(a[4].as_bool());
    CHECK(a[5].is_null());
    CHECK(v->find("s")->as_string() == "x\"\\/\b\f\n\r\t\xc3\xa9\xf0\x9f\x98\x80");
    CHECK(v->find("o")->as_object().empty());
    CHECK(v->find("missing") == nullptr);
}

TEST_CASE("JSON round trips, numbers exactly") {
    const std::string text =
        "{\"x\":[0.1,0.2,1e-300,-1.7976931348623157e+308,1.5e+17,3],"
        "\"s\":\"tab\\there \\\"q\\\" \\u0001\",\"n\":null,\"b\":[true,false],\"e\":[],\"o\":{}}";
    std::string e;
    const auto v = al::json::parse(text, e);
    REQUIRE(v);
    const std::string out = al::json::write(*v);
    CHECK(out == text);
    const auto w = al::json::parse(out, e);
    REQUIRE(w);
    CHECK(al::json::write(*w) == out);
    // Subnormal and large integers read back to the same double.
    const auto tiny = al::json::parse("[5e-324,123456789012345680]", e);
    REQUIRE(tiny);
    const auto again = al::json::parse(al::json::write(*tiny), e);
    REQUIRE(again);
    CHECK(again->as_array()[0].as_number() == 5e-324);
    CHECK(again->as_array()[1].as_number() == 123456789012345680.0);
    std::string f;
    al::json::write_float(f, 0.1f);
    CHECK(f == "0.1");
    f.clear();
    al::json::write_float(f, 16777217.0f);
    CHECK(f == "16777216");
    f.clear();
    al::json::write_number(f, std::nan(""));
    CHECK(f == "null");
}

TEST_CASE("JSON errors say what and where") {
    CHECK(error_of("") ==
          "JSON: unexpected end of input, expected a value at line 1, column 1 (byte 0)");
    CHECK(error_of("{\"a\": 1,\n \"b\" 2}") ==
          "JSON: expected ':' after the key \"b\" at line 2, column 6 (byte 14)");
    CHECK(error_of("[1, 2") ==
          "JSON: unexpected end of input in an array at line 1, column 6 (byte 5)");
    CHECK(error_of("[1 2]") ==
          "JSON: expected ',' or ']' in an array, found '2' at line 1, column 4 (byte 3)");
    CHECK(error_of("{\"a\":1,\"a\":2}") ==
          "JSON: duplicate key \"a\" at line 1, column 8 (byte 7)");
    CHECK(error_of("[01]").find("expected ',' or ']'") != std::string::npos);
    CHECK(error_of("[1.]").find("expected a digit after the decimal point") != std::string::npos);
    CHECK(error_of("[-]").find("expected a digit in a number") != std::string::npos);
    CHECK(error_of("[1e]").find("expected a digit in the exponent") != std::string::npos);
    CHECK(error_of("[1e999]").find("out of the range of a double") != std::string::npos);
    CHECK(error_of("[NaN]").find("unexpected 'N', expected a value") != std::string::npos);
    CHECK(error_of("\"abc").find("unterminated string") != std::string::npos);
    CHECK(error_of("\"a\tb\"").find("control character") != std::string::npos);
    CHECK(error_of("\"\\x\"").find("invalid escape \\x") != std::string::npos);
    CHECK(error_of("\"\\ud800\"").find("unpaired surrogate") != std::string::npos);
    CHECK(error_of("\"\\u12g4\"").find("expected 4 hex digits") != std::string::npos);
    CHECK(error_of("{1:2}").find("expected a string key") != std::string::npos);
    CHECK(error_of("[] []").find("unexpected text after the JSON value") != std::string::npos);
    CHECK(error_of("tru").find("expected a value") != std::string::npos);
    CHECK(error_of("\x01").find("byte 0x01") != std::string::npos);
}

TEST_CASE("JSON limits: depth, size, value count") {
    std::string deep(100000, '[');  // would overflow the stack of a naive recursive parser
    CHECK(error_of(deep).find("nesting deeper than 64") != std::string::npos);
    std::string ok(64, '[');
    ok += std::string(64, ']');
    CHECK(error_of(ok) == "(parsed)");
    al::json::Limits small;
    small.max_bytes = 10;
    CHECK(error_of("[1,2,3,4,5,6]", small).find("input larger than 10 bytes") != std::string::npos);
    al::json::Limits few;
    few.max_values = 3;
    CHECK(error_of("[1,2,3]", few).find("more than 3 values") != std::string::npos);
    // A large object with a duplicate far in: found through the hash set, in linear time.
    std::string big = "{";
    for (int i = 0; i < 20000; ++i) big += "\"k" + std::to_string(i) + "\":0,";
    big += "\"k7\":1}";
    CHECK(error_of(big).find("duplicate key \"k7\"") != std::string::npos);
}
