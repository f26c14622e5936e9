// Config: defaults, JSON round trip, and a message naming the field for every bad value.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "config_error.hpp"
#include "json.hpp"
#include "mlp/config.hpp"
#include "settings.hpp"

using al::test::config_json_error;

TEST_CASE("default config and its JSON") {
    const al::Config c = al::default_config();
    CHECK(al::validate(c).empty());
    CHECK(al::config_to_json(c) ==
          "{\"activation\":\"gelu\",\"hidden\":[64,64],\"lr\":0.001,\"batch\":32,\"epochs\":100,"
          "\"seed\":0,\"n\":2000,\"noise\":0.2,\"data_seed\":42,\"test_fraction\":0.2,"
          "\"val_fraction\":0,\"shuffle\":true,\"weight_decay\":0,\"dataset\":\"moons\","
          "\"factor\":0.5,\"init\":\"default\",\"norm\":\"none\",\"diagnostics\":false}");
    std::string e;
    const auto empty = al::config_from_json("{}", e);
    REQUIRE(empty);
    CHECK(al::config_to_json(*empty) == al::config_to_json(c));
    const al::SetSizes s = al::set_sizes(c);
    CHECK(s.train == 1600);
    CHECK(s.test == 400);
    CHECK(s.val == 0);
}

TEST_CASE("config JSON round trip of every field") {
    const std::string text =
        "{\"activation\":\"silu\",\"hidden\":[3,512,1,7],\"lr\":0.5,\"batch\":100000,\"epochs\":"
        "10000,\"seed\":4294967295,\"n\":100000,\"noise\":2,\"data_seed\":0,\"test_fraction\":0.3,"
        "\"val_fraction\":0.15,\"shuffle\":false,\"weight_decay\":0.01,\"dataset\":"
        "\"circles\",\"factor\":0.99,\"init\":\"he\",\"norm\":\"layer\",\"diagnostics\":true}";
    std::string e;
    const auto c = al::config_from_json(text, e);
    REQUIRE_MESSAGE(c, e);
    CHECK(c->activation == al::Activation::silu);
    CHECK(c->dataset == al::DataSet::circles);
    CHECK(c->init == al::Init::he);
    CHECK(c->norm == al::Norm::layer);
    CHECK(c->diagnostics);
    CHECK(c->seed == 4294967295u);
    CHECK(c->hidden.size() == 4);
    CHECK_FALSE(c->shuffle);
    CHECK(al::config_to_json(*c) == text);
    const al::SetSizes s = al::set_sizes(*c);
    CHECK(s.test == 30000);
    // ceil(0.15 / 0.7 · 70000) in double is 15001 (the product is 15000.000000000002), as in
    // scikit-learn, which computes the same expression.
    CHECK(s.val == 15001);
    CHECK(s.train == 54999);
    CHECK(config_json_error("{\"batch\": 32.0}") == "(ok)");  // JavaScript cannot tell 32 from 32.0
}

