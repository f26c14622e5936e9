#include "utf8.hpp"

#include <utility>

namespace al::utf8 {

namespace {

// The code point starting at s[i] and its length in bytes, or length 0 if malformed there.
std::pair<std::uint32_t, std::size_t> next(std::string_view s, std::size_t i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    int extra = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
    if (extra < 0 || i + static_cast<std::size_t>(extra) >= s.size()) return {0, 0};
    std::uint32_t cp = extra == 0 ? c : c & (0x3f >> extra);
    for (int k = 1; k <= extra; ++k) {
        const unsigned char d = static_cast<unsigned char>(s[i + k]);
        if ((d >> 6) != 2) return {0, 0};
        cp = (cp << 6) | (d & 0x3f);
    }
    return {cp, static_cast<std::size_t>(extra) + 1};
}

}  // namespace

bool decode(std::string_view s, std::vector<std::uint32_t>& out) {
    out.clear();
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto [cp, length] = next(s, i);
        if (!length) return false;
        out.push_back(cp);
        i += length;
    }
    return true;
}

std::vector<std::uint32_t> decode_lossy(std::string_view s) {
    std::vector<std::uint32_t> out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto [cp, length] = next(s, i);
        out.push_back(length ? cp : 0xFFFD);
        i += length ? length : 1;
    }
    return out;
}

void append(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xc0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xe0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
        out += static_cast<char>(0xf0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    }
}

}  // namespace al::utf8
