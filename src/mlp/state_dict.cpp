#include "mlp/state_dict.hpp"

#include <algorithm>
#include <vector>

#include "json.hpp"
#include "json_floats.hpp"

namespace al {

namespace {

// Linear l is module 2·l of the Sequential, or 3·l with a LayerNorm (module 3·l + 1) per layer;
// one more module per layer with dropout (an nn.Dropout after each activation).
std::size_t stride(const Mlp& net) {
    return (net.norm() == Norm::layer ? 3 : 2) + (net.dropout() > 0.0 ? 1 : 0);
}
std::string key(const Mlp& net, std::size_t layer, const char* what) {
    return std::to_string(stride(net) * layer) + "." + what;
}
std::string norm_key(const Mlp& net, std::size_t layer, const char* what) {
    return std::to_string(stride(net) * layer + 1) + "." + what;
}
bool has_norm(const Mlp& net, std::size_t l) {
    return net.norm() == Norm::layer && l < net.num_hidden();
}

// Every key, in PyTorch's state_dict order.
std::vector<std::string> all_keys(const Mlp& net) {
    std::vector<std::string> k;
    for (std::size_t l = 0; l < net.num_layers(); ++l) {
        k.push_back(key(net, l, "weight"));
        k.push_back(key(net, l, "bias"));
        if (has_norm(net, l)) {
            k.push_back(norm_key(net, l, "weight"));
            k.push_back(norm_key(net, l, "bias"));
        }
    }
    return k;
}

std::string expected_keys(const Mlp& net) {
    std::string s;
    for (const std::string& k : all_keys(net)) s += (s.empty() ? "" : ", ") + k;
    return s;
}

// `what`[i], e.g. "0.weight"[3]: where a bad row or number sits, for the error messages.
std::string element(const std::string& what, std::size_t i) {
    return what + "[" + std::to_string(i) + "]";
}

// The message for a weight that is not an array of as many rows as the layer has outputs.
std::string shape_error(const std::string& what, const std::string& shape, const json::Value& v) {
    const std::string got = v.is_array() ? std::to_string(v.as_array().size()) + " rows"
                                         : std::string(json::type_name(v.type()));
    return "state_dict: " + what + " must be an array of shape " + shape + " (got " + got + ")";
}

// The message for a bad row of a weight of the given shape.
std::string row_error(const std::string& why, const std::string& shape) {
    return "state_dict: " + why + "; expected shape " + shape;
}

void write_vector(std::string& out, const std::string& name, const float* v, std::size_t n) {
    out += ',';
    json::write_string(out, name);
    out += ":[";
    for (std::size_t i = 0; i < n; ++i) {
        if (i) out += ',';
        json::write_float(out, v[i]);
    }
    out += ']';
}

}  // namespace

std::string state_dict_json(const Mlp& net) {
    std::string out = "{";
    for (std::size_t l = 0; l < net.num_layers(); ++l) {
        const Dense& d = net.layer(l);
        if (l) out += ',';
        json::write_string(out, key(net, l, "weight"));
        out += ":[";
        for (std::size_t o = 0; o < d.out(); ++o) {
            out += o ? ",[" : "[";
            for (std::size_t i = 0; i < d.in(); ++i) {
                if (i) out += ',';
                json::write_float(out, d.weight(o, i));
            }
            out += ']';
        }
        out += "]";
        std::vector<float> b(d.out());
        for (std::size_t o = 0; o < d.out(); ++o) b[o] = d.bias(o);
        write_vector(out, key(net, l, "bias"), b.data(), b.size());
        if (has_norm(net, l)) {
            const LayerNorm& n = net.layer_norm(l);
            write_vector(out, norm_key(net, l, "weight"), n.gamma(), n.width());
            write_vector(out, norm_key(net, l, "bias"), n.beta(), n.width());
        }
    }
    out += '}';
    return out;
}

namespace {

// The one reading of a state_dict file, for loading it and for finding its widths. The largest
// network (16 hidden layers of 512, with LayerNorm) has ~4.2M numbers in ~8k arrays; the limits
// leave room for that and bound what a hostile file can make us allocate. A leading byte-order
// mark is skipped.
std::optional<json::Value> parse_state_dict(std::string_view text, std::string& error) {
    json::Limits limits;
    limits.max_depth = 4;
    limits.max_values = 9u << 19;  // 4.7M
    limits.max_bytes = max_state_dict_bytes;
    return json::parse_state_dict(text, error, limits);
}

// A LayerNorm's "N.weight" is a vector right after a Linear's matrix "(N-1).weight".
bool is_layer_norm(const std::vector<std::pair<unsigned long, const json::Value*>>& weights,
                   std::size_t i) {
    const auto is_matrix = [](const json::Value& v) {
        return v.is_array() && !v.as_array().empty() && v.as_array()[0].is_array();
    };
    const json::Value& w = *weights[i].second;
    return i > 0 && weights[i - 1].first + 1 == weights[i].first &&
           is_matrix(*weights[i - 1].second) && w.is_array() && !w.as_array().empty() &&
           w.as_array()[0].is_number();
}

}  // namespace

std::optional<std::vector<std::size_t>> state_dict_hidden(std::string_view text,
                                                          std::string& error) {
    const std::optional<json::Value> doc = parse_state_dict(text, error);
    if (!doc) return std::nullopt;
    std::vector<std::pair<unsigned long, const json::Value*>> weights;
    for (const json::Member& m : doc->as_object()) {
        const std::string& k = m.first;
        const std::size_t dot = k.find('.');
        if (dot == 0 || dot > 6 || k.substr(dot) != ".weight") continue;
        if (k.find_first_not_of("0123456789") != dot) continue;
        weights.emplace_back(std::stoul(k.substr(0, dot)), &m.second);
    }
    if (weights.empty()) {
        error =
            "state_dict: no layer weights (expected the keys 0.weight, 0.bias, 2.weight, ... "
            "of nn.Sequential)";
        return std::nullopt;
    }
    std::sort(weights.begin(), weights.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::size_t> widths;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (is_layer_norm(weights, i)) continue;
        const auto& [index, w] = weights[i];
        if (!w->is_array() || w->as_array().empty() || !w->as_array()[0].is_array()) {
            error = "state_dict: \"" + std::to_string(index) +
                    ".weight\" must be a matrix (an array of rows)";
            return std::nullopt;
        }
        widths.push_back(w->as_array().size());
    }
    widths.pop_back();  // the output layer
    return widths;
}

std::string load_state_dict_json(Mlp& net, std::string_view text) {
    std::string error;
    std::optional<json::Value> doc = parse_state_dict(text, error);
    if (!doc) return error;
    const std::vector<std::string> keys = all_keys(net);
    for (const json::Member& m : doc->as_object()) {
        bool known = false;
        for (const std::string& k : keys) known = known || m.first == k;
        if (!known) return json::unexpected_key(m.first, "network", expected_keys(net));
    }
    // Read everything into a staging copy, so that a bad file leaves the network untouched.
    std::vector<std::vector<float>> w(net.num_layers()), b(net.num_layers());
    std::vector<std::vector<float>> gamma(net.num_hidden()), beta(net.num_hidden());
    for (std::size_t l = 0; l < net.num_layers(); ++l) {
        const Dense& d = net.layer(l);
        const std::string wk = key(net, l, "weight"), bk = key(net, l, "bias");
        const json::Value* wv = doc->find(wk);
        const json::Value* bv = doc->find(bk);
        if (!wv) return json::missing_key(wk);
        if (!bv) return json::missing_key(bk);
        const std::string shape =
            "[" + std::to_string(d.out()) + "][" + std::to_string(d.in()) + "] ([out][in])";
        const std::string wq = "\"" + wk + "\"";
        if (!wv->is_array() || wv->as_array().size() != d.out()) return shape_error(wq, shape, *wv);
        w[l].resize(d.out() * d.in());
        for (std::size_t o = 0; o < d.out(); ++o) {
            const std::string e = json::read_floats(wv->as_array()[o], d.in(), element(wq, o),
                                                    w[l].data() + o * d.in());
            if (!e.empty()) return row_error(e, shape);
        }
        b[l].resize(d.out());
        const std::string e = json::read_floats(*bv, d.out(), "\"" + bk + "\"", b[l].data());
        if (!e.empty()) return "state_dict: " + e;
        if (!has_norm(net, l)) continue;
        for (auto [what, dest] : {std::pair{"weight", &gamma[l]}, std::pair{"bias", &beta[l]}}) {
            const std::string k = norm_key(net, l, what);
            const json::Value* v = doc->find(k);
            if (!v) return json::missing_key(k);
            dest->resize(d.out());
            const std::string ne = json::read_floats(*v, d.out(), "\"" + k + "\"", dest->data());
            if (!ne.empty()) return "state_dict: " + ne;
        }
    }
    for (std::size_t l = 0; l < net.num_layers(); ++l) {
        Dense& d = net.layer(l);
        for (std::size_t o = 0; o < d.out(); ++o) {
            for (std::size_t i = 0; i < d.in(); ++i) d.set_weight(o, i, w[l][o * d.in() + i]);
            d.set_bias(o, b[l][o]);
        }
        if (has_norm(net, l)) {
            LayerNorm& n = net.layer_norm(l);
            std::copy(gamma[l].begin(), gamma[l].end(), n.gamma());
            std::copy(beta[l].begin(), beta[l].end(), n.beta());
        }
    }
    net.refresh();
    return "";
}

}  // namespace al
