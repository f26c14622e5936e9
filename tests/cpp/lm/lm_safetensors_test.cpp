// The safetensors weight file (src/lm/lm_safetensors.hpp): a round trip keeps every float32 bit,
// the header is what PyTorch's readers expect, and every malformed file is one clear message that
// leaves the weights as they were.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>

#include "json.hpp"
#include "lm/lm_config.hpp"
#include "lm/lm_experiment.hpp"
#include "lm/lm_safetensors.hpp"
#include "tiny_lm.hpp"

namespace {

std::string le64(std::uint64_t n) {
    std::string s;
    for (int i = 0; i < 8; ++i) s += static_cast<char>((n >> (8 * i)) & 0xff);
    return s;
}

// A file of the given header text and data bytes.
std::string file(const std::string& header, const std::string& data) {
    return le64(header.size()) + header + data;
}

// The header and data of a file we wrote, to be edited by a test.
struct Parts {
    al::json::Value header;
    std::string data;
};

Parts split(const std::string& bytes) {
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i) n = (n << 8) | static_cast<unsigned char>(bytes[i]);
    std::string error;
    auto h = al::json::parse(bytes.substr(8, n), error);
    REQUIRE(h);
    return {*h, bytes.substr(8 + n)};
}

std::string join(const Parts& p) { return file(al::json::write(p.header), p.data); }

al::json::Value& member(al::json::Value& o, const std::string& key) {
    for (auto& m : o.as_object())
        if (m.first == key) return m.second;
    FAIL("no member " << key);
    return o;
}

// Loading `bytes` fails with a message containing `expected`, and the weights do not change.
void refused(al::lm::LmExperiment& e, const std::string& bytes, const std::string& expected) {
    const std::string before = e.state_safetensors();
    const std::string error = e.load_state_safetensors(bytes);
    CHECK_MESSAGE(error.find(expected) != std::string::npos, error);
    CHECK(error.find('\n') == std::string::npos);
    CHECK(e.state_safetensors() == before);
}

}  // namespace

TEST_CASE("lm safetensors: a round trip keeps every float32 and the JSON state agrees") {
    const auto a = tiny_lm::model();
    REQUIRE(a->error().empty());
    al::lm::LmConfig other = tiny_lm::config();
    other.seed = 7;
    const auto b = tiny_lm::model(other);
    REQUIRE(b->state_json() != a->state_json());
    const std::string bytes = a->state_safetensors();
    CHECK(b->load_state_safetensors(bytes) == "");
    // The same data; the header differs only by the seed in the recorded config.
    CHECK(split(b->state_safetensors()).data == split(bytes).data);
    CHECK(b->state_json() == a->state_json());
    // 4 bytes a parameter after the header, which starts the data 8-aligned.
    const Parts p = split(bytes);
    CHECK(p.data.size() == 4 * a->model()->params().size());
    CHECK((bytes.size() - p.data.size()) % 8 == 0);
}

TEST_CASE("lm safetensors: the header names PyTorch's tensors, F32, shapes, contiguous offsets") {
    const auto e = tiny_lm::model();
    Parts p = split(e->state_safetensors());
    const al::json::Value* meta = p.header.find("__metadata__");
    REQUIRE(meta);
    REQUIRE(meta->find("config"));
    std::string error;
    const auto config = al::lm::config_from_json(meta->find("config")->as_string(), error);
    REQUIRE(config);
    CHECK(al::lm::config_to_json(*config) == al::lm::config_to_json(e->config()));
    CHECK(*al::lm::safetensors_config(e->state_safetensors(), error) ==
          al::lm::config_to_json(e->config()));
    double at = 0;
    for (const auto& t : e->model()->tensors()) {
        const al::json::Value* v = p.header.find(t.name);
        REQUIRE(v);
        CHECK(v->find("dtype")->as_string() == "F32");
        CHECK(v->find("shape")->as_array().size() == (t.cols ? 2u : 1u));
        CHECK(v->find("shape")->as_array()[0].as_number() == double(t.rows));
        CHECK(v->find("data_offsets")->as_array()[0].as_number() == at);
        at += 4.0 * double(t.size());
        CHECK(v->find("data_offsets")->as_array()[1].as_number() == at);
    }
    CHECK(p.header.find("tok.weight"));
}

TEST_CASE("lm safetensors: short files and header lengths beyond the file") {
    const auto e = tiny_lm::model();
    refused(*e, "", "the file has 0 bytes, too short for the 8-byte header length");
    refused(*e, "abc", "the file has 3 bytes");
    refused(*e, le64(100) + "{}", "the header length 100 goes beyond the file (2 bytes after");
    refused(*e, le64(~std::uint64_t(0)), "goes beyond the file");
    const std::string good = e->state_safetensors();
    refused(*e, good.substr(0, good.size() - 3), "beyond the data (");
}

