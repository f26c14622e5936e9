// named_enum.hpp (names both ways, values, joined lists) and settings.hpp (the field readers'
// messages), on a table of their own and on the tables the configs use.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "activation.hpp"
#include "lm/lm_config.hpp"
#include "mlp/datasets.hpp"
#include "mlp/model_options.hpp"
#include "settings.hpp"

namespace {

enum class Fruit { apple, pear, fig };
constexpr auto fruit_names =
    al::named_enum<Fruit>({{Fruit::apple, "apple"}, {Fruit::pear, "pear"}, {Fruit::fig, "fig"}});

al::json::Value parsed(const std::string& text) {
    std::string e;
    const auto v = al::json::parse(text, e);
    REQUIRE_MESSAGE(v, e);
    return *v;
}

}  // namespace

TEST_CASE("named_enum: name and value both ways, the values in order, the names joined") {
    static_assert(fruit_names.parse("pear") == Fruit::pear);
    static_assert(fruit_names.values()[2] == Fruit::fig);
    CHECK(std::string(fruit_names.name(Fruit::fig)) == "fig");
    CHECK_FALSE(fruit_names.parse("Pear"));
    CHECK_FALSE(fruit_names.parse(""));
    CHECK(std::string(fruit_names.name(static_cast<Fruit>(7))) == "?");
    CHECK_FALSE(fruit_names.contains(static_cast<Fruit>(7)));
    CHECK(fruit_names.joined() == "apple, pear, fig");
    CHECK(fruit_names.joined(", ", " or ") == "apple, pear or fig");
    // The core's tables: every name reads back as its value.
    for (al::Activation a : al::all_activations)
        CHECK(al::activation_names.parse(al::activation_names.name(a)) == a);
    for (al::lm::FfnAct a : al::lm::all_ffn_acts)
        CHECK(al::lm::ffn_act_names.parse(al::lm::ffn_act_names.name(a)) == a);
    CHECK(al::init_names.joined() == "default, he");
    CHECK(al::dataset_names.joined() == "moons, circles, xor, checkerboard, spirals, custom");
    CHECK(al::lm::init_names.joined(", ", " or ") == "bert or gpt2");
}

TEST_CASE("settings: the field readers' checks and messages") {
    std::string e;
    int i = 0;
    double x = 0;
    const al::Range r{1, 512, false, true};
    CHECK(al::read_in_range(parsed("32.0"), "width", r, i, e));
    CHECK(i == 32);
    CHECK_FALSE(al::read_in_range(parsed("32.5"), "width", r, i, e));
    CHECK(e == "width must be an integer in [1, 512] (got 32.5)");
    CHECK_FALSE(al::read_in_range(parsed("\"8\""), "width", r, i, e));
    CHECK(e == "width must be an integer in [1, 512] (got a string)");
    CHECK_FALSE(al::read_in_range(parsed("0"), "lr", al::Range{0, 1, true, false}, x, e));
    CHECK(e == "lr must be a number in (0, 1] (got 0)");
    CHECK(al::check_range("lr", NAN, al::Range{0, 1, true, false}) ==
          "lr must be a number in (0, 1] (got NaN)");
    CHECK_FALSE(al::read_number(parsed("null"), "noise", x, e));
    CHECK(e == "noise must be a number (got null)");
    bool b = false;
    CHECK_FALSE(al::read_bool(parsed("1"), "shuffle", b, e));
    CHECK(e == "shuffle must be true or false (got a number)");
    Fruit f = Fruit::apple;
    CHECK(al::read_name(parsed("\"fig\""), "fruit", fruit_names, f, e));
    CHECK(f == Fruit::fig);
    CHECK_FALSE(al::read_name(parsed("\"kiwi\""), "fruit", fruit_names, f, e));
    CHECK(e == "fruit must be one of apple, pear, fig (got \"kiwi\")");
    CHECK(al::not_an_object_error(parsed("[]")) == "config must be a JSON object (got an array)");
}
