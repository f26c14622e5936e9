#include "lm/lm_safetensors.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "json.hpp"
#include "lm/lm_config.hpp"
#include "lm/lm_state.hpp"
#include "text_input.hpp"

namespace al::lm {

namespace {

constexpr std::string_view prefix = "safetensors: ";

// One tensor's entry in the header, checked for form; its name and shape against a model later.
struct Entry {
    std::string name;
    std::vector<double> shape;
    double begin, end;
};

struct Header {
    std::vector<Entry> tensors;
    std::optional<std::string> config;
    std::string_view data;
};

std::string shape_text(const std::vector<double>& dims) {
    std::string s = "[";
    for (double d : dims) {
        if (s.size() > 1) s += ", ";
        s += std::to_string(static_cast<unsigned long long>(d));
    }
    return s + "]";
}

std::vector<double> model_shape(const ParamTensor& t) {
    return t.cols ? std::vector<double>{double(t.rows), double(t.cols)}
                  : std::vector<double>{double(t.rows)};
}

// A whole number that is an exact byte count or dimension (JSON numbers are doubles: 2^53 is
// far beyond any file we read).
bool is_count(const json::Value& v) {
    if (!v.is_number()) return false;
    const double x = v.as_number();
    return x >= 0 && x <= 9007199254740992.0 && std::floor(x) == x;
}

std::string entry(const std::string& name, const json::Value& v, Entry& out) {
    const std::string what = std::string(prefix) + "tensor " + quote_input(name, '"');
    if (!v.is_object()) return what + " must be an object (got " + json::type_name(v.type()) + ")";
    for (const json::Member& m : v.as_object())
        if (m.first != "dtype" && m.first != "shape" && m.first != "data_offsets")
            return what + " has an unknown field " + quote_input(m.first, '"') +
                   " (expected dtype, shape, data_offsets)";
    const json::Value* dtype = v.find("dtype");
    const json::Value* shape = v.find("shape");
    const json::Value* offsets = v.find("data_offsets");
    if (!dtype || !shape || !offsets) return what + " needs dtype, shape and data_offsets";
    if (!dtype->is_string() || dtype->as_string() != "F32")
        return what + " has dtype " +
               (dtype->is_string() ? quote_input(dtype->as_string(), '"')
                                   : std::string(json::type_name(dtype->type()))) +
               " (only F32, float32, is read)";
    if (!shape->is_array() || shape->as_array().size() > 8)
        return what + ": shape must be an array of at most 8 whole numbers";
    out.name = name;
    double count = 1;
    for (const json::Value& d : shape->as_array()) {
        if (!is_count(d)) return what + ": shape must be an array of whole numbers";
        out.shape.push_back(d.as_number());
        count *= d.as_number();
    }
    if (!offsets->is_array() || offsets->as_array().size() != 2 ||
        !is_count(offsets->as_array()[0]) || !is_count(offsets->as_array()[1]))
        return what + ": data_offsets must be two whole numbers [begin, end]";
    out.begin = offsets->as_array()[0].as_number();
    out.end = offsets->as_array()[1].as_number();
    if (out.end < out.begin) return what + ": data_offsets end before they begin";
    if (out.end - out.begin != count * 4)
        return what + ": data_offsets span " +
               std::to_string((unsigned long long)(out.end - out.begin)) + " bytes, but shape " +
               shape_text(out.shape) + " of float32 needs " +
               std::to_string((unsigned long long)(count * 4));
    return "";
}

std::string read_header(std::string_view bytes, Header& h) {
    if (bytes.size() < 8)
        return std::string(prefix) + "the file has " + std::to_string(bytes.size()) +
               " bytes, too short for the 8-byte header length";
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i) n = (n << 8) | static_cast<unsigned char>(bytes[i]);
    if (n > bytes.size() - 8)
        return std::string(prefix) + "the header length " + std::to_string(n) +
               " goes beyond the file (" + std::to_string(bytes.size() - 8) +
               " bytes after the length)";
    json::Limits limits;
    limits.max_depth = 4;
    limits.max_bytes = max_state_bytes;
    std::string error;
    const std::optional<json::Value> doc = json::parse(bytes.substr(8, n), error, limits);
    if (!doc) return std::string(prefix) + "header: " + error;
    if (!doc->is_object())
        return std::string(prefix) + "the header must be a JSON object (got " +
               json::type_name(doc->type()) + ")";
    h.data = bytes.substr(8 + n);
    for (const json::Member& m : doc->as_object()) {
        if (m.first == "__metadata__") {
            if (!m.second.is_object())
                return std::string(prefix) + "__metadata__ must be an object of strings";
            for (const json::Member& kv : m.second.as_object()) {
                if (!kv.second.is_string())
                    return std::string(prefix) + "__metadata__ " + quote_input(kv.first, '"') +
                           " must be a string";
                if (kv.first == "config") h.config = kv.second.as_string();
            }
            continue;
        }
        Entry e;
        if (!(error = entry(m.first, m.second, e)).empty()) return error;
        if (e.end > double(h.data.size()))
            return std::string(prefix) + "tensor " + quote_input(e.name, '"') +
                   ": data_offsets end at " + std::to_string((unsigned long long)e.end) +
                   ", beyond the data (" + std::to_string(h.data.size()) + " bytes)";
        h.tensors.push_back(std::move(e));
    }
    // The tensors tile the data: no byte read twice (overlap), none left over (gap, trailing).
    std::vector<const Entry*> order;
    for (const Entry& e : h.tensors) order.push_back(&e);
    std::sort(order.begin(), order.end(),
              [](const Entry* a, const Entry* b) { return a->begin < b->begin; });
    double at = 0;
    for (const Entry* e : order) {
        if (e->begin != at)
            return std::string(prefix) + "tensor " + quote_input(e->name, '"') +
                   " starts at byte " + std::to_string((unsigned long long)e->begin) +
                   ", expected " + std::to_string((unsigned long long)at) +
                   (e->begin < at ? " (it overlaps the tensor before it)"
                                  : " (the data has a gap)");
        at = e->end;
    }
    if (at != double(h.data.size()))
        return std::string(prefix) + "the tensors cover " + std::to_string((unsigned long long)at) +
               " bytes of data, the file has " + std::to_string(h.data.size());
    return "";
}

float read_f32_le(const char* p) {
    std::uint32_t u = 0;
    for (int i = 3; i >= 0; --i) u = (u << 8) | static_cast<unsigned char>(p[i]);
    float x;
    std::memcpy(&x, &u, 4);
    return x;
}

void write_f32_le(std::string& out, float x) {
    std::uint32_t u;
    std::memcpy(&u, &x, 4);
    for (int i = 0; i < 4; ++i) out += static_cast<char>((u >> (8 * i)) & 0xff);
}

}  // namespace

