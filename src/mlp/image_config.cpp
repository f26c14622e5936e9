#include "mlp/image_config.hpp"

#include <cmath>

#include "json.hpp"
#include "mlp/idx.hpp"
#include "settings.hpp"

namespace al {

double image_parameter_count(const ImageConfig& c) {
    double total = 0, in = double(image_side * image_side);
    for (int w : c.hidden) total += (in + 1) * w, in = w;
    return total + (in + 1) * double(image_classes);
}

namespace {

// Every key, in the order image_config_to_json writes them. "dataset" names what a config trains
// on: only "fashion-mnist".
const Fields<ImageConfig>& image_config_fields() {
    using C = ImageConfig;
    namespace L = limits;
    static const Fields<C> table{
        {"dataset",
         [](const json::Value& v, C&, std::string& e) {
             if (v.is_string() && v.as_string() == "fashion-mnist") return true;
             e = bad_name_error("dataset", "fashion-mnist", v);
             return false;
         },
         [](const C&) { return json::Value("fashion-mnist"); }, std::nullopt},
        name_field("activation", model_activation_names, &C::activation),
        hidden_field(&C::hidden, "128x8"),
        range_field("dropout", L::images::dropout, &C::dropout),
        range_field("lr", L::lr, &C::lr),
        range_field("batch", L::batch, &C::batch),
        range_field("epochs", L::epochs, &C::epochs),
        range_field("seed", L::seed, &C::seed),
        range_field("n_train", L::images::n_train, &C::n_train),
        range_field("n_test", L::images::n_test, &C::n_test),
        bool_field("shuffle", &C::shuffle),
        name_field("init", init_names, &C::init),
    };
    return table;
}

json::Value image_config_value(const ImageConfig& c) {
    return json::Value(write_fields(image_config_fields(), c));
}

}  // namespace

std::string validate(const ImageConfig& c) {
    std::string e = check_hidden(c.hidden);
    if (e.empty()) e = check_ranges(image_config_fields(), c);
    if (!e.empty()) return e;
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
    ImageConfig c;
    if (!v || !read_fields(*v, image_config_fields(), c, error)) return std::nullopt;
    error = validate(c);
    if (!error.empty()) return std::nullopt;
    return c;
}

std::string image_config_to_json(const ImageConfig& c) {
    return json::write(image_config_value(c));
}

std::string image_config_limits_json() {
    json::Object o;
    add_ranges(image_config_fields(), o);
    o.emplace_back("seeds", range_value(limits::images::seeds));
    o.emplace_back("hidden", hidden_limits_value());
    o.emplace_back("work_max", limits::max_work);
    o.emplace_back("defaults", image_config_value(ImageConfig{}));
    o.emplace_back("seeds_default", limits::images::seeds_default);
    o.emplace_back("paper_dropout", limits::images::paper_dropout);
    return json::write(json::Value(std::move(o)));
}

}  // namespace al
