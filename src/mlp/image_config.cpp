#include "mlp/image_config.hpp"

#include <cmath>

#include "json.hpp"
#include "mlp/hidden_spec.hpp"
#include "mlp/idx.hpp"
#include "settings.hpp"
#include "text_input.hpp"

namespace al {

double image_parameter_count(const ImageConfig& c) {
    double total = 0, in = double(image_side * image_side);
    for (int w : c.hidden) total += (in + 1) * w, in = w;
    return total + (in + 1) * double(image_classes);
}

std::string validate(const ImageConfig& c) {
    if (c.hidden.empty() || c.hidden.size() > limits::max_layers)
        return "hidden must have 1 to " + std::to_string(limits::max_layers) + " layers";
    std::string e;
    for (std::size_t i = 0; i < c.hidden.size(); ++i)
        if (!(e = check_range("hidden[" + std::to_string(i) + "]", c.hidden[i], limits::width))
                 .empty())
            return e;
    if (!(e = check_range("dropout", c.dropout, limits::images::dropout)).empty()) return e;
    if (!(e = check_range("lr", c.lr, limits::lr)).empty()) return e;
    if (!(e = check_range("batch", c.batch, limits::batch)).empty()) return e;
    if (!(e = check_range("epochs", c.epochs, limits::epochs)).empty()) return e;
    if (!(e = check_range("n_train", c.n_train, limits::images::n_train)).empty()) return e;
    if (!(e = check_range("n_test", c.n_test, limits::images::n_test)).empty()) return e;
    const double work = image_parameter_count(c) * c.n_train;
    if (!(work <= limits::max_work))
        return "hidden × n_train must be at most the work budget of " +
               number_text(limits::max_work) + " parameter·images per epoch (got " +
               number_text(image_parameter_count(c)) + " parameters × " +
               std::to_string(c.n_train) + " images = " + number_text(work) +
               "): use fewer or narrower layers, or fewer images";
    return "";
}

std::optional<ImageConfig> image_config_from_json(std::string_view text, std::string& error) {
    const std::optional<json::Value> v = parse_settings_json(text, error);
    if (!v) return std::nullopt;
    if (!v->is_object()) {
        error = "config must be a JSON object";
        return std::nullopt;
    }
    ImageConfig c;
    for (const json::Member& m : v->as_object()) {
        const std::string& k = m.first;
        const json::Value& x = m.second;
        bool ok = true;
        if (k == "activation") {
            const auto a = x.is_string() ? activation_names.parse(x.as_string()) : std::nullopt;
            if (!a) {
                error = "activation must be one of " + activation_names.joined();
                return std::nullopt;
            }
            c.activation = *a;
        } else if (k == "hidden" && x.is_string()) {
            auto w = parse_hidden_spec(x.as_string(), limits::max_layers, error);
            if (!w) return std::nullopt;
            c.hidden = *w;
        } else if (k == "hidden" && x.is_array() && !x.as_array().empty()) {
            c.hidden.resize(x.as_array().size());
            for (std::size_t i = 0; ok && i < c.hidden.size(); ++i)
                ok = read_in_range(x.as_array()[i], "hidden[" + std::to_string(i) + "]",
                                   limits::width, c.hidden[i], error);
        } else if (k == "hidden") {
            error = "hidden must be an array of layer widths or a string such as \"128x8\"";
            return std::nullopt;
        } else if (k == "dropout") {
            ok = read_in_range(x, "dropout", limits::images::dropout, c.dropout, error);
        } else if (k == "lr") {
            ok = read_in_range(x, "lr", limits::lr, c.lr, error);
        } else if (k == "batch") {
            ok = read_in_range(x, "batch", limits::batch, c.batch, error);
        } else if (k == "epochs") {
            ok = read_in_range(x, "epochs", limits::epochs, c.epochs, error);
        } else if (k == "seed") {
            ok = read_in_range(x, "seed", limits::seed, c.seed, error);
        } else if (k == "n_train") {
            ok = read_in_range(x, "n_train", limits::images::n_train, c.n_train, error);
        } else if (k == "n_test") {
            ok = read_in_range(x, "n_test", limits::images::n_test, c.n_test, error);
        } else if (k == "shuffle" && x.is_bool()) {
            c.shuffle = x.as_bool();
        } else if (k == "init" && x.is_string() && init_names.parse(x.as_string())) {
            c.init = *init_names.parse(x.as_string());
        } else if (k == "shuffle" || k == "init") {
            error = k == "shuffle" ? "shuffle must be true or false"
                                   : "init must be " + init_names.joined(", ", " or ");
            return std::nullopt;
        } else if (k == "dataset" && x.is_string() && x.as_string() == "fashion-mnist") {
            // the data set's own name: accepted so that a config names what it trains on
        } else {
            error = "unknown config key " + quote_input(k, '"') +
                    " for fashion-mnist (allowed: dataset, activation, hidden, dropout, lr, "
                    "batch, epochs, seed, n_train, n_test, shuffle, init)";
            return std::nullopt;
        }
        if (!ok) return std::nullopt;
    }
    error = validate(c);
    if (!error.empty()) return std::nullopt;
    return c;
}

namespace {

json::Value image_config_value(const ImageConfig& c) {
    json::Array hidden;
    for (int w : c.hidden) hidden.emplace_back(w);
    json::Object o;
    o.emplace_back("dataset", "fashion-mnist");
    o.emplace_back("activation", activation_names.name(c.activation));
    o.emplace_back("hidden", std::move(hidden));
    o.emplace_back("dropout", c.dropout);
    o.emplace_back("lr", c.lr);
    o.emplace_back("batch", c.batch);
    o.emplace_back("epochs", c.epochs);
    o.emplace_back("seed", static_cast<double>(c.seed));
    o.emplace_back("n_train", c.n_train);
    o.emplace_back("n_test", c.n_test);
    o.emplace_back("shuffle", c.shuffle);
    o.emplace_back("init", init_names.name(c.init));
    return json::Value(std::move(o));
}

}  // namespace

std::string image_config_to_json(const ImageConfig& c) {
    return json::write(image_config_value(c));
}

std::string image_config_limits_json() {
    json::Object o;
    const std::pair<const char*, Range> ranges[] = {{"dropout", limits::images::dropout},
                                                    {"n_train", limits::images::n_train},
                                                    {"n_test", limits::images::n_test},
                                                    {"epochs", limits::epochs},
                                                    {"seed", limits::seed},
                                                    {"lr", limits::lr},
                                                    {"batch", limits::batch},
                                                    {"seeds", limits::images::seeds}};
    for (const auto& [name, r] : ranges) o.emplace_back(name, range_value(r));
    o.emplace_back("hidden", json::Object{{"layers_max", limits::max_layers},
                                          {"width_min", limits::width.lo},
                                          {"width_max", limits::width.hi}});
    o.emplace_back("work_max", limits::max_work);
    o.emplace_back("defaults", image_config_value(ImageConfig{}));
    o.emplace_back("seeds_default", limits::images::seeds_default);
    o.emplace_back("paper_dropout", limits::images::paper_dropout);
    return json::write(json::Value(std::move(o)));
}

}  // namespace al