std::string state_safetensors(const Model& m) {
    json::Object header{{"__metadata__", json::Object{{"config", config_to_json(m.config())}}}};
    std::size_t at = 0;
    for (const ParamTensor& t : m.tensors()) {
        json::Array shape;
        for (double d : model_shape(t)) shape.emplace_back(d);
        const std::size_t end = at + 4 * t.size();
        header.emplace_back(t.name,
                            json::Object{{"dtype", "F32"},
                                         {"shape", std::move(shape)},
                                         {"data_offsets", json::Array{double(at), double(end)}}});
        at = end;
    }
    std::string text = json::write(json::Value(std::move(header)));
    text.append((8 - text.size() % 8) % 8, ' ');
    std::string out;
    out.reserve(8 + text.size() + at);
    for (int i = 0; i < 8; ++i)
        out += static_cast<char>((std::uint64_t(text.size()) >> (8 * i)) & 0xff);
    out += text;
    const std::vector<float>& p = m.params();
    for (const ParamTensor& t : m.tensors())
        for (std::size_t i = 0; i < t.size(); ++i) write_f32_le(out, p[t.offset + i]);
    return out;
}

std::string load_state_safetensors(Model& m, std::string_view bytes) {
    Header h;
    std::string error = read_header(bytes, h);
    if (!error.empty()) return error;
    std::string names;
    for (const ParamTensor& t : m.tensors()) names += (names.empty() ? "" : ", ") + t.name;
    for (const Entry& e : h.tensors) {
        bool known = false;
        for (const ParamTensor& t : m.tensors()) known = known || t.name == e.name;
        if (!known)
            return std::string(prefix) + "unexpected tensor " + quote_input(e.name, '"') +
                   " (this model has " + names + ")";
    }
    std::vector<float> next(m.params().size());
    for (const ParamTensor& t : m.tensors()) {
        const auto e = std::find_if(h.tensors.begin(), h.tensors.end(),
                                    [&](const Entry& x) { return x.name == t.name; });
        if (e == h.tensors.end())
            return std::string(prefix) + "missing tensor \"" + t.name + "\" (shape " +
                   shape_text(model_shape(t)) + ")";
        if (e->shape != model_shape(t))
            return std::string(prefix) + "tensor \"" + t.name + "\" has shape " +
                   shape_text(e->shape) + ", this model's is " + shape_text(model_shape(t));
        const char* src = h.data.data() + static_cast<std::size_t>(e->begin);
        for (std::size_t i = 0; i < t.size(); ++i) {
            const float x = read_f32_le(src + 4 * i);
            if (!std::isfinite(x))
                return std::string(prefix) + "tensor \"" + t.name + "\" value " +
                       std::to_string(i) + " is not finite";
            next[t.offset + i] = x;
        }
    }
    m.params() = std::move(next);
    m.refresh();
    return "";
}

std::optional<std::string> safetensors_config(std::string_view bytes, std::string& error) {
    Header h;
    if (!(error = read_header(bytes, h)).empty()) return std::nullopt;
    if (!h.config) {
        error = std::string(prefix) + "__metadata__ records no config";
        return std::nullopt;
    }
    return h.config;
}

}  // namespace al::lm