TEST_CASE("lm safetensors: bad JSON, wrong dtype, malformed entries") {
    const auto e = tiny_lm::model();
    refused(*e, file("{\"a\":", ""), "safetensors: header: JSON:");
    refused(*e, file("[1, 2]", ""), "the header must be a JSON object (got an array)");
    refused(*e, file("{\"__metadata__\": {\"x\": 1}}", ""), "__metadata__ \"x\" must be a string");
    refused(*e, file("{\"__metadata__\": 3}", ""), "__metadata__ must be an object of strings");
    Parts p = split(e->state_safetensors());
    Parts q = p;
    member(member(q.header, "tok.weight"), "dtype") = "F16";
    refused(*e, join(q), "tensor \"tok.weight\" has dtype \"F16\" (only F32, float32, is read)");
    q = p;
    member(q.header, "tok.weight") = 5;
    refused(*e, join(q), "tensor \"tok.weight\" must be an object (got a number)");
    q = p;
    member(q.header, "tok.weight").as_object().emplace_back("extra", 1);
    refused(*e, join(q), "unknown field \"extra\"");
    q = p;
    member(member(q.header, "tok.weight"), "shape") = al::json::Array{-1.0, 8.0};
    refused(*e, join(q), "shape must be an array of whole numbers");
    q = p;
    member(member(q.header, "tok.weight"), "data_offsets") = al::json::Array{0.5, 8.0};
    refused(*e, join(q), "data_offsets must be two whole numbers");
}

TEST_CASE("lm safetensors: offsets out of range, overlapping, with gaps, not matching the shape") {
    const auto e = tiny_lm::model();
    const Parts p = split(e->state_safetensors());
    const double total = double(p.data.size());
    Parts q = p;
    // The last tensor runs past the data.
    const std::string last = e->model()->tensors().back().name;
    auto& offs = member(member(q.header, last), "data_offsets").as_array();
    const double begin = offs[0].as_number(), end = offs[1].as_number();
    offs[0] = begin + 4;
    offs[1] = end + 4;
    refused(*e, join(q), "beyond the data (" + std::to_string(p.data.size()) + " bytes)");
    // Shifted back by 4: overlaps the tensor before it.
    q = p;
    member(member(q.header, last), "data_offsets") = al::json::Array{begin - 4, end - 4};
    refused(*e, join(q), "(it overlaps the tensor before it)");
    // A span that is not the shape's.
    q = p;
    member(member(q.header, last), "data_offsets") = al::json::Array{begin, end - 4};
    refused(*e, join(q), "but shape");
    // Data left over after the last tensor.
    q = p;
    q.data += std::string(4, '\0');
    refused(*e, join(q),
            "the tensors cover " + std::to_string(std::size_t(total)) +
                " bytes of data, the file has " + std::to_string(p.data.size() + 4));
    // A gap: the first tensor starts past 0.
    q = p;
    const std::string first = e->model()->tensors().front().name;
    auto& f = member(member(q.header, first), "data_offsets").as_array();
    f[0] = f[0].as_number() + 4;
    f[1] = f[1].as_number() + 4;
    refused(*e, join(q), "(the data has a gap)");
    (void)total;
}

TEST_CASE("lm safetensors: missing, extra and misshapen tensors; non-finite values") {
    const auto e = tiny_lm::model();
    const Parts p = split(e->state_safetensors());
    Parts q = p;
    q.header.as_object().emplace_back(
        "head.bias",
        al::json::Object{
            {"dtype", "F32"},
            {"shape", al::json::Array{1.0}},
            {"data_offsets", al::json::Array{double(p.data.size()), double(p.data.size() + 4)}}});
    q.data += std::string(4, '\0');
    refused(*e, join(q), "safetensors: unexpected tensor \"head.bias\" (this model has tok.weight");
    // The last tensor removed (with its bytes): missing.
    q = p;
    const auto& last = e->model()->tensors().back();
    auto& members = q.header.as_object();
    members.erase(std::find_if(members.begin(), members.end(),
                               [&](const auto& m) { return m.first == last.name; }));
    q.data.resize(q.data.size() - 4 * last.size());
    refused(*e, join(q), "safetensors: missing tensor \"" + last.name + "\"");
    // A model of another width: every shape differs.
    al::lm::LmConfig wide = tiny_lm::config();
    wide.d = 16;
    wide.ffn = 32;
    const auto w = tiny_lm::model(wide);
    REQUIRE(w->error().empty());
    refused(*e, w->state_safetensors(), "has shape [");
    // A NaN.
    q = p;
    q.data[0] = q.data[1] = '\0';
    q.data[2] = '\xc0';
    q.data[3] = '\x7f';
    refused(*e, join(q), "tensor \"tok.weight\" value 0 is not finite");
    std::string error;
    CHECK_FALSE(al::lm::safetensors_config(file("{}", ""), error));
    CHECK(error == "safetensors: __metadata__ records no config");
}
