// The one UTF-8 codec (src/utf8.*) that the corpus and the JSON reader share: byte-exact at the
// boundaries of each sequence length, and refusing exactly the malformed sequences it names.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "utf8.hpp"

namespace {

std::string encode(std::uint32_t cp) {
    std::string s;
    al::utf8::append(s, cp);
    return s;
}

}  // namespace

TEST_CASE("utf8::append writes 1 to 4 bytes, switching length at 0x80, 0x800 and 0x10000") {
    CHECK(encode(0x24) == "$");
    CHECK(encode(0x7f) == "\x7f");
    CHECK(encode(0x80) == "\xc2\x80");
    CHECK(encode(0xe9) == "\xc3\xa9");  // é
    CHECK(encode(0x7ff) == "\xdf\xbf");
    CHECK(encode(0x800) == "\xe0\xa0\x80");
    CHECK(encode(0x20ac) == "\xe2\x82\xac");  // €
    CHECK(encode(0xffff) == "\xef\xbf\xbf");
    CHECK(encode(0x10000) == "\xf0\x90\x80\x80");
    CHECK(encode(0x1f600) == "\xf0\x9f\x98\x80");  // 😀
    CHECK(encode(0x10ffff) == "\xf4\x8f\xbf\xbf");
}

TEST_CASE("utf8::decode reads back what append wrote, code point by code point") {
    const std::vector<std::uint32_t> cps = {0,     0x41,  0x7f,   0x80,    0xe3,
                                            0x7ff, 0x800, 0xffff, 0x10000, 0x10ffff};
    std::string s;
    for (std::uint32_t cp : cps) al::utf8::append(s, cp);
    std::vector<std::uint32_t> out = {42};  // cleared first
    REQUIRE(al::utf8::decode(s, out));
    CHECK(out == cps);
    CHECK(al::utf8::decode("", out));
    CHECK(out.empty());
}

TEST_CASE("utf8::decode refuses malformed bytes and keeps the code points before them") {
    std::vector<std::uint32_t> out;
    const auto refuses = [&out](const std::string& s) { return !al::utf8::decode(s, out); };
    CHECK(refuses("ab\x80"));  // a continuation byte with no lead
    CHECK(out == std::vector<std::uint32_t>{'a', 'b'});
    CHECK(refuses("\xf8\x88\x80\x80\x80"));  // a 5-byte lead
    CHECK(refuses("\xff"));
    CHECK(refuses("\xc3"));  // cut short by the end of the text
    CHECK(refuses("\xe2\x82"));
    CHECK(refuses("\xf0\x9f\x98"));
    CHECK(refuses("x\xc3y"));  // a lead byte followed by a byte that does not continue it
    CHECK(out == std::vector<std::uint32_t>{'x'});
    CHECK(refuses("\xe2\x82\x41"));
}