TEST_CASE("every bad field is rejected with its name and range") {
    CHECK(config_json_error("{\"activation\":\"tanh\"}") ==
          "activation must be one of relu, gelu, gelu_tanh, silu, elu, identity (got \"tanh\")");
    CHECK(config_json_error("{\"activation\":1}") ==
          "activation must be one of relu, gelu, gelu_tanh, silu, elu, identity (got a number)");
    CHECK(config_json_error("{\"hidden\":[]}") ==
          "hidden must be an array of 1 to 16 layer widths or a string such as \"32x16\" (got 0 "
          "widths)");
    CHECK(config_json_error("{\"hidden\":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]}") ==
          "hidden must be an array of 1 to 16 layer widths or a string such as \"32x16\" (got 17 "
          "widths)");
    CHECK(config_json_error("{\"hidden\":64}") ==
          "hidden must be an array of 1 to 16 layer widths or a string such as \"32x16\" (got a "
          "number)");
    CHECK(config_json_error("{\"hidden\":[64,513]}") ==
          "hidden[1] must be an integer in [1, 512] (got 513)");
    CHECK(config_json_error("{\"hidden\":[0]}") ==
          "hidden[0] must be an integer in [1, 512] (got 0)");
    CHECK(config_json_error("{\"hidden\":[2.5]}") ==
          "hidden[0] must be an integer in [1, 512] (got 2.5)");
    CHECK(config_json_error("{\"lr\":0}") == "lr must be a number in (0, 1] (got 0)");
    CHECK(config_json_error("{\"lr\":1.5}") == "lr must be a number in (0, 1] (got 1.5)");
    CHECK(config_json_error("{\"lr\":\"0.1\"}") == "lr must be a number (got a string)");
    CHECK(config_json_error("{\"batch\":0}") == "batch must be an integer in [1, 100000] (got 0)");
    CHECK(config_json_error("{\"batch\":32.5}") ==
          "batch must be an integer in [1, 100000] (got 32.5)");
    CHECK(config_json_error("{\"batch\":true}") ==
          "batch must be an integer in [1, 100000] (got a boolean)");
    CHECK(config_json_error("{\"epochs\":10001}") ==
          "epochs must be an integer in [1, 10000] (got 10001)");
    CHECK(config_json_error("{\"seed\":-1}") ==
          "seed must be an integer in [0, 4294967295] (got -1)");
    CHECK(config_json_error("{\"seed\":4294967296}") ==
          "seed must be an integer in [0, 4294967295] (got 4294967296)");
    CHECK(config_json_error("{\"n\":9}") == "n must be an integer in [10, 100000] (got 9)");
    CHECK(config_json_error("{\"n\":1e9}") ==
          "n must be an integer in [10, 100000] (got 1000000000)");
    CHECK(config_json_error("{\"noise\":-0.1}") == "noise must be a number in [0, 2] (got -0.1)");
    CHECK(config_json_error("{\"data_seed\":0.5}") ==
          "data_seed must be an integer in [0, 4294967295] (got 0.5)");
    CHECK(config_json_error("{\"test_fraction\":0.01}") ==
          "test_fraction must be a number in [0.05, 0.9] (got 0.01)");
    CHECK(config_json_error("{\"val_fraction\":0.6}") ==
          "val_fraction must be a number in [0, 0.5] (got 0.6)");
    CHECK(config_json_error("{\"test_fraction\":0.5,\"val_fraction\":0.5}") ==
          "test_fraction + val_fraction must be at most 0.9 (got 1)");
    CHECK(config_json_error("{\"shuffle\":1}") == "shuffle must be true or false (got a number)");
    CHECK(config_json_error("{\"weight_decay\":2}") ==
          "weight_decay must be a number in [0, 1] (got 2)");
    CHECK(config_json_error("{\"epoch\":3}")
              .rfind("unknown config key \"epoch\" (allowed: activation,", 0) == 0);
    CHECK(config_json_error("[1]") == "config must be a JSON object (got an array)");
    CHECK(config_json_error("{\"lr\":").rfind("JSON: unexpected end of input", 0) == 0);
    // n = 10, 85% test: 1 point left, and a validation set would take it.
    CHECK(config_json_error("{\"n\":10,\"test_fraction\":0.85,\"val_fraction\":0.05}") ==
          "val_fraction 0.05 with test_fraction 0.85 leaves no training data for n = 10");
}

TEST_CASE("validate() on configs built in code (NaN, bad enum, bad widths)") {
    al::Config c;
    c.lr = std::nan("");
    CHECK(al::validate(c) == "lr must be a number in (0, 1] (got NaN)");
    c = al::Config{};
    c.noise = INFINITY;
    CHECK(al::validate(c) == "noise must be a number in [0, 2] (got inf)");
    c = al::Config{};
    c.activation = static_cast<al::Activation>(42);
    CHECK(al::validate(c).rfind("activation must be one of", 0) == 0);
    c = al::Config{};
    c.hidden = {};
    CHECK(al::validate(c) == "hidden must have 1 to 16 layers (got 0)");
    c.hidden = {64, -1};
    CHECK(al::validate(c) == "hidden[1] must be an integer in [1, 512] (got -1)");
    c = al::Config{};
    c.epochs = 0;
    CHECK(al::validate(c) == "epochs must be an integer in [1, 10000] (got 0)");
    c = al::Config{};
    c.batch = 100001;
    CHECK(al::validate(c) == "batch must be an integer in [1, 100000] (got 100001)");
    c = al::Config{};
    c.n = 100001;
    CHECK(al::validate(c) == "n must be an integer in [10, 100000] (got 100001)");
    c = al::Config{};
    c.weight_decay = -1;
    CHECK(al::validate(c) == "weight_decay must be a number in [0, 1] (got -1)");
    c = al::Config{};
    c.val_fraction = std::nan("");
    CHECK(al::validate(c) == "val_fraction must be a number in [0, 0.5] (got NaN)");
    c = al::Config{};
    c.test_fraction = 0.95;
    CHECK(al::validate(c) == "test_fraction must be a number in [0.05, 0.9] (got 0.95)");
}

