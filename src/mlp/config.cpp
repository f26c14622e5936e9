#include "mlp/config.hpp"

#include <cmath>
#include <cstdio>

#include "mlp/hidden_spec.hpp"
#include "text_input.hpp"

namespace al {

Config default_config() { return Config{}; }

SetSizes set_sizes(const Config& c) {
    SetSizes s;
    const std::size_t n = c.n > 0 ? static_cast<std::size_t>(c.n) : 0;
    // scikit-learn: n_test = ceil(test_size · n_samples), computed in double.
    s.test =
        std::min(n, static_cast<std::size_t>(std::ceil(c.test_fraction * static_cast<double>(n))));
    const std::size_t rest = n - s.test;
    if (c.val_fraction > 0) {
        const double f = c.val_fraction / (1.0 - c.test_fraction);
        s.val = std::min(rest, static_cast<std::size_t>(std::ceil(f * static_cast<double>(rest))));
    }
    s.train = rest - s.val;
    return s;
}

std::string check_hidden(const std::vector<int>& hidden) {
    if (hidden.empty() || hidden.size() > limits::max_layers)
        return "hidden must have 1 to " + std::to_string(limits::max_layers) + " layers (got " +
               std::to_string(hidden.size()) + ")";
    std::string e;
    for (std::size_t i = 0; i < hidden.size() && e.empty(); ++i)
        e = check_range("hidden[" + std::to_string(i) + "]", hidden[i], limits::width);
    return e;
}

std::optional<std::vector<int>> parse_hidden_layers(std::string_view text, std::string& error) {
    std::optional<std::vector<int>> widths = parse_hidden_spec(text, limits::max_layers, error);
    if (widths && !(error = check_hidden(*widths)).empty()) return std::nullopt;
    return widths;
}

namespace {

// Every key, in the order config_to_value writes them (points last, and only for custom).
const Fields<Config>& config_fields() {
    using C = Config;
    namespace L = limits;
    static const Fields<C> table{
        name_field("activation", model_activation_names, &C::activation),
        hidden_field(&C::hidden, "32x16"),
        number_field("lr", L::lr, &C::lr),
        range_field("batch", L::batch, &C::batch),
        range_field("epochs", L::epochs, &C::epochs),
        range_field("seed", L::seed, &C::seed),
        range_field("n", L::n, &C::n),
        number_field("noise", L::noise, &C::noise),
        range_field("data_seed", L::data_seed, &C::data_seed),
        number_field("test_fraction", L::test_fraction, &C::test_fraction),
        number_field("val_fraction", L::val_fraction, &C::val_fraction),
        bool_field("shuffle", &C::shuffle),
        number_field("weight_decay", L::weight_decay, &C::weight_decay),
        name_field("dataset", dataset_names, &C::dataset),
        number_field("factor", L::factor, &C::factor),
        name_field("init", init_names, &C::init),
        name_field("norm", norm_names, &C::norm),
        bool_field("diagnostics", &C::diagnostics),
        {"points",
         [](const json::Value& v, C& c, std::string& e) {
             std::optional<Points> p = points_from_value(v, e);
             if (p) c.points = std::move(*p);
             return p.has_value();
         },
         {},
         std::nullopt},
    };
    return table;
}

}  // namespace

// For dataset custom, n is the number of points: within limits::n once the points are valid.
static_assert(limits::n.lo <= limits::points.lo && limits::points.hi <= limits::n.hi);

std::string validate(const Config& c) {
    if (!model_activation_names.contains(c.activation))
        return "activation must be one of " + model_activation_names.joined();
    std::string e = check_hidden(c.hidden);
    if (!e.empty()) return e;
    if (c.dataset != DataSet::custom && c.points.size() > 0)
        return std::string("points applies to dataset custom only (dataset is ") +
               dataset_names.name(c.dataset) + ")";
    if (c.dataset == DataSet::custom) {
        if (c.points.size() == 0) return "dataset custom needs points: an array of [x0, x1, label]";
        if (!(e = check_config_points(c.points)).empty()) return e;
        if (c.n < 0 || static_cast<std::size_t>(c.n) != c.points.size())
            return "n must be the number of points (" + std::to_string(c.points.size()) +
                   ") for dataset custom (got " + std::to_string(c.n) + ")";
    }
    if (!(e = check_ranges(config_fields(), c)).empty()) return e;
    if (!(c.test_fraction + c.val_fraction <= limits::max_held_out))
        return "test_fraction + val_fraction must be at most " + number_text(limits::max_held_out) +
               " (got " + number_text(c.test_fraction + c.val_fraction) + ")";
    if (!dataset_names.contains(c.dataset))
        return "dataset must be one of " + dataset_names.joined();
    if (!init_names.contains(c.init)) return "init must be one of " + init_names.joined();
    if (!norm_names.contains(c.norm)) return "norm must be one of " + norm_names.joined();
    if (noise_is_label_flips(c.dataset) &&
        !check_range("noise", c.noise, limits::flip_noise).empty())
        return "noise must be " + describe_range(limits::flip_noise) + " for " +
               dataset_names.name(c.dataset) +
               ", where it is the fraction of labels flipped (got " + number_text(c.noise) + ")";
    if (!(work_per_epoch(c) <= limits::max_work))
        return "hidden × n must be at most the work budget of " + number_text(limits::max_work) +
               " parameter·points per epoch (got " + number_text(parameter_count(c)) +
               " parameters × " + std::to_string(c.n) +
               " points = " + number_text(work_per_epoch(c)) +
               "): use fewer or narrower layers, or fewer points";
    if (set_sizes(c).train < 1)
        return "val_fraction " + number_text(c.val_fraction) + " with test_fraction " +
               number_text(c.test_fraction) +
               " leaves no training data for n = " + std::to_string(c.n);
    return "";
}

bool read_hidden(const json::Value& v, const char* example, std::vector<int>& out,
                 std::string& error) {
    if (v.is_string()) {
        std::optional<std::vector<int>> w =
            parse_hidden_spec(v.as_string(), limits::max_layers, error);
        if (w) out = std::move(*w);
        return w.has_value();
    }
    if (!v.is_array() || v.as_array().empty() || v.as_array().size() > limits::max_layers) {
        error = "hidden must be an array of 1 to " + std::to_string(limits::max_layers) +
                " layer widths or a string such as \"" + example + "\" (got " +
                (v.is_array() ? std::to_string(v.as_array().size()) + " widths"
                              : std::string(json::type_name(v.type()))) +
                ")";
        return false;
    }
    std::vector<int> widths(v.as_array().size());
    for (std::size_t i = 0; i < widths.size(); ++i)
        if (!read_in_range(v.as_array()[i], "hidden[" + std::to_string(i) + "]", limits::width,
                           widths[i], error))
            return false;
    out = std::move(widths);
    return true;
}

json::Value hidden_limits_value() {
    return json::Object{{"layers_max", limits::max_layers},
                        {"width_min", limits::width.lo},
                        {"width_max", limits::width.hi}};
}

json::Value hidden_value(const std::vector<int>& hidden) {
    json::Array a;
    for (int w : hidden) a.emplace_back(w);
    return json::Value(std::move(a));
}

std::optional<Config> config_from_value(const json::Value& v, std::string& error) {
    Config c = default_config();
    if (!read_fields(v, config_fields(), c, error)) return std::nullopt;
    if (c.dataset == DataSet::custom) c.n = static_cast<int>(c.points.size());
    error = validate(c);
    if (!error.empty()) return std::nullopt;
    return c;
}

std::optional<Config> config_from_json(std::string_view text, std::string& error) {
    const std::optional<json::Value> v = parse_settings_json(text, error, config_max_bytes);
    if (!v) return std::nullopt;
    return config_from_value(*v, error);
}

json::Value config_to_value(const Config& c) {
    json::Object o = write_fields(config_fields(), c);
    if (c.dataset == DataSet::custom) o.emplace_back("points", points_value(c.points));
    return json::Value(std::move(o));
}

std::string config_to_json(const Config& c) { return json::write(config_to_value(c)); }

std::string config_limits_json() {
    json::Object o;
    add_ranges(config_fields(), o);
    o.emplace_back("hidden", hidden_limits_value());
    o.emplace_back("held_out_max", limits::max_held_out);
    o.emplace_back("work_max", limits::max_work);
    o.emplace_back("activation", json::Object{{"values", name_array(model_activation_names)}});
    json::Array flips;
    for (DataSet d : all_datasets)
        if (noise_is_label_flips(d)) flips.emplace_back(dataset_names.name(d));
    o.emplace_back("dataset", json::Object{{"values", name_array(dataset_names)},
                                           {"flip_noise", std::move(flips)},
                                           {"flip_noise_max", limits::flip_noise.hi}});
    o.emplace_back("init", json::Object{{"values", name_array(init_names)}});
    o.emplace_back("norm", json::Object{{"values", name_array(norm_names)}});
    o.emplace_back("points", json::Object{{"min", limits::points.lo},
                                          {"max", limits::points.hi},
                                          {"coord_max", limits::coord_max},
                                          {"csv_max_bytes",
                                           static_cast<double>(limits::points_csv_max_bytes)}});
    return json::write(json::Value(std::move(o)));
}

double parameter_count(const Config& c) {
    double total = 0, in = 2;
    for (int w : c.hidden) {
        total += (in + 1) * w + (c.norm == Norm::layer ? 2.0 * w : 0.0);
        in = w;
    }
    return total + in + 1;
}

double work_per_epoch(const Config& c) { return parameter_count(c) * c.n; }

}  // namespace al
