#include "lm/lm_state.hpp"

#include <vector>

#include "json.hpp"
#include "json_floats.hpp"

namespace al::lm {

namespace {

std::string shape(const ParamTensor& t) {
    return t.cols ? "[" + std::to_string(t.rows) + ", " + std::to_string(t.cols) + "]"
                  : "[" + std::to_string(t.rows) + "]";
}

std::string expected_keys(const Model& m) {
    std::string s;
    for (const ParamTensor& t : m.tensors()) s += (s.empty() ? "" : ", ") + t.name;
    return s;
}

// Why an FFN tensor's shape depends on the activation, for the message of a misshapen one.
std::string ffn_note(const Model& m, const ParamTensor& t) {
    if (t.name.find(".w1.") == std::string::npos && t.name.find(".w2.") == std::string::npos)
        return "";
    const FfnAct a = m.config().act;
    return std::string(" (") + ffn_act_names.name(a) +
           (is_gated(a) ? "'s FFN is gated: w1 has 2·round(2·ffn/3) rows, gate then up; a plain "
                          "FFN's has ffn)"
                        : "'s FFN is plain: w1 has ffn rows; a gated FFN's has 2·round(2·ffn/3), "
                          "gate then up)");
}

}  // namespace

std::string state_json(const Model& m) {
    std::string out = "{";
    const float* p = m.params().data();
    for (const ParamTensor& t : m.tensors()) {
        if (out.size() > 1) out += ',';
        json::write_string(out, t.name);
        out += ':';
        const float* x = p + t.offset;
        if (!t.cols) out += '[';
        for (std::size_t i = 0; i < t.size(); ++i) {
            if (t.cols && i % t.cols == 0)
                out += i ? "],[" : "[[";
            else if (i)
                out += ',';
            json::write_float(out, x[i]);
        }
        out += t.cols ? "]]" : "]";
    }
    return out + "}";
}

std::string load_state_json(Model& m, std::string_view text) {
    json::Limits limits;
    limits.max_depth = 4;
    limits.max_bytes = max_state_bytes;
    limits.max_values = 16u << 20;
    std::string error;
    const std::optional<json::Value> doc = json::parse_state_dict(text, error, limits);
    if (!doc) return error;
    // As the MLP's loader: a key of another model first, then what is missing or misshapen.
    for (const json::Member& member : doc->as_object()) {
        bool known = false;
        for (const ParamTensor& t : m.tensors()) known = known || t.name == member.first;
        if (!known) return json::unexpected_key(member.first, "model", expected_keys(m));
    }
    std::vector<float> next(m.params().size());
    for (const ParamTensor& t : m.tensors()) {
        const json::Value* v = doc->find(t.name);
        if (!v) return json::missing_key(t.name) + " (shape " + shape(t) + ")";
        float* out = next.data() + t.offset;
        if (!t.cols) {
            if (!(error = json::read_floats(*v, t.rows, "state_dict: \"" + t.name + "\"", out))
                     .empty())
                return error;
            continue;
        }
        if (!v->is_array() || v->as_array().size() != t.rows)
            return "state_dict: \"" + t.name + "\" must have shape " + shape(t) + ffn_note(m, t);
        for (std::size_t r = 0; r < t.rows; ++r) {
            const std::string what = "state_dict: \"" + t.name + "\"[" + std::to_string(r) + "]";
            if (!(error = json::read_floats(v->as_array()[r], t.cols, what, out + r * t.cols))
                     .empty())
                return error + " (shape " + shape(t) + ")";
        }
    }
    m.params() = std::move(next);
    m.refresh();
    return "";
}

}  // namespace al::lm
