// Reads the golden text fixtures of tests/fixtures/ (written by the Python scripts there):
// lines of whitespace-separated fields, '#' lines are comments.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#ifndef AL_FIXTURES_DIR
#error "define AL_FIXTURES_DIR as the absolute path of tests/fixtures (a string)"
#endif

namespace fixture {

using Line = std::vector<std::string>;

// The fixture's non-comment lines, each split on whitespace. Empty if the file can't be read.
inline std::vector<Line> read_fixture(const char* name) {
    const std::string path = std::string(AL_FIXTURES_DIR) + "/" + name;
    std::vector<Line> lines;
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return lines;
    std::string text;
    char buf[4096];
    std::size_t got;
    while ((got = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, got);
    std::fclose(f);

    Line cur;
    std::string tok;
    bool comment = false;
    for (char c : text) {
        if (c == '\n') {
            if (!tok.empty()) cur.push_back(tok);
            if (!cur.empty() && !comment) lines.push_back(cur);
            cur.clear();
            tok.clear();
            comment = false;
        } else if (comment) {
        } else if (c == '#' && cur.empty() && tok.empty()) {
            comment = true;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            if (!tok.empty()) cur.push_back(tok);
            tok.clear();
        } else {
            tok += c;
        }
    }
    if (!tok.empty()) cur.push_back(tok);
    if (!cur.empty() && !comment) lines.push_back(cur);
    return lines;
}

inline double to_d(const std::string& s) { return std::strtod(s.c_str(), nullptr); }
inline std::int64_t to_i(const std::string& s) { return std::strtoll(s.c_str(), nullptr, 10); }
inline std::uint64_t to_u(const std::string& s) { return std::strtoull(s.c_str(), nullptr, 10); }
inline std::uint32_t to_seed(const std::string& s) { return static_cast<std::uint32_t>(to_u(s)); }

}  // namespace fixture
