#include "mlp/config.hpp"

#include <cmath>
#include <cstdio>

#include "mlp/hidden_spec.hpp"
#include "text_input.hpp"

namespace al {

namespace {

std::string activation_list() { return activation_names.joined(); }

}  // namespace

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

std::string validate(const Config& c) {
    if (!activation_names.contains(c.activation))
        return "activation must be one of " + activation_list();
    std::string e = check_hidden(c.hidden);
    if (!e.empty()) return e;
    if (!(e = check_range("lr", c.lr, limits::lr)).empty()) return e;
    if (!(e = check_range("batch", c.batch, limits::batch)).empty()) return e;
    if (!(e = check_range("epochs", c.epochs, limits::epochs)).empty()) return e;
    if (c.dataset != DataSet::custom && c.points.size() > 0)
        return std::string("points applies to dataset custom only (dataset is ") +
               dataset_names.name(c.dataset) + ")";
    if (c.dataset == DataSet::custom) {
        if (c.points.size() == 0) return "dataset custom needs points: an array of [x0, x1, label]";
        if (!(e = check_config_points(c.points)).empty()) return e;
        if (c.n < 0 || static_cast<std::size_t>(c.n) != c.points.size())
            return "n must be the number of points (" + std::to_string(c.points.size()) +
                   ") for dataset custom (got " + std::to_string(c.n) + ")";
    } else if (!(e = check_range("n", c.n, limits::n)).empty()) {
        return e;
    }
    if (!(e = check_range("noise", c.noise, limits::noise)).empty()) return e;
    if (!(e = check_range("test_fraction", c.test_fraction, limits::test_fraction)).empty())
        return e;
    if (!(e = check_range("val_fraction", c.val_fraction, limits::val_fraction)).empty()) return e;
    if (!(c.test_fraction + c.val_fraction <= limits::max_held_out))
        return "test_fraction + val_fraction must be at most " + number_text(limits::max_held_out) +
               " (got " + number_text(c.test_fraction + c.val_fraction) + ")";
    if (!(e = check_range("weight_decay", c.weight_decay, limits::weight_decay)).empty()) return e;
    if (!dataset_names.contains(c.dataset))
        return "dataset must be one of " + dataset_names.joined();
    if (!init_names.contains(c.init)) return "init must be one of " + init_names.joined();
    if (!norm_names.contains(c.norm)) return "norm must be one of " + norm_names.joined();
    if (!(e = check_range("factor", c.factor, limits::factor)).empty()) return e;
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

namespace {

// The error for a key no Config has, listing every key in the order config_to_value writes them.
std::string unknown_key_error(const std::string& key) {
    std::string allowed;
    const json::Value fields = config_to_value(default_config());
    for (const json::Member& f : fields.as_object()) {
        if (!allowed.empty()) allowed += ", ";
        allowed += f.first;
    }
    return "unknown config key " + quote_input(key, '"') + " (allowed: " + allowed + ", points)";
}

}  // namespace

std::optional<Config> config_from_value(const json::Value& v, std::string& error) {
    if (!v.is_object()) {
        error = not_an_object_error(v);
        return std::nullopt;
    }
    Config c = default_config();
    for (const json::Member& m : v.as_object()) {
        const std::string& k = m.first;
        const json::Value& x = m.second;
        bool ok = true;
        if (k == "activation") {
            ok = read_name(x, "activation", activation_names, c.activation, error);
        } else if (k == "hidden" && x.is_string()) {
            auto w = parse_hidden_spec(x.as_string(), limits::max_layers, error);
            if (!w) return std::nullopt;
            c.hidden = *w;
        } else if (k == "hidden") {
            if (!x.is_array() || x.as_array().empty() || x.as_array().size() > limits::max_layers) {
                error = "hidden must be an array of 1 to " + std::to_string(limits::max_layers) +
                        " layer widths or a string such as \"32x16\" (got " +
                        (x.is_array() ? std::to_string(x.as_array().size()) + " widths"
                                      : std::string(json::type_name(x.type()))) +
                        ")";
                return std::nullopt;
            }
            c.hidden.clear();
            c.hidden.resize(x.as_array().size());
            for (std::size_t i = 0; ok && i < c.hidden.size(); ++i)
                ok = read_in_range(x.as_array()[i], "hidden[" + std::to_string(i) + "]",
                                   limits::width, c.hidden[i], error);
        } else if (k == "lr") {
            ok = read_number(x, "lr", c.lr, error);
        } else if (k == "batch") {
            ok = read_in_range(x, "batch", limits::batch, c.batch, error);
        } else if (k == "epochs") {
            ok = read_in_range(x, "epochs", limits::epochs, c.epochs, error);
        } else if (k == "seed") {
            ok = read_in_range(x, "seed", limits::seed, c.seed, error);
        } else if (k == "n") {
            ok = read_in_range(x, "n", limits::n, c.n, error);
        } else if (k == "noise") {
            ok = read_number(x, "noise", c.noise, error);
        } else if (k == "data_seed") {
            ok = read_in_range(x, "data_seed", limits::data_seed, c.data_seed, error);
        } else if (k == "test_fraction") {
            ok = read_number(x, "test_fraction", c.test_fraction, error);
        } else if (k == "val_fraction") {
            ok = read_number(x, "val_fraction", c.val_fraction, error);
        } else if (k == "shuffle") {
            ok = read_bool(x, "shuffle", c.shuffle, error);
        } else if (k == "weight_decay") {
            ok = read_number(x, "weight_decay", c.weight_decay, error);
        } else if (k == "dataset") {
            ok = read_name(x, "dataset", dataset_names, c.dataset, error);
        } else if (k == "init") {
            ok = read_name(x, "init", init_names, c.init, error);
        } else if (k == "norm") {
            ok = read_name(x, "norm", norm_names, c.norm, error);
        } else if (k == "factor") {
            ok = read_number(x, "factor", c.factor, error);
        } else if (k == "diagnostics") {
            ok = read_bool(x, "diagnostics", c.diagnostics, error);
        } else if (k == "points") {
            std::optional<Points> p = points_from_value(x, error);
            if (!p) return std::nullopt;
            c.points = std::move(*p);
        } else {
            error = unknown_key_error(k);
            return std::nullopt;
        }
        if (!ok) return std::nullopt;
    }
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
    json::Array hidden;
    for (int w : c.hidden) hidden.emplace_back(w);
    json::Object o;
    o.emplace_back("activation", activation_names.name(c.activation));
    o.emplace_back("hidden", std::move(hidden));
    o.emplace_back("lr", c.lr);
    o.emplace_back("batch", c.batch);
    o.emplace_back("epochs", c.epochs);
    o.emplace_back("seed", static_cast<double>(c.seed));
    o.emplace_back("n", c.n);
    o.emplace_back("noise", c.noise);
    o.emplace_back("data_seed", static_cast<double>(c.data_seed));
    o.emplace_back("test_fraction", c.test_fraction);
    o.emplace_back("val_fraction", c.val_fraction);
    o.emplace_back("shuffle", c.shuffle);
    o.emplace_back("weight_decay", c.weight_decay);
    o.emplace_back("dataset", dataset_names.name(c.dataset));
    o.emplace_back("factor", c.factor);
    o.emplace_back("init", init_names.name(c.init));
    o.emplace_back("norm", norm_names.name(c.norm));
    o.emplace_back("diagnostics", c.diagnostics);
    if (c.dataset == DataSet::custom) o.emplace_back("points", points_value(c.points));
    return json::Value(std::move(o));
}

std::string config_to_json(const Config& c) { return json::write(config_to_value(c)); }

std::string config_limits_json() {
    const std::pair<const char*, Range> ranges[] = {{"lr", limits::lr},
                                                    {"batch", limits::batch},
                                                    {"epochs", limits::epochs},
                                                    {"seed", limits::seed},
                                                    {"n", limits::n},
                                                    {"noise", limits::noise},
                                                    {"data_seed", limits::data_seed},
                                                    {"test_fraction", limits::test_fraction},
                                                    {"val_fraction", limits::val_fraction},
                                                    {"weight_decay", limits::weight_decay},
                                                    {"factor", limits::factor}};
    json::Object o;
    for (const auto& [name, r] : ranges) o.emplace_back(name, range_value(r));
    o.emplace_back("hidden", json::Object{{"layers_max", limits::max_layers},
                                          {"width_min", limits::width.lo},
                                          {"width_max", limits::width.hi}});
    o.emplace_back("held_out_max", limits::max_held_out);
    o.emplace_back("work_max", limits::max_work);
    o.emplace_back("activation", json::Object{{"values", name_array(activation_names)}});
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
