// One grammar for numbers typed anywhere, bounded quoting of input in messages, and one reading of
// state_dict files (issue 9, items 8-10).
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "mlp/config.hpp"
#include "mlp/mlp.hpp"
#include "mlp/state_dict.hpp"
#include "text_input.hpp"

using al::NumberKind;
using al::parse_number;

TEST_CASE("parse_number: integers are digits only; reals are decimal, '.' or ','") {
    CHECK(parse_number("42", NumberKind::integer) == 42.0);
    CHECK(parse_number(" +7 ", NumberKind::integer) == 7.0);
    CHECK(parse_number("-3", NumberKind::integer) == -3.0);
    CHECK(parse_number("4294967295", NumberKind::integer) == 4294967295.0);
    for (const char* bad : {"0x10", "0b11", "1e1", "1.0", "1,0", "", " ", "1_000", "٣", "1 2", "+",
                            "--1", "0o7", "Infinity", "nan"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_number(bad, NumberKind::integer));
    }
    CHECK(parse_number("0.3", NumberKind::real) == 0.3);
    CHECK(parse_number("0,3", NumberKind::real) == 0.3);
    CHECK(parse_number(".5", NumberKind::real) == 0.5);
    CHECK(parse_number("5.", NumberKind::real) == 5.0);
    CHECK(parse_number("-1e-3", NumberKind::real) == -0.001);
    CHECK(parse_number("2E+2", NumberKind::real) == 200.0);
    CHECK(std::isinf(*parse_number("1e400", NumberKind::real)));  // the range check says no
    for (const char* bad : {"0x10", "0b11", "1e", "e5", ".", ",", "1.2.3", "1,2,3", "1..2", "inf",
                            "nan", "Infinity", "1e1.5", "0,3e"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_number(bad, NumberKind::real));
    }
    CHECK(std::isnan(*parse_number("NaN", NumberKind::any)));
    CHECK(*parse_number("-inf", NumberKind::any) == -INFINITY);
    CHECK(*parse_number("+Infinity", NumberKind::any) == INFINITY);
    CHECK(parse_number("-0.5", NumberKind::any) == -0.5);
    CHECK_FALSE(parse_number("0x1p3", NumberKind::any));
}

TEST_CASE("quote_input: at most quote_limit characters of any input, counted in code points") {
    CHECK(al::quote_input("abc") == "'abc'");
    CHECK(al::quote_input("k", '"') == "\"k\"");
    const std::string long_key(1000000, 'x');
    const std::string q = al::quote_input(long_key, '"');
    CHECK(q.size() < 120);
    CHECK(q == "\"" + std::string(80, 'x') + "\xE2\x80\xA6\" (1000000 characters)");
    std::string accents;
    for (int i = 0; i < 100; ++i) accents += "\xC3\xA9";  // é
    const std::string qa = al::quote_input(accents);
    CHECK(qa.rfind("'" + accents.substr(0, 160) + "\xE2\x80\xA6'", 0) == 0);  // never half a char
}

TEST_CASE("messages quote hostile input at a bounded length (config, JSON, state_dict)") {
    const std::string key(1000000, 'k');
    std::string error;
    CHECK_FALSE(al::config_from_json("{\"" + key + "\":1}", error));
    CHECK(error.size() < 400);
    al::Mlp net(2, {8}, al::Activation::gelu, 1);
    net.init(0);
    const std::string e1 = al::load_state_dict_json(net, "{\"" + key + "\":1}");
    CHECK(e1.size() < 400);
    CHECK(e1.find("(1000000 characters)") != std::string::npos);
    const std::string e2 = al::load_state_dict_json(net, "{\"" + key + "\":1,\"" + key + "\":2}");
    CHECK(e2.size() < 400);
    CHECK(e2.rfind("state_dict: JSON: duplicate key", 0) == 0);
    CHECK_FALSE(al::config_from_json("{\"activation\":\"" + key + "\"}", error));
    CHECK(error.size() < 400);
}

