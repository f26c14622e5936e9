// The Transformer's many-seeds study (web/js/seeds/lm-study.js): its ranges and defaults come from
// the core's limits table, and its longest run, for every FFN activation, stays within the run
// budget (so a study the page accepts never meets "this run is too long" in a worker).
#include <doctest/doctest.h>

#include <string>

#include "lm/lm_config.hpp"
#include "mlp/config.hpp"

TEST_CASE("lm study: ranges and defaults in the limits JSON, longest run within the budget") {
    namespace L = al::limits::lm;
    const std::string j = al::lm::config_limits_json();
    CHECK(j.find("\"study_seeds\":{\"min\":1,\"max\":8,\"min_open\":false,\"max_open\":false,"
                 "\"integer\":true}") != std::string::npos);
    CHECK(j.find("\"study_steps\":{\"min\":1,\"max\":3000") != std::string::npos);
    CHECK(j.find("\"study_defaults\":{\"seeds\":3,\"steps\":1000}") != std::string::npos);
    CHECK(L::study_default_seeds >= L::study_seeds.lo);
    CHECK(L::study_default_seeds <= L::study_seeds.hi);
    CHECK(L::study_default_steps <= L::study_steps.hi);
    for (al::lm::FfnAct a : al::lm::all_ffn_acts) {
        al::lm::LmConfig c;
        c.act = a;
        c.steps = static_cast<int>(L::study_steps.hi);
        CAPTURE(al::lm::ffn_act_names.name(a));
        CHECK(al::lm::validate(c, al::lm::max_vocab) == "");
    }
}
