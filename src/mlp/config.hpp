// The settings of one run, their defaults, their validation and their JSON form.
// C++ is the single source of the defaults and ranges: the page and the CLI ask for them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "activation.hpp"
#include "json.hpp"
#include "mlp/custom_points.hpp"
#include "mlp/datasets.hpp"
#include "mlp/model_options.hpp"
#include "settings.hpp"

namespace al {

struct Config {
    Activation activation = Activation::gelu;  // hidden layers' activation
    std::vector<int> hidden{64, 64};           // 1–16 hidden layers, each 1–512 wide
    double lr = 0.001;                         // Adam learning rate, (0, 1]
    int batch = 32;                            // 1–100000; above the training set: full batch
    int epochs = 100;                          // 1–10000
    std::uint32_t seed = 0;                    // initial weights and batch order
    int n = 2000;                              // data points, 10–100000; custom: points.size()
    double noise = 0.2;                        // [0, 2]; xor, checkerboard: flipped, [0, 0.5]
    std::uint32_t data_seed = 42;              // the data set and the splits
    double test_fraction = 0.2;                // [0.05, 0.9]
    double val_fraction = 0.0;                 // [0, 0.5], test_fraction + val_fraction ≤ 0.9
    bool shuffle = true;                       // reshuffle the training set every epoch
    double weight_decay = 0.0;                 // Adam's L2 penalty, [0, 1]
    DataSet dataset = DataSet::moons;          // datasets.hpp
    double factor = 0.5;                       // circles: inner radius, [0, 0.99]
    Init init = Init::standard;                // model_options.hpp
    Norm norm = Norm::none;
    bool diagnostics = false;  // per-layer signal statistics after every epoch (diagnostics.hpp)
    // dataset custom only: the data, in order (custom_points.hpp); noise and factor do not apply.
    Points points;
};

Config default_config();

// The allowed values of each numeric field (Range: settings.hpp). The one table that
// validation, the JSON reader and the page's own checks (config_limits_json) all use.
namespace limits {
inline constexpr Range lr{0, 1, true, false};
inline constexpr Range batch{1, 100000, false, true};
inline constexpr Range epochs{1, 10000, false, true};
inline constexpr Range n{10, 100000, false, true};
inline constexpr Range noise{0, 2, false, false};
inline constexpr Range data_seed = seed;
inline constexpr Range test_fraction{0.05, 0.9, false, false};
inline constexpr Range val_fraction{0, 0.5, false, false};
inline constexpr Range weight_decay{0, 1, false, false};
inline constexpr Range factor{0, 0.99, false, false};
inline constexpr Range flip_noise{0, 0.5, false, false};  // noise of xor and checkerboard
inline constexpr Range width{1, 512, false, true};        // of each hidden layer
inline constexpr int max_layers = 16;
// The work budget: parameters × data points (n) ≤ max_work. An epoch costs about 6 flops per
// parameter per training point (forward 2, backward 4), so ≤ 12 GFLOP, about a second of one
// core in WebAssembly: no setting can make one epoch freeze a page. The article's deep net
// (16 × 32, 16k parameters, n 2000) uses 1.6 % of it; 4 × 512 with n 2000 uses 79 %.
inline constexpr double max_work = 2e9;
inline constexpr double max_held_out = 0.9;  // test_fraction + val_fraction
}  // namespace limits

// {"lr":{"min":0,"max":1,"min_open":true,"integer":false}, ..., "factor":{...},
// "hidden":{"layers_max":16,"width_min":1,"width_max":512}, "held_out_max":0.9,
// "work_max":2e9, "activation":{"values":[...]}, "dataset":{"values":[...],
// "flip_noise":["xor","checkerboard"],"flip_noise_max":0.5}, "init":{"values":["default","he"]},
// "norm":{"values":["none","layer"]},
// "points":{"min":10,"max":2000,"coord_max":10,"csv_max_bytes":262144}}
std::string config_limits_json();

// Trainable parameters of the config's network (Linear weights and biases, LayerNorm γ and β).
double parameter_count(const Config& c);
// parameter_count × n, the quantity the work budget bounds.
double work_per_epoch(const Config& c);

// Sizes of the three sets for a config, as train_test_split computes them:
// test = ceil(test_fraction·n); val = ceil(val_fraction/(1 − test_fraction) · (n − test)) when
// val_fraction > 0, else 0; train = the rest.
struct SetSizes {
    std::size_t train = 0, val = 0, test = 0;
};
SetSizes set_sizes(const Config& c);

// "" when every field is in range, else a message naming the first bad field and its range.
std::string validate(const Config& c);

// "" when 1 to max_layers widths are each in limits::width, else what validate() says of them.
std::string check_hidden(const std::vector<int>& hidden);
// Hidden widths as a user writes them ("64,64", "32x16": hidden_spec.hpp), checked against the
// layer and width limits: what `--hidden TEXT` and a config's "hidden" string accept and refuse,
// with their messages. The work budget, which depends on n, is validate()'s.
std::optional<std::vector<int>> parse_hidden_layers(std::string_view text, std::string& error);

// A settings object's "hidden" (of Config and ImageConfig): an array of 1 to max_layers widths,
// each in limits::width, or a string such as `example` (hidden_spec.hpp; its widths are checked
// by validate()). Its JSON form is always the array.
bool read_hidden(const json::Value& v, const char* example, std::vector<int>& out,
                 std::string& error);
json::Value hidden_value(const std::vector<int>& hidden);
// {"layers_max":16,"width_min":1,"width_max":512}: "hidden" in the limits tables.
json::Value hidden_limits_value();
template <class C>
Field<C> hidden_field(std::vector<int> C::*m, const char* example) {
    return {"hidden",
            [m, example](const json::Value& v, C& c, std::string& e) {
                return read_hidden(v, example, c.*m, e);
            },
            [m](const C& c) { return hidden_value(c.*m); }, std::nullopt};
}

// From a JSON object of the fields above (snake_case keys). Missing keys take the defaults;
// unknown keys, wrong types, non-integers for integer fields and out-of-range values are errors.
// `hidden` is an array of widths or a string such as "64,64" or "32x16" (hidden_spec.hpp);
// `dataset`, `init`, `norm` are names; `diagnostics` a boolean. `points` ([[x0, x1, label], ...])
// goes with dataset custom and only with it; n is then the number of points (a given n is
// read and replaced). The text may hold up to config_max_bytes (the points make it long).
// The result is validated. On error: nullopt and a message naming the field.
std::optional<Config> config_from_json(std::string_view text, std::string& error);
std::optional<Config> config_from_value(const json::Value& v, std::string& error);

// 64 KiB for the settings, and 128 bytes per point for dataset custom's points.
inline constexpr std::size_t config_max_bytes =
    settings_max_bytes + static_cast<std::size_t>(limits::points.hi) * 128;

// Every field, in the order above (hidden always as an array); points only for dataset custom.
std::string config_to_json(const Config& c);
json::Value config_to_value(const Config& c);

}  // namespace al
