#include "state_dict.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "json.hpp"
#include "text_input.hpp"

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
        const std::string at = what + "[" + std::to_string(i) + "]";
        if (!a[i].is_number())
            return at + " must be a number (got " + json::type_name(a[i].type()) + ")";
        const double x = a[i].as_number();
        if (!(std::fabs(x) <= std::numeric_limits<float>::max()))
            return at + " is outside the float32 range";
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

namespace {

// The one reading of a state_dict file, for loading it and for finding its widths. The largest
// network (2-512-512-512-512-1) has ~790k numbers in ~2k arrays; the limits leave room for that
// and bound what a hostile file can make us allocate. A leading byte-order mark is skipped.
std::optional<json::Value> parse_state_dict(std::string_view text, std::string& error) {
    json::Limits limits;
    limits.max_depth = 4;
    limits.max_values = 1u << 20;
    limits.max_bytes = 32u << 20;
    std::optional<json::Value> doc = json::parse(strip_bom(text), error, limits);
    if (!doc) {
        error = "state_dict: " + error;
    } else if (!doc->is_object()) {
        error = std::string("state_dict: must be a JSON object (got ") +
                json::type_name(doc->type()) + ")";
        doc.reset();
    }
    return doc;
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
    for (const auto& [index, w] : weights) {
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
    for (const json::Member& m : doc->as_object()) {
        bool known = false;
        for (std::size_t l = 0; l < net.num_layers(); ++l)
            known = known || m.first == key(l, "weight") || m.first == key(l, "bias");
        if (!known)
            return "state_dict: unexpected key " + quote_input(m.first, '"') +
                   " (this network has " + expected_keys(net) + ")";
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
        if (!wv->is_array() || wv->as_array().size() != d.out())
            return "state_dict: \"" + wk + "\" must be an array of shape " + shape + " (got " +
                   (wv->is_array() ? std::to_string(wv->as_array().size()) + " rows"
                                   : std::string(json::type_name(wv->type()))) +
                   ")";
        w[l].resize(d.out() * d.in());
        for (std::size_t o = 0; o < d.out(); ++o) {
            const std::string e =
                read_row(wv->as_array()[o], d.in(), "\"" + wk + "\"[" + std::to_string(o) + "]",
                         w[l].data() + o * d.in());
            if (!e.empty()) return "state_dict: " + e + "; expected shape " + shape;
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
