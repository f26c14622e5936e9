// The one settings reader (settings.hpp: Field, read_fields, write_fields, add_ranges,
// check_ranges) on a small struct of its own, then through the image and language-model configs,
// whose messages come from it.
#include <doctest/doctest.h>

#include <string>

#include "json.hpp"
#include "lm/lm_config.hpp"
#include "mlp/image_config.hpp"
#include "named_enum.hpp"
#include "settings.hpp"

namespace {

enum class Shape { round, square };
constexpr auto shape_names =
    al::named_enum<Shape>({{Shape::round, "round"}, {Shape::square, "square"}});

struct Toy {
    int count = 3;
    double rate = 0.5;
    bool on = true;
    Shape shape = Shape::round;
};

constexpr al::Range count_range{1, 9, false, true};
constexpr al::Range rate_range{0, 1, true, false};

const al::Fields<Toy>& toy_fields() {
    static const al::Fields<Toy> f{
        al::range_field("count", count_range, &Toy::count),
        al::number_field("rate", rate_range, &Toy::rate),
        al::bool_field("on", &Toy::on),
        al::name_field("shape", shape_names, &Toy::shape),
    };
    return f;
}

// "(ok)" or the reader's message.
std::string toy_error(const std::string& text, Toy& t, char quote = '"') {
    std::string e;
    const auto v = al::parse_settings_json(text, e);
    if (!v) return e;
    return al::read_fields(*v, toy_fields(), t, e, quote) ? "(ok)" : e;
}

std::string image_error(const std::string& text) {
    std::string e;
    return al::image_config_from_json(text, e) ? "(ok)" : e;
}

std::string lm_error(const std::string& text) {
    std::string e;
    return al::lm::config_from_json(text, e) ? "(ok)" : e;
}

}  // namespace

TEST_CASE("read_fields: each key by its field, the first refusal named, unknown keys listed") {
    Toy t;
    CHECK(toy_error("{\"count\":7,\"rate\":0.25,\"on\":false,\"shape\":\"square\"}", t) == "(ok)");
    CHECK(t.count == 7);
    CHECK(t.rate == 0.25);
    CHECK_FALSE(t.on);
    CHECK(t.shape == Shape::square);
    t = Toy{};
    CHECK(toy_error("{}", t) == "(ok)");
    CHECK(t.count == 3);  // a missing key keeps the default
    CHECK(toy_error("{\"count\":10}", t) == "count must be an integer in [1, 9] (got 10)");
    // a number field's range is validate()'s: the reader checks the type only
    CHECK(toy_error("{\"rate\":5}", t) == "(ok)");
    CHECK(toy_error("{\"rate\":\"x\"}", t) == "rate must be a number (got a string)");
    CHECK(toy_error("{\"on\":0}", t) == "on must be true or false (got a number)");
    CHECK(toy_error("{\"shape\":\"oval\"}", t) ==
          "shape must be one of round, square (got \"oval\")");
    CHECK(toy_error("{\"count\":2,\"colour\":1,\"rate\":\"x\"}", t) ==
          "unknown config key \"colour\" (allowed: count, rate, on, shape)");
    CHECK(toy_error("{\"colour\":1}", t, '\'') ==
          "unknown config key 'colour' (allowed: count, rate, on, shape)");
    CHECK(toy_error("[]", t) == "config must be a JSON object (got an array)");
}

TEST_CASE("write_fields, add_ranges and check_ranges follow the table") {
    Toy t;
    t.rate = 2;
    CHECK(al::json::write(al::json::Value(al::write_fields(toy_fields(), t))) ==
          "{\"count\":3,\"rate\":2,\"on\":true,\"shape\":\"round\"}");
    CHECK(al::check_ranges(toy_fields(), t) == "rate must be a number in (0, 1] (got 2)");
    t.rate = 1;
    CHECK(al::check_ranges(toy_fields(), t).empty());
    al::json::Object o;
    al::add_ranges(toy_fields(), o);
    CHECK(al::json::write(al::json::Value(std::move(o))) ==
          "{\"count\":{\"min\":1,\"max\":9,\"min_open\":false,\"max_open\":false,\"integer\":true},"
          "\"rate\":{\"min\":0,\"max\":1,\"min_open\":true,\"max_open\":false,\"integer\":false}}");
}

