// UTF-8 ↔ Unicode code points, for the one place each face meets text as characters: the
// language model's corpus (its vocabulary is code points) and the JSON reader's \u escapes.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace al::utf8 {

// The code points of `s` into `out` (cleared first). False at the first malformed sequence (a
// stray continuation byte, a lead byte of 5 or more bytes, a sequence cut short by the end or by a
// byte that does not continue it); `out` then holds the code points before it. Overlong forms and
// surrogates are not refused: the corpus only needs every valid text to decode exactly.
bool decode(std::string_view s, std::vector<std::uint32_t>& out);

// The code points of `s`, every malformed sequence (as decode() defines it) read as one U+FFFD
// and decoding resumed at the next byte: for showing any bytes as text, in one pass.
std::vector<std::uint32_t> decode_lossy(std::string_view s);

// Appends code point `cp` (at most 0x10FFFF) as 1 to 4 bytes.
void append(std::string& out, std::uint32_t cp);

}  // namespace al::utf8
