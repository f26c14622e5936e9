#include "state_dict.hpp"

#include <cmath>
#include <limits>
#include <vector>

#include "json.hpp"

namespace al {

namespace {

std::string key(std::size_t layer, const char* what) {
    return std::to_string(2 * layer) + "." + what;
}

std::string expected_keys(const Mlp& net) {
    std::string s;
    for (std::size_t l = 0; l < net.num_layers(); ++l)
        s += (l ? ", " : "") + key(l, "weight") + ", " + key(l, "bias");
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

// Reads n numbers of an array into out; "" or the reason it cannot.
std::string read_row(const json::Value& v, std::size_t n, const std::string& what, float* out) {
    if (!v.is_array())
        return what + " must be an array of " + std::to_string(n) + " numbers (got " +
               json::type_name(v.type()) + ")";
    const json::Array& a = v.as_array();
    if (a.size() != n)
        return what + " must have " + std::to_string(n) + " numbers (got " +
               std::to_string(a.size()) + ")";
    for (std::size_t i = 0; i < n; ++i) {
        // (the element's name is built only on failure: rows hold thousands of numbers)
        if (!a[i].is_number())
            return element(what, i) + " must be a number (got " + json::type_name(a[i].type()) +
                   ")";
        const double x = a[i].as_number();
        if (!(std::fabs(x) <= std::numeric_limits<float>::max()))
            return element(what, i) + " is outside the float32 range";
        out[i] = static_cast<float>(x);
    }
    return "";
}

}  // namespace

std::string state_dict_json(const Mlp& net) {
    std::string out = "{";
    for (std::size_t l = 0; l < net.num_layers(); ++l) {
        const Dense& d = net.layer(l);
        if (l) out += ',';
        json::write_string(out, key(l, "weight"));
        out += ":[";
        for (std::size_t o = 0; o < d.out(); ++o) {
            out += o ? ",[" : "[";
            for (std::size_t i = 0; i < d.in(); ++i) {
                if (i) out += ',';
                json::write_float(out, d.weight(o, i));
            }
            out += ']';
        }
        out += "],";
        json::write_string(out, key(l, "bias"));
        out += ":[";
        for (std::size_t o = 0; o < d.out(); ++o) {
            if (o) out += ',';
            json::write_float(out, d.bias(o));
        }
        out += ']';
    }
    out += '}';
    return out;
}

std::string load_state_dict_json(Mlp& net, std::string_view text) {
    // The largest network (2-512-512-512-512-1) has ~790k numbers in ~2k arrays; the limits
    // leave room for that and bound what a hostile file can make us allocate.
    json::Limits limits;
    limits.max_depth = 4;
    limits.max_values = 1u << 20;
    limits.max_bytes = 32u << 20;
    std::string error;
    std::optional<json::Value> doc = json::parse(text, error, limits);
    if (!doc) return "state_dict: " + error;
    if (!doc->is_object())
        return std::string("state_dict: must be a JSON object (got ") +
               json::type_name(doc->type()) + ")";
    for (const json::Member& m : doc->as_object()) {
        bool known = false;
        for (std::size_t l = 0; l < net.num_layers(); ++l)
            known = known || m.first == key(l, "weight") || m.first == key(l, "bias");
        if (!known)
            return "state_dict: unexpected key \"" + m.first + "\" (this network has " +
                   expected_keys(net) + ")";
    }
    // Read everything into a staging copy, so that a bad file leaves the network untouched.
    std::vector<std::vector<float>> w(net.num_layers()), b(net.num_layers());
    for (std::size_t l = 0; l < net.num_layers(); ++l) {
        const Dense& d = net.layer(l);
        const std::string wk = key(l, "weight"), bk = key(l, "bias");
        const json::Value* wv = doc->find(wk);
        const json::Value* bv = doc->find(bk);
        if (!wv) return "state_dict: missing key \"" + wk + "\"";
        if (!bv) return "state_dict: missing key \"" + bk + "\"";
        const std::string shape =
            "[" + std::to_string(d.out()) + "][" + std::to_string(d.in()) + "] ([out][in])";
        const std::string wq = "\"" + wk + "\"";
        if (!wv->is_array() || wv->as_array().size() != d.out()) return shape_error(wq, shape, *wv);
        w[l].resize(d.out() * d.in());
        for (std::size_t o = 0; o < d.out(); ++o) {
            const std::string e =
                read_row(wv->as_array()[o], d.in(), element(wq, o), w[l].data() + o * d.in());
            if (!e.empty()) return row_error(e, shape);
        }
        b[l].resize(d.out());
        const std::string e = read_row(*bv, d.out(), "\"" + bk + "\"", b[l].data());
        if (!e.empty()) return "state_dict: " + e;
    }
    for (std::size_t l = 0; l < net.num_layers(); ++l) {
        Dense& d = net.layer(l);
        for (std::size_t o = 0; o < d.out(); ++o) {
            for (std::size_t i = 0; i < d.in(); ++i) d.set_weight(o, i, w[l][o * d.in() + i]);
            d.set_bias(o, b[l][o]);
        }
    }
    net.refresh();
    return "";
}

}  // namespace al