TEST_CASE("image config: round trip and messages of the shared reader") {
    const std::string text =
        "{\"dataset\":\"fashion-mnist\",\"activation\":\"gelu\",\"hidden\":[32,16],\"dropout\":0.5,"
        "\"lr\":0.01,\"batch\":64,\"epochs\":3,\"seed\":7,\"n_train\":500,\"n_test\":100,"
        "\"shuffle\":false,\"init\":\"he\"}";
    std::string e;
    const auto c = al::image_config_from_json(text, e);
    REQUIRE_MESSAGE(c, e);
    CHECK(al::image_config_to_json(*c) == text);
    const auto h = al::image_config_from_json("{\"hidden\":\"64x3\"}", e);
    REQUIRE_MESSAGE(h, e);
    CHECK(h->hidden == std::vector<int>(3, 64));
    CHECK(image_error("{\"dropout\":1}") == "dropout must be a number in [0, 1) (got 1)");
    CHECK(image_error("{\"n_train\":60001}") ==
          "n_train must be an integer in [1, 60000] (got 60001)");
    CHECK(image_error("{\"activation\":\"tanh\"}") ==
          "activation must be one of relu, gelu, gelu_tanh, silu, elu, identity (got \"tanh\")");
    CHECK(image_error("{\"init\":\"xavier\"}") ==
          "init must be one of default, he (got \"xavier\")");
    CHECK(image_error("{\"shuffle\":1}") == "shuffle must be true or false (got a number)");
    CHECK(image_error("{\"dataset\":\"moons\"}") ==
          "dataset must be fashion-mnist (got \"moons\")");
    CHECK(image_error("{\"hidden\":{}}") ==
          "hidden must be an array of 1 to 16 layer widths or a string such as \"128x8\" (got an "
          "object)");
    CHECK(image_error("{\"hidden\":\"8x17\"}").rfind("hidden", 0) == 0);
    CHECK(image_error("{\"hidden\":[600]}") ==
          "hidden[0] must be an integer in [1, 512] (got 600)");
    CHECK(image_error("{\"noise\":0.1}") ==
          "unknown config key \"noise\" (allowed: dataset, activation, hidden, dropout, lr, "
          "batch, epochs, seed, n_train, n_test, shuffle, init)");
    CHECK(image_error("3") == "config must be a JSON object (got a number)");
    CHECK(image_error("{\"hidden\":[512,512,512,512],\"n_train\":60000}")
              .rfind("hidden × n_train must be at most the work budget", 0) == 0);
}

TEST_CASE("language-model config: round trip and messages of the shared reader") {
    const al::lm::LmConfig defaults;
    std::string e;
    const auto c = al::lm::config_from_json(al::lm::config_to_json(defaults), e);
    REQUIRE_MESSAGE(c, e);
    CHECK(al::lm::config_to_json(*c) ==
          "{\"act\":\"gelu\",\"d\":32,\"layers\":2,\"heads\":2,\"ctx\":32,\"ffn\":128,\"batch\":32,"
          "\"steps\":1500,\"lr\":0.003,\"warmup\":50,\"lr_floor\":0.1,\"beta1\":0.9,\"beta2\":0.99,"
          "\"weight_decay\":0.01,\"clip\":1,\"eval_every\":100,\"init\":\"bert\",\"seed\":0}");
    const auto g = al::lm::config_from_json("{\"act\":\"swiglu\",\"init\":\"gpt2\",\"seed\":9}", e);
    REQUIRE_MESSAGE(g, e);
    CHECK(g->act == al::lm::FfnAct::swiglu);
    CHECK(g->init == al::lm::Init::gpt2);
    CHECK(g->seed == 9u);
    CHECK(lm_error("{\"act\":\"tanh\"}") ==
          "act must be one of relu, gelu, gelu_tanh, silu, swiglu, relu2, glu, bilinear, reglu, "
          "geglu, gelu_no_negative or gelu_linear_positive (got \"tanh\")");
    CHECK(lm_error("{\"init\":\"xavier\"}") == "init must be bert or gpt2 (got \"xavier\")");
    CHECK(lm_error("{\"d\":7}") == "d must be an integer in [8, 256] (got 7)");
    CHECK(lm_error("{\"lr\":\"1\"}") == "lr must be a number in (0, 1] (got a string)");
    CHECK(lm_error("{\"d\":30,\"heads\":4}") ==
          "d must be a multiple of heads (got d 30, heads 4)");
    CHECK(
        lm_error("{\"colour\":1}") ==
        "unknown config key 'colour' (allowed: act, d, layers, heads, ctx, ffn, batch, steps, lr, "
        "warmup, lr_floor, beta1, beta2, weight_decay, clip, eval_every, init, seed)");
    CHECK(lm_error("[]") == "config must be a JSON object (got an array)");
}
