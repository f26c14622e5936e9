// The settings of a run on images (Fashion-MNIST): their defaults, ranges, validation and JSON.
// As config.hpp for the 2-D data sets, C++ is the single source: the CLI asks for them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "activation.hpp"
#include "mlp/config.hpp"
#include "mlp/model_options.hpp"

namespace al {

struct ImageConfig {
    Activation activation = Activation::relu;
    std::vector<int> hidden = std::vector<int>(8, 128);  // 8 × 128, the paper's MNIST network
    double dropout = 0.0;                                // after each hidden activation, [0, 1)
    double lr = 0.001;                                   // Adam
    int batch = 128;
    int epochs = 20;
    std::uint32_t seed = 0;  // initial weights, batch order (seed ^ 0x5eed), dropout (seed ^ 0xd0)
    int n_train = 8000;      // the first n_train images of the training file, in file order
    int n_test = 2000;       // the first n_test of the test file
    bool shuffle = true;
    Init init = Init::standard;
};

namespace limits::images {
inline constexpr Range dropout{0, 1, false, false, true};  // [0, 1): 1 would drop every unit
inline constexpr Range n_train{1, 60000, false, true};
inline constexpr Range n_test{1, 10000, false, true};
// Seeds a page run goes through in turn (median curves, as the paper's figure): 3 by default,
// the fewest with a median that is neither a mean nor one run; at most 5, the paper's count.
inline constexpr Range seeds{1, 5, false, true};
inline constexpr int seeds_default = 3;
// The dropout probability of the paper's "with dropout" runs (Hendrycks & Gimpel 2016, §3.1).
inline constexpr double paper_dropout = 0.5;
// The work budget of config.hpp (parameters × training images ≤ max_work) bounds an epoch:
// 784-128x8-10 (217,354 parameters) on 8,000 images is 1.74e9 of the 2e9.
}  // namespace limits::images

// 784 inputs, the hidden layers, 10 outputs.
double image_parameter_count(const ImageConfig& c);

// "" or the first bad field and its range.
std::string validate(const ImageConfig& c);

// From a JSON object of the fields above; missing keys take the defaults, unknown keys, wrong
// types and out-of-range values are errors (hidden: an array or "128x8").
std::optional<ImageConfig> image_config_from_json(std::string_view text, std::string& error);
std::string image_config_to_json(const ImageConfig& c);
// {"dropout":{min, max, max_open: true}, "n_train":{min, max, integer}, "n_test", "epochs",
//  "seed", "lr", "batch", "seeds" (a page run's seeds), "hidden", "work_max", "defaults" (the
//  config of ImageConfig{}), "seeds_default", "paper_dropout"}
std::string image_config_limits_json();

}  // namespace al