TEST_CASE("hidden widths as text: lists and the 32x16 shorthand, normalised to an array") {
    std::string e;
    auto c = al::config_from_json("{\"hidden\":\"32x16\"}", e);
    REQUIRE_MESSAGE(c, e);
    CHECK(c->hidden == std::vector<int>(16, 32));
    CHECK(al::config_to_json(*c).find("\"hidden\":[32,32,32,32,32,32,32,32,32,32,32,32,32,32,32,"
                                      "32]") != std::string::npos);
    c = al::config_from_json("{\"hidden\":\" 64, 64 \"}", e);
    REQUIRE_MESSAGE(c, e);
    CHECK(c->hidden == std::vector<int>{64, 64});
    c = al::config_from_json("{\"hidden\":\"8,4x3\"}", e);
    REQUIRE_MESSAGE(c, e);
    CHECK(c->hidden == std::vector<int>{8, 4, 4, 4});
    CHECK(config_json_error("{\"hidden\":\"32x17\"}") ==
          "hidden must have 1 to 16 layers (got \"32x17\")");
    CHECK(config_json_error("{\"hidden\":\"1x999999999\"}") ==
          "hidden must have 1 to 16 layers (got \"1x999999999\")");
    CHECK(config_json_error("{\"hidden\":\"\"}") ==
          "hidden must be widths like \"64,64\" or \"32x16\" (16 layers of 32) (got \"\")");
    CHECK(config_json_error("{\"hidden\":\"64,,64\"}").rfind("hidden must be widths like", 0) == 0);
    CHECK(config_json_error("{\"hidden\":\"32x0\"}").rfind("hidden must be widths like", 0) == 0);
    CHECK(config_json_error("{\"hidden\":\"-3\"}").rfind("hidden must be widths like", 0) == 0);
    CHECK(config_json_error("{\"hidden\":\"64.5\"}").rfind("hidden must be widths like", 0) == 0);
    CHECK(config_json_error("{\"hidden\":\"513x2\"}") ==
          "hidden[0] must be an integer in [1, 512] (got 513)");
    CHECK(config_json_error("{\"hidden\":\"0\"}") ==
          "hidden[0] must be an integer in [1, 512] (got 0)");
}

TEST_CASE("parse_hidden_layers: the --hidden grammar with its limits, one-line messages") {
    std::string e;
    auto w = al::parse_hidden_layers(" 8, 4x2 ", e);
    REQUIRE_MESSAGE(w, e);
    CHECK(*w == std::vector<int>{8, 4, 4});
    // The same refusals, with the same messages, as a config's "hidden" string.
    for (const char* text : {"", "0", "-3", "64x", "513", "32x17", "1x999999999", "8,0x8", "1e1"}) {
        CAPTURE(text);
        CHECK_FALSE(al::parse_hidden_layers(text, e));
        CHECK(e == config_json_error(std::string("{\"hidden\":\"") + text + "\"}"));
    }
    // The text is quoted as every message quotes input: a control character cannot break the line
    // and a long text is cut.
    CHECK_FALSE(al::parse_hidden_layers("8\n8", e));
    CHECK(e ==
          "hidden must be widths like \"64,64\" or \"32x16\" (16 layers of 32) (got \"8U+000A8\")");
    CHECK_FALSE(al::parse_hidden_layers(std::string(100, '9'), e));
    CHECK(e.find("\u2026\" (100 characters))") != std::string::npos);
}

