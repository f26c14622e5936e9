// The language model's weight file and prompt, read as the MLP's are: the one state_dict reader
// (json_floats.hpp: BOM skipped, keys quoted at a bounded length, the same messages) and the one
// way of showing typed text in a message (text_input.hpp: controls and bidi marks as U+XXXX).
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "lm/lm_experiment.hpp"
#include "mlp/mlp.hpp"
#include "mlp/state_dict.hpp"
#include "tiny_lm.hpp"

TEST_CASE("lm state_dict: a UTF-8 byte-order mark is skipped, as the MLP's reader does") {
    const auto model = tiny_lm::model();
    al::lm::LmExperiment& e = *model;
    REQUIRE(e.error().empty());
    const std::string state = e.state_json();
    CHECK(e.load_state_json("\xEF\xBB\xBF" + state) == "");
    CHECK(e.state_json() == state);
}

TEST_CASE("lm state_dict: a 1 MB key is quoted at 80 characters, in the MLP's message") {
    const auto model = tiny_lm::model();
    al::lm::LmExperiment& e = *model;
    const std::string key(1000000, 'k');
    const std::string lm_error = e.load_state_json("{\"" + key + "\": [1]}");
    const std::string quoted = "\"" + std::string(80, 'k') + "\xE2\x80\xA6\" (1000000 characters)";
    CHECK(lm_error.rfind("state_dict: unexpected key " + quoted + " (this model has tok.weight",
                         0) == 0);
    al::Mlp net(2, {4}, al::Activation::relu, 1);
    const std::string mlp_error = al::load_state_dict_json(net, "{\"" + key + "\": [1]}");
    CHECK(mlp_error.rfind("state_dict: unexpected key " + quoted + " (this network has ", 0) == 0);
    CHECK(e.load_state_json("[]") == "state_dict: must be a JSON object (got an array)");
    CHECK(e.load_state_json("{}").rfind("state_dict: missing key \"tok.weight\" (shape [", 0) == 0);
}

TEST_CASE("lm sample: characters the model never saw are refused, named and escaped") {
    const auto model = tiny_lm::model();
    al::lm::LmExperiment& e = *model;
    std::string error;
    CHECK(e.sample("the", 5, 0.8, 0, error).size() == 5);
    CHECK(error.empty());
    CHECK(e.sample("\xF0\x9F\x98\x80\xF0\x9F\x98\x80\xF0\x9F\x98\x80"
                   "abc",
                   5, 0.8, 0, error)
              .empty());
    CHECK(error == "prompt: the model never saw these characters: \xF0\x9F\x98\x80");
    e.sample(
        "\xE2\x80\xAE"
        "abc",
        5, 0.8, 0, error);  // U+202E: would reverse the line
    CHECK(error == "prompt: the model never saw these characters: U+202E");
    e.sample(std::string("a\0\x07\x1b", 4), 5, 0.8, 0, error);
    CHECK(error == "prompt: the model never saw these characters: U+0000 U+0007 U+001B");
}
