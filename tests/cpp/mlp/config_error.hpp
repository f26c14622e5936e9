#pragma once
// What the config reader says about a JSON text: "(ok)" when it accepts it, else its message.
#include <string>

#include "mlp/config.hpp"

namespace al::test {

inline std::string config_json_error(const std::string& text) {
    std::string e;
    const auto c = al::config_from_json(text, e);
    return c ? std::string("(ok)") : e;
}

}  // namespace al::test