TEST_CASE("data set, init, norm, diagnostics and factor keys") {
    CHECK(config_json_error("{\"dataset\":\"spirals\",\"init\":\"he\",\"norm\":\"layer\","
                            "\"diagnostics\":true}") == "(ok)");
    CHECK(
        config_json_error("{\"dataset\":\"iris\"}") ==
        "dataset must be one of moons, circles, xor, checkerboard, spirals, custom (got \"iris\")");
    CHECK(
        config_json_error("{\"dataset\":3}") ==
        "dataset must be one of moons, circles, xor, checkerboard, spirals, custom (got a number)");
    CHECK(config_json_error("{\"init\":\"xavier\"}") ==
          "init must be one of default, he (got \"xavier\")");
    CHECK(config_json_error("{\"norm\":\"batch\"}") ==
          "norm must be one of none, layer (got \"batch\")");
    CHECK(config_json_error("{\"diagnostics\":1}") ==
          "diagnostics must be true or false (got a number)");
    CHECK(config_json_error("{\"factor\":1}") == "factor must be a number in [0, 0.99] (got 1)");
    CHECK(config_json_error("{\"factor\":-0.1}") ==
          "factor must be a number in [0, 0.99] (got -0.1)");
    // noise is a fraction of flipped labels for xor and checkerboard.
    CHECK(config_json_error("{\"dataset\":\"xor\",\"noise\":0.5}") == "(ok)");
    CHECK(config_json_error("{\"dataset\":\"xor\",\"noise\":0.6}") ==
          "noise must be a number in [0, 0.5] for xor, where it is the fraction of labels "
          "flipped (got 0.6)");
    CHECK(config_json_error("{\"dataset\":\"checkerboard\",\"noise\":2}")
              .rfind("noise must be a number in [0, 0.5] for checkerboard", 0) == 0);
    CHECK(config_json_error("{\"dataset\":\"spirals\",\"noise\":2}") == "(ok)");
    al::Config c;
    c.init = static_cast<al::Init>(7);
    CHECK(al::validate(c) == "init must be one of default, he");
}

TEST_CASE("the work budget: parameters × points, stated in the message") {
    al::Config c;
    // 2-64-64-1: 3·64 + 65·64 + 65 = 4417 parameters.
    CHECK(al::parameter_count(c) == 4417);
    c.norm = al::Norm::layer;
    CHECK(al::parameter_count(c) == 4417 + 4 * 64);
    c.hidden = std::vector<int>(16, 32);
    c.norm = al::Norm::none;
    CHECK(al::parameter_count(c) == 3 * 32 + 15 * 33 * 32 + 33);
    CHECK(al::validate(c).empty());
    // 4 × 512 at n = 2000 is allowed (1.58e9), as before the budget existed.
    c.hidden = std::vector<int>(4, 512);
    CHECK(al::validate(c).empty());
    c.hidden = std::vector<int>(16, 512);  // 3·512 + 15·513·512 + 513 = 3941889 parameters
    CHECK(al::validate(c) ==
          "hidden × n must be at most the work budget of 2000000000 parameter·points per epoch "
          "(got 3941889 parameters × 2000 points = 7883778000): use fewer or narrower layers, "
          "or fewer points");
    c.n = 500;  // 1.97e9
    CHECK(al::validate(c).empty());
    CHECK(config_json_error("{\"hidden\":\"512x16\",\"n\":508}")
              .rfind("hidden × n must be at most", 0) == 0);
}

TEST_CASE("a range open at its top: [lo, hi) refuses hi itself, says so, and states it in JSON") {
    const al::Range r{0, 1, false, false, true};
    CHECK(al::check_range("p", 0.0, r).empty());
    CHECK(al::check_range("p", 0.999999, r).empty());
    CHECK(al::check_range("p", 1.0, r) == "p must be a number in [0, 1) (got 1)");
    CHECK(al::check_range("p", std::nan(""), r) == "p must be a number in [0, 1) (got NaN)");
    CHECK(al::json::write(al::range_value(r)) ==
          R"({"min":0,"max":1,"min_open":false,"max_open":true,"integer":false})");
    const al::Range closed{0, 1, false, false};
    CHECK(al::check_range("p", 1.0, closed).empty());
}

TEST_CASE("limits JSON lists the enums, the layer cap and the budget") {
    const std::string j = al::config_limits_json();
    CHECK(j.find("\"hidden\":{\"layers_max\":16,\"width_min\":1,\"width_max\":512}") !=
          std::string::npos);
    CHECK(j.find("\"work_max\":2000000000") != std::string::npos);
    CHECK(j.find("\"dataset\":{\"values\":[\"moons\",\"circles\",\"xor\",\"checkerboard\","
                 "\"spirals\",\"custom\"],\"flip_noise\":[\"xor\",\"checkerboard\"],\"flip_noise_"
                 "max\":0.5}") != std::string::npos);
    CHECK(j.find("\"init\":{\"values\":[\"default\",\"he\"]}") != std::string::npos);
    CHECK(j.find("\"norm\":{\"values\":[\"none\",\"layer\"]}") != std::string::npos);
    CHECK(j.find("\"factor\":{\"min\":0,\"max\":0.99,") != std::string::npos);
}
