#include "config.hpp"

#include <cmath>
#include <cstdio>

#include "hidden_spec.hpp"
#include "text_input.hpp"

namespace al {

namespace {

std::string num(double x) {
    std::string s;
    json::write_number(s, x);
    return s == "null" ? (std::isnan(x) ? "NaN" : x > 0 ? "inf" : "-inf") : s;
}

template <class E, std::size_t N>
std::string name_list(const E (&all)[N], const char* (*name)(E)) {
    std::string s;
    for (E e : all) {
        if (!s.empty()) s += ", ";
        s += name(e);
    }
    return s;
}

std::string activation_list() { return name_list(all_activations, activation_name); }

template <class E, std::size_t N>
json::Value name_array(const E (&all)[N], const char* (*name)(E)) {
    json::Array a;
    for (E e : all) a.emplace_back(name(e));
    return json::Value(std::move(a));
}

// "<field> must be <range> (got x)"; NaN fails every comparison, so it is rejected too.
std::string check_range(const std::string& field, double x, const Range& r) {
    const bool ok = (r.lo_open ? x > r.lo : x >= r.lo) && x <= r.hi;
    if (ok) return "";
    return field + " must be " + describe_range(r) + " (got " + num(x) + ")";
}

}  // namespace

std::string describe_range(const Range& r) {
    return std::string(r.integer ? "an integer" : "a number") + " in " + (r.lo_open ? "(" : "[") +
           num(r.lo) + ", " + num(r.hi) + "]";
}

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

std::string validate(const Config& c) {
    bool known = false;
    for (Activation a : all_activations) known = known || a == c.activation;
    if (!known) return "activation must be one of " + activation_list();
    if (c.hidden.empty() || c.hidden.size() > limits::max_layers)
        return "hidden must have 1 to " + std::to_string(limits::max_layers) + " layers (got " +
               std::to_string(c.hidden.size()) + ")";
    std::string e;
    for (std::size_t i = 0; i < c.hidden.size(); ++i)
        if (!(e = check_range("hidden[" + std::to_string(i) + "]", c.hidden[i], limits::width))
                 .empty())
            return e;
    if (!(e = check_range("lr", c.lr, limits::lr)).empty()) return e;
    if (!(e = check_range("batch", c.batch, limits::batch)).empty()) return e;
    if (!(e = check_range("epochs", c.epochs, limits::epochs)).empty()) return e;
    if (!(e = check_range("n", c.n, limits::n)).empty()) return e;
    if (!(e = check_range("noise", c.noise, limits::noise)).empty()) return e;
    if (!(e = check_range("test_fraction", c.test_fraction, limits::test_fraction)).empty())
        return e;
    if (!(e = check_range("val_fraction", c.val_fraction, limits::val_fraction)).empty()) return e;
    if (!(c.test_fraction + c.val_fraction <= limits::max_held_out))
        return "test_fraction + val_fraction must be at most " + num(limits::max_held_out) +
               " (got " + num(c.test_fraction + c.val_fraction) + ")";
    if (!(e = check_range("weight_decay", c.weight_decay, limits::weight_decay)).empty()) return e;
    if (!parse_dataset(dataset_name(c.dataset)))
        return "dataset must be one of " + name_list(all_datasets, dataset_name);
    if (c.init != Init::standard && c.init != Init::he)
        return "init must be one of " + name_list(all_inits, init_name);
    if (c.norm != Norm::none && c.norm != Norm::layer)
        return "norm must be one of " + name_list(all_norms, norm_name);
    if (!(e = check_range("factor", c.factor, limits::factor)).empty()) return e;
    if (noise_is_label_flips(c.dataset) &&
        !check_range("noise", c.noise, limits::flip_noise).empty())
        return "noise must be " + describe_range(limits::flip_noise) + " for " +
               dataset_name(c.dataset) + ", where it is the fraction of labels flipped (got " +
               num(c.noise) + ")";
    if (!(work_per_epoch(c) <= limits::max_work))
        return "hidden × n must be at most the work budget of " + num(limits::max_work) +
               " parameter·points per epoch (got " + num(parameter_count(c)) + " parameters × " +
               std::to_string(c.n) + " points = " + num(work_per_epoch(c)) +
               "): use fewer or narrower layers, or fewer points";
    if (set_sizes(c).train < 1)
        return "val_fraction " + num(c.val_fraction) + " with test_fraction " +
               num(c.test_fraction) + " leaves no training data for n = " + std::to_string(c.n);
    return "";
}

namespace {

// Reads an integer field (r is an integer range); integral doubles such as 32.0 are accepted
// (JavaScript cannot tell).
bool read_int(const json::Value& v, const std::string& field, const Range& r, double& out,
              std::string& error) {
    if (!v.is_number()) {
        error =
            field + " must be " + describe_range(r) + " (got " + json::type_name(v.type()) + ")";
        return false;
    }
    const double x = v.as_number();
    if (std::floor(x) != x) {
        error = field + " must be " + describe_range(r) + " (got " + num(x) + ")";
        return false;
    }
    error = check_range(field, x, r);
    if (!error.empty()) return false;
    out = x;
    return true;
}

bool read_number(const json::Value& v, const char* field, double& out, std::string& error) {
    if (!v.is_number()) {
        error = std::string(field) + " must be a number (got " + json::type_name(v.type()) + ")";
        return false;
    }
    out = v.as_number();
    return true;
}

// The error for a key no Config has, listing every key in the order config_to_value writes them.
std::string unknown_key_error(const std::string& key) {
    std::string allowed;
    const json::Value fields = config_to_value(default_config());
    for (const json::Member& f : fields.as_object()) {
        if (!allowed.empty()) allowed += ", ";
        allowed += f.first;
    }
    return "unknown config key " + quote_input(key, '"') + " (allowed: " + allowed + ")";
}

// Reads a field that names one of `all`.
template <class E, std::size_t N>
bool read_name(const json::Value& v, const char* field, const E (&all)[N], const char* (*name)(E),
               E& out, std::string& error) {
    if (v.is_string())
        for (E e : all)
            if (v.as_string() == name(e)) {
                out = e;
                return true;
            }
    error = std::string(field) + " must be one of " + name_list(all, name) + " (got " +
            (v.is_string() ? "\"" + v.as_string() + "\"" : json::type_name(v.type())) + ")";
    return false;
}

}  // namespace

std::optional<Config> config_from_value(const json::Value& v, std::string& error) {
    if (!v.is_object()) {
        error = std::string("config must be a JSON object (got ") + json::type_name(v.type()) + ")";
        return std::nullopt;
    }
    Config c = default_config();
    for (const json::Member& m : v.as_object()) {
        const std::string& k = m.first;
        const json::Value& x = m.second;
        double d = 0;
        bool ok = true;
        if (k == "activation") {
            std::optional<Activation> a;
            if (x.is_string()) a = parse_activation(x.as_string());
            if (!a) {
                error =
                    "activation must be one of " + activation_list() + " (got " +
                    (x.is_string() ? quote_input(x.as_string(), '"') : json::type_name(x.type())) +
                    ")";
                return std::nullopt;
            }
            c.activation = *a;
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
            for (std::size_t i = 0; ok && i < x.as_array().size(); ++i) {
                ok = read_int(x.as_array()[i], "hidden[" + std::to_string(i) + "]", limits::width,
                              d, error);
                c.hidden.push_back(static_cast<int>(d));
            }
        } else if (k == "lr") {
            ok = read_number(x, "lr", c.lr, error);
        } else if (k == "batch") {
            ok = read_int(x, "batch", limits::batch, d, error);
            c.batch = static_cast<int>(d);
        } else if (k == "epochs") {
            ok = read_int(x, "epochs", limits::epochs, d, error);
            c.epochs = static_cast<int>(d);
        } else if (k == "seed") {
            ok = read_int(x, "seed", limits::seed, d, error);
            c.seed = static_cast<std::uint32_t>(d);
        } else if (k == "n") {
            ok = read_int(x, "n", limits::n, d, error);
            c.n = static_cast<int>(d);
        } else if (k == "noise") {
            ok = read_number(x, "noise", c.noise, error);
        } else if (k == "data_seed") {
            ok = read_int(x, "data_seed", limits::data_seed, d, error);
            c.data_seed = static_cast<std::uint32_t>(d);
        } else if (k == "test_fraction") {
            ok = read_number(x, "test_fraction", c.test_fraction, error);
        } else if (k == "val_fraction") {
            ok = read_number(x, "val_fraction", c.val_fraction, error);
        } else if (k == "shuffle") {
            if (!x.is_bool()) {
                error = std::string("shuffle must be true or false (got ") +
                        json::type_name(x.type()) + ")";
                return std::nullopt;
            }
            c.shuffle = x.as_bool();
        } else if (k == "weight_decay") {
            ok = read_number(x, "weight_decay", c.weight_decay, error);
        } else if (k == "dataset") {
            ok = read_name(x, "dataset", all_datasets, dataset_name, c.dataset, error);
        } else if (k == "init") {
            ok = read_name(x, "init", all_inits, init_name, c.init, error);
        } else if (k == "norm") {
            ok = read_name(x, "norm", all_norms, norm_name, c.norm, error);
        } else if (k == "factor") {
            ok = read_number(x, "factor", c.factor, error);
        } else if (k == "diagnostics") {
            if (!x.is_bool()) {
                error = std::string("diagnostics must be true or false (got ") +
                        json::type_name(x.type()) + ")";
                return std::nullopt;
            }
            c.diagnostics = x.as_bool();
        } else {
            error = unknown_key_error(k);
            return std::nullopt;
        }
        if (!ok) return std::nullopt;
    }
    error = validate(c);
    if (!error.empty()) return std::nullopt;
    return c;
}

std::optional<Config> config_from_json(std::string_view text, std::string& error) {
    json::Limits limits;
    limits.max_bytes = 1u << 16;  // a config is a few hundred bytes
    limits.max_depth = 4;
    std::optional<json::Value> v = json::parse(text, error, limits);
    if (!v) return std::nullopt;
    return config_from_value(*v, error);
}

json::Value config_to_value(const Config& c) {
    json::Array hidden;
    for (int w : c.hidden) hidden.emplace_back(w);
    json::Object o;
    o.emplace_back("activation", activation_name(c.activation));
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
    o.emplace_back("dataset", dataset_name(c.dataset));
    o.emplace_back("factor", c.factor);
    o.emplace_back("init", init_name(c.init));
    o.emplace_back("norm", norm_name(c.norm));
    o.emplace_back("diagnostics", c.diagnostics);
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
    for (const auto& [name, r] : ranges) {
        o.emplace_back(
            name,
            json::Object{
                {"min", r.lo}, {"max", r.hi}, {"min_open", r.lo_open}, {"integer", r.integer}});
    }
    o.emplace_back("hidden", json::Object{{"layers_max", limits::max_layers},
                                          {"width_min", limits::width.lo},
                                          {"width_max", limits::width.hi}});
    o.emplace_back("held_out_max", limits::max_held_out);
    o.emplace_back("work_max", limits::max_work);
    o.emplace_back("activation",
                   json::Object{{"values", name_array(all_activations, activation_name)}});
    json::Array flips;
    for (DataSet d : all_datasets)
        if (noise_is_label_flips(d)) flips.emplace_back(dataset_name(d));
    o.emplace_back("dataset", json::Object{{"values", name_array(all_datasets, dataset_name)},
                                           {"flip_noise", std::move(flips)},
                                           {"flip_noise_max", limits::flip_noise.hi}});
    o.emplace_back("init", json::Object{{"values", name_array(all_inits, init_name)}});
    o.emplace_back("norm", json::Object{{"values", name_array(all_norms, norm_name)}});
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