TEST_CASE("state_dict files: one reader, one verdict (byte-order mark, duplicates, 1e309)") {
    al::Mlp net(2, {3}, al::Activation::gelu, 1);
    net.init(0);
    const std::string good = al::state_dict_json(net);
    std::string error;
    const auto hidden = al::state_dict_hidden(good, error);
    REQUIRE(hidden);
    CHECK(*hidden == std::vector<std::size_t>{3});
    // A byte-order mark: accepted by both readers.
    CHECK(al::state_dict_hidden("\xEF\xBB\xBF" + good, error));
    CHECK(al::load_state_dict_json(net, "\xEF\xBB\xBF" + good) == "");
    // A duplicate key: refused by both, with the same message.
    const std::string dup = "{\"0.bias\":[0,0,0]," + good.substr(1);
    CHECK_FALSE(al::state_dict_hidden(dup, error));
    CHECK(error == al::load_state_dict_json(net, dup));
    CHECK(error.rfind("state_dict: JSON: duplicate key \"0.bias\"", 0) == 0);
    // 1e309: out of range, the same words from both.
    const std::string huge =
        "{\"0.weight\":[[1e309,0],[0,0],[0,0]]," + good.substr(good.find("\"0.bias\""));
    CHECK_FALSE(al::state_dict_hidden(huge, error));
    CHECK(error == al::load_state_dict_json(net, huge));
    CHECK(error.find("out of the range") != std::string::npos);
    CHECK_FALSE(al::state_dict_hidden("[]", error));
    CHECK(error == "state_dict: must be a JSON object (got an array)");
    CHECK_FALSE(al::state_dict_hidden("{\"a\":1}", error));
    CHECK(error.rfind("state_dict: no layer weights", 0) == 0);
    CHECK_FALSE(al::state_dict_hidden("{\"0.weight\":[1,2]}", error));
    CHECK(error == "state_dict: \"0.weight\" must be a matrix (an array of rows)");
    const auto deep = al::state_dict_hidden(
        "{\"0.weight\":[[1,2],[3,4]],\"2.weight\":[[1,2],[1,2],[1,2]],\"4.weight\":[[1,2,3]]}",
        error);
    REQUIRE(deep);
    CHECK(*deep == std::vector<std::size_t>{2, 3});
    // With LayerNorm modules in their places (0 Linear, 1 LayerNorm, 2 act, 3 Linear, ...): the
    // LayerNorms' vectors are not layers.
    al::Mlp normed(2, {4, 3}, al::Activation::gelu, 1, al::Norm::layer);
    normed.init(0);
    const auto widths = al::state_dict_hidden(al::state_dict_json(normed), error);
    REQUIRE(widths);
    CHECK(*widths == std::vector<std::size_t>{4, 3});
}

TEST_CASE("state_dict_hidden: layer order follows the module index, not the key order") {
    std::string error;
    const auto h = al::state_dict_hidden(
        "{\"2.weight\":[[1,1,1,1,1,1,1,1]],\"0.weight\":[[1,2],[1,2],[1,2],[1,2],[1,2],[1,2],[1,2],"
        "[1,2]]}",
        error);
    REQUIRE(h);
    CHECK(*h == std::vector<std::size_t>{8});
    CHECK(al::state_dict_hidden("{\"0.weight\":[[1,2]],\"0.bias\":[0]}", error)->empty());
}

TEST_CASE("quote_input shows controls and bidi marks as U+XXXX, malformed bytes as U+FFFD") {
    CHECK(al::quote_input("\xE2\x80\xAE"
                          "abc") == "'U+202Eabc'");  // RIGHT-TO-LEFT OVERRIDE
    CHECK(al::quote_input(std::string("a\0b\x07\x1b\t\x7f", 7)) ==
          "'aU+0000bU+0007U+001BU+0009U+007F'");
    CHECK(al::quote_input("\xE2\x81\xA6x\xE2\x80\x8F") == "'U+2066xU+200F'");
    CHECK(al::quote_input("\xC2\x85") == "'U+0085'");  // C1 control
    CHECK(al::quote_input("\xff"
                          "a") ==
          "'\xEF\xBF\xBD"
          "a'");
    CHECK(al::quote_input("\xC3\xA9 \xF0\x9F\x98\x80") == "'\xC3\xA9 \xF0\x9F\x98\x80'");
    CHECK(al::shown_input("\xE2\x80\xAE") == "U+202E");
    const std::string bidi_flood(300 * 3, '\0');  // 900 NULs: 80 shown, then the count
    CHECK(al::quote_input(bidi_flood) == "'" + [] {
        std::string s;
        for (int i = 0; i < 80; ++i) s += "U+0000";
        return s;
    }() + "\xE2\x80\xA6' (900 characters)");
}
